import { TRPCError } from "@trpc/server";

export type AppErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL_SERVER_ERROR";

export type AppErrorDetails = {
  /** First message per field, e.g. { email: "Email is invalid" }. */
  fieldErrors?: Record<string, string>;
  retryAfterSeconds?: number;
};

/** The one error type of the domain; its message is always safe to show to the user. */
export class AppError extends TRPCError {
  readonly details: AppErrorDetails;
  constructor(code: AppErrorCode, message: string, details: AppErrorDetails = {}) {
    super({ code, message });
    this.name = "AppError";
    this.details = details;
  }
}

/** HTTP status for each code (the REST layer and the tRPC error formatter agree through tRPC's own map). */
export const HTTP_STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

const CONNECTION_ERROR_CODES = new Set([
  // Prisma
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024",
  // Node sockets
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EPIPE",
  // PostgreSQL: connection exceptions (08xxx), operator intervention (57P0x), too many connections
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  // SQLite
  "SQLITE_CANTOPEN",
  "SQLITE_READONLY",
  "SQLITE_IOERR",
  "SQLITE_FULL",
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
]);

/** Prisma driver-adapter error kinds (DriverAdapterError.cause.kind) that mean "cannot reach or use the database". */
const UNAVAILABLE_ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "DatabaseDoesNotExist",
  "DatabaseAccessDenied",
  "AuthenticationFailed",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "TlsConnectionError",
]);

const UNAVAILABLE_MESSAGE =
  /ECONNREFUSED|Connection terminated|connect ETIMEDOUT|timeout exceeded when trying to connect|not currently accepting connections|Client has encountered a connection error|database system is (shutting down|starting up|in recovery mode)|readonly database|unable to open database|disk I\/O error|database or disk is full|database is locked|Can't reach database server|terminating connection/i;

/** True for failures that mean "the database cannot be used right now" rather than a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++) {
    const err = e as {
      code?: unknown;
      originalCode?: unknown;
      kind?: unknown;
      message?: unknown;
      cause?: unknown;
      name?: unknown;
    };
    if (typeof err.code === "string" && CONNECTION_ERROR_CODES.has(err.code)) return true;
    if (typeof err.originalCode === "string" && CONNECTION_ERROR_CODES.has(err.originalCode)) return true;
    if (typeof err.kind === "string" && UNAVAILABLE_ADAPTER_KINDS.has(err.kind)) return true;
    if (err.name === "PrismaClientInitializationError") return true;
    const msg = typeof err.message === "string" ? err.message : "";
    if (UNAVAILABLE_MESSAGE.test(msg)) return true;
    e = err.cause;
  }
  return false;
}

/**
 * True for a unique-constraint violation on any of the given fields (or any, when none given): Prisma's P2002,
 * or the driver's own error from plain SQL (direct.ts): PostgreSQL's 23505 naming its constraint
 * ("Booking_slotKey_key"), SQLite's "UNIQUE constraint failed: Booking.slotKey".
 */
export function isUniqueViolation(error: unknown, field?: string): boolean {
  const err = error as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
    meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } };
  };
  let text: string;
  if (err?.code === "P2002") {
    const target = err.meta?.target;
    const fields = err.meta?.driverAdapterError?.cause?.constraint?.fields ?? [];
    text = `${Array.isArray(target) ? target.join(",") : String(target ?? "")},${fields.join(",")}`;
  } else if (err?.code === "23505") {
    text = String(err.constraint ?? "");
  } else if (err?.code === "SQLITE_CONSTRAINT_UNIQUE" || err?.code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    text = String(err.message ?? "");
  } else {
    return false;
  }
  return !field || text.includes(field);
}

/** True for a foreign-key violation: Prisma's P2003, PostgreSQL's 23503 or SQLite's own. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === "P2003" || code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}
