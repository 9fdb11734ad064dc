/**
 * Client galleries over REST: the admin's multipart upload of a gallery file (the same path as the other admin
 * uploads: the body stream goes to `uploads.galleryMedia`), and the streamed ZIP download of a gallery's files.
 */
import {
  type ApiDeps,
  galleryZipFiles,
  type KnownZipEntry,
  planZip,
  plannedZipResponse,
  storedZipEntries,
  zipResponse,
} from "@studio/api";
import { MESSAGES } from "@studio/validators";
import { Hono } from "hono";
import { parseRange } from "../uploads-route";
import { ok, type RestEnv } from "./respond";
import { uploadRequest } from "./upload";

export const galleryUploadRoutes = new Hono<RestEnv>();

/** Admin: one photo or video for a gallery (private, with WebP variants); then `galleries.addItem`. */
galleryUploadRoutes.post("/galleries/upload-media", async (c) => {
  const data = await c.var.caller.uploads.galleryMedia(uploadRequest(c));
  return ok(c, { success: true, url: data.url, data }, 201);
});

/**
 * ZIP of a gallery ("all" or "favourites"): GET /api/g/<token>/zip?which=favourites&grant=<PIN grant>. The link,
 * expiry, downloads setting and PIN are checked by the domain (galleries/client.ts galleryZipFiles), which
 * answers the download copies (the storage keys never leave the server). When every copy's CRC-32 is known the
 * archive is planned byte for byte (media/zip-ranges.ts): ETag, Accept-Ranges, 206 for a Range (If-Range
 * honoured), only the asked part read from storage. Otherwise it is streamed as it is built (media/zip.ts:
 * STORE, exact Content-Length, ZIP64 past 4 GB), without ranges. Never held in memory or on disk.
 */
export function galleryClientRoutes(deps: ApiDeps) {
  const routes = new Hono<RestEnv>();
  routes.get("/:token/zip", async (c) => {
    const which = c.req.query("which") === "favourites" ? "favourites" : "all";
    const rangeHeader = c.req.header("range");
    const ifRange = c.req.header("if-range");
    const { title, files } = await galleryZipFiles(deps, {
      token: c.req.param("token"),
      which,
      grant: c.req.query("grant") ?? null,
      // The page's HEAD (does the archive exist?) and the rest of a download already logged are not logged.
      resumed: c.req.method === "HEAD" || Boolean(rangeHeader && /^\s*bytes\s*=\s*[1-9]/i.test(rangeHeader)),
    });
    if (files.length === 0) {
      return c.json({ success: false, message: MESSAGES.gallery.zipEmpty }, 404);
    }
    const name = `${title}.zip`;
    let response: Response;
    if (files.every((f) => f.crc32 !== null)) {
      const plan = planZip(files as KnownZipEntry[]);
      // If-Range names the archive the first part came from: another one (a file changed) gets the whole.
      const range =
        rangeHeader && (!ifRange || ifRange === plan.etag) ? parseRange(rangeHeader, plan.length) : null;
      response = plannedZipResponse(plan, deps.storage, name, range, c.req.method);
    } else {
      response = zipResponse(storedZipEntries(deps.storage, files), name);
    }
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    return response;
  });
  return routes;
}
