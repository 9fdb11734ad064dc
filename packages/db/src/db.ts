import type { PrismaClient } from "./generated/sqlite/client";

/** The two generated clients (SQLite and PostgreSQL) have the same shape; the SQLite one names the type. */
export type Db = PrismaClient;
