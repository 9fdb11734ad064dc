import { createSecretKey, type KeyObject } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
import type { ApiConfig } from "../config";

/** One KeyObject per secret, so verification does not re-import the key on every request. */
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyFor(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

export type TokenClaims = { userId: number; sessionId: string };

export async function signToken(
  config: ApiConfig,
  claims: TokenClaims,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + config.tokenTtlSeconds) * 1000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.userId))
    .setJti(claims.sessionId)
    .setIssuer(config.jwtIssuer)
    .setAudience(config.jwtAudience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyFor(config.jwtSecret));
  return { token, expiresAt };
}

/**
 * Tokens whose signature, issuer and audience were already verified under a secret, with their expiry:
 * every admin call carries the same token, and the HMAC through WebCrypto costs more than the rest of the
 * check. Only an identical token string hits, so nothing unverified is ever accepted; expiry is checked on
 * every call, and revocation is the session row's business.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, { claims: TokenClaims; exp: number }>>();
const MAX_VERIFIED_TOKENS = 1024;

/** Verifies signature (HS256 only, so `alg: none` and key confusion fail), issuer, audience and expiry. */
export async function verifyToken(config: ApiConfig, token: string, now: Date): Promise<TokenClaims | null> {
  if (token.length > 4096) return null;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  let verified = verifiedTokens.get(config.jwtSecret);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(config.jwtSecret, verified);
  }
  const known = verified.get(token);
  // jose's rule: expired once exp <= now (whole seconds).
  if (known) return known.exp > nowSeconds ? known.claims : null;
  try {
    const { payload } = await jwtVerify(token, keyFor(config.jwtSecret), {
      algorithms: ["HS256"],
      issuer: config.jwtIssuer,
      audience: config.jwtAudience,
      currentDate: now,
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.jti !== "string") return null;
    const claims = { userId, sessionId: payload.jti };
    if (typeof payload.exp === "number") {
      if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string);
      verified.set(token, { claims, exp: payload.exp });
    }
    return claims;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
