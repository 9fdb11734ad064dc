/**
 * A gallery's share link (/g/<token>) and its files' signed URLs. The token is an HMAC of the gallery's random
 * nonce under a key derived from the server's secret (as the calendar feed, ADR 009): the back office can show
 * the link again, while the database alone holds no working link; lookups go by the token's SHA-256.
 * Regenerating replaces the nonce and the hash in one update, so the old link answers "not valid" at once on
 * every instance (each request reads the database).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { GALLERY_TOKEN_PATTERN, galleryPath } from "@studio/validators";
import type { ApiConfig } from "../../config";
import { hashToken } from "../../crypto/token-hash";
import { signPrivateUrl } from "../uploads/links";

type LinkConfig = Pick<ApiConfig, "jwtSecret" | "publicUrl">;

export function galleryTokenOf(config: LinkConfig, nonce: string): string {
  return createHmac("sha256", config.jwtSecret).update(`gallery:${nonce}`).digest("base64url");
}

/** A new link: 32 random bytes of nonce; the token (256 bits) and the hash stored to find it. */
export function newGalleryLink(config: LinkConfig): { nonce: string; token: string; tokenHash: string } {
  const nonce = randomBytes(32).toString("base64url");
  const token = galleryTokenOf(config, nonce);
  return { nonce, token, tokenHash: hashToken(token) };
}

export function galleryUrl(config: LinkConfig, token: string): string {
  return `${config.publicUrl.replace(/\/+$/, "")}${galleryPath(token)}`;
}

/** The gallery's current link, or null when it was made under another server secret (regenerate it). */
export function currentGalleryUrl(
  config: LinkConfig,
  row: { nonce: string; tokenHash: string },
): string | null {
  const token = galleryTokenOf(config, row.nonce);
  return hashToken(token) === row.tokenHash ? galleryUrl(config, token) : null;
}

/** The hash a token from a URL is looked up by; null for anything that is not a token's shape. */
export function lookupHash(token: string): string | null {
  return GALLERY_TOKEN_PATTERN.test(token) ? hashToken(token) : null;
}

/** Grid images are signed for a few hours (a gallery page stays open a while), aligned to the hour so a
 * returning visitor's browser cache still matches. Downloads use the short default (fileLinkTtlSeconds). */
const VIEW_TTL_SECONDS = 6 * 3600;

export function signGalleryView(config: ApiConfig, path: string, now: Date): string {
  const hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const aligned = new Date(hour + VIEW_TTL_SECONDS * 1000 - config.fileLinkTtlSeconds * 1000);
  return signPrivateUrl(config, path, aligned);
}

export function signGalleryDownload(config: ApiConfig, path: string, now: Date): string {
  return signPrivateUrl(config, path, now);
}

/** A PIN grant: proof, for a while, that this browser entered the gallery's PIN (HMAC over the gallery's
 * current link and PIN hash, so regenerating the link or changing the PIN ends it). */
const GRANT_TTL_SECONDS = 12 * 3600;

function grantSignature(config: LinkConfig, tokenHash: string, pinHash: string, expires: number): string {
  return createHmac("sha256", config.jwtSecret)
    .update(`gallery-pin:${tokenHash}:${pinHash}:${expires}`)
    .digest("base64url");
}

export function issuePinGrant(config: LinkConfig, tokenHash: string, pinHash: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + GRANT_TTL_SECONDS;
  return `${expires}.${grantSignature(config, tokenHash, pinHash, expires)}`;
}

export function verifyPinGrant(
  config: LinkConfig,
  tokenHash: string,
  pinHash: string,
  grant: string | null | undefined,
  now: Date,
): boolean {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(grant ?? "");
  if (!m) return false;
  const expires = Number(m[1]);
  if (expires < Math.floor(now.getTime() / 1000)) return false;
  const expected = Buffer.from(grantSignature(config, tokenHash, pinHash, expires));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
