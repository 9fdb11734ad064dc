import {
  BOOKING_STATUSES,
  type BookingDto,
  type BookingStatus,
  formatShortDate,
  formatTime,
  MESSAGES,
  truncate,
} from "@studio/validators";
import { Button } from "../../components/ui/button";
import { statusLabel } from "../lib/format";
import { Icon } from "../ui/icons";
import { Spinner } from "../ui/spinner";
import { ProofCell } from "./proof-cell";

const m = MESSAGES.admin.bookings;

export type BookingActionHandlers = {
  onConfirm: (booking: BookingDto) => void;
  onStatusChange: (booking: BookingDto, status: BookingStatus) => void;
  onDelete: (booking: BookingDto) => void;
  /** Whether the booking's session is over: only then is "Completed" offered (the server refuses it before). */
  sessionEnded: (booking: BookingDto) => boolean;
};

// The content of each column, shared by the table row (md and up) and the phone card, so both layouts
// always show the same texts and controls.

/** Customer column, after the name (the table and the card each place the name their own way). */
export function BookingContact({ booking }: { booking: BookingDto }) {
  return (
    <>
      <p className="text-white/70">
        <a href={`mailto:${booking.email}`} className="hover:text-white hover:underline">
          {booking.email}
        </a>
      </p>
      <p className="text-white/70">{booking.phone}</p>
    </>
  );
}

/**
 * Service & Proof Documents column: the title (or 'Service not found'), the message (truncated in the list,
 * whole in the booking's own view), the proof.
 */
export function BookingService({
  booking,
  fullMessage = false,
}: {
  booking: BookingDto;
  fullMessage?: boolean;
}) {
  return (
    <>
      <p className={booking.service_title ? "font-medium text-white" : "font-medium text-red-300"}>
        {booking.service_title ?? MESSAGES.booking.serviceMissing}
      </p>
      {booking.message ? (
        fullMessage ? (
          <p className="mt-1 whitespace-pre-line text-sm text-white/80 [overflow-wrap:anywhere]">
            {booking.message}
          </p>
        ) : (
          <p className="mt-1 text-xs text-white/70" title={booking.message}>
            {truncate(booking.message, 60)}
          </p>
        )
      ) : null}
      <ProofCell image={booking.image} customer={booking.name} />
    </>
  );
}

/** Date & Time column. */
export function BookingWhen({ booking }: { booking: BookingDto }) {
  return (
    <>
      <p className="text-white">{formatShortDate(booking.date)}</p>
      <p className="flex items-center gap-1 text-white/70">
        <Icon name="clock" className="h-3.5 w-3.5" /> {formatTime(booking.time)}
      </p>
    </>
  );
}

/**
 * Actions column: Confirm while pending, the status dropdown unless final (with Completed only once the
 * session is over), Delete always.
 */
export function BookingActions({
  booking,
  busy,
  onConfirm,
  onStatusChange,
  onDelete,
  sessionEnded,
}: { booking: BookingDto; busy: boolean } & BookingActionHandlers) {
  const final = booking.status === "completed" || booking.status === "cancelled";
  const statuses = BOOKING_STATUSES.filter((s) => s !== "completed" || sessionEnded(booking));
  return (
    <div className="flex flex-wrap items-center gap-2">
      {booking.status === "pending" ? (
        <Button
          size="sm"
          className="!bg-green-700 !text-white hover:!bg-green-800"
          disabled={busy}
          onClick={() => onConfirm(booking)}
          aria-label={`Confirm booking of ${booking.name}`}
        >
          <Icon name="check" className="h-4 w-4" /> {m.confirm}
        </Button>
      ) : null}
      {!final ? (
        <select
          aria-label={m.changeStatus(booking.name)}
          value={booking.status}
          disabled={busy}
          onChange={(e) => onStatusChange(booking, e.target.value as BookingStatus)}
          className="rounded-lg border border-ink-line bg-ink px-2 py-1.5 text-sm text-white focus:border-accent focus:outline-none"
        >
          {statuses.map((s) => (
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
        onClick={() => onDelete(booking)}
        aria-label={`Delete booking of ${booking.name}`}
        className="text-red-300 hover:!text-red-200"
      >
        <Icon name="trash" className="h-4 w-4" /> {m.delete}
      </Button>
      {busy ? <Spinner className="h-4 w-4 text-white/70" /> : null}
    </div>
  );
}
