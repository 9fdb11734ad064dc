/**
 * Plain SQL on the client's own connections, without Prisma's query compiler: for the few hot writes whose
 * profile it dominates (a new booking: ADR 011). Everything else goes through Prisma.
 *
 * SQLite: the one better-sqlite3 connection Prisma uses, taken under the same lock as every Prisma statement
 * (sqlite-serial.ts), and the work runs synchronously inside one transaction. PostgreSQL: the pool Prisma uses.
 */
import type BetterSqlite3 from "better-sqlite3";
import type { Pool } from "pg";
import type { Db } from "./db";
import { timed, timedSync } from "./query-timing";

export type SqlValue = string | number | null;

/** One read statement, answered with its rows. */
export type ReadStatement = <T>(text: string, params: readonly SqlValue[]) => Promise<T[]>;

/**
 * A timestamp as Prisma stores it, for plain SQL: ISO text on SQLite, and a UTC wall time PostgreSQL's TIMESTAMP
 * reads (cast the parameter with ::timestamp(3)).
 */
export function sqlInstant(date: Date): string {
  const time = date.getTime();
  // A write names the same instant several times (a booking's created and updated times, its messages' own).
  if (time !== lastInstant.time) lastInstant = { time, text: date.toISOString().replace("Z", "+00:00") };
  return lastInstant.text;
}
let lastInstant = { time: Number.NaN, text: "" };

/**
 * The placeholder of a sqlInstant parameter in a `?` statement that runs on either database: PostgreSQL reads
 * the text as a timestamp only when told (one text that works on both, rather than the `::timestamp(3)` suffix).
 */
export const sqlInstantParameter = (provider: "sqlite" | "postgresql"): string =>
  provider === "postgresql" ? "CAST(? AS TIMESTAMP(3))" : "?";

/** Prepared statements of one synchronous SQLite transaction (each statement prepared once per connection). */
export type SqliteTransaction = {
  /** Answers how many rows the statement changed. */
  run(sql: string, params: readonly SqlValue[]): number;
  get<T>(sql: string, params: readonly SqlValue[]): T | undefined;
  all<T>(sql: string, params: readonly SqlValue[]): T[];
};

export type DirectAccess =
  | {
      provider: "sqlite";
      /**
       * `work` runs alone on the connection, inside a transaction: its writes are kept if it returns and undone if
       * it throws. Transactions asked for together share one commit (group commit); the promise settles once
       * that commit is done. `work` may run more than once (its group undone and run again when another of it
       * failed after writing): only the writes of its last run are kept, and it must change nothing outside the
       * transaction.
       */
      transaction<T>(work: (sql: SqliteTransaction) => T): Promise<T>;
      /** One read statement on the connection (no transaction: it sees what is committed). */
      all<T>(sql: string, params: readonly SqlValue[]): Promise<T[]>;
      /**
       * One read statement off the request thread, on the reader's connection when there is one (sqlite-reader.ts),
       * else as `all`. It too sees what is committed; `directRead` and `directQuery` run here.
       */
      read<T>(sql: string, params: readonly SqlValue[]): Promise<T[]>;
      /** How many prepared statements the connection keeps (at most PREPARED_MAX). */
      preparedCount(): number;
    }
  | {
      provider: "postgresql";
      /**
       * One statement (a statement is its own transaction) on Prisma's pool. With a `name`, each connection
       * parses and plans the text once and keeps it: one name must always come with the same text.
       */
      query<T>(text: string, values: readonly SqlValue[], name?: string): Promise<T[]>;
    };

/** The statement runner of PostgreSQL's direct access (a named statement when `name` is given). */
export type PgQuery = Extract<DirectAccess, { provider: "postgresql" }>["query"];

/** The SQLite side's connection and lock, as sqlite-serial.ts hands them over once Prisma has connected. */
export type SqliteConnection = {
  client: () => BetterSqlite3.Database | null;
  exclusive: <T>(work: (client: BetterSqlite3.Database) => T) => Promise<T>;
  /** Tells the write listener that something may have been committed (see sqlite-checkpointer.ts). */
  wrote: () => void;
  /** The one listener of every statement or transaction that may have written. */
  onWrite: (listener: () => void) => void;
};

const registry = new WeakMap<Db, DirectAccess>();

export function registerDirectAccess(db: Db, access: DirectAccess): void {
  registry.set(db, access);
}

/** The direct access of a client made by createDatabase. */
export function directAccess(db: Db): DirectAccess {
  const access = registry.get(db);
  if (!access) throw new Error("This database client was not made by createDatabase");
  return access;
}

