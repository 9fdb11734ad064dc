/**
 * API keys: made by the owner, shown once, kept as a SHA-256 (a key is 32 random bytes, so a plain hash is as
 * strong as the key), checked on every call like an admin session (ADR 014).
 *
 * - On PostgreSQL, where instances share the keys, every call reads the key: a revocation on one instance holds
 *   on all of them at once. SQLite runs one instance (ADR 002): the key comes from the read cache, which every
 *   write to the keys drops synchronously (as sessions are, ADR 010).
 * - Last use is written at most once a minute per key and instance, off the call's path.
 */
import { randomBytes } from "node:crypto";
import {
  API_KEY_PREFIX,
  type ApiKeyCreated,
  type ApiKeyDto,
  type ApiKeyScope,
  type ApiKeyStatus,
  API_KEY_SCOPES,
  MESSAGES,
  type ZApiKeyCreateInput,
} from "@studio/validators";
import type { z } from "zod";
import { auditedChange } from "../../audit/trail";
import type { ApiKeyPrincipal } from "../../auth/principal";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import { hashToken } from "../../crypto/token-hash";

type Deps = Pick<Context, "db" | "now" | "cache" | "provider" | "audit">;
const m = MESSAGES.apiKeys;

type KeyRow = {
  id: number;
  name: string;
  prefix: string;
  scopes: unknown;
  rateLimitPerMinute: number;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  createdByName: string | null;
};

const DAY_MS = 86_400_000;
/** Characters of the secret shown after "sk_" in lists. */
const SHOWN_CHARACTERS = 8;

function scopesOf(value: unknown): ApiKeyScope[] {
  const list = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list)
    ? list.filter((s): s is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(s))
    : [];
}

function statusOf(row: Pick<KeyRow, "revokedAt" | "expiresAt">, now: Date): ApiKeyStatus {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

function toDto(row: KeyRow, now: Date): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: scopesOf(row.scopes),
    rate_limit_per_minute: row.rateLimitPerMinute,
    status: statusOf(row, now),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByName,
  };
}

const KEY_SELECT = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  rateLimitPerMinute: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
  createdAt: true,
  createdByName: true,
} as const;

export async function listApiKeys(deps: Deps): Promise<ApiKeyDto[]> {
  const rows = await deps.db.apiKey.findMany({ select: KEY_SELECT, orderBy: { id: "desc" } });
  const now = deps.now();
  return rows.map((row) => toDto(row, now));
}

/** A new key: its secret is in this answer only. */
export async function createApiKey(
  deps: Deps,
  owner: { id: number; name: string },
  input: z.output<typeof ZApiKeyCreateInput>,
): Promise<ApiKeyCreated> {
  const now = deps.now();
  let expiresAt: Date | null = null;
  if (input.expires_on) {
    expiresAt = new Date(Date.parse(`${input.expires_on}T00:00:00.000Z`) + DAY_MS);
    if (expiresAt.getTime() <= now.getTime())
      throw new AppError("BAD_REQUEST", m.expiryPast, { fieldErrors: { expires_on: m.expiryPast } });
  }
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = await auditedChange(deps, null, (tx) =>
    tx.apiKey.create({
      data: {
        name: input.name,
        prefix: secret.slice(0, API_KEY_PREFIX.length + SHOWN_CHARACTERS),
        tokenHash: hashToken(secret),
        scopes: input.scopes,
        rateLimitPerMinute: input.rate_limit_per_minute,
        expiresAt,
        createdById: owner.id,
        createdByName: owner.name,
        createdAt: now,
      },
      select: KEY_SELECT,
    }),
  );
  return { key: toDto(row, now), secret };
}

/** Ends the key at once, on every instance (see above). Revoking twice is refused. */
export async function revokeApiKey(deps: Deps, id: number): Promise<ApiKeyDto> {
  const now = deps.now();
  const { count } = await auditedChange(
    deps,
    id,
    (tx) => tx.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } }),
    { changed: (revoked) => revoked.count === 1 },
  );
  deps.cache.invalidate("api_keys");
  const row = await deps.db.apiKey.findUnique({ where: { id }, select: KEY_SELECT });
  if (!row) throw new AppError("NOT_FOUND", m.notFound);
  if (count === 0) throw new AppError("CONFLICT", m.alreadyRevoked);
  return toDto(row, now);
}

type AuthRow = {
  id: number;
  name: string;
  scopes: unknown;
  rateLimitPerMinute: number;
  expiresAt: Date | null;
  revokedAt: Date | null;
};

async function readKey(deps: Deps, tokenHash: string): Promise<AuthRow | null> {
  return deps.db.apiKey.findUnique({
    where: { tokenHash },
    select: {
      id: true,
      name: true,
      scopes: true,
      rateLimitPerMinute: true,
      expiresAt: true,
      revokedAt: true,
    },
  });
}

/** When each key's last use was last written by this instance (at most once a minute). */
const lastUseWritten = new Map<number, number>();
const LAST_USE_EVERY_MS = 60_000;

function noteUse(deps: Deps, id: number, now: Date): void {
  const previous = lastUseWritten.get(id) ?? 0;
  if (now.getTime() - previous < LAST_USE_EVERY_MS) return;
  lastUseWritten.set(id, now.getTime());
  if (lastUseWritten.size > 10_000) lastUseWritten.delete(lastUseWritten.keys().next().value as number);
  void deps.db.apiKey
    .updateMany({ where: { id }, data: { lastUsedAt: now } })
    .catch(() => lastUseWritten.delete(id));
}

/** The key a bearer token names, or null for an unknown, revoked or expired key. */
export async function authenticateApiKey(deps: Deps, token: string): Promise<ApiKeyPrincipal | null> {
  if (!token.startsWith(API_KEY_PREFIX)) return null;
  const tokenHash = hashToken(token);
  const read = () => readKey(deps, tokenHash);
  const row = deps.provider === "sqlite" ? await deps.cache.get("api_keys", tokenHash, read) : await read();
  const now = deps.now();
  if (!row || statusOf(row, now) !== "active") return null;
  noteUse(deps, row.id, now);
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row.scopes),
    rateLimitPerMinute: row.rateLimitPerMinute,
    expiresAt: row.expiresAt,
  };
}
