/**
 * WAL checkpoints off the request thread. In WAL mode every commit appends the pages it changed to the log, and
 * a checkpoint copies them back into the database file and syncs it. SQLite runs that inside whichever commit
 * crosses `wal_autocheckpoint` pages, on the connection's thread: under a stream of bookings it was about a
 * quarter of SQLite's time on the one thread that also answers every request.
 *
 * Here a worker thread with a connection of its own runs PASSIVE checkpoints (which never block the writer or
 * readers) soon after commits. The request connection keeps a far higher `wal_autocheckpoint` as a safety net:
 * it only checkpoints itself if the worker falls that far behind (or is gone).
 */
import type BetterSqlite3 from "better-sqlite3";
import { startSqliteWorker } from "./sqlite-worker";

/** Pages the log may reach before the request connection checkpoints itself (about 16 MB of 4 KB pages). */
export const SAFETY_NET_PAGES = 4_000;
/** The least time between two checkpoints of the worker: each one ends with an fsync of the database file. */
const INTERVAL_MS = 50;

const IDLE = 0;
const WANTED = 1;
const CLOSING = 2;

/**
 * The worker sleeps on a shared flag (Atomics.wait) rather than a message port: a commit's signal is one
 * atomic store, where posting a message cost the request thread far more than the checkpoint it asked for.
 */
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const flag = new Int32Array(workerData.flag);
const pause = new Int32Array(new SharedArrayBuffer(4));
const db = new Database(workerData.file, { fileMustExist: true, timeout: 5000 });
for (;;) {
  Atomics.wait(flag, 0, ${IDLE});
  if (Atomics.load(flag, 0) === ${CLOSING}) break;
  Atomics.compareExchange(flag, 0, ${WANTED}, ${IDLE});
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // The file busy, say: the next commit asks again, and the request connection's safety net holds.
  }
  Atomics.wait(pause, 0, 0, ${INTERVAL_MS});
}
db.close();
`;

export type Checkpointer = {
  /** A commit appended to the log: checkpoint soon (at most one at a time, at most one per interval). */
  committed(): void;
  close(): Promise<void>;
};

/** The checkpointer of the database file the connection has open (call once the connection is open). */
export function startCheckpointer(connection: BetterSqlite3.Database): Checkpointer {
  connection.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = startSqliteWorker(WORKER_SOURCE, connection.name, { flag: flag.buffer });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    worker.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  // Without the worker, the request connection's own checkpoints take over at the safety net.
  worker.on("error", () => undefined);

  return {
    committed() {
      if (Atomics.compareExchange(flag, 0, IDLE, WANTED) === IDLE) Atomics.notify(flag, 0);
    },
    async close() {
      if (exited) return;
      Atomics.store(flag, 0, CLOSING);
      Atomics.notify(flag, 0);
      // Unreferenced, the worker would not keep the process alive until it has closed its connection.
      worker.ref();
      await exit;
    },
  };
}
