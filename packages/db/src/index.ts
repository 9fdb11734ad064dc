export {
  BOOKING_SEARCH_BATCH,
  catchUpBookingSearch,
  indexWaitingBookings,
  MARK_ALL_INDEXED,
} from "./booking-search";
export { createDatabase, isDatabaseReachable, type Database } from "./client";
export type { Db } from "./db";
export {
  type DirectAccess,
  type PgQuery,
  type ComposedSql,
  directAccess,
  directQuery,
  directRead,
  pgStatementName,
  type SqliteTransaction,
  sqlInstant,
  sqlInstantParameter,
  type SqlValue,
} from "./direct";
export { migrate, type MigrateResult } from "./migrate";
export { DEFAULT_DATABASE_URL, detectProvider, REPO_ROOT, sqlitePath, type DbProvider } from "./provider";
export { seedDemoContent, seedIfEmpty } from "./seed";
export type * from "./generated/sqlite/models";
export { Prisma } from "./generated/sqlite/client";
export { observeQueries, type QueryObserver } from "./query-timing";
export { perTurnBatcher } from "./turn-batch";
export { startStatisticsKeeper } from "./statistics";
