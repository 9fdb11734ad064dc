import { MESSAGES } from "@studio/validators";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { errorMessage, trpc } from "../../lib/trpc";
import { Spinner } from "../ui/spinner";
import { BookingHistory } from "./booking-history";
import { RescheduleDialog } from "./reschedule-dialog";
import { StatusBadge } from "../ui/status-badge";
import {
  type BookingActionHandlers,
  BookingActions,
  BookingContact,
  BookingService,
  BookingWhen,
} from "./booking-cells";

const m = MESSAGES.admin.bookings;

/**
 * One booking, opened from a link (the studio's "new booking" e-mail points at /admin/bookings?booking=<id>):
 * the same columns and actions as its row in the list, whichever page of the list it is on.
 */
export function BookingDetailsDialog({
  id,
  busyId,
  onClose,
  ...actions
}: { id: number; busyId: number | null; onClose: () => void } & BookingActionHandlers) {
  const booking = trpc.bookings.get.useQuery({ id }, { retry: false });
  const b = booking.data;
  const [rescheduling, setRescheduling] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={m.detailsTitle(id)}>
      {b ? (
        <div className="space-y-4 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 text-base font-semibold text-white [overflow-wrap:anywhere]">{b.name}</p>
            <StatusBadge status={b.status} />
          </div>
          <dl className="grid gap-4 sm:grid-cols-2 [&>div]:min-w-0">
            <div>
              <dt className="mb-1 text-xs font-semibold uppercase tracking-wide text-white/60">
                {m.columns.customer}
              </dt>
              <dd className="[overflow-wrap:anywhere]">
                <BookingContact booking={b} />
              </dd>
            </div>
            <div>
              <dt className="mb-1 text-xs font-semibold uppercase tracking-wide text-white/60">
                {m.columns.dateTime}
              </dt>
              <dd>
                <BookingWhen booking={b} />
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="mb-1 text-xs font-semibold uppercase tracking-wide text-white/60">
                {m.columns.service}
              </dt>
              <dd>
                <BookingService booking={b} fullMessage />
              </dd>
            </div>
          </dl>
          <BookingActions
            booking={b}
            busy={busyId === b.id}
            {...actions}
            onDelete={(target) => {
              onClose();
              actions.onDelete(target);
            }}
          />
          {b.status === "pending" || b.status === "confirmed" ? (
            <div>
              <Button variant="secondary" onClick={() => setRescheduling(true)}>
                {m.reschedule}
              </Button>
              <RescheduleDialog booking={b} open={rescheduling} onOpenChange={setRescheduling} />
            </div>
          ) : null}
          <BookingHistory id={b.id} />
        </div>
      ) : booking.error ? (
        <p role="alert" className="text-red-300">
          {errorMessage(booking.error, MESSAGES.booking.notFound)}
        </p>
      ) : (
        <p role="status" className="flex items-center gap-2 text-white/70">
          <Spinner className="h-4 w-4" /> {m.loading}
        </p>
      )}
    </Dialog>
  );
}
