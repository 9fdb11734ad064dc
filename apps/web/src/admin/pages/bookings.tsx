import {
  ADMIN_BOOKING_PARAM,
  BOOKING_STATUSES,
  type BookingDto,
  type BookingStatus,
  formatShortDate,
  formatTime,
  MESSAGES,
  TIMINGS,
  ZId,
} from "@studio/validators";
import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { useToast } from "../../components/ui/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { BookingDetailsDialog } from "../bookings/booking-details-dialog";
import { BookingsTable } from "../bookings/bookings-table";
import { CreateBookingDialog } from "../bookings/create-booking-dialog";
import { useSessionEnded } from "../bookings/use-session-ended";
import { DownloadError, downloadFromApi } from "../lib/download";
import { bookingsListInput, bookingsPageParams } from "../lib/page-queries";
import { useDebounced } from "../lib/use-debounced";
import { StudioZoneNote } from "../../lib/studio-clock";
import { CalendarFeedCard } from "../bookings/calendar-feed-card";
import { useConfirm } from "../ui/confirm-dialog";
import { Icon } from "../ui/icons";
import { PageHeader } from "../ui/page-header";
import { Spinner } from "../ui/spinner";
import { StatCard } from "../ui/stat-card";

const m = MESSAGES.admin.bookings;
type Filter = BookingStatus | "all";
const FILTER_LABELS: Record<Filter, string> = {
  all: m.allStatus,
  pending: m.pending,
  confirmed: m.confirmed,
  completed: m.completed,
  cancelled: m.cancelled,
};

/** Upload rate of the specification: bookings with a file / total, rounded; 0 when there are none. */
export function uploadRate(withProof: number, total: number): number {
  return total > 0 ? Math.round((withProof / total) * 100) : 0;
}

