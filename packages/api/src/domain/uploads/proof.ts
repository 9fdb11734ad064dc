import type { Db } from "@studio/db";
import { MESSAGES } from "@studio/validators";
import type { ApiConfig } from "../../config";
import { AppError } from "../../errors";
import { PRIVATE_PREFIX, parseUploadUrl, signPrivateUrl } from "./links";

export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export const invalidProof = () =>
  new AppError("BAD_REQUEST", MESSAGES.booking.proofInvalid, {
    fieldErrors: { image: MESSAGES.booking.proofInvalid },
  });

/**
 * The proof file `image` names, if it is a booking-proof upload this server issued that no booking uses yet: its
 * id and canonical URL. The booking's write claims it (bookings/insert.ts); what can change before then (another
 * booking claims it, or it is deleted) fails there, on the unique and foreign keys of Booking.uploadId.
 */
export async function issuedProofFile(
  db: Tx | Db,
  image: string,
): Promise<{ uploadId: string; image: string }> {
  const parsed = parseUploadUrl(image);
  if (parsed?.visibility !== "private" || parsed.width !== null) throw invalidProof();
  const upload = await db.upload.findUnique({
    where: { id: parsed.id },
    select: { purpose: true, storageKey: true, booking: { select: { id: true } } },
  });
  if (upload?.purpose !== "booking_proof" || upload.booking || upload.storageKey !== parsed.key)
    throw invalidProof();
  return { uploadId: parsed.id, image: `${PRIVATE_PREFIX}${parsed.key.slice("private/".length)}` };
}

/** The short-lived signed URL an admin may open for a stored proof URL. */
export function proofLink(config: ApiConfig, image: string | null, now: Date): string | null {
  if (!image) return null;
  const parsed = parseUploadUrl(image);
  if (parsed?.visibility !== "private") return image;
  return signPrivateUrl(config, `${PRIVATE_PREFIX}${parsed.key.slice("private/".length)}`, now);
}
