import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { auditedChange } from "../audit/trail";
import type { Context } from "../context";

export const INVITE_TTL_MS = 7 * 24 * 3600_000;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(sha256(a));
  const y = Buffer.from(sha256(b));
  return timingSafeEqual(x, y);
}

/** A new single-use invite code, shown once; only its hash is stored. */
export async function createInvite(ctx: Pick<Context, "db" | "now" | "audit">, createdById: number) {
  const code = `STUDIO-${randomBytes(9).toString("base64url").toUpperCase()}`;
  const expiresAt = new Date(ctx.now().getTime() + INVITE_TTL_MS);
  const { id } = await auditedChange(ctx, null, (tx) =>
    tx.inviteCode.create({ data: { codeHash: sha256(code), createdById, expiresAt }, select: { id: true } }),
  );
  // The id names the invite in the audit trail (and lets the Team page find it in its list).
  return { id, code, expires_at: expiresAt.toISOString() };
}

export type InviteCheck = { kind: "env" } | { kind: "stored"; id: number } | null;

/** Matches the env code (reusable) or an unused, unexpired stored code. */
export async function findInvite(
  ctx: Pick<Context, "db" | "config" | "now">,
  code: string,
): Promise<InviteCheck> {
  if (ctx.config.signupCode && sameSecret(code, ctx.config.signupCode)) return { kind: "env" };
  const row = await ctx.db.inviteCode.findUnique({ where: { codeHash: sha256(code) } });
  if (row && !row.usedAt && !row.revokedAt && row.expiresAt > ctx.now())
    return { kind: "stored", id: row.id };
  return null;
}