export default function AdminBookingsPage() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const searchId = useId();
  const statusId = useId();
  const [status, setStatus] = useState<Filter>("all");
  const [search, setSearch] = useState("");
  const [createOpen, setCreateOpen] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const [confirmElement, confirm] = useConfirm();
  const sessionEnded = useSessionEnded();
  const debouncedSearch = useDebounced(search.trim(), 300);
  // /admin/bookings?booking=<id> (the studio's e-mails link there) opens that booking's details.
  const [params, setParams] = useSearchParams();
  const linked = ZId.safeParse({ id: params.get(ADMIN_BOOKING_PARAM) });
  const closeLinked = () =>
    setParams(
      (current) => {
        current.delete(ADMIN_BOOKING_PARAM);
        return current;
      },
      { replace: true },
    );

  const listInput = bookingsListInput(status, debouncedSearch);
  const filter = { status: listInput.status, search: listInput.search };
  const list = trpc.bookings.list.useInfiniteQuery(listInput, {
    ...bookingsPageParams,
    refetchInterval: TIMINGS.bookingsPollMs,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const stats = trpc.bookings.stats.useQuery(undefined, {
    refetchInterval: TIMINGS.bookingsPollMs,
    staleTime: 5_000,
  });

  // The specification only logs these failures; the back office also tells the admin.
  useEffect(() => {
    if (list.error) toast.show(errorMessage(list.error, m.loadFailed), "error");
  }, [list.error, toast]);
  useEffect(() => {
    if (stats.error) toast.show(errorMessage(stats.error, m.statsFailed), "error");
  }, [stats.error, toast]);

  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const s = stats.data;

  const refreshAll = () =>
    Promise.all([
      utils.bookings.list.invalidate(),
      utils.bookings.stats.invalidate(),
      utils.bookings.get.invalidate(),
      utils.bookings.history.invalidate(),
    ]).catch(() => undefined);

  const run = async (
    booking: BookingDto,
    action: () => Promise<unknown>,
    success: string,
    failure: string,
  ) => {
    setBusyId(booking.id);
    try {
      await action();
      toast.show(success, "success");
    } catch (e) {
      toast.show(errorMessage(e, failure), "error");
    } finally {
      setBusyId(null);
      await refreshAll();
    }
  };

  const confirmMutation = trpc.bookings.confirm.useMutation();
  const statusMutation = trpc.bookings.setStatus.useMutation();
  const deleteMutation = trpc.bookings.delete.useMutation();

  const onConfirm = (b: BookingDto) =>
    run(
      b,
      () => confirmMutation.mutateAsync({ id: b.id }),
      MESSAGES.booking.confirmed,
      MESSAGES.booking.confirmFailed,
    );

  const onStatusChange = async (b: BookingDto, next: BookingStatus) => {
    if (next === b.status) return;
    // Completed and cancelled are final: ask first.
    if (next === "cancelled" || next === "completed") {
      const ok = await confirm(
        next === "cancelled"
          ? {
              title: m.cancelTitle,
              message: m.cancelConfirm(b.name),
              confirmLabel: m.cancelTitle,
              cancelLabel: m.keepBooking,
            }
          : {
              title: m.completeTitle,
              message: m.completeConfirm(b.name),
              confirmLabel: "Mark completed",
              variant: "primary",
            },
      );
      if (!ok) return;
    }
    await run(
      b,
      () => statusMutation.mutateAsync({ id: b.id, status: next }),
      MESSAGES.booking.statusUpdated,
      MESSAGES.booking.statusUpdateFailed,
    );
  };

  const onDelete = async (b: BookingDto) => {
    const ok = await confirm({
      title: m.deleteTitle,
      message: m.deleteConfirm(b.name, formatShortDate(b.date), formatTime(b.time)),
      confirmLabel: m.delete,
    });
    if (!ok) return;
    await run(
      b,
      () => deleteMutation.mutateAsync({ id: b.id }),
      MESSAGES.booking.deleted,
      MESSAGES.booking.deleteFailed,
    );
  };

  // Streamed by the server (GET /api/bookings/export.csv), so a million bookings export in bounded memory.
  const onExport = async () => {
    setExporting(true);
    try {
      const query = new URLSearchParams();
      if (filter.status) query.set("status", filter.status);
      if (filter.search) query.set("search", filter.search);
      await downloadFromApi(`/api/bookings/export.csv?${query.toString()}`, "bookings.csv");
    } catch (e) {
      toast.show(e instanceof DownloadError && e.message ? e.message : m.exportFailed, "error");
    } finally {
      setExporting(false);
    }
  };

  const updating = list.isFetching || stats.isFetching;
  const rate = s ? uploadRate(s.withProof, s.total) : 0;

  return (
    <div>
      <PageHeader
        title={m.title}
        subtitle={
          <>
            Confirm, schedule and follow up every session request.
            <StudioZoneNote className="mt-1" />
          </>
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => refreshAll()} disabled={updating}>
              <Icon name="refresh" className={`h-4 w-4 ${updating ? "animate-spin" : ""}`} /> {m.refresh}
            </Button>
            <Button variant="secondary" onClick={onExport} disabled={exporting}>
              {exporting ? <Spinner /> : <Icon name="download" className="h-4 w-4" />} {m.exportCsv}
            </Button>
            <Button onClick={() => setCreateOpen(true)}>
              <Icon name="plus" className="h-4 w-4" /> {m.add}
            </Button>
          </>
        }
      />

      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
        <StatCard label={m.total} value={s?.total ?? "–"} icon="bookings" tone="slate" />
        <StatCard label={m.pending} value={s?.pending ?? "–"} icon="clock" tone="yellow" />
        <StatCard label={m.confirmed} value={s?.confirmed ?? "–"} icon="check" tone="green" />
        <StatCard label={m.completed} value={s?.completed ?? "–"} icon="feedback" tone="blue" />
        <StatCard
          label={m.withProof}
          value={s?.withProof ?? "–"}
          icon="file"
          tone="violet"
          extra={<span data-testid="upload-rate">{m.uploadRate(rate)}</span>}
        />
      </div>

      <div className="mt-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={statusId} className="mb-1.5 block text-sm font-medium text-white/85">
            Status
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(e) => setStatus(e.target.value as Filter)}
            className="rounded-lg border border-ink-line bg-ink px-3 py-2.5 text-sm text-white focus:border-accent focus:outline-none"
          >
            {(["all", ...BOOKING_STATUSES] as const).map((f) => (
              <option key={f} value={f}>
                {FILTER_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-[16rem] flex-1">
          <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium text-white/85">
            {m.searchLabel}
          </label>
          <div className="relative">
            <Icon
              name="search"
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-white/50"
            />
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={m.searchPlaceholder}
              className="w-full rounded-lg border border-ink-line bg-ink py-2.5 pl-9 pr-3 text-sm text-white placeholder:text-white/50 focus:border-accent focus:outline-none"
            />
          </div>
        </div>
      </div>

      <div className="mb-3 mt-5 flex items-center justify-between text-sm text-white/70">
        <p aria-live="polite" data-testid="bookings-counter">
          {/* How many match the filter, of every booking the studio has ("2 of 57"). */}
          {list.data ? m.showing(total, s?.total ?? total) : ""}
        </p>
        {updating ? (
          <p className="flex items-center gap-2 text-amber-300" role="status">
            <Spinner className="h-3.5 w-3.5" /> {m.updating}
          </p>
        ) : null}
      </div>

      <BookingsTable
        rows={rows}
        loading={list.isLoading}
        status={status}
        search={debouncedSearch}
        busyId={busyId}
        onConfirm={onConfirm}
        onStatusChange={onStatusChange}
        onDelete={onDelete}
        sessionEnded={sessionEnded}
      />

      {list.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? <Spinner /> : null} {m.loadMore}
          </Button>
        </div>
      ) : null}

      <CalendarFeedCard />

      {linked.success ? (
        <BookingDetailsDialog
          id={linked.data.id}
          busyId={busyId}
          onClose={closeLinked}
          onConfirm={onConfirm}
          onStatusChange={onStatusChange}
          onDelete={onDelete}
          sessionEnded={sessionEnded}
        />
      ) : null}
      <CreateBookingDialog open={createOpen} onOpenChange={setCreateOpen} />
      {confirmElement}
    </div>
  );
}