const statements = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

/**
 * Prepared statements kept per connection. Some texts carry a validated integer (a page's LIMIT and OFFSET:
 * bookings/queries.ts), so the texts are many: the least recently used is dropped past this many.
 */
export const PREPARED_MAX = 256;

function prepared(client: BetterSqlite3.Database, sql: string): BetterSqlite3.Statement {
  let cache = statements.get(client);
  if (!cache) {
    cache = new Map();
    statements.set(client, cache);
  }
  let statement = cache.get(sql);
  if (statement) {
    // Most recently used last: a Map iterates in insertion order.
    cache.delete(sql);
  } else {
    // Prisma's connection answers integers as BigInt; these statements answer plain numbers.
    statement = client.prepare(sql);
    if (statement.reader) statement.safeIntegers(false);
    if (cache.size >= PREPARED_MAX) cache.delete(cache.keys().next().value as string);
  }
  cache.set(sql, statement);
  return statement;
}

type Queued = { work: (sql: SqliteTransaction) => unknown; settle: (outcome: Outcome) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Thrown out of a group's transaction to undo it all: one of its transactions failed after writing. */
const UNDO_GROUP = Symbol("undo the group");

/** One read statement on the request connection, taking its turn with the group commits (no transaction). */
export function connectionRead(db: Db, connection: SqliteConnection): ReadStatement {
  return async <T>(text: string, params: readonly SqlValue[]): Promise<T[]> => {
    // Prisma opens its connection on the first statement.
    if (!connection.client()) await db.$queryRawUnsafe("SELECT 1");
    return connection.exclusive((client) => timedSync(() => prepared(client, text).all(...params) as T[]));
  };
}

/**
 * Group commit: the transactions asked for while the connection is busy, or within one turn of the event
 * loop, are run together in one `BEGIN IMMEDIATE`, and each caller is answered only once the whole group has
 * committed. Most of a small write's cost on SQLite is the commit (the WAL frames of every page it touched, the
 * full-text index's new segment), and a group writes each shared page once.
 *
 * One that throws is undone alone. Having written nothing (a refusal decided by its reads, or a write statement
 * that failed, which SQLite undoes by itself), it leaves nothing to undo. Having written, it undoes the whole
 * group, which runs again with each transaction in its own savepoint, so that only its own writes are rolled
 * back. Savepoints cost about as much as the group's begin and commit, and a transaction fails after writing
 * rarely (a message that cannot be composed, a key reused after the booking's proof file was claimed), so they
 * are opened only then.
 */
export function sqliteDirectAccess(
  db: Db,
  connection: SqliteConnection,
  /** Where `read` runs its statements: a reader thread (sqlite-reader.ts); without one, the connection. */
  offThread: ReadStatement | null = null,
): DirectAccess {
  let queue: Queued[] = [];
  let scheduled = false;

  const runGroup = (client: BetterSqlite3.Database, group: Queued[]) => {
    // Whether the running transaction has written: a statement that failed undid its own changes.
    let wrote = false;
    const executed = <R>(text: string, execute: (statement: BetterSqlite3.Statement) => R): R => {
      const statement = prepared(client, text);
      const result = execute(statement);
      if (!statement.readonly) wrote = true;
      return result;
    };
    const sql: SqliteTransaction = {
      run: (text, params) => executed(text, (statement) => statement.run(...params).changes),
      get: <T>(text: string, params: readonly SqlValue[]) =>
        executed(text, (statement) => statement.get(...params) as T | undefined),
      all: <T>(text: string, params: readonly SqlValue[]) =>
        executed(text, (statement) => statement.all(...params) as T[]),
    };
    let outcomes: Outcome[] = [];
    const attempt = (savepoints: boolean) => {
      outcomes = [];
      timedSync(() =>
        client
          .transaction(() => {
            for (const item of group) {
              wrote = false;
              try {
                // Inside a transaction, better-sqlite3 runs a nested one as a savepoint.
                const value = savepoints ? client.transaction(() => item.work(sql))() : item.work(sql);
                outcomes.push({ ok: true, value });
              } catch (error) {
                // An error SQLite answers by rolling back the whole transaction ends the group.
                if (!client.inTransaction) throw error;
                // Its writes are undone with the transaction: alone, by its own error.
                if (!savepoints && wrote) throw group.length === 1 ? error : UNDO_GROUP;
                outcomes.push({ ok: false, error });
              }
            }
          })
          .immediate(),
      );
    };
    try {
      try {
        attempt(false);
      } catch (error) {
        if (error !== UNDO_GROUP) throw error;
        attempt(true);
      }
    } catch (error) {
      // Nothing of the group was kept: whoever had succeeded learns why.
      for (const [i, item] of group.entries()) {
        const own = outcomes[i];
        item.settle(own && !own.ok ? own : { ok: false, error });
      }
      return;
    }
    for (const [i, item] of group.entries()) item.settle(outcomes[i]!);
  };

  const drain = async () => {
    scheduled = false;
    // Prisma opens its connection on the first statement.
    if (!connection.client()) await db.$queryRawUnsafe("SELECT 1");
    await connection.exclusive((client) => {
      // Whatever was queued while the lock was awaited joins this group.
      const group = queue;
      queue = [];
      if (group.length > 0) runGroup(client, group);
    });
    connection.wrote();
  };

  const all = connectionRead(db, connection);
  return {
    provider: "sqlite",
    all,
    read: offThread ?? all,
    preparedCount() {
      const client = connection.client();
      return client ? (statements.get(client)?.size ?? 0) : 0;
    },
    transaction<T>(work: (sql: SqliteTransaction) => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({
          work,
          settle: (outcome) => (outcome.ok ? resolve(outcome.value as T) : reject(outcome.error)),
        });
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => {
            drain().catch((error: unknown) => {
              // The connection failed (it would not open, or it closed): nothing queued can be written.
              const failed = queue;
              queue = [];
              for (const item of failed) item.settle({ ok: false, error });
            });
          });
        }
      });
    },
  };
}

