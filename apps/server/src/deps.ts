import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import {
  type ApiConfig,
  type ApiDeps,
  createDiskStorage,
  createLimiter,
  createLocalBus,
  createPostgresBus,
  createRedisBus,
  type EventBus,
  createReadCache,
  READ_CACHE_TTL_MS,
  type UploadStorage,
} from "@studio/api";
import type { Database } from "@studio/db";
import { Redis } from "ioredis";
import { type Env, resolveFromRoot } from "./env";

/**
 * Domain settings derived from the validated env; file links and webhook secrets get their own keys derived from
 * the JWT secret.
 */
export function apiConfigFromEnv(env: Env): ApiConfig {
  const encoder = new TextEncoder();
  return {
    jwtSecret: encoder.encode(env.jwtSecret),
    jwtIssuer: "studio",
    jwtAudience: "studio-admin",
    tokenTtlSeconds: 12 * 3600,
    signupCode: env.ADMIN_SIGNUP_CODE ?? null,
    timeZone: env.STUDIO_TIMEZONE,
    rateLimit: env.RATE_LIMIT,
    fileLinkSecret: createHash("sha256").update(`file-links:${env.jwtSecret}`).digest(),
    fileLinkTtlSeconds: 300,
    mapTileUrl: env.MAP_TILE_URL,
    mail: {
      enabled: Boolean(env.SMTP_URL),
      from: env.MAIL_FROM,
      notifyTo: env.STUDIO_NOTIFY_EMAIL,
      retentionDays: env.MAIL_RETENTION_DAYS,
      sealKey: createHash("sha256").update(`mail-links:${env.jwtSecret}`).digest(),
    },
    publicUrl: publicUrlOf(env),
    bookingChangeCutoffHours: env.BOOKING_CHANGE_CUTOFF_HOURS,
    webhooks: {
      allowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      secretKey: createHash("sha256").update(`webhook-secrets:${env.jwtSecret}`).digest(),
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    },
    calendarSync: {
      // Its own key when CALENDAR_SECRET_KEY is set (rotating JWT_SECRET then keeps the connection working).
      secretKey: createHash("sha256")
        .update(env.CALENDAR_SECRET_KEY ?? `calendar-secrets:${env.jwtSecret}`)
        .digest(),
      allowPrivateNetworks: env.CALDAV_ALLOW_PRIVATE_NETWORKS,
      timeoutMs: env.CALDAV_TIMEOUT_MS,
      pullEveryMs: env.CALDAV_PULL_MINUTES * 60_000,
    },
    uploadBudget: {
      perAddressBytes: env.UPLOAD_BUDGET_PER_ADDRESS_MB * 1024 * 1024,
      totalBytes: env.UPLOAD_BUDGET_TOTAL_MB * 1024 * 1024,
    },
    mediaJobLeaseMs: env.MEDIA_JOB_LEASE_MS,
  };
}

/** PUBLIC_URL's origin, else the address the server listens on (links in e-mails need an absolute origin). */
function publicUrlOf(env: Env): string {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${env.PORT}`;
}

/** Redis when REDIS_URL is set; else PostgreSQL LISTEN/NOTIFY on PostgreSQL; else in-process (SQLite). */
function eventBusFor(env: Env, database: Database): EventBus {
  if (env.REDIS_URL) return createRedisBus(env.REDIS_URL);
  if (database.provider === "postgresql") return createPostgresBus(env.DATABASE_URL);
  return createLocalBus();
}

/** The limiter's own Redis connection: commands fail at once while Redis is down, so the memory insurance answers. */
function limiterRedis(env: Env): Redis | undefined {
  return env.REDIS_URL
    ? new Redis(env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }).on(
        "error",
        () => undefined,
      )
    : undefined;
}

/**
 * Local disk under UPLOAD_DIR by default; with STORAGE=s3 the bucket, every instance sharing it. Files being
 * received and re-encoded still pass through a local temporary directory first (limits, type, sharp).
 */
export async function storageFromEnv(env: Env): Promise<UploadStorage> {
  if (!env.s3) return createDiskStorage(resolveFromRoot(env.UPLOAD_DIR));
  const { createS3Storage } = await import("@studio/api/storage/s3");
  return createS3Storage({ ...env.s3, tempDir: path.join(os.tmpdir(), "studio-uploads") });
}

export async function buildDeps(env: Env, database: Database): Promise<ApiDeps> {
  const bus = eventBusFor(env, database);
  return {
    db: database.prisma,
    provider: database.provider,
    config: apiConfigFromEnv(env),
    storage: await storageFromEnv(env),
    now: () => new Date(),
    cache: createReadCache(READ_CACHE_TTL_MS, undefined, bus),
    limiter: createLimiter(
      database.prisma,
      {
        forms: env.RATE_LIMIT,
        lockouts: env.RATE_LIMIT,
        formsPerMinute: env.RATE_LIMIT_FORMS_PER_MINUTE,
      },
      limiterRedis(env),
    ),
    bus,
  };
}
