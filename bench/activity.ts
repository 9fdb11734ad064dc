import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase, type Db, type DbProvider, migrate } from "@studio/db";
import { AUDIT_ENTITIES } from "@studio/validators";
import { measurePages, type PageCase } from "./pages";
import { startBenchServer, stop, withTempPostgres } from "./process";

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 10;
const TARGET_P99_MS = 50;
/** Rows per INSERT statement and statements per transaction. */
const ROWS_PER_INSERT = 1_000;
const INSERTS_PER_TX = 20;
/** Admins behind the seeded entries (ids 1000+, so the bench owner, id 1, has none of them). */
const ACTORS = 20;
/** The seeded entries span two years, oldest first. */
const SPAN_MS = 2 * 365 * 86_400_000;
const START = Date.UTC(2024, 0, 1);

const log = (message: string) => process.stdout.write(`${message}\n`);

/**
 * How the entries are spread: entity i gets a share falling with i (bookings most, closures rarely), actor a
 * gets a share falling with a, so filters range from "most rows" to "a few hundred".
 */
function entryAt(i: number) {
  const entity =
    AUDIT_ENTITIES[
      Math.min(AUDIT_ENTITIES.length - 1, Math.floor(-Math.log2(((i * 7919) % 1000) / 1000 + 0.0005)))
    ] ?? "booking";
  const actor = 1000 + Math.min(ACTORS - 1, Math.floor(-Math.log2(((i * 104729) % 997) / 997 + 0.0005)));
  const createdAt = new Date(START + Math.floor((i / ROWS) * SPAN_MS)).toISOString();
  return { entity, actor, createdAt, entityId: String((i % 50_000) + 1) };
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

async function seed(db: Db, provider: DbProvider): Promise<number> {
  const t0 = performance.now();
  const json = (v: object) =>
    provider === "postgresql" ? `${literal(JSON.stringify(v))}::jsonb` : literal(JSON.stringify(v));
  const timestamp = (iso: string) =>
    // The text Prisma's SQLite adapter writes for a DateTime.
    provider === "postgresql" ? `${literal(iso)}::timestamp` : literal(iso.replace("Z", "+00:00"));
  let i = 0;
  while (i < ROWS) {
    const statements: string[] = [];
    for (let s = 0; s < INSERTS_PER_TX && i < ROWS; s++) {
      const values: string[] = [];
      for (let r = 0; r < ROWS_PER_INSERT && i < ROWS; r++, i++) {
        const e = entryAt(i);
        const before = { id: Number(e.entityId), status: "pending", name: `Client ${i % 977}` };
        const after = { ...before, status: "confirmed" };
        values.push(
          `(${timestamp(e.createdAt)}, ${e.actor}, ${literal(`Admin ${e.actor - 999}`)}, ${literal(e.entity)}, ${literal(e.entityId)}, 'status_changed', ${json(before)}, ${json(after)})`,
        );
      }
      statements.push(
        `INSERT INTO "AuditEntry" ("createdAt", "actorId", "actorName", "entity", "entityId", "action", "before", "after") VALUES ${values.join(",")}`,
      );
    }
    await db.$transaction(
      async (tx) => {
        for (const sql of statements) await tx.$executeRawUnsafe(sql);
      },
      { maxWait: 60_000, timeout: 300_000 },
    );
  }
  await db.$executeRawUnsafe(provider === "postgresql" ? "VACUUM ANALYZE" : "ANALYZE");
  return performance.now() - t0;
}

/** Cursors and filters picked from the seeded data, so each page has rows to show. */
async function cases(db: Db): Promise<PageCase[]> {
  const [{ max } = { max: 0 }] = await db.$queryRawUnsafe<{ max: number }[]>(
    `SELECT MAX("id") AS "max" FROM "AuditEntry"`,
  );
  const top = Number(max);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const mid = START + SPAN_MS / 2;
  const [{ rare } = { rare: 1000 }] = await db.$queryRawUnsafe<{ rare: number }[]>(
    `SELECT "actorId" AS "rare" FROM "AuditEntry" GROUP BY "actorId" ORDER BY COUNT(*) ASC LIMIT 1`,
  );
  const rareActor = Number(rare);
  return [
    { name: "first page", input: { limit: 30 } },
    { name: "keyset page at 10% depth", input: { limit: 30, cursor: Math.floor(top * 0.9) } },
    { name: "keyset page at 50% depth", input: { limit: 30, cursor: Math.floor(top * 0.5) } },
    { name: "keyset page at the end (cursor 100)", input: { limit: 30, cursor: 100 } },
    { name: "one admin (most entries)", input: { limit: 30, actorId: 1000 } },
    { name: "one admin (fewest entries)", input: { limit: 30, actorId: rareActor } },
    { name: "one admin, 50% depth", input: { limit: 30, actorId: 1000, cursor: Math.floor(top * 0.5) } },
    { name: "kind: bookings", input: { limit: 30, entity: "booking" } },
    { name: "kind: closures (rarest)", input: { limit: 30, entity: "closure" } },
    {
      name: "kind: invite codes, 50% depth",
      input: { limit: 30, entity: "invite", cursor: Math.floor(top * 0.5) },
    },
    { name: "one week, a year ago", input: { limit: 30, from: day(mid), to: day(mid + 6 * 86_400_000) } },
    {
      name: "one day, two years ago",
      input: { limit: 30, from: day(START + 86_400_000), to: day(START + 86_400_000) },
    },
    { name: "since a year ago", input: { limit: 30, from: day(mid) } },
    { name: "rarest admin + rarest kind", input: { limit: 30, actorId: rareActor, entity: "closure" } },
    {
      name: "busiest admin + kind + one month",
      input: { limit: 30, actorId: 1000, entity: "service", from: day(mid), to: day(mid + 30 * 86_400_000) },
    },
    { name: "nothing matches (bench owner's own)", input: { limit: 30, actorId: 1 } },
  ];
}

async function ownerToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Bench Owner", email: "bench@studio.test", password: "bench-password" }),
  });
  const body = (await res.json()) as { token?: string; message?: string };
  if (!body.token) throw new Error(`could not register the bench owner: ${body.message}`);
  return body.token;
}

