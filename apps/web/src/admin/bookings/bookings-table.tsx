import {
  BOOKING_STATUSES,
  type BookingDto,
  type BookingStatus,
  MESSAGES,
  truncate,
} from "@studio/validators";
import { Button } from "../../components/ui/button";
import { calendarDate, statusLabel } from "../lib/format";
import { EmptyState } from "../ui/empty-state";
import { Icon } from "../ui/icons";
import { Spinner } from "../ui/spinner";
import { StatusBadge } from "../ui/status-badge";
import { ProofCell } from "./proof-cell";

const m = MESSAGES.admin.bookings;

export type BookingsTableProps = {
  rows: BookingDto[];
  loading: boolean;
  status: BookingStatus | "all";
  search: string;
  /** Id of the booking whose action is running. */
  busyId: number | null;
  onConfirm: (booking: BookingDto) => void;
  onStatusChange: (booking: BookingDto, status: BookingStatus) => void;
  onDelete: (booking: BookingDto) => void;
};

/** The bookings table of the specification; purely presentational (the page owns data and actions). */
export function BookingsTable({
  rows,
  loading,
  status,
  search,
  busyId,
  onConfirm,
  onStatusChange,
  onDelete,
}: BookingsTableProps) {
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
          {rows.map((b) => {
            const busy = busyId === b.id;
            const final = b.status === "completed" || b.status === "cancelled";
            return (
              <tr key={b.id} data-booking-id={b.id} className="align-top hover:bg-white/[0.02]">
                <td className="px-4 py-4">
                  <p className="font-semibold text-white">{b.name}</p>
                  <p className="text-white/70">
                    <a href={`mailto:${b.email}`} className="hover:text-white hover:underline">
                      {b.email}
                    </a>
                  </p>
                  <p className="text-white/70">{b.phone}</p>
                </td>
                <td className="max-w-xs px-4 py-4">
                  <p className={b.service_title ? "font-medium text-white" : "font-medium text-red-300"}>
                    {b.service_title ?? MESSAGES.booking.serviceMissing}
                  </p>
                  {b.message ? (
                    <p className="mt-1 text-xs text-white/70" title={b.message}>
                      {truncate(b.message, 60)}
                    </p>
                  ) : null}
                  <ProofCell image={b.image} customer={b.name} />
                </td>
                <td className="whitespace-nowrap px-4 py-4">
                  <p className="text-white">{calendarDate(b.date)}</p>
                  <p className="flex items-center gap-1 text-white/70">
                    <Icon name="clock" className="h-3.5 w-3.5" /> {b.time}
                  </p>
                </td>
                <td className="px-4 py-4">
                  <StatusBadge status={b.status} />
                </td>
                <td className="px-4 py-4">
                  <div className="flex flex-wrap items-center gap-2">
                    {b.status === "pending" ? (
                      <Button
                        size="sm"
                        className="!bg-green-700 !text-white hover:!bg-green-800"
                        disabled={busy}
                        onClick={() => onConfirm(b)}
                        aria-label={`Confirm booking of ${b.name}`}
                      >
                        <Icon name="check" className="h-4 w-4" /> {m.confirm}
                      </Button>
                    ) : null}
                    {!final ? (
                      <select
                        aria-label={m.changeStatus(b.name)}
                        value={b.status}
                        disabled={busy}
                        onChange={(e) => onStatusChange(b, e.target.value as BookingStatus)}
                        className="rounded-lg border border-ink-line bg-ink px-2 py-1.5 text-sm text-white focus:border-accent focus:outline-none"
                      >
                        {BOOKING_STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {statusLabel(s)}
                          </option>
                        ))}
                      </select>
                    ) : null}
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      onClick={() => onDelete(b)}
                      aria-label={`Delete booking of ${b.name}`}
                      className="text-red-300 hover:!text-red-200"
                    >
                      <Icon name="trash" className="h-4 w-4" /> {m.delete}
                    </Button>
                    {busy ? <Spinner className="h-4 w-4 text-white/70" /> : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
