/**
 * Endpoints' signing secrets. A receiver needs the secret itself to verify a signature (HMAC), so it cannot be
 * kept as a hash; it is kept encrypted with AES-256-GCM under a key derived from the server's secret (JWT_SECRET),
 * so a copy of the database alone holds no working secret. Changing JWT_SECRET makes stored secrets unreadable:
 * the endpoints must then be made again (docs/operations.md).
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";

/** A new Standard Webhooks secret: "whsec_" and 24 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export function encryptSecret(key: Uint8Array, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function decryptSecret(key: Uint8Array, stored: string): string {
  const [version, iv, tag, sealed] = stored.split(".");
  if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error("Unknown secret format");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}
