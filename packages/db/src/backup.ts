/**
 * Consistent backups and restores of the product's database, safe to take while the server runs.
 *
 * - SQLite: SQLite's online backup API (better-sqlite3 `db.backup()`), which copies a snapshot page by page
 *   under a read transaction, so concurrent writers (WAL mode) neither block nor tear the copy. The copy is
 *   written to a temporary file, checked with `PRAGMA integrity_check`, then renamed into place.
 * - PostgreSQL: `pg_dump --format=custom` (one repeatable-read snapshot of the whole database) and
 *   `pg_restore --single-transaction`, so a failed restore changes nothing.
 *
 * Restores refuse to overwrite a database that already holds the product's tables unless `force` is set.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { type DbProvider, detectProvider, sqlitePath } from "./provider";

export type BackupResult = {
  provider: DbProvider;
  file: string;
  bytes: number;
  /** Rows per product table in the copy (a quick sanity check for operators). */
  rows: Record<string, number>;
};

export type RestoreResult = { provider: DbProvider; file: string; rows: Record<string, number> };

/** The tables whose row counts are reported; every model of the product. */
export const COUNTED_TABLES = [
  "AdminUser",
  "Service",
  "PortfolioItem",
  "Booking",
  "Feedback",
  "ContactMessage",
  "Upload",
] as const;

export class BackupError extends Error {
  override name = "BackupError";
}

const SQLITE_MAGIC = "SQLite format 3\u0000";
const PGDUMP_MAGIC = "PGDMP";

/** "sqlite" or "postgresql" from a backup file's first bytes; null when it is neither. */
export function backupFileProvider(file: string): DbProvider | null {
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(16);
    const n = readSync(fd, head, 0, 16, 0);
    const text = head.subarray(0, n).toString("latin1");
    if (text.startsWith(SQLITE_MAGIC)) return "sqlite";
    if (text.startsWith(PGDUMP_MAGIC)) return "postgresql";
    return null;
  } finally {
    closeSync(fd);
  }
}

/** Default file name: data/backups/studio-<provider>-<UTC timestamp>.<db|dump>. */
export function defaultBackupFile(root: string, provider: DbProvider, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return path.join(
    root,
    "data",
    "backups",
    `studio-${provider}-${stamp}.${provider === "sqlite" ? "db" : "dump"}`,
  );
}

export async function backupDatabase(
  url: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<BackupResult> {
  const provider = detectProvider(url);
  const target = path.resolve(file);
  if (existsSync(target) && !options.force) {
    throw new BackupError(`${target} already exists; choose another file or pass --force to overwrite it`);
  }
  mkdirSync(path.dirname(target), { recursive: true });
  const temp = `${target}.partial-${randomBytes(4).toString("hex")}`;
  try {
    const rows = provider === "sqlite" ? await backupSqlite(url, temp) : await backupPostgres(url, temp);
    renameSync(temp, target);
    return { provider, file: target, bytes: statSync(target).size, rows };
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export async function restoreDatabase(
  url: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const provider = detectProvider(url);
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`Backup file not found: ${source}`);
  const kind = backupFileProvider(source);
  if (!kind) throw new BackupError(`${source} is neither a SQLite database nor a pg_dump custom-format file`);
  if (kind !== provider) {
    throw new BackupError(
      `${source} is a ${kind} backup but DATABASE_URL points at ${provider}; restore it into a ${kind} database`,
    );
  }
  const rows =
    provider === "sqlite"
      ? await restoreSqlite(url, source, options)
      : await restorePostgres(url, source, options);
  return { provider, file: source, rows };
}

// ---------------------------------------------------------------------------------------------- SQLite

type SqliteDb = import("better-sqlite3").Database;

async function openSqlite(file: string, options: { mustExist: boolean }): Promise<SqliteDb> {
  const { default: BetterSqlite3 } = await import("better-sqlite3");
  const db = new BetterSqlite3(file, { fileMustExist: options.mustExist });
  db.pragma("busy_timeout = 10000");
  return db;
}

function sqliteRows(db: SqliteDb): Record<string, number> {
  const present = new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (r) => r.name,
    ),
  );
  const rows: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    if (!present.has(table)) continue;
    rows[table] = (db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n;
  }
  return rows;
}

function assertSqliteIntact(db: SqliteDb, what: string): void {
  const result = db.pragma("integrity_check") as { integrity_check: string }[];
  const problems = result.map((r) => r.integrity_check).filter((r) => r !== "ok");
  if (problems.length) throw new BackupError(`${what} failed its integrity check: ${problems.join("; ")}`);
}

