import { createHash } from "node:crypto";

/** base64url SHA-256: what is stored for a token handed out in a URL. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
