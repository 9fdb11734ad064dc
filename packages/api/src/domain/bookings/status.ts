import {
  BOOKING_TRANSITIONS,
  type BookingDto,
  type BookingStatus,
  MESSAGES,
  sessionEnd,
} from "@studio/validators";
import { auditedChange } from "../../audit/trail";
import { AppError } from "../../errors";
import { MAIL_TRANSACTION, notifyBooking } from "../../mail/notify";
import { enqueueCalendarPush } from "../calendar-sync/push";
import type { Tx } from "../uploads/proof";
import { bookingEventData, emitWebhookEvent } from "../webhooks/events";
import { type BookingDeps, bookingSelect, type ImageView, toBookingDto } from "./dto";
import { bookingNotFound } from "./queries";
import { scheduleRules } from "./schedule";
import { lastDayOf, releaseHolds } from "./session-days";

const MAX_ATTEMPTS = 5;

/** The booking's columns plus its service's duration, which sets when the session ends. */
const statusSelect = {
  ...bookingSelect,
  service: { select: { title: true, durationMinutes: true, durationDays: true } },
} as const;

/**
 * A session is completed only once it has ended (its start plus its service's duration, in the zone bookings
 * are judged in; on its last day for a session of several days): marking a future booking completed would thank
 * the client for a session not yet held.
 */
async function assertSessionEnded(
  deps: BookingDeps,
  booking: {
    id: number;
    date: string;
    time: string;
    service: { durationMinutes: number; durationDays: number } | null;
  },
): Promise<void> {
  const { timeZone } = await scheduleRules(deps);
  const last = await lastDayOf(deps.db, { ...booking, days: booking.service?.durationDays });
  const end = sessionEnd(last, booking.time, booking.service?.durationMinutes, timeZone);
  if (deps.now().getTime() < end.getTime()) {
    throw new AppError("CONFLICT", MESSAGES.booking.completedTooEarly);
  }
}

/** The webhook event of a status the studio set (back to pending has none). */
function emitStatusEvent(tx: Tx, deps: BookingDeps, id: number, to: Exclude<BookingStatus, "pending">) {
  if (to === "cancelled")
    return emitWebhookEvent(
      tx,
      deps,
      "booking.cancelled",
      bookingEventData(tx, id, { by: "studio" as const }),
    );
  return emitWebhookEvent(tx, deps, `booking.${to}`, bookingEventData(tx, id));
}

/**
 * Applies a status change allowed by BOOKING_TRANSITIONS; the same status is a no-op. The update is
 * conditional on the status it was judged from, so two admins changing one booking at once cannot both
 * win with a stale view: the loser re-reads and is judged again. Cancelling frees the slot; completing is
 * refused (409) before the session's end.
 */
export async function setBookingStatus(
  deps: BookingDeps,
  id: number,
  to: BookingStatus,
  view: ImageView,
): Promise<BookingDto> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await deps.db.booking.findUnique({ where: { id }, select: statusSelect });
    if (!current) throw bookingNotFound();
    const from = current.status;
    if (from === to) return toBookingDto(current, view);
    if (!BOOKING_TRANSITIONS[from].includes(to)) {
      throw new AppError("CONFLICT", MESSAGES.booking.transitionRefused(from, to));
    }
    if (to === "completed") await assertSessionEnded(deps, current);
    // The change and the client's e-mail about it (mail/notify.ts) are written together.
    const count = await auditedChange(
      deps,
      id,
      async (tx) => {
        const updated = await tx.booking.updateMany({
          // Also on the session's date and time, which the completed rule was judged from (a client may move it).
          where: { id, status: from, date: current.date, time: current.time },
          data: to === "cancelled" ? { status: to, slotKey: null } : { status: to },
        });
        if (updated.count === 1 && to !== "pending") {
          await notifyBooking(tx, deps, id, to);
          await emitStatusEvent(tx, deps, id, to);
        }
        // A cancelled session lets go of its crew and equipment (after its messages, which read its days from them).
        if (updated.count === 1 && to === "cancelled")
          await releaseHolds(tx, { id, date: current.date, days: current.service?.durationDays });
        // Calendar sync (ADR 019): the event follows the status (tentative, confirmed, removed when cancelled).
        if (updated.count === 1) await enqueueCalendarPush(tx, deps, id);
        return updated.count;
      },
      { transaction: MAIL_TRANSACTION, changed: (updated) => updated === 1 },
    );
    if (count === 1) {
      deps.cache.invalidate("bookings");
      return toBookingDto({ ...current, status: to }, view);
    }
  }
  throw new AppError("CONFLICT", MESSAGES.booking.statusUpdateFailed);
}

/** Confirm = pending → confirmed (a confirmed booking stays confirmed). */
export async function confirmBooking(deps: BookingDeps, id: number, view: ImageView): Promise<BookingDto> {
  return setBookingStatus(deps, id, "confirmed", view);
}

/**
 * Removes the booking, which frees its slot. Its proof file becomes unreferenced, so the upload clean-up
 * deletes it like any other orphan.
 */
export async function deleteBooking(deps: BookingDeps, id: number): Promise<{ id: number }> {
  await auditedChange(
    deps,
    id,
    async (tx) => {
      const row = await tx.booking.findUnique({ where: { id }, select: { uploadId: true } });
      if (!row) throw bookingNotFound();
      const { count } = await tx.booking.deleteMany({ where: { id } });
      if (count === 0) throw bookingNotFound();
      if (row.uploadId) {
        await tx.upload.updateMany({ where: { id: row.uploadId }, data: { attachedAt: null } });
      }
      // Calendar sync (ADR 019): its event is removed.
      await enqueueCalendarPush(tx, deps, id);
    },
    { transaction: true },
  );
  deps.cache.invalidate("bookings");
  return { id };
}