async function backupSqlite(url: string, temp: string): Promise<Record<string, number>> {
  const file = sqlitePath(url);
  if (!existsSync(file)) throw new BackupError(`SQLite database not found: ${file}`);
  const source = await openSqlite(file, { mustExist: true });
  try {
    // After the first step, copy every remaining page in one step: one consistent read snapshot even while
    // the server keeps writing (a step interrupted by a write from another connection restarts the copy).
    await source.backup(temp, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = await openSqlite(temp, { mustExist: true });
  try {
    // A self-contained file: no -wal sidecar to forget when copying the backup elsewhere.
    copy.pragma("journal_mode = DELETE");
    assertSqliteIntact(copy, "The backup copy");
    return sqliteRows(copy);
  } finally {
    copy.close();
  }
}

async function restoreSqlite(
  url: string,
  source: string,
  options: { force?: boolean },
): Promise<Record<string, number>> {
  const file = sqlitePath(url);
  const backup = await openSqlite(source, { mustExist: true });
  try {
    assertSqliteIntact(backup, "The backup file");
    if (existsSync(file) && !options.force) {
      const target = await openSqlite(file, { mustExist: true });
      try {
        if (Object.keys(sqliteRows(target)).length > 0) {
          throw new BackupError(
            `${file} already holds a database; pass --force to replace it with the backup (stop the server first)`,
          );
        }
      } finally {
        target.close();
      }
    }
    mkdirSync(path.dirname(file), { recursive: true });
    // The backup API writes through SQLite's own locking into the target (WAL included), so the result is
    // exactly the backup's content even if a leftover -wal file exists next to the target.
    await backup.backup(file, { progress: () => 0x7fffffff });
  } finally {
    backup.close();
  }
  const restored = await openSqlite(file, { mustExist: true });
  try {
    restored.pragma("journal_mode = WAL");
    assertSqliteIntact(restored, "The restored database");
    return sqliteRows(restored);
  } finally {
    restored.close();
  }
}

// ------------------------------------------------------------------------------------------ PostgreSQL

/** pg_dump / pg_restore, or a clear error naming what to install. PG_BIN may point at their directory. */
export function pgTool(name: "pg_dump" | "pg_restore"): string {
  const bin = process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name;
  const probe = spawnSync(bin, ["--version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) {
    throw new BackupError(
      `${name} was not found (${bin}). Install the PostgreSQL client tools of the server's major version ` +
        "(Debian: apt-get install postgresql-client) or set PG_BIN to the directory that holds them.",
    );
  }
  return bin;
}

/** libpq takes the URL as a connection string; the password goes through PGPASSWORD, not the command line. */
function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = "";
  return { dbname: u.toString(), env };
}

function run(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.on("error", (e) => reject(new BackupError(`${path.basename(bin)} could not start: ${e.message}`)));
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(bin)} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

type PgClient = import("pg").Client;

async function withPgClient<T>(url: string, use: (client: PgClient) => Promise<T>): Promise<T> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function pgRowsWith(client: PgClient): Promise<Record<string, number>> {
  const { rows: tables } = await client.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()",
  );
  const present = new Set(tables.map((t) => t.table_name));
  const rows: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    if (!present.has(table)) continue;
    const { rows: r } = await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM "${table}"`);
    rows[table] = Number(r[0]?.n ?? 0);
  }
  return rows;
}

const pgRows = (url: string) => withPgClient(url, pgRowsWith);

async function backupPostgres(url: string, temp: string): Promise<Record<string, number>> {
  const bin = pgTool("pg_dump");
  const { dbname, env } = pgConnection(url);
  // One snapshot for the row counts and the dump: pg_dump --snapshot reads exactly what this transaction sees.
  return withPgClient(url, async (client) => {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    try {
      const { rows } = await client.query<{ id: string }>("SELECT pg_export_snapshot() AS id");
      const counts = await pgRowsWith(client);
      // Custom format: compressed, restorable table by table.
      await run(
        bin,
        [
          "--format=custom",
          "--no-owner",
          "--no-privileges",
          `--snapshot=${rows[0]!.id}`,
          `--file=${temp}`,
          `--dbname=${dbname}`,
        ],
        env,
      );
      if (backupFileProvider(temp) !== "postgresql")
        throw new BackupError("pg_dump wrote an unexpected file");
      return counts;
    } finally {
      await client.query("COMMIT").catch(() => undefined);
    }
  });
}

async function restorePostgres(
  url: string,
  source: string,
  options: { force?: boolean },
): Promise<Record<string, number>> {
  const bin = pgTool("pg_restore");
  const existing = await pgRows(url);
  if (Object.keys(existing).length > 0 && !options.force) {
    throw new BackupError(
      "The target database already holds the product's tables; pass --force to replace them with the backup",
    );
  }
  const { dbname, env } = pgConnection(url);
  await run(
    bin,
    [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      "--exit-on-error",
      `--dbname=${dbname}`,
      source,
    ],
    env,
  );
  return pgRows(url);
}
