/**
 * Calendar sync, the writing side: every booking change is written to the connected calendar by a durable job
 * ("calendar.push", ADR 013), one waiting job per booking (key "calendar-booking:<id>", deduplicated: the job
 * reads the booking as it is when it runs). Created, moved or confirmed: the event is written (PUT, replacing the
 * last version); cancelled or deleted: it is removed. The event's UID is the booking's for its whole life
 * ("studio-booking-<id>@<host>"), its times the session's real start and end (the service's minutes).
 *
 * Enqueued in the change's own transaction where the change has one (status, move, cancel, delete), and as a
 * plain-SQL job row with a new booking (ADR 011). With no calendar connected nothing is written at all: whether
 * one is connected comes from the read cache.
 */
import type { Db } from "@studio/db";
import { SESSION_LENGTH, sessionEnd, zonedInstant } from "@studio/validators";
import { z } from "zod";
import type { ReadCache } from "../../cache";
import { type DirectJobRow, directJobRow, enqueueJob } from "../../jobs/queue";
import { defineJob, PermanentJobError } from "../../jobs/worker";
import { scheduleRules } from "../bookings/schedule";
import { lastDayOf } from "../bookings/session-days";
import type { Tx } from "../uploads/proof";
import { CalDavError, deleteEvent, putEvent } from "./client";
import { bookingEventIcs, bookingEventUid, bookingObjectName } from "./ical";
import { accountOf, type CalendarSyncDeps, connectedCalendar, davOptions, recordSyncError } from "./sync";

export const CALENDAR_PUSH = {
  kind: "calendar.push",
  payload: z.object({ bookingId: z.number().int().positive() }),
};

export const pushJobKey = (bookingId: number) => `calendar-booking:${bookingId}`;

/** Retries after 30 s, 2 min, 10 min, 30 min, then hourly: a day of attempts (the worker's backoff). */
export const CALENDAR_PUSH_RETRY_DELAYS_MS: readonly number[] = [
  30_000, 120_000, 600_000, 1_800_000, 3_600_000,
];
export const CALENDAR_PUSH_ATTEMPTS = 28;

/**
 * Writes the booking's push job in the caller's transaction, when a calendar is connected (a cached read);
 * one waiting job per booking.
 */
export async function enqueueCalendarPush(
  tx: Tx | Db,
  deps: { cache: ReadCache; now: () => Date },
  bookingId: number,
): Promise<void> {
  if (!(await connectedCalendar({ db: tx, cache: deps.cache }))) return;
  await enqueueJob(
    tx,
    CALENDAR_PUSH,
    { bookingId },
    { key: pushJobKey(bookingId), dedupe: true, runAt: deps.now(), maxAttempts: CALENDAR_PUSH_ATTEMPTS },
  );
}

/** Whether new bookings need a push job (read before a new booking's plain-SQL write, through the cache). */
export async function pushesBookings(deps: { db: Db; cache: ReadCache }): Promise<boolean> {
  return (await connectedCalendar(deps)) !== null;
}

/** A new booking's push job as a row of its plain-SQL write (bookings/insert.ts). */
export function calendarPushJobRow(bookingId: number, now: Date): DirectJobRow {
  return directJobRow(CALENDAR_PUSH, { bookingId }, now, pushJobKey(bookingId));
}

/** Writes or removes one booking's event as the booking is now. */
export async function pushBooking(
  deps: CalendarSyncDeps,
  bookingId: number,
  signal?: AbortSignal,
): Promise<void> {
  const connection = await deps.db.calendarConnection.findUnique({ where: { id: 1 } });
  if (!connection) return; // disconnected meanwhile: nothing more is written
  const account = accountOf(deps, connection);
  const options = davOptions(deps, signal);
  const name = bookingObjectName(bookingId);
  const booking = await deps.db.booking.findUnique({
    where: { id: bookingId },
    select: {
      id: true,
      name: true,
      email: true,
      phone: true,
      date: true,
      time: true,
      status: true,
      message: true,
      updatedAt: true,
      service: { select: { title: true, durationMinutes: true, durationDays: true } },
    },
  });
  try {
    if (!booking || booking.status === "cancelled") {
      await deleteEvent(account, name, options);
      return;
    }
    const { timeZone } = await scheduleRules({ ...deps, audit: undefined });
    const minutes = booking.service?.durationMinutes ?? SESSION_LENGTH.defaultMinutes;
    // A session of several days is one event, to the end of its last day.
    const lastDate = await lastDayOf(deps.db, { ...booking, days: booking.service?.durationDays });
    const host = new URL(deps.config.publicUrl).hostname;
    const ics = bookingEventIcs({
      uid: bookingEventUid(booking.id, host),
      start: zonedInstant(booking.date, booking.time, timeZone),
      end: sessionEnd(lastDate, booking.time, minutes, timeZone),
      summary: `${booking.service?.title ?? "Session"} — ${booking.name}`,
      description: [
        `Booking #${booking.id} (${booking.status})`,
        `E-mail: ${booking.email}`,
        `Phone: ${booking.phone}`,
        booking.message ? `Message: ${booking.message}` : null,
        `${deps.config.publicUrl.replace(/\/+$/, "")}/admin/bookings`,
      ]
        .filter(Boolean)
        .join("\n"),
      status: booking.status === "pending" ? "tentative" : "confirmed",
      updatedAt: booking.updatedAt,
      stamp: deps.now(),
    });
    await putEvent(account, name, ics, options);
  } catch (error) {
    if (error instanceof CalDavError) {
      await recordSyncError(deps, error);
      deps.cache.invalidate("calendar");
      // A refused password stays refused until the owner reconnects; the job ends (the status says why).
      if (error.permanent) throw new PermanentJobError(error.message);
    }
    throw error;
  }
}

export function calendarPushHandler(deps: CalendarSyncDeps) {
  return defineJob({
    ...CALENDAR_PUSH,
    concurrency: 4,
    leaseMs: 60_000,
    retryDelaysMs: CALENDAR_PUSH_RETRY_DELAYS_MS,
    run: ({ bookingId }, { signal }) => pushBooking(deps, bookingId, signal),
  });
}