export function postgresDirectAccess(pool: Pool): DirectAccess {
  return {
    provider: "postgresql",
    async query<T>(text: string, values: readonly SqlValue[], name?: string) {
      const result = await timed(() => pool.query({ text, values: values as SqlValue[], name }));
      return result.rows as T[];
    },
  };
}

/**
 * Past this many statement texts, pgStatementName names no more: a name is kept by every connection of the pool
 * for as long as it lives.
 */
const PG_NAMED_TEXTS_MAX = 512;
const pgStatementNames = new Map<string, string>();

/**
 * A name for a statement's text on PostgreSQL, the same for the process's whole life: each connection then parses
 * and plans the text once and keeps it (the planning alone was a quarter of PostgreSQL's work for a month view's
 * read). Texts vary only by their shape (how many values in a list), so they are few; past the cap, none.
 */
export function pgStatementName(text: string): string | undefined {
  let name = pgStatementNames.get(text);
  if (!name && pgStatementNames.size < PG_NAMED_TEXTS_MAX) {
    name = `direct-${pgStatementNames.size + 1}`;
    pgStatementNames.set(text, name);
  }
  return name;
}

/**
 * One read statement in plain SQL on either database, written with `?` placeholders (numbered for PostgreSQL
 * here, and named: pgStatementName). For the few hot reads where Prisma's query compiler costs more than the
 * statement (ADR 011).
 */
export function directRead<T>(db: Db, text: string, params: readonly SqlValue[]): Promise<T[]> {
  const access = directAccess(db);
  if (access.provider === "sqlite") return access.read<T>(text, params);
  let n = 0;
  const numbered = text.replace(/\?/g, () => `$${++n}`);
  return access.query<T>(numbered, params, pgStatementName(numbered));
}

/** A statement composed with Prisma.sql: its text with `?` placeholders and with numbered ones, and its values. */
export type ComposedSql = {
  readonly sql: string;
  readonly text: string;
  readonly values: readonly unknown[];
};

/**
 * One read statement composed with Prisma.sql, run as directRead runs its text: for the hot reads whose
 * statements are built from parts (the admin list's pages). Its values must be plain text, numbers or null.
 * `named`: on PostgreSQL the text is named (pgStatementName), so each connection parses and plans it once; only
 * for texts of a few shapes whose plan does not depend on the values (a literal that varies from call to call,
 * such as a page's OFFSET, would use up the names).
 */
export function directQuery<T>(db: Db, query: ComposedSql, options: { named?: boolean } = {}): Promise<T[]> {
  const params = query.values.map(plainSqlValue);
  const access = directAccess(db);
  if (access.provider === "sqlite") return access.read<T>(query.sql, params);
  return access.query<T>(query.text, params, options.named ? pgStatementName(query.text) : undefined);
}

function plainSqlValue(value: unknown): SqlValue {
  if (value === null || typeof value === "string" || typeof value === "number") return value;
  throw new TypeError(`A direct statement takes text, numbers or null, not ${typeof value}`);
}
