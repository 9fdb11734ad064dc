/**
 * Uploads are multipart HTTP bodies, so the REST layer (apps/server/src/rest/upload.ts) hands the raw body
 * stream to these procedures through createCaller. Over /trpc a stream cannot be sent (JSON has none), so
 * these procedures answer 400 there: the only way in is the multipart endpoint.
 */
import { ZBookingProofUpload, ZMediaUpload } from "@studio/validators";
import { z } from "zod";
import { cleanupUploads } from "../domain/uploads/cleanup";
import { signPrivateUrl } from "../domain/uploads/links";
import { storeUpload, type UploadPurpose } from "../domain/uploads/store";
import { adminProcedure, formProcedure, router } from "../trpc";

const isBodyStream = (value: unknown): value is ReadableStream<Uint8Array> =>
  typeof value === "object" && value !== null && typeof (value as ReadableStream).getReader === "function";

const ZUploadRequest = z.object({
  body: z.custom<ReadableStream<Uint8Array>>(isBodyStream, "Expected a request body stream").nullable(),
  contentType: z.string().max(1000).nullable(),
  contentLength: z.number().int().nonnegative().nullable(),
});

const media = (purpose: UploadPurpose) =>
  adminProcedure
    .input(ZUploadRequest)
    .output(ZMediaUpload)
    .mutation(async ({ ctx, input }) => {
      const stored = await storeUpload(ctx, purpose, input);
      return { url: stored.url, kind: stored.kind, mime_type: stored.mimeType, variants: stored.variants };
    });

export const uploadsRouter = router({
  /** Public: the booking form's optional proof file (images and documents, private). */
  bookingProof: formProcedure("upload")
    .input(ZUploadRequest)
    .output(ZBookingProofUpload)
    .mutation(async ({ ctx, input }) => {
      const stored = await storeUpload(ctx, "booking_proof", input);
      return {
        url: signPrivateUrl(ctx.config, stored.url, ctx.now()),
        reference: stored.url,
        name: stored.originalName,
        size: stored.size,
        kind: stored.kind,
        mime_type: stored.mimeType,
      };
    }),
  /** Admin: a service image (public, with WebP variants). */
  serviceImage: media("service_image"),
  /** Admin: a portfolio image or video (public). */
  portfolioMedia: media("portfolio_media"),
  /** Admin: a gallery photo or video (private, with WebP variants); added to a set by galleries.addItem. */
  galleryMedia: adminProcedure
    .input(ZUploadRequest)
    .output(z.object({ id: z.string(), url: z.string(), name: z.string(), kind: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const stored = await storeUpload(ctx, "gallery_media", input);
      return { id: stored.id, url: stored.url, name: stored.originalName, kind: stored.kind };
    }),
  /** Admin: run the clean-up of uploads nobody attached within 24 h now (it also runs periodically). */
  cleanup: adminProcedure
    .output(z.object({ removed: z.number(), attached: z.number(), tempFilesRemoved: z.number() }))
    .mutation(({ ctx }) => cleanupUploads(ctx)),
});
