/**
 * Client galleries over REST: the admin's multipart upload of a gallery file (the same path as the other admin
 * uploads: the body stream goes to `uploads.galleryMedia`), and the streamed ZIP download of a gallery's files.
 */
import { storedZipEntries, type UploadStorage, zipResponse } from "@studio/api";
import { MESSAGES } from "@studio/validators";
import { Hono } from "hono";
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
 * expiry, downloads setting and PIN are checked by the domain (galleries/client.ts zipEntries); the archive is
 * streamed as it is built, one stored file after another (media/zip.ts: STORE, exact Content-Length, ZIP64 past
 * 4 GB), never held in memory or on disk.
 */
export function galleryClientRoutes(storage: UploadStorage) {
  const routes = new Hono<RestEnv>();
  routes.get("/:token/zip", async (c) => {
    const which = c.req.query("which") === "favourites" ? "favourites" : "all";
    const { title, entries } = await c.var.caller.galleryView.zipEntries({
      token: c.req.param("token"),
      which,
      grant: c.req.query("grant") ?? null,
    });
    if (entries.length === 0) {
      return c.json({ success: false, message: MESSAGES.gallery.zipEmpty }, 404);
    }
    const response = zipResponse(storedZipEntries(storage, entries), `${title}.zip`);
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    return response;
  });
  return routes;
}
