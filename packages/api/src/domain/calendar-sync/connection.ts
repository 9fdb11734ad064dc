/**
 * The owner connects, syncs and disconnects the studio's CalDAV calendar (Hours page; owner only, audited, ADR
 * 017). Connecting first talks to the calendar (it must be a calendar these credentials open: a wrong address or
 * password is refused with the reason, nothing stored) and reads its busy time; then stores the app password
 * encrypted (crypto/seal.ts) with that busy time, queues the next pull, and writes the upcoming bookings there. The password is
 * never answered back, nor written to the audit trail.
 */
import {
  CALENDAR_DISCONNECTED,
  type CalendarSyncResult,
  type CalendarSyncStatus,
  MESSAGES,
  todayIn,
} from "@studio/validators";
import { auditedChange } from "../../audit/trail";
import type { Context } from "../../context";
import { encryptSecret } from "../../crypto/seal";
import { AppError } from "../../errors";
import { enqueueJob } from "../../jobs/queue";
import { scheduleRules } from "../bookings/schedule";
import { CalDavError, checkCalendar } from "./client";
import { CALENDAR_PULL, PULL_JOB_KEY } from "./jobs";
import { CALENDAR_PUSH, CALENDAR_PUSH_ATTEMPTS, pushJobKey } from "./push";
import type { BusyRange } from "./ical";
import { CONNECTION_ID, davOptions, pullBusyTime, readBusyRanges, storeBusyRanges } from "./sync";

const m = MESSAGES.calendarSync;

export type CalendarConnectDeps = Pick<Context, "db" | "now" | "cache" | "config" | "audit">;

/** Upcoming bookings written to a calendar when it is connected (the next ones follow as they are made). */
export const BACKFILL_LIMIT = 2_000;

/** The Hours page's section: never the password. */
export async function calendarSyncStatus(deps: Pick<Context, "db">): Promise<CalendarSyncStatus> {
  const row = await deps.db.calendarConnection.findUnique({ where: { id: CONNECTION_ID } });
  if (!row) {
    return CALENDAR_DISCONNECTED;
  }
  return {
    connected: true,
    url: row.url,
    username: row.username,
    display_name: row.displayName || null,
    connected_at: row.connectedAt.toISOString(),
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    last_error: row.lastError,
    last_error_at: row.lastErrorAt?.toISOString() ?? null,
    busy_events: row.busyCount,
  };
}

/** Queues the next periodic pull (one waiting at a time). */
async function queueNextPull(deps: Pick<Context, "db" | "now" | "config">): Promise<void> {
  await enqueueJob(
    deps.db,
    CALENDAR_PULL,
    {},
    {
      key: PULL_JOB_KEY,
      dedupe: true,
      runAt: new Date(deps.now().getTime() + deps.config.calendarSync.pullEveryMs),
    },
  );
}

export async function connectCalendar(
  deps: CalendarConnectDeps,
  input: { url: string; username: string; password: string },
): Promise<CalendarSyncResult> {
  let displayName: string;
  let busy: BusyRange[];
  try {
    // Before any transaction: the calendar server's answers can take seconds. The first pull is made here too,
    // so the calendar's busy time blocks bookings from the moment it is connected.
    displayName = await checkCalendar(input, davOptions(deps));
    busy = await readBusyRanges(deps, input);
  } catch (error) {
    if (error instanceof CalDavError) {
      throw new AppError("BAD_REQUEST", error.message, {
        fieldErrors: { [error.status === 401 || error.status === 403 ? "password" : "url"]: error.message },
      });
    }
    throw error;
  }
  const now = deps.now();
  const data = {
    url: input.url,
    username: input.username,
    passwordCipher: encryptSecret(deps.config.calendarSync.secretKey, input.password),
    displayName: displayName.slice(0, 200),
    connectedAt: now,
    lastSyncedAt: now,
    lastError: null,
    lastErrorAt: null,
    busyCount: busy.length,
  };
  const { timeZone } = await scheduleRules({ ...deps, audit: undefined });
  const today = todayIn(timeZone, now);
  await auditedChange(
    deps,
    CONNECTION_ID,
    async (tx) => {
      await storeBusyRanges(tx, busy);
      await tx.calendarConnection.upsert({
        where: { id: CONNECTION_ID },
        create: { id: CONNECTION_ID, ...data },
        update: data,
      });
      // The upcoming bookings go to the (new) calendar; what was waiting for another one is superseded.
      await tx.job.updateMany({
        where: { kind: CALENDAR_PUSH.kind, status: "pending" },
        data: { status: "cancelled", finishedAt: now },
      });
      const upcoming = await tx.booking.findMany({
        where: { status: { in: ["pending", "confirmed"] }, date: { gte: today } },
        orderBy: [{ date: "asc" }, { time: "asc" }],
        take: BACKFILL_LIMIT,
        select: { id: true },
      });
      if (upcoming.length > 0) {
        await tx.job.createMany({
          data: upcoming.map((b) => ({
            kind: CALENDAR_PUSH.kind,
            payload: { bookingId: b.id },
            key: pushJobKey(b.id),
            runAt: now,
            maxAttempts: CALENDAR_PUSH_ATTEMPTS,
          })),
        });
      }
    },
    { transaction: true },
  );
  deps.cache.invalidate("calendar");
  await queueNextPull(deps);
  return { status: await calendarSyncStatus(deps), message: m.connected };
}

/**
 * Forgets the calendar: its password, its busy time, and every push not yet made (events already written stay in
 * the calendar, as the owner's own).
 */
export async function disconnectCalendar(deps: CalendarConnectDeps): Promise<CalendarSyncResult> {
  const now = deps.now();
  await auditedChange(
    deps,
    CONNECTION_ID,
    async (tx) => {
      const { count } = await tx.calendarConnection.deleteMany({ where: { id: CONNECTION_ID } });
      if (count === 0) throw new AppError("NOT_FOUND", m.notConnected);
      await tx.calendarBusy.deleteMany({});
      await tx.job.updateMany({
        where: { kind: { in: [CALENDAR_PUSH.kind, CALENDAR_PULL.kind] }, status: "pending" },
        data: { status: "cancelled", finishedAt: now },
      });
    },
    { transaction: true },
  );
  deps.cache.invalidate("calendar");
  return { status: await calendarSyncStatus(deps), message: m.disconnected };
}

/** "Sync now": reads the busy time at once (the answer shows the result, or the calendar's error). */
export async function syncCalendarNow(deps: CalendarConnectDeps): Promise<CalendarSyncResult> {
  const result = await pullBusyTime(deps);
  if (!result.ok && result.error === "not connected") throw new AppError("NOT_FOUND", m.notConnected);
  await queueNextPull(deps);
  const status = await calendarSyncStatus(deps);
  return { status, message: result.ok ? m.synced : (status.last_error ?? result.error) };
}
