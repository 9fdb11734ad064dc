/**
 * Database time for the operators' metrics (`studio_db_query_duration_seconds`): every statement Prisma sends
 * through the driver adapter, and every plain-SQL write (direct.ts), is timed when an observer is set. Without
 * one, nothing is measured (one null check per statement).
 */
export type QueryObserver = (seconds: number) => void;

let observer: QueryObserver | null = null;

/** Sets (or with null, removes) the process's one observer of statement times. */
export function observeQueries(next: QueryObserver | null): void {
  observer = next;
}

/** Runs `work` and reports its time to the observer, whatever the outcome. */
export async function timed<T>(work: () => Promise<T>): Promise<T> {
  const watching = observer;
  if (!watching) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    watching((performance.now() - started) / 1000);
  }
}

/** The same for synchronous work (SQLite's plain-SQL groups run synchronously). */
export function timedSync<T>(work: () => T): T {
  const watching = observer;
  if (!watching) return work();
  const started = performance.now();
  try {
    return work();
  } finally {
    watching((performance.now() - started) / 1000);
  }
}

type Queryable = {
  queryRaw: (query: never) => Promise<unknown>;
  executeRaw: (query: never) => Promise<unknown>;
};
type Connected = Queryable & { startTransaction: (...args: never[]) => Promise<Queryable> };

function bound<T extends object>(target: T, prop: string | symbol): unknown {
  const value = Reflect.get(target, prop, target);
  return typeof value === "function" ? value.bind(target) : value;
}

/** queryRaw and executeRaw of a connection or transaction, timed. */
function timedQueries<Q extends Queryable>(queryable: Q): Q {
  const wrap = (name: "queryRaw" | "executeRaw") => (query: never) => timed(() => queryable[name](query));
  const overrides: Record<string, unknown> = { queryRaw: wrap("queryRaw"), executeRaw: wrap("executeRaw") };
  return new Proxy(queryable, {
    get: (target, prop) =>
      typeof prop === "string" && prop in overrides ? overrides[prop] : bound(target, prop),
  });
}

/** A driver adapter factory whose connections (and their transactions) time every statement. */
export function timedAdapter<F extends { connect: () => Promise<unknown> }>(factory: F): F {
  return new Proxy(factory, {
    get: (target, prop) =>
      prop === "connect"
        ? async () => {
            const connected = (await target.connect()) as Connected;
            const startTransaction = async (...args: never[]) =>
              timedQueries(await connected.startTransaction(...args));
            return new Proxy(timedQueries(connected), {
              get: (inner, key) => (key === "startTransaction" ? startTransaction : bound(inner, key)),
            });
          }
        : bound(target, prop),
  });
}
