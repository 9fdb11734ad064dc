/**
 * better-sqlite3 gives Prisma a single connection. The adapter serialises transactions against each other, but
 * not against plain statements: while one request holds an interactive transaction, another request's statements
 * would run inside it — and vanish if it rolls back. This wrapper makes every statement on the connection wait
 * while a transaction owns it; statements of the transaction itself go straight through.
 */
import type { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

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

function wrapTransaction(tx: Transaction, release: () => void): Transaction {
  const finish = (method: "commit" | "rollback") => async () => {
    try {
      return await tx[method]();
    } finally {
      release();
    }
  };
  return new Proxy(tx, {
    get: (target, prop) => (prop === "commit" || prop === "rollback" ? finish(prop) : bound(target, prop)),
  });
}

function wrapAdapter(adapter: Adapter, lock: Mutex): Adapter {
  const exclusive =
    <A, R>(fn: (arg: A) => Promise<R>) =>
    async (arg: A): Promise<R> => {
      const release = await lock.acquire();
      try {
        return await fn(arg);
      } finally {
        release();
      }
    };
  const overrides: Partial<Record<keyof Adapter, unknown>> = {
    queryRaw: exclusive(adapter.queryRaw.bind(adapter)),
    executeRaw: exclusive(adapter.executeRaw.bind(adapter)),
    executeScript: exclusive(adapter.executeScript.bind(adapter)),
    startTransaction: async (isolationLevel?: Parameters<Adapter["startTransaction"]>[0]) => {
      const release = await lock.acquire();
      try {
        return wrapTransaction(await adapter.startTransaction(isolationLevel), release);
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

export function serializeSqliteAdapter(factory: PrismaBetterSQLite3): PrismaBetterSQLite3 {
  const lock = new Mutex();
  return new Proxy(factory, {
    get: (target, prop) =>
      prop === "connect" ? async () => wrapAdapter(await target.connect(), lock) : bound(target, prop),
  });
}
