import type { Db } from "@studio/db";
import { MESSAGES } from "@studio/validators";
import type { ApiConfig } from "../../config";
import { AppError } from "../../errors";
import { PRIVATE_PREFIX, parseUploadUrl, signPrivateUrl } from "./links";

export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

const invalidProof = () =>
  new AppError("BAD_REQUEST", MESSAGES.booking.proofInvalid, {
    fieldErrors: { image: MESSAGES.booking.proofInvalid },
  });

/**
 * Inside the booking transaction: `image` must be a booking-proof upload this server issued that no booking
 * uses yet. Marks it attached and returns its id and canonical URL; null image → null.
 */
export async function claimBookingProof(
  tx: Tx,
  image: string | null,
  now: Date,
): Promise<{ uploadId: string; image: string } | null> {
  if (!image) return null;
  const parsed = parseUploadUrl(image);
  if (parsed?.visibility !== "private" || parsed.width !== null) throw invalidProof();
  const upload = await tx.upload.findUnique({
    where: { id: parsed.id },
    include: { booking: { select: { id: true } } },
  });
  if (upload?.purpose !== "booking_proof" || upload.booking || upload.storageKey !== parsed.key)
    throw invalidProof();
  await tx.upload.update({ where: { id: upload.id }, data: { attachedAt: now } });
  return { uploadId: upload.id, image: `${PRIVATE_PREFIX}${parsed.key.slice("private/".length)}` };
}

/** The short-lived signed URL an admin may open for a stored proof URL. */
export function proofLink(config: ApiConfig, image: string | null, now: Date): string | null {
  if (!image) return null;
  const parsed = parseUploadUrl(image);
  if (parsed?.visibility !== "private") return image;
  return signPrivateUrl(config, `${PRIVATE_PREFIX}${parsed.key.slice("private/".length)}`, now);
}
