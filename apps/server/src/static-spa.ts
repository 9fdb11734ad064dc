import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { boundedMemo, isAppPage, isGalleryPath, isManagePath, PLACEHOLDER_ORIGIN } from "@studio/validators";
import type { Context, MiddlewareHandler } from "hono";
import type { PrerenderedPages } from "./prerendered-pages";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".svg", ".txt", ".xml", ".webmanifest"]);

type Entry = { body: Buffer; gzip?: Buffer; br?: Buffer; type: string; cache: string };

/** Build output that is not for browsers: the server side of prerendering, Vite's manifest. */
const PRIVATE = /^\/(ssr|\.vite)(\/|$)/;
/** Rendered pages kept compressed (one per public page and profile version; older versions fall out). */
const MAX_PAGE_ENTRIES = 64;
const WITH_PUBLIC_URL = new Set(["/robots.txt", "/sitemap.xml"]);

/**
 * Serves the built SPA: hashed assets with a year of immutable caching, other files revalidated, and
 * index.html for client-side routes (with status 404 and noindex for paths that are no page). Files are read once and kept compressed in memory. With a public
 * URL, robots.txt and sitemap.xml name it instead of the placeholder address.
 *
 * Public pages get their prerendered HTML (prerendered-pages.ts: rendered again with the current studio
 * profile when it differs from the build's); the back office and unknown paths get the SPA shell.
 */
export function serveSpa(
  distDir: string,
  isReservedPath: (p: string) => boolean,
  publicUrl: string | null = null,
  pages: PrerenderedPages | null = null,
  onPageError?: (error: unknown, pathname: string) => void,
  /** The HTML for this path made from the shell's (a gallery's); null: the shell. Never cached. */
  pageFor?: (pathname: string, shell: string) => Promise<string | null>,
): MiddlewareHandler {
  const root = path.resolve(distDir);
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : null;
  const cache = new Map<string, Entry | null>();

  function load(rel: string): Entry | null {
    if (cache.has(rel)) return cache.get(rel) ?? null;
    const file = path.resolve(root, `.${rel}`);
    let entry: Entry | null = null;
    if (file.startsWith(root + path.sep) && existsSync(file) && statSync(file).isFile()) {
      const ext = path.extname(file).toLowerCase();
      let body = readFileSync(file);
      if (publicOrigin && WITH_PUBLIC_URL.has(rel))
        body = Buffer.from(body.toString("utf8").replaceAll(PLACEHOLDER_ORIGIN, publicOrigin));
      entry = {
        body,
        type: TYPES[ext] ?? "application/octet-stream",
        cache: rel.startsWith("/assets/")
          ? "public, max-age=31536000, immutable"
          : "public, max-age=0, must-revalidate",
      };
      if (COMPRESSIBLE.has(ext) && body.length > 512) {
        entry.gzip = gzipSync(body, { level: 9 });
        entry.br = brotliCompressSync(body);
      }
    }
    cache.set(rel, entry);
    return entry;
  }

  const pageEntries = boundedMemo<Entry>(MAX_PAGE_ENTRIES);
  /** A page's HTML as an entry with its compressed copies, made once per page version. */
  function pageEntry(key: string, html: string): Entry {
    return pageEntries(key, () => {
      const body = Buffer.from(html, "utf8");
      return {
        body,
        type: TYPES[".html"] as string,
        cache: "no-cache",
        gzip: gzipSync(body, { level: 9 }),
        br: brotliCompressSync(body),
      };
    });
  }

  function send(c: Context, entry: Entry, cacheControl = entry.cache, status: 200 | 404 = 200) {
    const accept = c.req.header("accept-encoding") ?? "";
    let body = entry.body;
    if (entry.br && /\bbr\b/.test(accept)) {
      body = entry.br;
      c.header("Content-Encoding", "br");
    } else if (entry.gzip && /\bgzip\b/.test(accept)) {
      body = entry.gzip;
      c.header("Content-Encoding", "gzip");
    }
    if (entry.gzip) c.header("Vary", "Accept-Encoding");
    c.header("Content-Type", entry.type);
    c.header("Cache-Control", cacheControl);
    if (c.req.method === "HEAD") return c.body(null, status);
    return c.body(new Uint8Array(body), status);
  }

  return async (c, next) => {
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || isReservedPath(c.req.path)) return next();
    let rel: string;
    try {
      rel = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    if (PRIVATE.test(rel)) return next();
    const asset = rel !== "/" ? load(rel) : null;
    if (asset) return send(c, asset);
    if (rel.startsWith("/assets/") || path.extname(rel)) return next();
    const index = load("/index.html");
    if (!index) return next();
    // A client's manage link is theirs alone: no search engine indexes it, wherever the URL turns up (robots.txt
    // keeps crawlers off /manage too; the page repeats it in a meta tag).
    // The same for a client's gallery (/g/<token>).
    const bare = rel.replace(/\/+$/, "");
    if (isManagePath(bare) || isGalleryPath(bare)) c.header("X-Robots-Tag", "noindex, nofollow");
    if (pageFor && isGalleryPath(bare)) {
      const html = await pageFor(bare, index.body.toString("utf8")).catch((error: unknown) => {
        onPageError?.(error, rel);
        return null;
      });
      if (html) {
        // Signed links inside: this answer is the visitor's alone.
        return send(c, {
          body: Buffer.from(html, "utf8"),
          type: TYPES[".html"] as string,
          cache: "no-store",
        });
      }
    }
    if (pages && isAppPage(rel)) {
      try {
        const page = await pages.page(rel);
        if (page) return send(c, pageEntry(page.key, page.html), "no-cache");
      } catch (error) {
        // The page could not be rendered with the current profile: the shell renders it in the browser.
        onPageError?.(error, rel);
      }
    }
    if (isAppPage(rel)) return send(c, index, "no-cache");
    // Not a page: 404 and noindex, with the app, which takes a person to the home page.
    c.header("X-Robots-Tag", "noindex");
    return send(c, index, "no-cache", 404);
  };
}
