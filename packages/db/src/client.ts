import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "./generated/sqlite/client";
import { type DbProvider, detectProvider, sqlitePath } from "./provider";
import { serializeSqliteAdapter } from "./sqlite-serial";

/** The two generated clients (SQLite and PostgreSQL) have the same shape; the SQLite one names the type. */
export type Db = PrismaClient;

export type Database = {
  prisma: Db;
  provider: DbProvider;
  close: () => Promise<void>;
};

export type CreateDatabaseOptions = { poolSize?: number };

export async function createDatabase(url: string, options: CreateDatabaseOptions = {}): Promise<Database> {
  const provider = detectProvider(url);
  if (provider === "postgresql") {
    const [{ PrismaClient: PgClient }, { PrismaPg }] = await Promise.all([
      import("./generated/postgresql/client"),
      import("@prisma/adapter-pg"),
    ]);
    const adapter = new PrismaPg({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    const prisma = new PgClient({ adapter }) as unknown as Db;
    return { prisma, provider, close: () => prisma.$disconnect() };
  }
  const [{ PrismaClient: SqliteClient }, { PrismaBetterSQLite3 }] = await Promise.all([
    import("./generated/sqlite/client"),
    import("@prisma/adapter-better-sqlite3"),
  ]);
  const file = sqlitePath(url);
  mkdirSync(path.dirname(file), { recursive: true });
  const adapter = serializeSqliteAdapter(new PrismaBetterSQLite3({ url: `file:${file}`, timeout: 5_000 }));
  const prisma = new SqliteClient({ adapter });
  await prisma.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await prisma.$queryRawUnsafe("PRAGMA busy_timeout = 5000");
  await prisma.$executeRawUnsafe("PRAGMA foreign_keys = ON");
  await prisma.$executeRawUnsafe("PRAGMA synchronous = NORMAL");
  return { prisma, provider, close: () => prisma.$disconnect() };
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
