import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { CacheTag, ReadCache } from "@studio/api";
import type { MiddlewareHandler } from "hono";
import { incomingOf, isHttpsOf, publicOriginOf } from "../client-ip";

/**
 * Response snapshots for the public lists every visitor loads (services, portfolio, approved feedback,
 * over REST and tRPC). The first anonymous 200 answer for a URL is kept as bytes (plus gzip and brotli
 * copies made off the request path) and served again until a write invalidates its read-cache tag or
 * the read cache's lifetime ends, so a hit costs no routing, validation, query or serialisation. Each
 * snapshot carries a weak ETag; a matching If-None-Match gets 304.
 *
 * Only requests without credentials or an Origin are served or captured: a 200 answered to an anonymous
 * caller holds public data only, and CORS headers depend on the caller.
 */

const REST_PUBLIC: [RegExp, CacheTag][] = [
  [/^\/api\/services(?:\/category\/[^/]+|\/[^/]+)?\/?$/, "services"],
  [/^\/api\/portfolio(?:\/category\/[^/]+|\/[^/]+)?\/?$/, "portfolio"],
  [/^\/api\/feedback\/(?:approved|category\/[^/]+)\/?$/, "feedback"],
];

const TRPC_PUBLIC: Record<string, CacheTag> = {
  "services.list": "services",
  "services.byCategory": "services",
  "services.get": "services",
  "portfolio.list": "portfolio",
  "portfolio.byCategory": "portfolio",
  "portfolio.get": "portfolio",
  "feedback.approved": "feedback",
  "feedback.byCategory": "feedback",
  "feedback.summary": "feedback",
};

/** The read-cache tags a public GET depends on, or null when the path is not a snapshot candidate. */
export function publicTagsOf(path: string): CacheTag[] | null {
  if (path.startsWith("/trpc/")) {
    const tags = new Set<CacheTag>();
    for (const procedure of path.slice("/trpc/".length).split(",")) {
      const tag = TRPC_PUBLIC[procedure];
      if (!tag) return null;
      tags.add(tag);
    }
    return [...tags];
  }
  for (const [pattern, tag] of REST_PUBLIC) if (pattern.test(path)) return [tag];
  return null;
}

type Encoding = "br" | "gzip";
type Variant = { body: Uint8Array; headers: Record<string, string> };
type Snapshot = {
  tags: CacheTag[];
  generations: number[];
  expires: number;
  etag: string;
  identity: Variant;
  encoded: Partial<Record<Encoding, Variant>>;
  notModified: Record<string, string>;
};

/** Headers of the captured answer that must not be replayed (the server sets them per response). */
const NOT_REPLAYED = new Set([
  "content-length",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "etag",
  "cache-control",
  "vary",
]);
/** Compressing a small body saves less than the header it costs. */
const MIN_COMPRESSED_BYTES = 1024;
const compressors: Record<Encoding, (body: Uint8Array) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

export type PublicSnapshotOptions = {
  cache: ReadCache;
  /** Behind a trusted proxy, X-Forwarded-Proto tells the scheme (part of the key: HTTPS answers carry HSTS). */
  trustProxy: boolean;
  /** PUBLIC_URL: the origin of absolute file URLs in REST answers (else the request's own, part of the key). */
  publicUrl?: string | null;
  /** Called for every answer served from a snapshot (request logging). */
  onServed?: (served: ServedSnapshot) => void;
  /** Distinct URLs kept at most (the oldest is dropped first): query strings cannot grow memory. */
  maxEntries?: number;
  now?: () => number;
};

export type PublicSnapshots = {
  /**
   * Answers from a current snapshot before the app is entered (no routing, context or middleware chain:
   * a third of the cost of a hit served from inside Hono), or returns undefined to let the app answer.
   */
  serve: (request: Request, env: unknown) => Response | undefined;
  /** Middleware that keeps the app's anonymous 200 answers to public list GETs as snapshots. */
  capture: MiddlewareHandler;
};

type HeaderReader = (name: string) => string | undefined;
type Candidate = { key: string; path: string; tags: CacheTag[]; header: HeaderReader };
export type ServedSnapshot = {
  path: string;
  status: number;
  started: number;
  header: HeaderReader;
  env: unknown;
};

