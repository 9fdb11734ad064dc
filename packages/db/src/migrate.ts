/**
 * Applies prisma/migrations/<provider>/* in order and records them in Prisma's own `_prisma_migrations`
 * table (same columns and checksums, so `prisma migrate status` agrees). It runs in-process in
 * milliseconds, needs no schema engine, and holds a lock so that several instances starting at once
 * apply each migration exactly once.
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type DbProvider, detectProvider, REPO_ROOT, sqlitePath } from "./provider";

type Migration = { name: string; sql: string; checksum: string };

export type MigrateResult = { provider: DbProvider; applied: string[] };

const MIGRATIONS_TABLE_SQL: Record<DbProvider, string> = {
  sqlite: `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
    "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
    "started_at" DATETIME NOT NULL DEFAULT current_timestamp, "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`,
  postgresql: `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`,
};

/** An arbitrary constant key for pg_advisory_lock, shared by every instance of this product. */
const PG_MIGRATION_LOCK = 727_073_690;

export function listMigrations(provider: DbProvider): Migration[] {
  const dir = path.join(REPO_ROOT, "prisma", "migrations", provider);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export async function migrate(url: string): Promise<MigrateResult> {
  const provider = detectProvider(url);
  const migrations = listMigrations(provider);
  const applied =
    provider === "sqlite" ? await migrateSqlite(url, migrations) : await migratePostgres(url, migrations);
  return { provider, applied };
}

async function migrateSqlite(url: string, migrations: Migration[]): Promise<string[]> {
  const { default: BetterSqlite3 } = await import("better-sqlite3");
  const { mkdirSync } = await import("node:fs");
  const file = sqlitePath(url);
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new BetterSqlite3(file);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("busy_timeout = 10000");
    db.exec(MIGRATIONS_TABLE_SQL.sqlite);
    const done: string[] = [];
    const run = db.transaction(() => {
      const existing = new Set(
        (
          db
            .prepare(
              `SELECT migration_name FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL`,
            )
            .all() as { migration_name: string }[]
        ).map((r) => r.migration_name),
      );
      for (const m of migrations) {
        if (existing.has(m.name)) continue;
        db.exec(m.sql);
        db.prepare(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES (?, ?, current_timestamp, ?, 1)`,
        ).run(randomUUID(), m.checksum, m.name);
        done.push(m.name);
      }
    });
    run.immediate();
    return done;
  } finally {
    db.close();
  }
}

async function migratePostgres(url: string, migrations: Migration[]): Promise<string[]> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PG_MIGRATION_LOCK]);
    await client.query(MIGRATIONS_TABLE_SQL.postgresql);
    const { rows } = await client.query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL`,
    );
    const existing = new Set(rows.map((r) => r.migration_name));
    const done: string[] = [];
    for (const m of migrations) {
      if (existing.has(m.name)) continue;
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), m.checksum, m.name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(error as Error).message}`);
      }
      done.push(m.name);
    }
    return done;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PG_MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
