/**
 * pnpm db:restore <file> [--force]
 * Puts a backup made by `pnpm db:backup` back into DATABASE_URL (default file:./data/studio.db). Refuses to
 * replace a database that already holds data unless --force is given. Stop the server first.
 */
import { BackupError, restoreDatabase } from "../backup";
import { DEFAULT_DATABASE_URL } from "../provider";
import { formatRows, parseArgs } from "./args";

try {
  const args = parseArgs(process.argv.slice(2), { values: ["file"], flags: ["force"] });
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const file = args.values.file ?? args.positional[0];
  if (!file) throw new BackupError("Usage: pnpm db:restore <backup file> [--force]");
  const result = await restoreDatabase(url, file, { force: args.flags.force });
  console.log(`Restored ${result.provider} from ${result.file}`);
  console.log(`Rows: ${formatRows(result.rows)}`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exit(1);
}