export function createPublicSnapshots(options: PublicSnapshotOptions): PublicSnapshots {
  const { cache, trustProxy } = options;
  const originOptions = { publicUrl: options.publicUrl ?? null, trustProxy };
  const maxEntries = options.maxEntries ?? 256;
  const now = options.now ?? (() => Date.now());
  const snapshots = new Map<string, Snapshot>();

  const isCurrent = (s: Snapshot) =>
    s.expires > now() && s.tags.every((tag, i) => cache.generation(tag) === s.generations[i]);

  /** The snapshot key and tags of a request that may be served from or kept as a snapshot; else null. */
  function candidate(request: Request, env: unknown): Candidate | null {
    if (cache.ttlMs <= 0 || request.method !== "GET") return null;
    const url = request.url;
    const start = url.indexOf("/", url.indexOf("//") + 2);
    const query = url.indexOf("?", start);
    const path = query < 0 ? url.slice(start) : url.slice(start, query);
    // Encoded paths are left to the router, which decodes them.
    if (path.includes("%")) return null;
    const tags = publicTagsOf(path);
    if (!tags) return null;
    const header = requestHeaders(request, env);
    if (header("authorization") || header("cookie") || header("origin")) return null;
    const https = isHttpsOf(trustProxy, url, header("x-forwarded-proto"));
    // REST answers carry absolute file URLs, so their snapshots are kept per public origin.
    const origin = path.startsWith("/api/") ? publicOriginOf(originOptions, url.slice(0, start), header) : "";
    return { key: `${https ? "s" : ""}${origin}${url.slice(start)}`, path, tags, header };
  }

  function store(key: string, snapshot: Snapshot, previous: Snapshot | undefined) {
    // An unchanged body keeps the compressed copies already made for it.
    if (previous?.etag === snapshot.etag) snapshot.encoded = previous.encoded;
    snapshots.delete(key);
    snapshots.set(key, snapshot);
    if (snapshots.size > maxEntries) snapshots.delete(snapshots.keys().next().value as string);
    if (snapshot.identity.body.byteLength < MIN_COMPRESSED_BYTES) return;
    for (const encoding of ["br", "gzip"] as const) {
      if (snapshot.encoded[encoding]) continue;
      compressors[encoding](snapshot.identity.body).then(
        (body) => {
          snapshot.encoded[encoding] = {
            body,
            headers: { ...snapshot.identity.headers, "content-encoding": encoding },
          };
        },
        () => undefined, // identity is still served
      );
    }
  }

  return {
    serve(request, env) {
      const started = performance.now();
      const found = candidate(request, env);
      const snapshot = found && snapshots.get(found.key);
      if (!found || !snapshot || !isCurrent(snapshot)) return undefined;
      let response: Response;
      if (matchesEtag(found.header("if-none-match"), snapshot.etag)) {
        response = new Response(null, { status: 304, headers: snapshot.notModified });
      } else {
        const variant = pickVariant(snapshot, found.header("accept-encoding"));
        response = new Response(variant.body, { status: 200, headers: variant.headers });
      }
      options.onServed?.({ path: found.path, status: response.status, started, header: found.header, env });
      return response;
    },

    async capture(c, next) {
      const found = candidate(c.req.raw, c.env);
      if (!found) return next();
      const { key, tags } = found;
      const generations = tags.map((tag) => cache.generation(tag));
      await next();
      const res = c.res;
      if (res.status !== 200 || res.headers.has("set-cookie") || res.headers.has("content-encoding")) return;
      // A write during this request makes the answer stale on arrival: serve it, keep nothing.
      if (tags.some((tag, i) => cache.generation(tag) !== generations[i])) return;
      const body = new Uint8Array(await res.clone().arrayBuffer());
      const etag = `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
      const validators = { etag, "cache-control": "no-cache", vary: "Accept-Encoding" };
      const replayed: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        if (!NOT_REPLAYED.has(name) && !name.startsWith("access-control-")) replayed[name] = value;
      });
      for (const [name, value] of Object.entries(validators)) res.headers.set(name, value);
      store(
        key,
        {
          tags,
          generations,
          expires: now() + cache.lifetimeMs(),
          etag,
          identity: { body, headers: { ...replayed, ...validators } },
          encoded: {},
          notModified: validators,
        },
        snapshots.get(key),
      );
    },
  };
}

/**
 * Reads request headers from Node's parsed headers when the server runs on Node: asking the Fetch
 * Request would make the adapter build one, which costs more than the whole snapshot hit.
 */
function requestHeaders(request: Request, env: unknown): HeaderReader {
  const incoming = incomingOf(env);
  if (incoming) {
    const headers = incoming.headers;
    return (name) => {
      const value = headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    };
  }
  return (name) => request.headers.get(name) ?? undefined;
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2); // weak comparison: W/"x" and "x" match
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag === etag || tag === opaque;
  });
}

/** The best encoding the client accepts (q=0 refuses) among those ready; identity otherwise. */
function pickVariant(snapshot: Snapshot, acceptEncoding: string | undefined): Variant {
  if (!acceptEncoding) return snapshot.identity;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.find((p) => p.trim().startsWith("q="));
    if (!q || Number(q.trim().slice(2)) > 0) accepted.add(name.trim());
  }
  for (const encoding of ["br", "gzip"] as const) {
    const variant = snapshot.encoded[encoding];
    if (variant && (accepted.has(encoding) || accepted.has("*"))) return variant;
  }
  return snapshot.identity;
}
