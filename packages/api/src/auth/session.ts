import { randomBytes } from "node:crypto";
import { type Db, directAccess, type PgQuery, perTurnBatcher } from "@studio/db";
import { type AdminUserDto, API_KEY_PREFIX, type AuthResult } from "@studio/validators";
import type { Context } from "../context";
import { authenticateApiKey } from "../domain/api-keys/keys";
import type { ApiKeyPrincipal, Authenticated } from "./principal";
import { signToken, verifyToken } from "./tokens";

type UserRow = { id: number; name: string; email: string; role: "owner" | "admin" };

export function toUserDto(user: UserRow): AdminUserDto {
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}

export async function issueSession(
  ctx: Pick<Context, "db" | "config" | "now">,
  user: UserRow,
): Promise<AuthResult> {
  const sessionId = randomBytes(24).toString("base64url");
  const now = ctx.now();
  const { token, expiresAt } = await signToken(ctx.config, { userId: user.id, sessionId }, now);
  await ctx.db.authSession.create({ data: { id: sessionId, userId: user.id, expiresAt } });
  return { token, user: toUserDto(user), expires_at: expiresAt.toISOString() };
}

/** An API key's principal: an admin that is never the owner, named after the key. */
function keyCaller(key: ApiKeyPrincipal): Authenticated {
  return {
    user: { id: 0, name: key.name, email: "", role: "admin" },
    session: { id: `api-key:${key.id}`, expiresAt: key.expiresAt ?? new Date(8.64e15) },
    apiKey: key,
  };
}

/**
 * The admin behind a bearer token, or null for a missing, malformed, expired, forged or revoked token.
 *
 * On PostgreSQL, where several instances share the sessions, every call reads the session: a logout on one
 * instance must end the token on all of them at once, and the bus that would carry an invalidation is
 * asynchronous. SQLite runs one instance (ADR 002), where every change to a session or its admin goes through
 * this process and drops the "sessions" read-cache tag synchronously, so the row may come from the cache
 * (ADR 010: GET /api/bookings/stats went from 0.45 to 0.12 ms of CPU).
 */
export async function authenticate(
  ctx: Pick<Context, "db" | "config" | "now" | "provider" | "cache">,
  token: string | null,
  options: { apiKeys?: boolean } = {},
): Promise<Authenticated | null> {
  if (!token) return null;
  if (token.startsWith(API_KEY_PREFIX)) {
    if (!options.apiKeys) return null;
    const key = await authenticateApiKey(ctx, token);
    return key ? keyCaller(key) : null;
  }
  const now = ctx.now();
  const claims = await verifyToken(ctx.config, token, now);
  if (!claims) return null;
  const read = () => readSession(ctx, claims.sessionId);
  const session =
    ctx.provider === "sqlite" ? await ctx.cache.get("sessions", claims.sessionId, read) : await read();
  if (!session || session.revokedAt || session.expiresAt <= now || session.userId !== claims.userId)
    return null;
  return {
    user: toUserDto({ id: session.userId, name: session.name, email: session.email, role: session.role }),
    session: { id: claims.sessionId, expiresAt: session.expiresAt },
    apiKey: null,
  };
}

/**
 * One joined query. On SQLite through Prisma (most calls are answered by the cache); on PostgreSQL, read on
 * every admin call, as plain SQL on Prisma's pool (ADR 011): Prisma compiles even a raw query on every call.
 */
export async function readSession(
  ctx: Pick<Context, "db">,
  sessionId: string,
): Promise<SessionRow | undefined> {
  const access = directAccess(ctx.db);
  if (access.provider === "sqlite") {
    const rows = await ctx.db.$queryRaw<SessionRow[]>`
      SELECT s."userId", s."expiresAt", s."revokedAt", u."name", u."email", u."role"
      FROM "AuthSession" s JOIN "AdminUser" u ON u."id" = s."userId"
      WHERE s."id" = ${sessionId}`;
    return rows[0];
  }
  return postgresSessionReader(ctx.db, access.query)(sessionId);
}

/**
 * The sessions of the admin calls that arrive together, read by one named statement (parsed and planned once per
 * connection). Each call's read is sent after the call arrived, so a session revoked before it is seen revoked,
 * as with a read of its own; a burst of calls then pays one round trip, not one each (ADR 010).
 */
const PG_SESSIONS = `SELECT s."id", s."userId", (EXTRACT(EPOCH FROM s."expiresAt") * 1000)::FLOAT8 AS "expiresMs",
        (EXTRACT(EPOCH FROM s."revokedAt") * 1000)::FLOAT8 AS "revokedMs", u."name", u."email", u."role"
 FROM "AuthSession" s JOIN "AdminUser" u ON u."id" = s."userId"
 WHERE s."id" IN (SELECT jsonb_array_elements_text($1::jsonb))`;

// node-postgres would read a TIMESTAMP (no zone) in the process's zone: the instants come as epoch ms.
type PgSessionRow = Omit<SessionRow, "expiresAt" | "revokedAt"> & {
  id: string;
  expiresMs: number;
  revokedMs: number | null;
};

const sessionReaders = new WeakMap<Db, (sessionId: string) => Promise<SessionRow | undefined>>();

function postgresSessionReader(db: Db, query: PgQuery) {
  let read = sessionReaders.get(db);
  if (read) return read;
  read = perTurnBatcher(async (sessionIds: readonly string[]) => {
    const rows = await query<PgSessionRow>(
      PG_SESSIONS,
      [JSON.stringify([...new Set(sessionIds)])],
      "admin-sessions",
    );
    const found = new Map(
      rows.map(({ id, expiresMs, revokedMs, ...rest }): [string, SessionRow] => [
        id,
        {
          ...rest,
          expiresAt: new Date(expiresMs),
          revokedAt: revokedMs === null ? null : new Date(revokedMs),
        },
      ]),
    );
    return sessionIds.map((id) => found.get(id));
  });
  sessionReaders.set(db, read);
  return read;
}

type SessionRow = {
  userId: number;
  expiresAt: Date;
  revokedAt: Date | null;
  name: string;
  email: string;
  role: UserRow["role"];
};

export async function revokeSession(
  ctx: Pick<Context, "db" | "now" | "cache">,
  sessionId: string,
): Promise<void> {
  await ctx.db.authSession.updateMany({
    where: { id: sessionId, revokedAt: null },
    data: { revokedAt: ctx.now() },
  });
  ctx.cache.invalidate("sessions");
}
