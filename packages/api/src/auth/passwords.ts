import argon2 from "argon2";

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** A hash of a random password, verified against when the e-mail is unknown so timing does not tell. */
let decoyHash: Promise<string> | null = null;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await argon2.verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
