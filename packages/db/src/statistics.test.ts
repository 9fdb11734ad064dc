/**
 * The tables' statistics (statistics.ts): on PostgreSQL a table that changed past autovacuum's threshold is
 * analyzed, and a query planned on it then uses its index as the table's size asks; on SQLite there is no keeper.
 */
import { createTestDatabase, testDatabaseProvider } from "@studio/db/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { observeQueries } from "./query-timing";
import { ANALYZE_LOCK, analyzeStaleTables, startStatisticsKeeper } from "./statistics";
import type { TestDatabase } from "./testing";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

type TableStats = { changed: number; analyzed: boolean };

/** `count` contact messages, in one statement. */
async function addMessages(name: string, count: number): Promise<void> {
  await db.prisma.$executeRawUnsafe(
    `INSERT INTO "ContactMessage" ("name", "email", "subject", "message", "createdAt")
     SELECT $1 || ' ' || n, lower($1) || n || '@example.test', 's', 'm', now() FROM generate_series(1, $2::int) AS n`,
    name,
    count,
  );
}

async function statsOf(table: string): Promise<TableStats> {
  const [row] = await db.prisma.$queryRawUnsafe<{ changed: bigint; analyzed: boolean }[]>(
    `SELECT "n_mod_since_analyze" AS "changed", ("last_analyze" IS NOT NULL OR "last_autoanalyze" IS NOT NULL) AS "analyzed"
     FROM pg_stat_user_tables WHERE "relname" = $1`,
    table,
  );
  return { changed: Number(row?.changed ?? 0), analyzed: row?.analyzed ?? false };
}

const onPostgres = testDatabaseProvider() === "postgresql";

describe("the statistics keeper", () => {
  it(onPostgres ? "runs on PostgreSQL, and stops" : "has nothing to keep on SQLite", () => {
    const stop = startStatisticsKeeper(db, { intervalMs: 60_000 });
    if (onPostgres) {
      expect(stop).toBeTypeOf("function");
      stop?.();
    } else {
      expect(stop).toBeNull();
    }
  });
});

describe.each(onPostgres ? ["postgresql"] : [])("analyzing stale tables on %s", () => {
  it("analyzes a table grown past autovacuum's threshold, then finds nothing left to do", async () => {
    // Whatever the template left (analyzed at its migration or not), start from analyzed tables.
    await analyzeStaleTables(db.prisma);
    await addMessages("Stats", 500);
    // A backend reports its counts to the statistics views shortly after its transaction ends.
    await vi.waitFor(
      async () => expect((await statsOf("ContactMessage")).changed).toBeGreaterThanOrEqual(500),
      {
        timeout: 10_000,
        interval: 100,
      },
    );
    const analyzed = await analyzeStaleTables(db.prisma);
    expect(analyzed).toContain('public."ContactMessage"');
    await vi.waitFor(
      async () => expect(await statsOf("ContactMessage")).toEqual({ changed: 0, analyzed: true }),
      {
        timeout: 10_000,
        interval: 100,
      },
    );
    expect(await analyzeStaleTables(db.prisma)).not.toContain('public."ContactMessage"');
  });

  it("leaves a table changed below the threshold as it is", async () => {
    await analyzeStaleTables(db.prisma);
    await addMessages("Few", 1);
    await vi.waitFor(async () => expect((await statsOf("ContactMessage")).changed).toBe(1), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await analyzeStaleTables(db.prisma)).not.toContain('public."ContactMessage"');
    expect((await statsOf("ContactMessage")).changed).toBe(1);
  });

  it("analyzes on one instance at a time: another that looks meanwhile does nothing", async () => {
    const { Client } = (await import("pg")).default;
    const other = new Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query(`SELECT pg_advisory_xact_lock(${ANALYZE_LOCK})`);
      await addMessages("Held", 500);
      await vi.waitFor(
        async () => expect((await statsOf("ContactMessage")).changed).toBeGreaterThanOrEqual(500),
        { timeout: 10_000, interval: 100 },
      );
      expect(await analyzeStaleTables(db.prisma)).toEqual([]);
      await other.query("COMMIT");
      expect(await analyzeStaleTables(db.prisma)).toContain('public."ContactMessage"');
    } finally {
      await other.end();
    }
  });

  it("analyzes by itself while it runs", async () => {
    await analyzeStaleTables(db.prisma);
    await addMessages("Kept", 500);
    const stop = startStatisticsKeeper(db, { intervalMs: 100 });
    try {
      await vi.waitFor(async () => expect((await statsOf("ContactMessage")).changed).toBe(0), {
        timeout: 10_000,
        interval: 100,
      });
    } finally {
      stop?.();
    }
  });

  it("says once that its rounds fail, however many fail", async () => {
    const gone = await createTestDatabase();
    await gone.drop();
    const warnings: string[] = [];
    const logger = { info: () => {}, warn: (message: string) => warnings.push(message) };
    let statements = 0;
    observeQueries(() => statements++);
    const stop = startStatisticsKeeper(gone, { intervalMs: 50, logger });
    try {
      // Each round sends its read, which fails: several rounds, one warning.
      await vi.waitFor(() => expect(statements).toBeGreaterThanOrEqual(4), { timeout: 10_000, interval: 50 });
      expect(warnings).toEqual(["analyzing the tables' statistics failed; trying again every round"]);
    } finally {
      stop?.();
      observeQueries(null);
    }
  });
});
