import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Db } from "./db";
import { type DbProvider, detectProvider, sqlitePath } from "./provider";
import { connectionRead, postgresDirectAccess, registerDirectAccess, sqliteDirectAccess } from "./direct";
import { startCheckpointer } from "./sqlite-checkpointer";
import { startReader } from "./sqlite-reader";
import { timedAdapter } from "./query-timing";
import { serializeSqliteAdapter } from "./sqlite-serial";

/** The model delegates of a generated client (its non-`$` members). */
type ModelNames<C> = Exclude<keyof C, `$${string}` | symbol>;
/** `true` only when both generated clients have exactly the same models. */
type SameModels<A, B> = [ModelNames<A>] extends [ModelNames<B>]
  ? [ModelNames<B>] extends [ModelNames<A>]
    ? true
    : false
  : false;

/**
 * The PostgreSQL client typed as the shared Db. Both clients are generated from the same models (checked here at
 * compile time: a model present in one and not the other fails the build), but TypeScript cannot relate the
 * conditional types of two generated namespaces, and PostgreSQL's $transaction accepts more isolation levels;
 * so this is the one place the two are equated.
 */
function asSharedDb<C extends object>(client: C & (SameModels<C, Db> extends true ? unknown : never)): Db {
  return client as unknown as Db;
}

export type Database = {
  prisma: Db;
  provider: DbProvider;
  close: () => Promise<void>;
};

export type CreateDatabaseOptions = { poolSize?: number };

export async function createDatabase(url: string, options: CreateDatabaseOptions = {}): Promise<Database> {
  const provider = detectProvider(url);
  if (provider === "postgresql") {
    const [{ PrismaClient: PgClient }, { PrismaPg }, { default: pg }] = await Promise.all([
      import("./generated/postgresql/client"),
      import("@prisma/adapter-pg"),
      import("pg"),
    ]);
    // Prisma's pool, also used by the direct statements (direct.ts).
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    const adapter = timedAdapter(new PrismaPg(pool, { disposeExternalPool: true }));
    const prisma = asSharedDb(new PgClient({ adapter }));
    registerDirectAccess(prisma, postgresDirectAccess(pool));
    return { prisma, provider, close: () => prisma.$disconnect() };
  }
  const [{ PrismaClient: SqliteClient }, { PrismaBetterSQLite3 }] = await Promise.all([
    import("./generated/sqlite/client"),
    import("@prisma/adapter-better-sqlite3"),
  ]);
  const file = sqlitePath(url);
  mkdirSync(path.dirname(file), { recursive: true });
  const { adapter, connection } = serializeSqliteAdapter(
    timedAdapter(new PrismaBetterSQLite3({ url: `file:${file}`, timeout: 5_000 })),
  );
  const prisma = new SqliteClient({ adapter });
  await prisma.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await prisma.$queryRawUnsafe("PRAGMA busy_timeout = 5000");
  await prisma.$executeRawUnsafe("PRAGMA foreign_keys = ON");
  await prisma.$executeRawUnsafe("PRAGMA synchronous = NORMAL");
  // A booking's write runs in a savepoint of its group's transaction (direct.ts), and a savepoint keeps the
  // original of every page it changes in a statement journal: past 64 KB that journal spilled to a temporary
  // file, a fifth of the CPU of a booking. In memory it never touches a file.
  await prisma.$executeRawUnsafe("PRAGMA temp_store = MEMORY");
  const opened = connection.client();
  if (!opened) throw new Error("The SQLite connection did not open");
  const checkpointer = startCheckpointer(opened);
  connection.onWrite(checkpointer.committed);
  // Plain-SQL reads on a thread of their own; those left when it is gone run on the request connection
  // (sqlite-reader.ts). A database in memory has no file another connection could open.
  const reader = opened.memory ? null : startReader(opened, connectionRead(prisma, connection));
  registerDirectAccess(prisma, sqliteDirectAccess(prisma, connection, reader?.all ?? null));
  return {
    prisma,
    provider,
    close: async () => {
      await reader?.close();
      await checkpointer.close();
      await prisma.$disconnect();
    },
  };
}

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await db.$queryRawUnsafe("SELECT 1");
    return true;
  } catch {
    return false;
  }
}
