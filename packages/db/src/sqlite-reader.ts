/**
 * Plain-SQL reads off the request thread. On SQLite every statement ran on the one thread that also answers
 * every request, while the machine's other core had little to do: a 60-day month view spent about a quarter of
 * that thread in its one read. Here a worker thread with a read-only connection of its own runs the reads of
 * `directRead` and `directQuery` (direct.ts), so the request thread only posts the statement and takes its rows.
 *
 * A read on this connection sees what is committed when it starts (WAL mode), which is what a read outside a
 * transaction on the request connection saw: writes are acknowledged only after their commit (group commit:
 * direct.ts), and the read caches keep a value under the generation they saw before loading it (cache.ts).
 *
 * If the worker fails or exits, the reads it had not answered, and every later one, run on the request
 * connection as before (`fallback`).
 */
import type BetterSqlite3 from "better-sqlite3";
import { PREPARED_MAX, type ReadStatement, type SqlValue } from "./direct";
import { timed } from "./query-timing";
import { startSqliteWorker } from "./sqlite-worker";

/** The worker's code (exported for the tests, which make it fail). */
export const READER_SOURCE = `
const { workerData, parentPort } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true, timeout: 5000 });
// As on the request connection (client.ts): a large sort or grouping never spills to a temporary file.
db.pragma("temp_store = MEMORY");
const statements = new Map();
function prepared(text) {
  let statement = statements.get(text);
  if (statement) {
    statements.delete(text);
  } else {
    statement = db.prepare(text);
    if (!statement.reader) throw new TypeError("The reader thread runs read statements only");
    if (statements.size >= ${PREPARED_MAX}) statements.delete(statements.keys().next().value);
  }
  statements.set(text, statement);
  return statement;
}
parentPort.on("message", (message) => {
  if (message === "close") {
    db.close();
    parentPort.close();
    return;
  }
  const { id, text, params } = message;
  try {
    parentPort.postMessage({ id, rows: prepared(text).all(...params) });
  } catch (error) {
    parentPort.postMessage({
      id,
      error: { name: error && error.name, message: String(error && error.message), code: error && error.code },
    });
  }
});
`;

type Pending = {
  text: string;
  params: readonly SqlValue[];
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
};

type Answer = { id: number; rows?: unknown[]; error?: { name?: string; message: string; code?: string } };

export type SqliteReader = {
  /** One read statement on the reader's connection (or, once the reader is gone, through `fallback`). */
  all<T>(text: string, params: readonly SqlValue[]): Promise<T[]>;
  /** Whether the worker still answers (false once it failed, exited or was closed). */
  running(): boolean;
  close(): Promise<void>;
};

/** A SQLite error as the request connection would have thrown it: its message, name and code. */
function readError(error: NonNullable<Answer["error"]>): Error {
  const made = new Error(error.message) as Error & { code?: string };
  if (error.name) made.name = error.name;
  if (error.code) made.code = error.code;
  return made;
}

/** The reader of the database file the connection has open (call once the connection is open). */
export function startReader(
  connection: BetterSqlite3.Database,
  /** Runs a read on the request connection: for the reads left when the worker is gone. */
  fallback: ReadStatement,
  source = READER_SOURCE,
): SqliteReader {
  // Referenced only while a read is on its way (below).
  const worker = startSqliteWorker(source, connection.name);
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let alive = true;
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));

  /** The worker is gone: what it had not answered runs on the request connection. */
  const failOver = () => {
    alive = false;
    const left = [...pending.values()];
    pending.clear();
    for (const read of left) fallback(read.text, read.params).then(read.resolve, read.reject);
  };
  worker.on("error", failOver);
  worker.on("exit", failOver);
  worker.on("message", (answer: Answer) => {
    const read = pending.get(answer.id);
    if (!read) return;
    pending.delete(answer.id);
    // Once closing, it stays referenced until it has closed its connection.
    if (pending.size === 0 && alive) worker.unref();
    if (answer.error) read.reject(readError(answer.error));
    else read.resolve(answer.rows ?? []);
  });

  return {
    all<T>(text: string, params: readonly SqlValue[]): Promise<T[]> {
      if (!alive) return fallback<T>(text, params);
      // The database time of a read here is its round trip, waiting included (the fallback times its own).
      return timed(
        () =>
          new Promise<T[]>((resolve, reject) => {
            const id = nextId++;
            pending.set(id, { text, params, resolve: resolve as (rows: unknown[]) => void, reject });
            // A read on its way keeps the process alive until it is answered, as a read on the connection would.
            if (pending.size === 1) worker.ref();
            worker.postMessage({ id, text, params });
          }),
      );
    },
    running: () => alive,
    async close() {
      if (!alive) return;
      alive = false;
      worker.ref();
      worker.postMessage("close");
      await exited;
    },
  };
}
