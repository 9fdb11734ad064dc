import { randomBytes, randomFillSync } from "node:crypto";

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let used = POOL_BYTES;

/**
 * Cryptographically strong random bytes, drawn from a buffer the system's generator fills 4 KB at a time (as
 * Node does for randomUUID): one call to the generator cost about 12 µs on a new booking's request, for its
 * 32-byte manage-link token, and a 4 KB fill barely more. Each caller gets its own copy; no bytes are handed
 * out twice.
 */
export function pooledRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES / 4) return randomBytes(size);
  if (used + size > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = Buffer.from(pool.subarray(used, used + size));
  used += size;
  return bytes;
}
