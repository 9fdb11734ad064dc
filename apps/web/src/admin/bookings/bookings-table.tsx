import { type BookingDto, type BookingStatus, MESSAGES } from "@studio/validators";
import { useId, useRef } from "react";
import { EmptyState } from "../ui/empty-state";
import { Spinner } from "../ui/spinner";
import { StatusBadge } from "../ui/status-badge";
import {
  type BookingActionHandlers,
  BookingActions,
  BookingContact,
  BookingService,
  BookingWhen,
} from "./booking-cells";
import { useTableLayout } from "./use-table-layout";

const m = MESSAGES.admin.bookings;

export type BookingsTableProps = {
  rows: BookingDto[];
  loading: boolean;
  status: BookingStatus | "all";
  search: string;
  /** Id of the booking whose action is running. */
  busyId: number | null;
} & BookingActionHandlers;

/**
 * The bookings of the specification: a table where its five columns fit, one card per booking where they
 * do not (a phone, a tablet with the sidebar open). Purely presentational: the page owns data and actions.
 */
export function BookingsTable(props: BookingsTableProps) {
  const box = useRef<HTMLDivElement>(null);
  const table = useTableLayout(box);
  return (
    <div ref={box}>
      <BookingsContent table={table} {...props} />
    </div>
  );
}

function BookingsContent({
  rows,
  loading,
  status,
  search,
  table,
  ...rest
}: BookingsTableProps & { table: boolean }) {
  if (loading && rows.length === 0) {
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-3 rounded-2xl border border-ink-line bg-ink-soft py-16 text-white/70"
      >
        <Spinner className="h-5 w-5" /> {m.loading}
      </div>
    );
  }
  if (rows.length === 0) {
    const text = search ? m.emptySearch(search) : status === "all" ? m.emptyAll : m.emptyStatus(status);
    return <EmptyState icon="bookings" title={m.emptyTitle} text={text} />;
  }
  return table ? <Table rows={rows} {...rest} /> : <Cards rows={rows} {...rest} />;
}

type LayoutProps = { rows: BookingDto[]; busyId: number | null } & BookingActionHandlers;

function Table({ rows, busyId, ...handlers }: LayoutProps) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-ink-line bg-ink-soft">
      <table className="w-full min-w-[880px] text-left text-sm">
        <caption className="sr-only">{m.title}</caption>
        <thead className="border-b border-ink-line bg-white/[0.03] text-xs uppercase tracking-wide text-white/70">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {m.columns.customer}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {m.columns.service}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {m.columns.dateTime}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {m.columns.status}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {m.columns.actions}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-line">
          {rows.map((b) => (
            <tr key={b.id} data-booking-id={b.id} className="align-top hover:bg-white/[0.02]">
              <td className="px-4 py-4">
                <p className="font-semibold text-white">{b.name}</p>
                <BookingContact booking={b} />
              </td>
              <td className="max-w-xs px-4 py-4">
                <BookingService booking={b} />
              </td>
              <td className="whitespace-nowrap px-4 py-4">
                <BookingWhen booking={b} />
              </td>
              <td className="px-4 py-4">
                <StatusBadge status={b.status} />
              </td>
              <td className="px-4 py-4">
                <BookingActions booking={b} busy={busyId === b.id} {...handlers} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const fieldLabel = "text-xs font-semibold uppercase tracking-wide text-white/70";

/** Phone layout: each booking is an article named by the customer, with every column's content. */
function Cards({ rows, busyId, ...handlers }: LayoutProps) {
  const id = useId();
  return (
    <ul aria-label={m.title} className="space-y-3">
      {rows.map((b) => (
        <li key={b.id}>
          <article
            aria-labelledby={`${id}-${b.id}`}
            data-booking-id={b.id}
            // Long e-mail addresses and unbroken messages wrap instead of widening the page.
            className="rounded-2xl border border-ink-line bg-ink-soft p-4 text-sm [overflow-wrap:anywhere]"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 id={`${id}-${b.id}`} className="font-semibold text-white">
                  {b.name}
                </h2>
                <BookingContact booking={b} />
              </div>
              <span className="shrink-0">
                <span className="sr-only">{m.columns.status}: </span>
                <StatusBadge status={b.status} />
              </span>
            </div>
            <dl className="mt-3 grid gap-3 border-t border-ink-line pt-3">
              <div>
                <dt className={fieldLabel}>{m.columns.service}</dt>
                <dd className="mt-1">
                  <BookingService booking={b} />
                </dd>
              </div>
              <div>
                <dt className={fieldLabel}>{m.columns.dateTime}</dt>
                <dd className="mt-1">
                  <BookingWhen booking={b} />
                </dd>
              </div>
            </dl>
            <div className="mt-3 border-t border-ink-line pt-3">
              <BookingActions booking={b} busy={busyId === b.id} {...handlers} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
