/**
 * Guards that run before any body is read: which content types a route takes, how large a JSON body may be,
 * how many calls a tRPC batch may carry, and that answers to signed-in callers are never cached.
 */
import { MESSAGES, TRPC_MAX_BATCH } from "@studio/validators";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/** The largest JSON body the API takes: comfortably above the largest legitimate form (a service or item). */
export const JSON_BODY_LIMIT = 256 * 1024;

const isJson = (contentType: string | undefined) =>
  /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? "");

/**
 * Whether the request declares a body: a length above zero, or chunked. null when it declares neither (only
 * possible for requests built in-process; over HTTP such a request has no body).
 */
export function declaresBody(c: Context): boolean | null {
  const length = c.req.header("content-length");
  if (length !== undefined) return Number(length) > 0;
  return c.req.header("transfer-encoding") !== undefined ? true : null;
}

const tooLarge = (c: Context) =>
  c.json({ success: false, message: MESSAGES.common.jsonTooLarge(JSON_BODY_LIMIT / 1024) }, 413);

const countedJson = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });

/**
 * A JSON body: 415 for any other content type (so no cross-site "simple" form post can reach a handler), 413
 * from the declared length before a byte is read, and counted while read when the length is not declared.
 */
export const jsonBody: MiddlewareHandler = async (c, next) => {
  // A GET or HEAD carries no body a handler reads (a tRPC query's input is in its URL).
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  const body = declaresBody(c);
  if (body === false) return next();
  if (body === null) return countedJson(c, next);
  if (!isJson(c.req.header("content-type")))
    return c.json({ success: false, message: MESSAGES.common.jsonRequired }, 415);
  const declared = Number(c.req.header("content-length"));
  if (Number.isFinite(declared) && declared > JSON_BODY_LIMIT) return tooLarge(c);
  // Node reads no more than a declared length, so only an undeclared one needs counting (and counting
  // builds the Web body stream, a good part of a small request's CPU).
  if (Number.isFinite(declared) && c.req.header("transfer-encoding") === undefined) return next();
  return countedJson(c, next);
};

/**
 * The procedures a tRPC request names, read as tRPC reads them: the raw path after `/trpc/`, decoded with
 * decodeURIComponent (an encoded comma, `%2C`, separates calls there too; Hono's own path only goes through
 * decodeURI, which keeps it). null when the path does not decode, which tRPC refuses without running anything.
 */
export function trpcProcedures(url: string): string[] | null {
  const pathname = new URL(url).pathname;
  const raw = pathname.slice(pathname.indexOf("/trpc/") + "/trpc/".length).replace(/\/+$/, "");
  try {
    return decodeURIComponent(raw).split(",");
  } catch {
    return null;
  }
}

/** tRPC: JSON only, batches of at most TRPC_MAX_BATCH queries, never a batch of mutations. */
export const trpcRequestGuard: MiddlewareHandler = async (c, next) => {
  const procedures = trpcProcedures(c.req.url);
  if (procedures === null) return next();
  const isBatch = c.req.query("batch") !== undefined;
  if (c.req.method === "POST") {
    if (isBatch && procedures.length > 1)
      return c.json(trpcError(MESSAGES.common.mutationBatch, "BAD_REQUEST", 400), 400);
    if (declaresBody(c) && !isJson(c.req.header("content-type")))
      return c.json(trpcError(MESSAGES.common.jsonRequired, "UNSUPPORTED_MEDIA_TYPE", 415), 415);
  }
  if (isBatch && procedures.length > TRPC_MAX_BATCH)
    return c.json(trpcError(MESSAGES.common.batchTooLarge(TRPC_MAX_BATCH), "BAD_REQUEST", 400), 400);
  return next();
};

/** JSON-RPC error numbers of the tRPC codes used here. */
const TRPC_ERROR_NUMBERS = { BAD_REQUEST: -32600, UNSUPPORTED_MEDIA_TYPE: -32015 } as const;

function trpcError(message: string, code: keyof typeof TRPC_ERROR_NUMBERS, httpStatus: number) {
  return { error: { message, code: TRPC_ERROR_NUMBERS[code], data: { code, httpStatus } } };
}

/**
 * Answers that need a token, or carry anything personal, must not be stored by a browser or proxy: every
 * /api and /trpc answer is `no-store` unless the handler chose a policy (the public lists' revalidation), and
 * always when the request carried credentials.
 */
export const noStoreByDefault: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.header("authorization") !== undefined || !c.res.headers.has("cache-control"))
    c.res.headers.set("Cache-Control", "no-store");
};
