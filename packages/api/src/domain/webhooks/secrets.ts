/**
 * Endpoints' signing secrets. A receiver needs the secret itself to verify a signature (HMAC), so it cannot be
 * kept as a hash; it is kept encrypted (crypto/seal.ts), so a copy of the database alone holds no working
 * secret. Changing JWT_SECRET makes stored secrets unreadable: the endpoints must then be made again
 * (docs/operations.md).
 */
import { randomBytes } from "node:crypto";

export { decryptSecret, encryptSecret } from "../../crypto/seal";

/** A new Standard Webhooks secret: "whsec_" and 24 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}
