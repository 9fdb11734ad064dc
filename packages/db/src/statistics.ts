/**
 * PostgreSQL plans every query from its tables' statistics, which autovacuum refreshes as the tables change. Where
 * autovacuum is off (as on this project's test machines, where it was found), a table that grew from empty keeps
 * the statistics of an empty table, and plans chosen for a few rows read far more than they need: a booking's read
 * of the holds of its units, planned for an empty `ResourceHold`, used the index for the resource only and read
 * every hold of the crew (3.7 ms at 11,000 holds, growing with the table; 0.09 ms once analyzed).
 *
 * So every instance looks now and then at how much each of the schema's tables changed since it was last analyzed,
 * and analyzes those past autovacuum's own threshold (`autovacuum_analyze_threshold` rows plus
 * `autovacuum_analyze_scale_factor` of the table), one instance at a time. Where autovacuum runs, whichever comes
 * first analyzes a table and the other finds nothing left to do. SQLite has no keeper: its planner uses statistics
 * only where `ANALYZE` has run, which the server never does there.
 */
import type { Database } from "./client";
import type { Db } from "./db";

/**
 * How often an instance looks: one read of the statistics view, a few milliseconds. A table that grows from
 * empty under load changes its best plan within seconds (autovacuum's own nap is a minute), and a table is analyzed
 * again only once another tenth of it has changed, so the analyses thin out as the tables grow.
 */
export const STATISTICS_INTERVAL_MS = 5_000;
/** Held by the instance that is analyzing, for its transaction (pg_try_advisory_xact_lock). */
export const ANALYZE_LOCK = 727_073_692;

const STALE_TABLES = `SELECT format('%I.%I', "schemaname", "relname") AS "name"
  FROM pg_stat_user_tables
  WHERE "schemaname" = current_schema()
    AND "n_mod_since_analyze" > current_setting('autovacuum_analyze_threshold')::float8
      + current_setting('autovacuum_analyze_scale_factor')::float8 * GREATEST("n_live_tup", 0)
  ORDER BY "relname"`;

/** The schema's tables past the threshold, named as `ANALYZE` takes them. */
function staleTables(db: Pick<Db, "$queryRawUnsafe">): Promise<{ name: string }[]> {
  return db.$queryRawUnsafe<{ name: string }[]>(STALE_TABLES);
}

/**
 * Analyzes the tables that changed past autovacuum's threshold since their last analysis; their names, or none
 * while another instance is at it. A round with nothing to do is the one read.
 */
export async function analyzeStaleTables(db: Db): Promise<string[]> {
  if ((await staleTables(db)).length === 0) return [];
  return db.$transaction(
    async (tx) => {
      const [lock] = await tx.$queryRawUnsafe<{ locked: boolean }[]>(
        `SELECT pg_try_advisory_xact_lock(${ANALYZE_LOCK}) AS "locked"`,
      );
      if (!lock?.locked) return [];
      // Read again under the lock: an instance that just finished has analyzed them.
      const stale = await staleTables(tx);
      for (const { name } of stale) await tx.$executeRawUnsafe(`ANALYZE ${name}`);
      return stale.map((table) => table.name);
    },
    // A table of 1,000,000 rows takes about 80 ms (a sample of 30,000 rows); several large ones, longer.
    { timeout: 120_000, maxWait: 10_000 },
  );
}

type Logger = {
  info: (message: string, fields?: Record<string, unknown>) => void;
  warn: (message: string, fields?: Record<string, unknown>) => void;
};

/**
 * On PostgreSQL, looks every `intervalMs` while the process runs (the timer keeps no process alive) and returns
 * the stop; on SQLite, null: nothing to keep.
 */
export function startStatisticsKeeper(
  database: Pick<Database, "prisma" | "provider">,
  options: { intervalMs?: number; logger?: Logger } = {},
): (() => void) | null {
  if (database.provider !== "postgresql") return null;
  const db = database.prisma;
  let running = false;
  // Logged once per change, as the event bus's health: a database outage is not a warning every round.
  let failing = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    analyzeStaleTables(db)
      .then(() => {
        if (failing) options.logger?.info("analyzing the tables' statistics works again");
        failing = false;
      })
      .catch((error: unknown) => {
        if (!failing)
          options.logger?.warn("analyzing the tables' statistics failed; trying again every round", {
            error: error instanceof Error ? error.message : String(error),
          });
        failing = true;
      })
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? STATISTICS_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
