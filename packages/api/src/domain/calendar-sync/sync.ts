/**
 * Calendar sync, the reading side: the connection (one row, read through the cache), the pull that stores the
 * connected calendar's busy time (availability reads it through `calendarBusyRanges`, busy.ts).
 *
 * A pull reads the events of [yesterday, the horizon or a year ahead] in the studio's zone, expands recurring
 * ones, leaves out free, cancelled and our own events (UID "studio-booking-…"), and replaces the stored ranges in
 * one transaction. It runs as a durable job every few minutes while a calendar is connected (jobs.ts), and at once
 * on "Sync now". Every pull drops the "calendar" cache tag, on every instance (the event bus).
 */
import type { Db } from "@studio/db";
import { addDays, todayIn, zonedInstant } from "@studio/validators";
import type { ApiDeps } from "../../context";
import { decryptSecret } from "../../crypto/seal";
import { scheduleRules } from "../bookings/schedule";
import type { Tx } from "../uploads/proof";
import { type CalDavAccount, CalDavError, type CalDavOptions, fetchEventTexts } from "./client";
import { type BusyRange, busyRangesOf } from "./ical";

export type CalendarSyncDeps = Pick<ApiDeps, "db" | "now" | "cache" | "config">;

/** The connection row (always id 1). */
export const CONNECTION_ID = 1;
/** Pulled when the studio sets no horizon: a year ahead. */
const DEFAULT_PULL_DAYS = 366;
/** Most ranges kept from one pull (a runaway recurring event cannot fill the table). */
export const MAX_BUSY_RANGES = 10_000;
const ERROR_CHARS = 500;

export type Connection = { url: string; username: string; passwordCipher: string };

/**
 * The connected calendar, or null (cached: every new booking asks whether to push). On a miss it reads through
 * `db`, the caller's transaction when there is one.
 */
export function connectedCalendar(deps: {
  db: Db | Tx;
  cache: ApiDeps["cache"];
}): Promise<Connection | null> {
  return deps.cache.get("calendar", "connection", () =>
    deps.db.calendarConnection.findUnique({
      where: { id: CONNECTION_ID },
      select: { url: true, username: true, passwordCipher: true },
    }),
  );
}

export function accountOf(deps: CalendarSyncDeps, connection: Connection): CalDavAccount {
  return {
    url: connection.url,
    username: connection.username,
    password: decryptSecret(deps.config.calendarSync.secretKey, connection.passwordCipher),
  };
}

export function davOptions(deps: CalendarSyncDeps, signal?: AbortSignal): CalDavOptions {
  const { allowPrivateNetworks, timeoutMs } = deps.config.calendarSync;
  return { allowPrivateNetworks, timeoutMs, ...(signal ? { signal } : {}) };
}

/** The window a pull reads: from yesterday (the studio's day) to the horizon, or a year ahead. */
export async function pullWindow(
  deps: CalendarSyncDeps,
): Promise<{ from: Date; to: Date; timeZone: string }> {
  const rules = await scheduleRules({ ...deps, audit: undefined });
  const today = todayIn(rules.timeZone, deps.now());
  const days = rules.horizon_days === null ? DEFAULT_PULL_DAYS : rules.horizon_days + 2;
  return {
    from: zonedInstant(addDays(today, -1), "00:00", rules.timeZone),
    to: zonedInstant(addDays(today, days), "00:00", rules.timeZone),
    timeZone: rules.timeZone,
  };
}

/** Notes a failure on the connection, for the back office (shortened). */
export async function recordSyncError(deps: CalendarSyncDeps, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await deps.db.calendarConnection.updateMany({
    where: { id: CONNECTION_ID },
    data: { lastError: message.slice(0, ERROR_CHARS), lastErrorAt: deps.now() },
  });
}

/**
 * The busy ranges of a calendar in the pull window, sorted, at most MAX_BUSY_RANGES (throws CalDavError when the
 * calendar cannot be read).
 */
export async function readBusyRanges(
  deps: CalendarSyncDeps,
  account: CalDavAccount,
  signal?: AbortSignal,
): Promise<BusyRange[]> {
  const window = await pullWindow(deps);
  const texts = await fetchEventTexts(account, window, davOptions(deps, signal));
  const ranges = texts.flatMap((text) => {
    try {
      return busyRangesOf(text, window, window.timeZone);
    } catch {
      return []; // one unreadable object does not hide the others
    }
  });
  ranges.sort((a, b) => a.start.getTime() - b.start.getTime());
  return ranges.slice(0, MAX_BUSY_RANGES);
}

/** Replaces the stored busy time with a pull's (in the caller's transaction). */
export async function storeBusyRanges(tx: Tx, ranges: readonly BusyRange[]): Promise<void> {
  await tx.calendarBusy.deleteMany({});
  if (ranges.length > 0) await tx.calendarBusy.createMany({ data: [...ranges] });
}

export type PullResult = { ok: true; busy: number } | { ok: false; error: string };

/**
 * Reads the connected calendar's busy time and stores it (replacing the last pull's). A failure is noted on the
 * connection and answered, never thrown: the stored ranges stay as they were (an unreachable calendar does not
 * suddenly free every busy time), and the next pull tries again.
 */
export async function pullBusyTime(deps: CalendarSyncDeps, signal?: AbortSignal): Promise<PullResult> {
  const connection = await deps.db.calendarConnection.findUnique({ where: { id: CONNECTION_ID } });
  if (!connection) return { ok: false, error: "not connected" };
  let ranges: BusyRange[];
  try {
    ranges = await readBusyRanges(deps, accountOf(deps, connection), signal);
  } catch (error) {
    if (!(error instanceof CalDavError)) throw error;
    await recordSyncError(deps, error);
    deps.cache.invalidate("calendar");
    return { ok: false, error: error.message };
  }
  await deps.db.$transaction(async (tx) => {
    // Still the same connection (not disconnected or replaced while the calendar answered).
    const still = await tx.calendarConnection.updateMany({
      where: { id: CONNECTION_ID, connectedAt: connection.connectedAt },
      data: { lastSyncedAt: deps.now(), lastError: null, lastErrorAt: null, busyCount: ranges.length },
    });
    if (still.count === 1) await storeBusyRanges(tx, ranges);
  });
  deps.cache.invalidate("calendar");
  return { ok: true, busy: ranges.length };
}
