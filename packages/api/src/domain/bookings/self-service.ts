/**
 * The client's self-service page (/manage/<token>): one booking, reached through an unguessable capability.
 *
 * - The token is 32 random bytes (base64url) in the URL; only its SHA-256 is stored (BookingAccess), so a
 *   database dump holds no working link and the booking id is never part of it. Every e-mail gets its own
 *   link (manage-links.ts) and all of a booking's links stay valid, so reissuing never breaks one already sent.
 * - A link works until the session is over (its end in the studio's zone); cancelling uses it up.
 * - The client may cancel or move until BOOKING_CHANGE_CUTOFF_HOURS before the session. Both actions are
 *   idempotent (cancelling twice, or repeating a move that has happened, answers the same and changes
 *   nothing), conditional on the booking as it was judged (a concurrent change is judged again), and recorded
 *   on the booking (BookingChange). A move claims its new slot through the unique slot key, exactly like a new
 *   booking, so N concurrent moves into one free slot give exactly one winner.
 */
import {
  type BookingChangeDto,
  type BookingStatus,
  MESSAGES,
  type ManageActionResult,
  type ManageAvailability,
  type ManageView,
  SESSION_LENGTH,
  SLOT_REFUSAL_NOTES,
  sessionEnd,
  zonedInstant,
} from "@studio/validators";
import { hashToken } from "../../crypto/token-hash";
import { AppError } from "../../errors";
import { notifyBooking } from "../../mail/notify";
import { enqueueCalendarPush } from "../calendar-sync/push";
import { bookingEventData, emitWebhookEvent } from "../webhooks/events";
import type { BookingDeps } from "./dto";
import { bookingAvailability } from "./availability";
import { sessionFacts } from "./holds";
import { moveBookingTo } from "./move";
import { assertBookable, scheduleRules } from "./schedule";
import { releaseHolds, sessionDaysOf } from "./session-days";

const m = MESSAGES.manage;
const MAX_ATTEMPTS = 5;
const HOUR_MS = 3_600_000;
/** Statuses in which the client may still change the booking. */
const CHANGEABLE: readonly BookingStatus[] = ["pending", "confirmed"];

export type ManageDeps = BookingDeps;

/* ------------------------------------------------------------------------------------------------ */
/* Time in the studio's zone                                                                        */

type Timing = { start: Date; end: Date; deadline: Date; minutes: number };

/**
 * The session's start and end (the service's minutes, 60 when it is gone; on `lastDate` for a session of several
 * days) and the change deadline.
 */
function timingOf(
  deps: ManageDeps,
  timeZone: string,
  booking: ManagedBooking,
  lastDate: string = booking.date,
): Timing {
  const start = zonedInstant(booking.date, booking.time, timeZone);
  const minutes = booking.service?.durationMinutes ?? SESSION_LENGTH.defaultMinutes;
  return {
    start,
    end: sessionEnd(lastDate, booking.time, minutes, timeZone),
    deadline: new Date(start.getTime() - deps.config.bookingChangeCutoffHours * HOUR_MS),
    minutes,
  };
}

/** The zone bookings are judged in (the schedule's own, else STUDIO_TIMEZONE). */
async function zoneOf(deps: ManageDeps): Promise<string> {
  return (await scheduleRules(deps)).timeZone;
}

/* ------------------------------------------------------------------------------------------------ */
/* Reading                                                                                          */

const accessSelect = {
  id: true,
  serviceId: true,
  name: true,
  date: true,
  time: true,
  status: true,
  service: { select: { title: true, durationMinutes: true, durationDays: true } },
} as const;

type ManagedBooking = {
  id: number;
  serviceId: number | null;
  name: string;
  date: string;
  time: string;
  status: BookingStatus;
  service: { title: string; durationMinutes: number; durationDays: number } | null;
};

const linkInvalid = () => new AppError("NOT_FOUND", m.linkInvalid);

/** The booking behind a token, or the same "not valid" error for unknown tokens and deleted bookings. */
async function resolve(deps: ManageDeps, token: string): Promise<ManagedBooking> {
  const access = await deps.db.bookingAccess.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { bookingId: true },
  });
  if (!access) throw linkInvalid();
  const booking = await deps.db.booking.findUnique({ where: { id: access.bookingId }, select: accessSelect });
  if (!booking) throw linkInvalid();
  return booking;
}

