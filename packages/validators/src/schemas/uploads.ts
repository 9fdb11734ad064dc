/** What the upload endpoints answer (uploads procedures; REST `POST /api/upload/image` and the media uploads). */
import { z } from "zod";

const ZUploadKind = z.enum(["image", "video", "document"]);

export const ZBookingProofUpload = z.object({
  /** A short-lived signed link that opens the file for the uploader (a preview); a booking may send it back. */
  url: z.string(),
  /** The stable reference the booking stores; it opens for nobody without a signature. */
  reference: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  kind: ZUploadKind,
  mime_type: z.string(),
});

export const ZMediaUpload = z.object({
  url: z.string(),
  kind: ZUploadKind,
  mime_type: z.string(),
  variants: z.array(z.object({ width: z.number().int().positive(), url: z.string() })),
});
