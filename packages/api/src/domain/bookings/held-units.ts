/**
 * The held units a month view or a day's starts are judged on: per resource, its (unit, seats held) pairs over a
 * range of days, counted by the database (plain SQL, ADR 011). With a threshold per resource, only the units held
 * beyond it (the full ones) come back, so a month of a busy studio reads a few rows instead of thousands.
 *
 * On PostgreSQL the reads that arrive together (in one turn of the event loop) go as one named statement, each
 * read's ranges as rows of one JSON parameter, or two when there are several, so that two backends count them: a
 * burst of month views pays two round trips, not one each (ADR 022). SQLite reads in-process, a statement a read.
 */
import { type Db, directAccess, directRead, type PgQuery, perTurnBatcher, type SqlValue } from "@studio/db";
import { addDays } from "@studio/validators";
import { marks } from "./holds";

/** One resource asked about: its key, and the seats it may have held in a unit before the unit counts (−1: all). */
export type HeldAsk = { resource: string; over: number };
export type HeldUnitsQuery = {
  asks: readonly HeldAsk[];
  /** The first and last day read (inclusive). */
  first: string;
  last: string;
  /** The studio rescheduling that booking: its holds do not count. */
  excludeBookingId?: number;
};
/** Per resource, its held units as "YYYY-MM-DD HH:MM=n" joined by commas. */
export type HeldUnitsRow = { resource: string; units: string };

const heldUnitText = `"unit" || '=' || "n"`;

/**
 * A month view wants only the full units of a resource (its threshold `over` is 1 or more). A unit's holds take
 * distinct seats numbered from 1 (holds.ts), so a unit held more than `over` times holds a seat above `over`, and
 * so above 1. Those seats (2 and up) have an index of their own (migration resource_hold_shared_seats), small as
 * only overlapping sessions take them: the read finds its candidate units there and counts each one's holds,
 * instead of counting every held unit of the range.
 */
const SHARED_SEAT = `"seat" > 1`;

/** The units a query reads, as keys compare: from its first day's midnight to the midnight after its last. */
const unitRange = ({ first, last }: HeldUnitsQuery) => ({
  from: `${first} 00:00`,
  to: `${addDays(last, 1)} 00:00`,
});

export function readHeldUnits(db: Db, query: HeldUnitsQuery): Promise<HeldUnitsRow[]> {
  if (query.asks.length === 0) return Promise.resolve([]);
  const access = directAccess(db);
  // A rescheduling's read (rare, admin only) names its booking: it keeps a statement of its own.
  if (access.provider === "postgresql" && query.excludeBookingId === undefined)
    return postgresHeldReader(db, access.query)(query);
  return readOne(db, access.provider === "postgresql", query);
}

function readOne(db: Db, postgres: boolean, query: HeldUnitsQuery): Promise<HeldUnitsRow[]> {
  const { excludeBookingId } = query;
  const { from, to } = unitRange(query);
  const everyUnit = query.asks.filter((ask) => ask.over < 1);
  const fullUnits = query.asks.filter((ask) => ask.over >= 1);
  const excluded = excludeBookingId === undefined ? [] : [excludeBookingId];
  const notExcluded = (bookingId: string) => (excluded.length ? ` AND ${bookingId} <> ?` : "");
  const overOf = (resource: string) =>
    `CASE ${resource} ${fullUnits.map(() => "WHEN ? THEN CAST(? AS INTEGER)").join(" ")} END`;
  const overs = fullUnits.flatMap((ask) => [ask.resource, ask.over]);
  const branches: { text: string; params: SqlValue[] }[] = [];
  // A threshold below 1 keeps every held unit, each with its count.
  if (everyUnit.length)
    branches.push({
      text: `SELECT "resource", "unit", COUNT(*) AS "n" FROM "ResourceHold" WHERE "resource" IN (${marks(everyUnit)}) AND "unit" >= ? AND "unit" < ?${notExcluded(`"bookingId"`)} GROUP BY "resource", "unit"`,
      params: [...everyUnit.map((ask) => ask.resource), from, to, ...excluded],
    });
  if (fullUnits.length)
    branches.push({
      text: `SELECT c."resource", c."unit", COUNT(*) AS "n" FROM (SELECT DISTINCT "resource", "unit" FROM "ResourceHold" WHERE "resource" IN (${marks(fullUnits)}) AND "unit" >= ? AND "unit" < ? AND ${SHARED_SEAT} AND "seat" > ${overOf(`"resource"`)}${notExcluded(`"bookingId"`)}) AS c JOIN "ResourceHold" a ON a."resource" = c."resource" AND a."unit" = c."unit"${notExcluded(`a."bookingId"`)} GROUP BY c."resource", c."unit" HAVING COUNT(*) > ${overOf(`c."resource"`)}`,
      params: [
        ...fullUnits.map((ask) => ask.resource),
        from,
        to,
        ...overs,
        ...excluded,
        ...excluded,
        ...overs,
      ],
    });
  const unitList = postgres ? `string_agg(${heldUnitText}, ',')` : `group_concat(${heldUnitText})`;
  return directRead<HeldUnitsRow>(
    db,
    `SELECT "resource", ${unitList} AS "units" FROM (${branches.map((branch) => branch.text).join(" UNION ALL ")}) AS "held" GROUP BY "resource"`,
    branches.flatMap((branch) => branch.params),
  );
}