function stateOf(booking: ManagedBooking, timing: Timing, now: Date): ManageView["state"] {
  if (booking.status === "cancelled") return "cancelled";
  if (booking.status === "completed" || now.getTime() >= timing.end.getTime()) return "expired";
  return "active";
}

async function changesOf(deps: ManageDeps, bookingId: number): Promise<BookingChangeDto[]> {
  const rows = await deps.db.bookingChange.findMany({
    where: { bookingId },
    orderBy: { id: "asc" },
    take: 50,
  });
  return rows.map((r) => ({
    action: r.action === "moved" ? "moved" : "cancelled",
    actor: r.actor === "admin" ? "admin" : "client",
    from_date: r.fromDate,
    from_time: r.fromTime,
    to_date: r.toDate,
    to_time: r.toTime,
    at: r.createdAt.toISOString(),
  }));
}

async function viewOf(deps: ManageDeps, booking: ManagedBooking): Promise<ManageView> {
  const timeZone = await zoneOf(deps);
  const days = await sessionDaysOf(deps.db, { ...booking, days: booking.service?.durationDays });
  const timing = timingOf(deps, timeZone, booking, days.at(-1));
  const now = deps.now();
  const state = stateOf(booking, timing, now);
  return {
    state,
    booking: {
      name: booking.name,
      service_title: booking.service?.title ?? null,
      date: booking.date,
      time: booking.time,
      duration_minutes: timing.minutes,
      days,
      status: booking.status,
    },
    time_zone: timeZone,
    can_change: state === "active" && now.getTime() < timing.deadline.getTime(),
    change_deadline: timing.deadline.toISOString(),
    cutoff_hours: deps.config.bookingChangeCutoffHours,
    changes: await changesOf(deps, booking.id),
  };
}

const linkExpired = () => new AppError("NOT_FOUND", m.linkExpired);

/**
 * What the manage page shows. A link whose session is over answers "expired" as an error: after the session
 * nothing of the booking is shown any more.
 */
export async function getManagedBooking(deps: ManageDeps, token: string): Promise<ManageView> {
  const view = await viewOf(deps, await resolve(deps, token));
  if (view.state === "expired") throw linkExpired();
  return view;
}

/** Refuses a change the client may no longer make (nothing is written). */
async function assertChangeable(deps: ManageDeps, booking: ManagedBooking): Promise<void> {
  const timing = timingOf(deps, await zoneOf(deps), booking);
  const now = deps.now();
  const state = stateOf(booking, timing, now);
  if (state === "expired") throw linkExpired();
  if (state === "cancelled") throw new AppError("CONFLICT", m.bookingCancelled);
  if (!CHANGEABLE.includes(booking.status)) throw new AppError("CONFLICT", m.notChangeable);
  if (now.getTime() >= timing.deadline.getTime()) {
    throw new AppError("CONFLICT", m.cutoffPassed(deps.config.bookingChangeCutoffHours));
  }
}

/**
 * Slots of a day the booking could move to: what a new booking could take (opening hours, closures, notice,
 * capacity), minus the booking's own slot and anything inside the change cut-off from now.
 */
export async function managedAvailability(
  deps: ManageDeps,
  token: string,
  date: string,
): Promise<ManageAvailability> {
  const booking = await resolve(deps, token);
  const view = await viewOf(deps, booking);
  if (view.state === "expired") throw linkExpired();
  const day = await bookingAvailability(deps, date, {
    serviceId: booking.serviceId ?? undefined,
    excludeBookingId: booking.id,
  });
  const earliest = deps.now().getTime() + deps.config.bookingChangeCutoffHours * HOUR_MS;
  const own = booking.status !== "cancelled" && booking.date === date ? booking.time : null;
  return {
    date,
    closed_reason: day.closed_reason,
    slots: day.slots.map(({ time, reason: refusal }) => {
      let reason: string | null = null;
      if (time === own) reason = m.currentTime;
      else if (refusal === "closed") reason = day.closed_reason ?? SLOT_REFUSAL_NOTES.closed;
      else if (zonedInstant(date, time, view.time_zone).getTime() < earliest)
        reason = SLOT_REFUSAL_NOTES.too_soon;
      else if (refusal) reason = SLOT_REFUSAL_NOTES[refusal];
      return { time, available: reason === null, reason };
    }),
  };
}

