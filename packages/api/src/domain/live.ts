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
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];
export type LiveEvent = { id: number; type: LiveEventType; entityId: number; status: string | null };

/** Events kept for streams to resume from. */
export const LIVE_EVENT_RETENTION_HOURS = 24;

export async function latestLiveEventId(db: Db): Promise<number> {
  const row = await db.liveEvent.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
  return row?.id ?? 0;
}

/** The events after `afterId`, oldest first. */
export async function liveEventsAfter(db: Db, afterId: number, limit = 200): Promise<LiveEvent[]> {
  const rows = await db.liveEvent.findMany({
    where: { id: { gt: afterId } },
    orderBy: { id: "asc" },
    take: limit,
    select: { id: true, type: true, entityId: true, status: true },
  });
  return rows.filter((r): r is LiveEvent => (LIVE_EVENT_TYPES as readonly string[]).includes(r.type));
}

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
