/**
 * Serves /uploads/*: public media with a year of immutable caching (names are never reused), private booking
 * proofs only behind a valid signed link. Every file goes out with nosniff; documents as attachments; videos
 * answer Range requests so hover previews can start without the whole file.
 */
import {
  type ApiDeps,
  contentDisposition,
  isDatabaseUnavailable,
  lookupStoredFile,
  type StoredFileLookup,
} from "@studio/api";
import { MESSAGES } from "@studio/validators";
import { Hono } from "hono";
import { Readable } from "node:stream";
import type { Logger } from "./logger";

type ByteRange = { start: number; end: number };

/** A single `bytes=` range against `size`: a range, "unsatisfiable", or null (serve the whole file). */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  // Multiple ranges or other units: answering with the whole file is allowed (RFC 9110, 14.2).
  if (!match) return null;
  const [, from, to] = match;
  if (!from && !to) return null;
  let start: number;
  let end: number;
  if (!from) {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to ? Math.min(Number(to), size - 1) : size - 1;
    if (to && Number(to) < start) return null;
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start >= size || size === 0) {
    return "unsatisfiable";
  }
  return { start, end };
}

export function createUploadsRoute(deps: ApiDeps, logger?: Logger) {
  const route = new Hono();
  route.get("/*", async (c) => {
    c.header("X-Content-Type-Options", "nosniff");
    let found: StoredFileLookup;
    try {
      found = await lookupStoredFile(deps, c.req.path, {
        expires: c.req.query("expires"),
        sig: c.req.query("sig"),
      });
    } catch (error) {
      // Private files need their Upload row: with the database down, say so rather than fail with a 500.
      if (!isDatabaseUnavailable(error)) throw error;
      return c.json({ success: false, message: MESSAGES.common.databaseUnavailable }, 503);
    }
    if (found.status === "forbidden") {
      c.header("Cache-Control", "no-store");
      return c.json({ success: false, message: MESSAGES.upload.linkInvalid }, 403);
    }
    if (found.status === "not_found")
      return c.json({ success: false, message: MESSAGES.common.notFound }, 404);

    // An object store that cannot be reached is a 503, not a 404 (the file may well exist) or a 500.
    const storageUnavailable = (error: unknown) => {
      logger?.warn("file storage unavailable", {
        path: c.req.path,
        error: error instanceof Error ? error.message : String(error),
      });
      return c.json({ success: false, message: MESSAGES.upload.storageUnavailable }, 503);
    };
    const notFound = () => c.json({ success: false, message: MESSAGES.common.notFound }, 404);

    // The size first (a stat, or a HEAD on S3), so a HEAD or a Range request never opens the whole file.
    let info: { size: number } | null;
    try {
      info = await deps.storage.stat(found.key);
    } catch (error) {
      return storageUnavailable(error);
    }
    if (!info) return notFound();

    const range = parseRange(c.req.header("range"), info.size);
    const cacheControl =
      found.visibility === "public"
        ? "public, max-age=31536000, immutable"
        : found.privateMaxAge
          ? `private, max-age=${found.privateMaxAge}, immutable`
          : "private, no-store";
    if (range === "unsatisfiable") {
      c.header("Cache-Control", cacheControl);
      c.header("Accept-Ranges", "bytes");
      c.header("Content-Range", `bytes */${info.size}`);
      return c.body(null, 416);
    }
    let file: { stream: Readable; size: number } | null = null;
    if (c.req.method !== "HEAD") {
      try {
        file = await deps.storage.read(found.key, range ?? undefined);
      } catch (error) {
        return storageUnavailable(error);
      }
      // Removed (or replaced) since the size was read.
      if (!file || file.size !== info.size) {
        file?.stream.destroy();
        return notFound();
      }
    }

    c.header("Content-Type", found.contentType);
    c.header("Cache-Control", cacheControl);
    c.header("Accept-Ranges", "bytes");
    if (found.disposition === "attachment") {
      c.header("Content-Disposition", contentDisposition("attachment", found.fileName));
    }
    if (range) {
      c.status(206);
      c.header("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
      c.header("Content-Length", String(range.end - range.start + 1));
    } else {
      c.header("Content-Length", String(info.size));
    }
    if (!file) return c.body(null);
    return c.body(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>);
  });
  return route;
}
