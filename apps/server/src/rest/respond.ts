import {
  AppError,
  type Context as ApiContext,
  type createCaller,
  fieldErrorsOf,
  isDatabaseUnavailable,
} from "@studio/api";
import { MESSAGES } from "@studio/validators";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import type { Logger } from "../logger";

export type Caller = ReturnType<typeof createCaller>;
export type RestEnv = {
  Variables: {
    caller: Caller;
    auth: ApiContext["auth"];
    /** Public origin for absolute media URLs (PUBLIC_URL, else the request's own origin). */
    origin: string;
  };
};

/** Fields of the contract that hold a stored file's URL. */
const URL_FIELDS = new Set(["image", "media_url", "url", "logo"]);

/** Paths of files this server serves: uploads, and the demo media the built site ships. */
const FILE_PATH = /^\/(uploads|media)\//;

/**
 * Stored files as absolute URLs (`/uploads/…`, `/media/…` → `https://studio.example/uploads/…`): a frontend on
 * another origin puts them straight into `<img src>` (and its forms' URL fields), as the original system's
 * answers allowed.
 */
export function absoluteFileUrl(url: string, origin: string): string {
  return FILE_PATH.test(url) ? `${origin}${url}` : url;
}

/**
 * The reverse, for what such a frontend sends back: a URL of one of our files on our public origin becomes its
 * path again, so the catalogue keeps paths that work on any origin (and on the site's own pages).
 */
export function ownFilePaths(body: Record<string, unknown>, origin: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  for (const key of URL_FIELDS) {
    const value = out[key];
    if (typeof value !== "string" || !value.startsWith(`${origin}/`)) continue;
    // The path alone: a signed link's query means nothing once the file is stored as public media.
    const rest = value.slice(origin.length).split(/[?#]/)[0]!;
    if (FILE_PATH.test(rest)) out[key] = rest;
  }
  return out;
}

/** The same for a whole answer: every URL field, at any depth. */
export function withAbsoluteUrls<T>(value: T, origin: string): T {
  if (Array.isArray(value)) return value.map((item) => withAbsoluteUrls(item, origin)) as T;
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] =
      typeof field === "string" && URL_FIELDS.has(key)
        ? absoluteFileUrl(field, origin)
        : withAbsoluteUrls(field, origin);
  }
  return out as T;
}

/** A success answer in the contract's envelope, with absolute file URLs. */
export function ok<T extends object>(c: Context<RestEnv>, body: T, status: ContentfulStatusCode = 200) {
  return c.json(withAbsoluteUrls(body, c.var.origin), status);
}

type ErrorBody = { success: false; message: string; errors?: Record<string, string> };

/** The legacy `{ success: false, message, errors }` body with a truthful status; never internal details. */
export function restError(c: Context, error: unknown, logger: Logger): Response {
  const respond = (status: number, body: ErrorBody) => c.json(body, status as ContentfulStatusCode);
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (error.cause instanceof ZodError) {
      const errors = fieldErrorsOf(error.cause);
      return respond(400, {
        success: false,
        message: error.cause.issues[0]?.message ?? MESSAGES.common.invalidInput,
        errors,
      });
    }
    if (error instanceof AppError) {
      if (error.details.retryAfterSeconds) c.header("Retry-After", String(error.details.retryAfterSeconds));
      return respond(status, {
        success: false,
        message: error.message,
        ...(error.details.fieldErrors ? { errors: error.details.fieldErrors } : {}),
      });
    }
    if (status < 500) return respond(status, { success: false, message: error.message });
  }
  if (error instanceof HTTPException) {
    const message =
      error.status === 413 ? MESSAGES.common.payloadTooLarge : error.message || MESSAGES.common.invalidInput;
    return respond(error.status, { success: false, message });
  }
  if (isDatabaseUnavailable(error)) {
    return respond(503, { success: false, message: MESSAGES.common.databaseUnavailable });
  }
  logger.error("unhandled REST error", {
    path: c.req.path,
    error: error instanceof Error ? error.stack : String(error),
  });
  return respond(500, { success: false, message: MESSAGES.common.serverError });
}

/** Parses a JSON body; malformed JSON is a 400 with a clear message. Non-object bodies become {}. */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", MESSAGES.common.invalidJson);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new AppError("BAD_REQUEST", "The request body must be a JSON object");
  }
  return value as Record<string, unknown>;
}

/** A service or portfolio body: JSON, with our own file URLs given back as their paths (ownFilePaths). */
export async function readCatalogJson(c: Context<RestEnv>): Promise<Record<string, unknown>> {
  return ownFilePaths(await readJson(c), c.var.origin);
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}
