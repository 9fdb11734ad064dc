import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_DATABASE_URL, REPO_ROOT, sqlitePath } from "@studio/db";
import {
  DEFAULT_BOOKING_CHANGE_CUTOFF_HOURS,
  DEFAULT_STUDIO_TIMEZONE,
  FORM_LIMIT,
  isEmailAddress,
  isMailbox,
  isValidTimeZone,
} from "@studio/validators";
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
    .default(DEFAULT_STUDIO_TIMEZONE)
    .refine(isValidTimeZone, "must be an IANA time zone"),
  UPLOAD_DIR: z.string().default("./data/uploads"),
  STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .string()
    .default("false")
    .refine((v) => ["true", "false", "1", "0"].includes(v.toLowerCase()), "must be true or false")
    .transform((v) => v.toLowerCase() === "true" || v === "1"),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), "must be redis://… or rediss://…")
    .optional(),
  PUBLIC_URL: z.url().optional(),
  BOOKING_CHANGE_CUTOFF_HOURS: z.coerce
    .number({ error: "must be a whole number of hours" })
    .int("must be a whole number of hours")
    .min(0, "must be 0 or more hours")
    .max(24 * 365, "must be at most 8760 hours")
    .default(DEFAULT_BOOKING_CHANGE_CUTOFF_HOURS),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("studio"),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: z
    .string()
    .default("false")
    .refine((v) => ["true", "false", "1", "0"].includes(v.toLowerCase()), "must be true or false")
    .transform((v) => v.toLowerCase() === "true" || v === "1"),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  CALENDAR_SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  CALDAV_ALLOW_PRIVATE_NETWORKS: z
    .string()
    .default("false")
    .refine((v) => ["true", "false", "1", "0"].includes(v.toLowerCase()), "must be true or false")
    .transform((v) => v.toLowerCase() === "true" || v === "1"),
  CALDAV_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** How long an instance holds a photo or video job before another may take it over (renewed every third). */
  MEDIA_JOB_LEASE_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(3_000, "must be 3000 ms or more")
    .max(600_000, "must be at most 600000 ms")
    .default(120_000),
  CALDAV_PULL_MINUTES: z.coerce
    .number({ error: "must be a whole number of minutes" })
    .int("must be a whole number of minutes")
    .min(1, "must be 1 minute or more")
    .max(1440, "must be at most 1440 minutes")
    .default(5),
  SMTP_URL: z
    .string()
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
      } catch {
        return false;
      }
    }, "must be smtp://user:pass@host:port or smtps://user:pass@host:port")
    .optional(),
  MAIL_FROM: z
    .string()
    .default("Studio <hello@studio.example>")
    .refine(isMailbox, 'must be an e-mail address or "Name <address>"'),
  STUDIO_NOTIFY_EMAIL: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : null,
    )
    .refine((list) => list === null || (list.length > 0 && list.every(isEmailAddress)), {
      message: "must be one or more e-mail addresses, comma-separated",
    }),
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  UPLOAD_BUDGET_PER_ADDRESS_MB: z.coerce.number().int().min(1).max(100_000).default(100),
  UPLOAD_BUDGET_TOTAL_MB: z.coerce.number().int().min(1).max(10_000_000).default(2048),
  MAP_TILE_URL: z.string().default("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  RATE_LIMIT: z
    .string()
    .default("on")
    .transform((v) => v.toLowerCase() !== "off"),
  RATE_LIMIT_FORMS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(FORM_LIMIT.points),
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

/** The bucket settings when STORAGE=s3 (all required ones present); null with local storage. */
export type S3Env = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string };
};

export type Env = z.output<typeof ZEnv> & { jwtSecret: string; s3: S3Env | null };

const ZStorageEnv = ZEnv.pick({
  UPLOAD_DIR: true,
  STORAGE: true,
  S3_ENDPOINT: true,
  S3_BUCKET: true,
  S3_REGION: true,
  S3_ACCESS_KEY_ID: true,
  S3_SECRET_ACCESS_KEY: true,
  S3_FORCE_PATH_STYLE: true,
});

function parseOrThrow<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv): z.output<T> {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return parsed.data;
}

const S3_REQUIRED = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** With STORAGE=s3 the bucket and its credentials must be set: refuse to start rather than fail on the first upload. */
function s3FromEnv(env: z.output<typeof ZStorageEnv>): S3Env | null {
  if (env.STORAGE !== "s3") return null;
  const missing = S3_REQUIRED.filter((name) => !env[name]);
  if (missing.length) {
    const lines = missing.map((name) => `  ${name}: required when STORAGE=s3`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return {
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
  };
}

/** Reads and validates the environment once, at start-up; nothing else reads process.env. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const env = parseOrThrow(ZEnv, source);
  const s3 = s3FromEnv(env);
  return { ...env, s3, jwtSecret: env.JWT_SECRET ?? persistedDevSecret(env) };
}

/** Only the storage settings, for tools such as `pnpm storage:migrate` that need no secret or database. */
export function loadStorageEnv(source: NodeJS.ProcessEnv = process.env): {
  uploadDir: string;
  s3: S3Env | null;
} {
  const env = parseOrThrow(ZStorageEnv, source);
  return { uploadDir: resolveFromRoot(env.UPLOAD_DIR), s3: s3FromEnv(env) };
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
