import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_DATABASE_URL, REPO_ROOT, sqlitePath } from "@studio/db";
import { isValidTimeZone } from "@studio/validators";
import { z } from "zod";
import { DEFAULT_SERVER_LIMITS } from "./listen";

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATABASE_URL: z
    .string()
    .default(DEFAULT_DATABASE_URL)
    .refine(
      (v) => v.startsWith("file:") || /^postgres(ql)?:\/\//.test(v),
      "must be file:… (SQLite) or postgres://… (PostgreSQL)",
    ),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_SIGNUP_CODE: z.string().min(16, "must be at least 16 characters").optional(),
  STUDIO_TIMEZONE: z
    .string()
    .default("America/Los_Angeles")
    .refine(isValidTimeZone, "must be an IANA time zone"),
  UPLOAD_DIR: z.string().default("./data/uploads"),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), "must be redis://… or rediss://…")
    .optional(),
  PUBLIC_URL: z.url().optional(),
  MAP_TILE_URL: z.string().default("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  RATE_LIMIT: z
    .string()
    .default("on")
    .transform((v) => v.toLowerCase() !== "off"),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  WEB_DIST: z.string().default("apps/web/dist"),
  SEED_ON_EMPTY: z
    .string()
    .default("true")
    .transform((v) => v !== "false" && v !== "0"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(DEFAULT_SERVER_LIMITS.headersTimeoutMs),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(DEFAULT_SERVER_LIMITS.requestTimeoutMs),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(DEFAULT_SERVER_LIMITS.keepAliveTimeoutMs),
});

export type Env = z.output<typeof ZEnv> & { jwtSecret: string };

/** Reads and validates the environment once, at start-up; nothing else reads process.env. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  return { ...env, jwtSecret: env.JWT_SECRET ?? persistedDevSecret(env) };
}

/** Without JWT_SECRET, the embedded default keeps a random secret in ./data so restarts keep sessions. */
function persistedDevSecret(env: z.output<typeof ZEnv>): string {
  if (env.NODE_ENV === "production") {
    throw new Error(
      "Invalid environment:\n  JWT_SECRET: required in production (at least 32 random characters)",
    );
  }
  const dir = env.DATABASE_URL.startsWith("file:")
    ? path.dirname(sqlitePath(env.DATABASE_URL))
    : path.join(REPO_ROOT, "data");
  const file = path.join(dir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function resolveFromRoot(p: string): string {
  return path.isAbsolute(p) ? p : path.resolve(REPO_ROOT, p);
}
