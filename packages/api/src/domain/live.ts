/**
 * Back-office live events, read from the LiveEvent table that database triggers fill on every write to bookings
 * and contact messages. A stream keeps the id of the last event it sent, so it resumes exactly where it stopped,
 * on any instance.
 */
import type { Db, DbProvider } from "@studio/db";

export const LIVE_EVENT_TYPES = [
  "booking.created",
  "booking.updated",
  "booking.deleted",
  "contact.created",
  // A gallery file's processing (domain/media/process.ts): entityId is the MediaAsset's id, status the
  // percentage done ("media.progress"), or the reason ("media.failed").
  "media.progress",
  "media.ready",
  "media.failed",
  "gallery.selection",
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];
export type LiveEvent = { id: number; type: LiveEventType; entityId: number; status: string | null };

/** Events kept for streams to resume from. */
export const LIVE_EVENT_RETENTION_HOURS = 24;

export async function latestLiveEventId(db: Db): Promise<number> {
  const row = await db.liveEvent.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
  return row?.id ?? 0;
}

/** A stored event row, of any type (rows of an unknown type still hold their place in the id sequence). */
type LiveRow = { id: number; type: string; entityId: number; status: string | null };

const isLiveEvent = (row: LiveRow): row is LiveEvent =>
  (LIVE_EVENT_TYPES as readonly string[]).includes(row.type);

async function liveRowsAfter(db: Db, afterId: number, limit: number, upTo?: number): Promise<LiveRow[]> {
  return db.liveEvent.findMany({
    where: { id: upTo === undefined ? { gt: afterId } : { gt: afterId, lte: upTo } },
    orderBy: { id: "asc" },
    take: limit,
    select: { id: true, type: true, entityId: true, status: true },
  });
}

/** The events after `afterId` up to `upTo` (inclusive), oldest first, however many there are. */
export async function liveEventsBetween(db: Db, afterId: number, upTo: number): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  let from = afterId;
  for (;;) {
    const rows = await liveRowsAfter(db, from, 1_000, upTo);
    events.push(...rows.filter(isLiveEvent));
    if (rows.length < 1_000) return events;
    from = rows[rows.length - 1]!.id;
  }
}

/** How long a missing id is waited for before it is taken for a rolled-back transaction and passed over. */
export const LIVE_GAP_GRACE_MS = 2_000;

/** How far back a starting reader looks for an id that may still be committed (beyond: rolled back for good). */
const START_LOOKBACK_MS = 10_000;

/**
 * Where a new reader starts so that it cannot skip an event committed after it started. The newest id is not
 * enough on PostgreSQL: a transaction can hold a lower id, uncommitted, while a higher one is already visible, and
 * a reader starting at the higher id would never see the lower one. So the reader starts just below the oldest id
 * missing among the events of the last few seconds: it then waits for that id (createLiveCursor's grace) and hands
 * on what follows, a few seconds' events at most that a stream opened at this moment may not have seen either. A
 * hole older than that was rolled back (or is a transaction far older than the cursor's grace, which it would pass
 * over anyway). SQLite has one writer, and its ids become visible in order: the newest id is the start.
 */
export async function liveStartPosition(db: Db, provider: DbProvider): Promise<number> {
  if (provider === "sqlite") return latestLiveEventId(db);
  const rows = await db.$queryRawUnsafe<{ id: number; recent: boolean }[]>(
    `SELECT id, "createdAt" > clock_timestamp()::timestamp - interval '${START_LOOKBACK_MS} milliseconds' AS recent
       FROM "LiveEvent" ORDER BY id DESC LIMIT 500`,
  );
  let start = rows[0]?.id ?? 0;
  for (let i = 1; i < rows.length; i++) {
    const above = rows[i - 1]!;
    if (!above.recent) break;
    if (rows[i]!.id < above.id - 1) start = rows[i]!.id;
  }
  return start;
}

/**
 * A reading position in the event sequence that never passes an event still being written. Ids are handed out
 * when a row is inserted, but transactions commit in any order, so id 7 can become visible after id 8. Reading
 * "everything after the last id seen" would then skip 7 for good. The cursor therefore takes events only up to
 * the first missing id, and passes over a missing id only once it has stayed missing for LIVE_GAP_GRACE_MS
 * (its transaction rolled back: ids are never reused).
 */
export function createLiveCursor(db: Db, start: number, now: () => number = Date.now) {
  let position = start;
  let gapSince: number | null = null;
  return {
    position: () => position,
    /** The events that may be handed on now, oldest first; the position moves past them. */
    async next(): Promise<LiveEvent[]> {
      const taken: LiveEvent[] = [];
      for (;;) {
        const rows = await liveRowsAfter(db, position, 200);
        let moved = 0;
        for (const row of rows) {
          if (row.id !== position + 1) {
            gapSince ??= now();
            if (now() - gapSince < LIVE_GAP_GRACE_MS) return taken;
          }
          gapSince = null;
          position = row.id;
          moved++;
          if (isLiveEvent(row)) taken.push(row);
        }
        if (moved < 200) return taken;
      }
    },
  };
}

export type LiveCursor = ReturnType<typeof createLiveCursor>;

/** Deletes events older than the retention (the triggers write the time in the database's own clock). */
export async function pruneLiveEvents(db: Db, provider: DbProvider): Promise<number> {
  return provider === "postgresql"
    ? db.$executeRawUnsafe(
        `DELETE FROM "LiveEvent" WHERE "createdAt" < now() - interval '${LIVE_EVENT_RETENTION_HOURS} hours'`,
      )
    : db.$executeRawUnsafe(
        `DELETE FROM "LiveEvent" WHERE "createdAt" < datetime('now', '-${LIVE_EVENT_RETENTION_HOURS} hours')`,
      );
}