/**
 * Every read of a batch as rows (its index, a resource, the range, the threshold); each row's units come from an
 * index-only scan of its own (the lateral subquery): every unit, counted, when the threshold is below 1, else only
 * the units that hold a seat above it (`SHARED_SEAT`), so one statement serves any mix of services and months.
 */
const PG_HELD_UNITS = `SELECT r."i", h."resource", string_agg(${heldUnitText}, ',') AS "units"
 FROM jsonb_to_recordset($1::jsonb) AS r("i" INTEGER, "resource" TEXT, "from" TEXT, "to" TEXT, "over" INTEGER)
 CROSS JOIN LATERAL (
   SELECT "resource", "unit", COUNT(*) AS "n" FROM "ResourceHold"
   WHERE r."over" < 1 AND "resource" = r."resource" AND "unit" >= r."from" AND "unit" < r."to"
   GROUP BY "resource", "unit"
   UNION ALL
   SELECT c."resource", c."unit", k."n"
   FROM (SELECT DISTINCT "resource", "unit" FROM "ResourceHold"
     WHERE r."over" >= 1 AND "resource" = r."resource" AND "unit" >= r."from" AND "unit" < r."to"
       AND ${SHARED_SEAT} AND "seat" > r."over") AS c
   CROSS JOIN LATERAL (SELECT COUNT(*) AS "n" FROM "ResourceHold" a
     WHERE a."resource" = c."resource" AND a."unit" = c."unit") AS k
 ) AS h
 WHERE h."n" > r."over"
 GROUP BY r."i", h."resource"`;

/**
 * A turn's reads go as this many statements at most, each on a connection of its own: one statement runs on one
 * PostgreSQL backend, one core, so a burst sent as one waited for every read in it one after the other.
 */
const PARALLEL_STATEMENTS = 2;

const heldReaders = new WeakMap<Db, (query: HeldUnitsQuery) => Promise<HeldUnitsRow[]>>();

function postgresHeldReader(db: Db, query: PgQuery) {
  let read = heldReaders.get(db);
  if (read) return read;
  read = perTurnBatcher(async (batch: readonly HeldUnitsQuery[]) => {
    const ranges = batch.flatMap((asked, i) =>
      asked.asks.map((ask) => ({ i, resource: ask.resource, ...unitRange(asked), over: ask.over })),
    );
    const rows = await query<HeldUnitsRow & { i: number }>(
      PG_HELD_UNITS,
      [JSON.stringify(ranges)],
      "held-units",
    );
    const answers = batch.map((): HeldUnitsRow[] => []);
    for (const { i, resource, units } of rows) answers[i]?.push({ resource, units });
    return answers;
  }, PARALLEL_STATEMENTS);
  heldReaders.set(db, read);
  return read;
}
