/**
 * The client's manage links (/manage/<token>, self-service.ts): 32 random bytes in the URL, only their SHA-256
 * stored (BookingAccess).
 */
import type { Db } from "@studio/db";
import type { ApiConfig } from "../../config";
import { pooledRandomBytes } from "../../crypto/random-bytes";
import { hashToken } from "../../crypto/token-hash";
import type { Tx } from "../uploads/proof";

/**
 * A new manage link for the booking, stored in the caller's transaction (the e-mail that carries it is
 * written in the same one). Links already sent for the booking keep working.
 */
export async function issueManageUrl(
  tx: Tx | Db,
  deps: { config: Pick<ApiConfig, "publicUrl"> },
  booking: { id: number; date: string; time: string },
): Promise<string> {
  const link = newManageLink(deps);
  await tx.bookingAccess.create({ data: { tokenHash: link.tokenHash, bookingId: booking.id } });
  return link.url;
}

/** A new manage link: its URL, and the hash of its token that the BookingAccess row keeps. */
export function newManageLink(deps: { config: Pick<ApiConfig, "publicUrl"> }): {
  url: string;
  tokenHash: string;
} {
  const token = pooledRandomBytes(32).toString("base64url");
  return { url: `${deps.config.publicUrl.replace(/\/+$/, "")}/manage/${token}`, tokenHash: hashToken(token) };
}
