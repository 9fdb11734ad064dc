import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { REPO_ROOT } from "./provider";

/**
 * A thread of its own for a SQLite connection (the checkpointer, the reader): `source` is CommonJS evaluated in the
 * thread, which finds better-sqlite3's path as `workerData.driver` and the file as `workerData.file`, beside `data`.
 * It starts unreferenced: it must not keep a process alive that has nothing else to do (a CLI, a test run).
 */
export function startSqliteWorker(source: string, file: string, data: Record<string, unknown> = {}): Worker {
  // Resolved from this package's folder, not this file's: the built server (apps/server/dist) runs it from there.
  const driver = createRequire(path.join(REPO_ROOT, "packages/db/package.json")).resolve("better-sqlite3");
  const worker = new Worker(source, { eval: true, workerData: { ...data, driver, file } });
  worker.unref();
  return worker;
}
