import { createHash } from "node:crypto";
import {
  type ApiConfig,
  type ApiDeps,
  createDiskStorage,
  createReadCache,
  READ_CACHE_TTL_MS,
} from "@studio/api";
import type { Database } from "@studio/db";
import { type Env, resolveFromRoot } from "./env";

/** Domain settings derived from the validated env; file links get their own key derived from the JWT secret. */
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
  };
}

export function buildDeps(env: Env, database: Database): ApiDeps {
  return {
    db: database.prisma,
    provider: database.provider,
    config: apiConfigFromEnv(env),
    storage: createDiskStorage(resolveFromRoot(env.UPLOAD_DIR)),
    now: () => new Date(),
    cache: createReadCache(READ_CACHE_TTL_MS),
  };
}
