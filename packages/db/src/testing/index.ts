/**
 * A fresh, migrated database per test file: a copy of a migrated SQLite template file, or a PostgreSQL
 * database cloned from a migrated template when TEST_DATABASE_URL is a postgres URL.
 */
import { createHash, randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase, type Database } from "../client";
import { listMigrations, migrate } from "../migrate";
import { detectProvider } from "../provider";

export type TestDatabase = Database & { url: string; drop: () => Promise<void> };

function migrationsFingerprint(provider: "sqlite" | "postgresql"): string {
  const hash = createHash("sha256");
  for (const m of listMigrations(provider)) hash.update(m.name).update(m.checksum);
  return hash.digest("hex").slice(0, 12);
}

export function testDatabaseProvider(): "sqlite" | "postgresql" {
  const url = process.env.TEST_DATABASE_URL;
  return url ? detectProvider(url) : "sqlite";
}

/** The suite's database (TEST_DATABASE_URL's provider), or SQLite whatever it is, for SQLite's own machinery. */
export async function createTestDatabase(options: { provider?: "sqlite" } = {}): Promise<TestDatabase> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  return options.provider !== "sqlite" && pgUrl && detectProvider(pgUrl) === "postgresql"
    ? createPostgresTestDatabase(pgUrl)
    : createSqliteTestDatabase();
}

async function createSqliteTestDatabase(): Promise<TestDatabase> {
  const dir = path.join(os.tmpdir(), "studio-tests");
  mkdirSync(dir, { recursive: true });
  const template = path.join(dir, `template-${migrationsFingerprint("sqlite")}.db`);
  if (!existsSync(template)) {
    const building = `${template}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await migrate(`file:${building}`);
    // Fold the WAL into the main file so a plain copy is complete.
    const { default: BetterSqlite3 } = await import("better-sqlite3");
    const db = new BetterSqlite3(building);
    db.pragma("wal_checkpoint(TRUNCATE)");
    db.pragma("journal_mode = DELETE");
    db.close();
    renameSync(building, template);
  }
  const file = path.join(dir, `db-${process.pid}-${randomBytes(6).toString("hex")}.db`);
  copyFileSync(template, file);
  const url = `file:${file}`;
  const database = await createDatabase(url);
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
    },
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function createPostgresTestDatabase(baseUrl: string): Promise<TestDatabase> {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: withDatabase(baseUrl, "postgres") });
  await admin.connect();
  // Names start with the base database's name, so a CI run can drop everything it made by prefix.
  const prefix = new URL(baseUrl).pathname.slice(1).replace(/\W/g, "_").slice(0, 30) || "studio";
  const template = `${prefix}_tpl_${migrationsFingerprint("postgresql")}`;
  const name = `${prefix}_t_${process.pid}_${randomBytes(5).toString("hex")}`;
  try {
    // One lock for template creation and cloning: PostgreSQL refuses to copy a template in use.
    await admin.query("SELECT pg_advisory_lock(727073691)");
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [template]);
    if (exists.rowCount === 0) {
      const building = `${template}_b${randomBytes(3).toString("hex")}`;
      await admin.query(`CREATE DATABASE "${building}"`);
      await migrate(withDatabase(baseUrl, building));
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
    }
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.query("SELECT pg_advisory_unlock(727073691)").catch(() => undefined);
    await admin.end();
  }
  const url = withDatabase(baseUrl, name);
  const database = await createDatabase(url, { poolSize: 5 });
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: withDatabase(baseUrl, "postgres") });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
