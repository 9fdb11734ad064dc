/**
 * Secrets the server must read back (webhook signing secrets, the one-time links of a message waiting to be
 * sent) are kept encrypted with AES-256-GCM under a key derived from the server's secret (JWT_SECRET), so a
 * copy of the database alone holds no working secret. Changing JWT_SECRET makes what is stored unreadable.
 */
import { createCipheriv, createDecipheriv } from "node:crypto";
import { pooledRandomBytes } from "./random-bytes";

const VERSION = "v1";

export function encryptSecret(key: Uint8Array, secret: string): string {
  // Every new booking seals its manage link: a call to the system's generator per IV cost more than the cipher.
  const iv = pooledRandomBytes(12);
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
