/**
 * better-sqlite3 gives Prisma a single connection. The adapter serialises transactions against each other, but
 * not against plain statements: while one request holds an interactive transaction, another request's statements
 * would run inside it — and vanish if it rolls back. This wrapper makes every statement on the connection wait
 * while a transaction owns it; statements of the transaction itself go straight through.
 */
import type { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type BetterSqlite3 from "better-sqlite3";
import type { SqliteConnection } from "./direct";

type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;

/** FIFO async lock. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => held);
    return previous.then(() => {
      let released = false;
      return () => {
        if (!released) {
          released = true;
          release();
        }
      };
    });
  }
}

function bound<T extends object>(target: T, prop: string | symbol): unknown {
  const value = Reflect.get(target, prop, target);
  return typeof value === "function" ? value.bind(target) : value;
}

function wrapTransaction(tx: Transaction, release: () => void, wrote: () => void): Transaction {
  const finish = (method: "commit" | "rollback") => async () => {
    try {
      return await tx[method]();
    } finally {
      release();
      if (method === "commit") wrote();
    }
  };
  return new Proxy(tx, {
    get: (target, prop) => (prop === "commit" || prop === "rollback" ? finish(prop) : bound(target, prop)),
  });
}

function wrapAdapter(adapter: Adapter, lock: Mutex, wrote: () => void): Adapter {
  const exclusive =
    <A, R>(fn: (arg: A) => Promise<R>) =>
    async (arg: A): Promise<R> => {
      const release = await lock.acquire();
      try {
        return await fn(arg);
      } finally {
        release();
        // Outside a transaction a statement commits itself (an INSERT … RETURNING is a query).
        wrote();
      }
    };
  const overrides: Partial<Record<keyof Adapter, unknown>> = {
    queryRaw: exclusive(adapter.queryRaw.bind(adapter)),
    executeRaw: exclusive(adapter.executeRaw.bind(adapter)),
    executeScript: exclusive(adapter.executeScript.bind(adapter)),
    startTransaction: async (isolationLevel?: Parameters<Adapter["startTransaction"]>[0]) => {
      const release = await lock.acquire();
      try {
        return wrapTransaction(await adapter.startTransaction(isolationLevel), release, wrote);
      } catch (error) {
        release();
        throw error;
      }
    },
  };
  return new Proxy(adapter, {
    get: (target, prop) => (prop in overrides ? overrides[prop as keyof Adapter] : bound(target, prop)),
  });
}

/**
 * The adapter whose statements and transactions take turns on the connection, and that connection for plain SQL
 * under the same lock (direct.ts).
 */
export function serializeSqliteAdapter(factory: PrismaBetterSQLite3): {
  adapter: PrismaBetterSQLite3;
  connection: SqliteConnection;
} {
  const lock = new Mutex();
  let client: BetterSqlite3.Database | null = null;
  let writeListener = () => {};
  const wrote = () => writeListener();
  const adapter = new Proxy(factory, {
    get: (target, prop) =>
      prop === "connect"
        ? async () => {
            const connected = await target.connect();
            // The adapter's (undocumented but public) better-sqlite3 handle.
            client = (connected as unknown as { client: BetterSqlite3.Database }).client;
            return wrapAdapter(connected, lock, wrote);
          }
        : bound(target, prop),
  });
  const connection: SqliteConnection = {
    client: () => (client?.open ? client : null),
    exclusive: async (work) => {
      const release = await lock.acquire();
      try {
        if (!client?.open) throw new Error("The SQLite connection is not open");
        return work(client);
      } finally {
        release();
      }
    },
    wrote,
    onWrite: (listener) => {
      writeListener = listener;
    },
  };
  return { adapter, connection };
}