/* ------------------------------------------------------------------------------------------------ */
/* Changing                                                                                         */

function changeResult(view: ManageView, message: string, replayed: boolean): ManageActionResult {
  return { view, message, replayed };
}

/** Cancels the booking (frees its slot). Cancelling a cancelled booking answers the same, changing nothing. */
export async function cancelManagedBooking(deps: ManageDeps, token: string): Promise<ManageActionResult> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const booking = await resolve(deps, token);
    if (booking.status === "cancelled") {
      return changeResult(await viewOf(deps, booking), m.cancelled, true);
    }
    await assertChangeable(deps, booking);
    const done = await deps.db.$transaction(async (tx) => {
      const { count } = await tx.booking.updateMany({
        where: { id: booking.id, status: booking.status, date: booking.date, time: booking.time },
        data: { status: "cancelled", slotKey: null },
      });
      if (count !== 1) return false;
      await tx.bookingChange.create({
        data: {
          bookingId: booking.id,
          actor: "client",
          action: "cancelled",
          fromDate: booking.date,
          fromTime: booking.time,
          createdAt: deps.now(),
        },
      });
      // The client and the studio hear of it, in the same transaction (see mail/notify.ts), and so do webhooks.
      await notifyBooking(tx, deps, booking.id, "cancelled", { by: "client" });
      await emitWebhookEvent(
        tx,
        deps,
        "booking.cancelled",
        bookingEventData(tx, booking.id, { by: "client" as const }),
      );
      // Its crew and equipment are free; let go after the messages, which read the session's days from them.
      await releaseHolds(tx, { ...booking, days: booking.service?.durationDays });
      await enqueueCalendarPush(tx, deps, booking.id); // calendar sync (ADR 019): the event is removed
      return true;
    });
    if (done) {
      deps.cache.invalidate("bookings");
      const view = await viewOf(deps, { ...booking, status: "cancelled" });
      return changeResult(view, m.cancelled, false);
    }
    // Changed meanwhile (by the studio or another tab): judge it again as it is now.
  }
  throw new AppError("CONFLICT", m.changeFailed);
}

/**
 * Moves the session to another free slot, judged exactly like a new booking (schedule.ts: opening hours,
 * closures, notice, horizon, capacity) and at least the cut-off from now. The new seat is claimed by the
 * unique slot key in the same statement that frees the old one, so concurrent moves (and new bookings) into a
 * slot never exceed its capacity. Repeating a move that has already happened answers the same and changes
 * nothing.
 */
export async function moveManagedBooking(
  deps: ManageDeps,
  token: string,
  target: { date: string; time: string },
): Promise<ManageActionResult> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const booking = await resolve(deps, token);
    if (booking.date === target.date && booking.time === target.time && booking.status !== "cancelled") {
      const view = await viewOf(deps, booking);
      if (view.state === "expired") throw linkExpired();
      const moved = view.changes.some(
        (c) => c.action === "moved" && c.to_date === target.date && c.to_time === target.time,
      );
      // A repeated move answers like the first; asking for the time it already has is a plain refusal.
      if (moved) return changeResult(view, m.moved, true);
      throw new AppError("BAD_REQUEST", m.sameSlot, { fieldErrors: { time: m.sameSlot } });
    }
    await assertChangeable(deps, booking);
    const rules = await assertBookable(deps, target, { timing: await sessionFacts(deps, booking.serviceId) });
    const earliest = deps.now().getTime() + deps.config.bookingChangeCutoffHours * HOUR_MS;
    if (zonedInstant(target.date, target.time, rules.timeZone).getTime() < earliest) {
      const message = m.targetTooSoon(deps.config.bookingChangeCutoffHours);
      throw new AppError("BAD_REQUEST", message, { fieldErrors: { time: message } });
    }
    const done = await moveBookingTo(deps, booking, target, rules, "client", (write) =>
      deps.db.$transaction(write),
    );
    if (done) {
      const view = await viewOf(deps, { ...booking, date: target.date, time: target.time });
      return changeResult(view, m.moved, false);
    }
    // Changed meanwhile (by the studio or another tab): judge it again as it is now.
  }
  throw new AppError("CONFLICT", m.changeFailed);
}