async function run(label: string, url: string): Promise<void> {
  log(`\n[${label}] seeding ${ROWS.toLocaleString("en-US")} audit entries`);
  await migrate(url);
  const database = await createDatabase(url);
  let list: PageCase[];
  try {
    const ms = await seed(database.prisma, database.provider);
    log(
      `  seeded in ${(ms / 1000).toFixed(1)} s (${Math.round(ROWS / (ms / 1000)).toLocaleString("en-US")} rows/s)`,
    );
    list = await cases(database.prisma);
  } finally {
    await database.close();
  }

  const uploadDir = mkdtempSync(path.join(os.tmpdir(), "studio-bench-activity-"));
  const { server, base } = await startBenchServer(url, uploadDir);
  try {
    const headers = { Authorization: `Bearer ${await ownerToken(base)}` };
    log(
      `[${label}] GET /trpc/admins.activity, ${CONNECTIONS} connections, ${DURATION} s each (target p99 < ${TARGET_P99_MS} ms)`,
    );
    await measurePages({
      base,
      procedure: "admins.activity",
      headers,
      cases: list,
      serverPid: server.pid ?? 0,
      connections: CONNECTIONS,
      seconds: DURATION,
      targetP99Ms: TARGET_P99_MS,
    });
  } finally {
    await stop(server);
    rmSync(uploadDir, { recursive: true, force: true });
  }
}

async function main() {
  log(`Activity list benchmark: ${os.cpus().length} CPUs, Node ${process.version}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "studio-bench-activity-db-"));
  try {
    if (process.env.BENCH_SQLITE !== "0") await run("SQLite", `file:${path.join(dir, "activity.db")}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) await withTempPostgres(pgUrl, "studio_bench_activity", (url) => run("PostgreSQL", url));
  else log("\n(PostgreSQL skipped: set BENCH_DATABASE_URL=postgresql://… to run it too)");
  log("\nFigures are printed, never asserted.");
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
