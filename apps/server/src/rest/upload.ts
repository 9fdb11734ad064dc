/**
 * Multipart uploads (field "image"). The body is not read here: its stream goes to the uploads procedures,
 * which check the caller first (admin uploads: bearer token) and then stream, count and sniff it.
 */
import { MESSAGES } from "@studio/validators";
import { type Context, Hono } from "hono";
import { ok, type RestEnv } from "./respond";

/** What an uploads procedure reads of a multipart request: its body stream, type and declared length. */
export function uploadRequest(c: Context<RestEnv>) {
  const declared = Number(c.req.header("content-length"));
  return {
    body: c.req.raw.body,
    contentType: c.req.header("content-type") ?? null,
    contentLength: Number.isSafeInteger(declared) && declared >= 0 ? declared : null,
  };
}

export const uploadRoutes = new Hono<RestEnv>();

/** Public: the booking form's proof file (images and documents, 10 MB). */
uploadRoutes.post("/upload/image", async (c) => {
  const data = await c.var.caller.uploads.bookingProof(uploadRequest(c));
  return ok(c, { success: true, url: data.url, message: MESSAGES.upload.uploaded, data }, 201);
});

/** Admin: a service image (10 MB). */
uploadRoutes.post("/services/upload-image", async (c) => {
  const data = await c.var.caller.uploads.serviceImage(uploadRequest(c));
  return ok(c, { success: true, url: data.url, data }, 201);
});

/** Admin: a portfolio image (10 MB) or video (50 MB). */
uploadRoutes.post("/portfolio/upload-image", async (c) => {
  const data = await c.var.caller.uploads.portfolioMedia(uploadRequest(c));
  return ok(c, { success: true, url: data.url, data }, 201);
});
