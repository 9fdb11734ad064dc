/**
 * Plain SQL on the client's own connections, without Prisma's query compiler: for the few hot writes whose
 * profile it dominates (a new booking: ADR 011). Everything else goes through Prisma.
 *
 * SQLite: the one better-sqlite3 connection Prisma uses, taken under the same lock as every Prisma statement
 * (sqlite-serial.ts), and the work runs synchronously inside one transaction. PostgreSQL: the pool Prisma uses.
 */
import type BetterSqlite3 from "better-sqlite3";
import type { Pool } from "pg";
import type { Db } from "./client";

export type SqlValue = string | number | null;

/** Prepared statements of one synchronous SQLite transaction (each statement prepared once per connection). */
export type SqliteTransaction = {
  run(sql: string, params: readonly SqlValue[]): void;
  get<T>(sql: string, params: readonly SqlValue[]): T | undefined;
};

export type DirectAccess =
  | {
      provider: "sqlite";
      /** `work` runs in one transaction, alone on the connection: committed when it returns, rolled back if it throws. */
      transaction<T>(work: (sql: SqliteTransaction) => T): Promise<T>;
    }
  | {
      provider: "postgresql";
      /** One statement (a statement is its own transaction) on Prisma's pool. */
      query<T>(text: string, values: readonly SqlValue[]): Promise<T[]>;
    };

/** The SQLite side's connection and lock, as sqlite-serial.ts hands them over once Prisma has connected. */
export type SqliteConnection = {
  client: () => BetterSqlite3.Database | null;
  exclusive: <T>(work: (client: BetterSqlite3.Database) => T) => Promise<T>;
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

function prepared(client: BetterSqlite3.Database, sql: string): BetterSqlite3.Statement {
  let cache = statements.get(client);
  if (!cache) {
    cache = new Map();
    statements.set(client, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    // Prisma's connection answers integers as BigInt; these statements answer plain numbers.
    statement = client.prepare(sql);
    if (statement.reader) statement.safeIntegers(false);
    cache.set(sql, statement);
  }
  return statement;
}

export function sqliteDirectAccess(db: Db, connection: SqliteConnection): DirectAccess {
  return {
    provider: "sqlite",
    async transaction(work) {
      // Prisma opens its connection on the first statement.
      if (!connection.client()) await db.$queryRawUnsafe("SELECT 1");
      return connection.exclusive((client) => {
        const sql: SqliteTransaction = {
          run: (text, params) => {
            prepared(client, text).run(...params);
          },
          get: <T>(text: string, params: readonly SqlValue[]) =>
            prepared(client, text).get(...params) as T | undefined,
        };
        return client.transaction(() => work(sql)).immediate();
      });
    },
  };
}

export function postgresDirectAccess(pool: Pool): DirectAccess {
  return {
    provider: "postgresql",
    async query<T>(text: string, values: readonly SqlValue[]) {
      const result = await pool.query(text, values as SqlValue[]);
      return result.rows as T[];
    },
  };
}
