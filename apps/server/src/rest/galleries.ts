/**
 * Client galleries over REST: the admin's multipart upload of a gallery file (the same path as the other admin
 * uploads: the body stream goes to `uploads.galleryMedia`), and the ZIP download of a gallery's files.
 */
import { MESSAGES } from "@studio/validators";
import { type Context, Hono } from "hono";
import { ok, type RestEnv } from "./respond";

function uploadRequest(c: Context<RestEnv>) {
  const declared = Number(c.req.header("content-length"));
  return {
    body: c.req.raw.body,
    contentType: c.req.header("content-type") ?? null,
    contentLength: Number.isSafeInteger(declared) && declared >= 0 ? declared : null,
  };
}

export const galleryUploadRoutes = new Hono<RestEnv>();

/** Admin: one photo or video for a gallery (private, with WebP variants); then `galleries.addItem`. */
galleryUploadRoutes.post("/galleries/upload-media", async (c) => {
  const data = await c.var.caller.uploads.galleryMedia(uploadRequest(c));
  return ok(c, { success: true, url: data.url, data }, 201);
});

export const galleryClientRoutes = new Hono<RestEnv>();

/**
 * ZIP of a gallery ("all" or "favourites"): GET /api/g/<token>/zip?which=favourites&grant=<PIN grant>.
 * The link, expiry, downloads setting and PIN are checked here (galleries/client.ts zipEntries); the archive
 * itself is the place for the streaming ZIP writer (helper "media", packages/api/src/domain/media/zip.ts: here,
 * "return zipResponse(storedZipEntries(storage, entries), title + '.zip')", never buffered).
 * Until it is wired in, the route answers 501 with a message the page shows.
 */
galleryClientRoutes.get("/:token/zip", async (c) => {
  const which = c.req.query("which") === "favourites" ? "favourites" : "all";
  const { entries } = await c.var.caller.galleryView.zipEntries({
    token: c.req.param("token"),
    which,
    grant: c.req.query("grant") ?? null,
  });
  c.header("Cache-Control", "private, no-store");
  c.header("X-Robots-Tag", "noindex, nofollow");
  return c.json({ success: false, message: MESSAGES.gallery.zipPending, entries: entries.length }, 501);
});
