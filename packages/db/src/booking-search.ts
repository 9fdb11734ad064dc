/**
 * SQLite's search index (the FTS5 table "BookingSearch") takes new bookings in batches (ADR 025, migration
 * booking_search_in_batches): FTS5 writes a segment for every transaction that adds to it and merges them as they
 * pile up, which was half of SQLite's part of a new booking when each booking's transaction added its own.
 * "BookingSearchMark" holds the last booking id the index holds. The write that leaves a backlog of
 * BOOKING_SEARCH_BATCH bookings adds them all, and a search first adds whatever waits, so a search finds every
 * booking committed before it. PostgreSQL's trigram indexes are ordinary indexes: nothing waits there.
 */
import type { Db } from "./db";
import { directAccess, type SqliteTransaction } from "./direct";

/** Bookings above the mark that the write leaving this many behind adds to the index. */
export const BOOKING_SEARCH_BATCH = 256;

const MARK = `SELECT "indexedUpTo" AS "mark" FROM "BookingSearchMark" WHERE "id" = 1`;
const NEWEST = `SELECT COALESCE(MAX("id"), 0) AS "newest" FROM "Booking"`;
const WAITING = `SELECT (${NEWEST}) AS "newest", (${MARK}) AS "mark"`;
const ADD_ABOVE = `INSERT INTO "BookingSearch" ("rowid", "name", "email", "phone")
  SELECT "id", "name", "email", "phone" FROM "Booking" WHERE "id" > ? AND "id" <= ? ORDER BY "id"`;
const MOVE_MARK = `UPDATE "BookingSearchMark" SET "indexedUpTo" = ? WHERE "id" = 1`;

/**
 * In the caller's transaction: adds the bookings above the mark to the index when `newest` (the last booking id
 * written) leaves at least `atLeast` of them, and moves the mark. Answers how many it added.
 */
export function indexWaitingBookings(sql: SqliteTransaction, newest: number, atLeast = 1): number {
  const mark = sql.get<{ mark: number }>(MARK, [])?.mark ?? 0;
  if (newest - mark < atLeast) return 0;
  const added = sql.run(ADD_ABOVE, [mark, newest]);
  sql.run(MOVE_MARK, [newest]);
  return added;
}

/**
 * Before a search on SQLite: the bookings that wait are added, in a transaction of their own (one read when none
 * waits). Nothing on PostgreSQL.
 */
export async function catchUpBookingSearch(db: Db): Promise<void> {
  const access = directAccess(db);
  if (access.provider !== "sqlite") return;
  const [waiting] = await access.all<{ newest: number; mark: number }>(WAITING, []);
  if (!waiting || waiting.newest <= waiting.mark) return;
  await access.transaction((sql) => {
    // Read again inside the transaction: bookings written meanwhile wait too.
    const newest = sql.get<{ newest: number }>(NEWEST, [])?.newest ?? 0;
    indexWaitingBookings(sql, newest);
  });
}

/** After a bulk 'rebuild' of the index from every booking (the bench's seed): the index holds them all. */
export const MARK_ALL_INDEXED = `UPDATE "BookingSearchMark" SET "indexedUpTo" = (${NEWEST}) WHERE "id" = 1`;
