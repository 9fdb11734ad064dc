/**
 * pnpm db:backup [--out <file>] [--force]
 * Writes a consistent copy of DATABASE_URL (default file:./data/studio.db) while the server may keep running:
 * SQLite online backup → .db file; PostgreSQL pg_dump (custom format) → .dump file.
 */
import { BackupError, backupDatabase, defaultBackupFile } from "../backup";
import { DEFAULT_DATABASE_URL, detectProvider, REPO_ROOT } from "../provider";
import { formatRows, parseArgs } from "./args";

try {
  const args = parseArgs(process.argv.slice(2), { values: ["out"], flags: ["force"] });
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const file = args.values.out ?? args.positional[0] ?? defaultBackupFile(REPO_ROOT, detectProvider(url));
  const started = Date.now();
  const result = await backupDatabase(url, file, { force: args.flags.force });
  const kib = (result.bytes / 1024).toFixed(1);
  console.log(`Backed up ${result.provider} to ${result.file} (${kib} KiB, ${Date.now() - started} ms)`);
  console.log(`Rows: ${formatRows(result.rows)}`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exit(1);
}
