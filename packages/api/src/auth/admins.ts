/**
 * The studio's admin accounts: my password and details, the team (owner only: remove, transfer ownership),
 * invite codes (listed, revoked), signing out everywhere, and one-time password-reset links.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  type AdminListItem,
  type AdminUserDto,
  type InviteListItem,
  type InviteStatus,
  MESSAGES,
} from "@studio/validators";
import type { Db } from "@studio/db";
import { auditedChange } from "../audit/trail";
import type { Context } from "../context";
import { AppError } from "../errors";
import { hashPassword, verifyPassword } from "./passwords";
import { toUserDto } from "./session";

type Ctx = Pick<Context, "db" | "now" | "cache" | "audit">;
type LimitedCtx = Ctx & Pick<Context, "ip" | "limiter">;
type Me = { user: AdminUserDto; session: { id: string } };

const m = MESSAGES.auth;
export const RESET_LINK_TTL_MS = 30 * 60_000;
/** The stored form of a one-time link's token: its SHA-256, never the token. */
export const linkHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new one-time link token (256 random bits) and the hash to store for it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: linkHash(token) };
}

function assertOwner(me: Me): void {
  if (me.user.role !== "owner") throw new AppError("FORBIDDEN", m.ownerOnly);
}

/** Ends every session of `userId` except `keep` (null: all of them), on `db` (a transaction's, or the client). */
async function endSessions(
  db: Pick<Db, "authSession">,
  userId: number,
  keep: string | null,
  now: Date,
): Promise<void> {
  await db.authSession.updateMany({
    where: { userId, revokedAt: null, ...(keep ? { id: { not: keep } } : {}) },
    data: { revokedAt: now },
  });
}

/** Ends every session of `userId` except `keep` (null: all of them). */
export async function revokeSessions(ctx: Ctx, userId: number, keep: string | null): Promise<void> {
  await endSessions(ctx.db, userId, keep, ctx.now());
  ctx.cache.invalidate("sessions");
}

/** Ends every reset link of the account not used yet (a reset or a password change makes them stale). */
export async function endResetLinks(db: Pick<Db, "passwordReset">, userId: number, now: Date): Promise<void> {
  await db.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
}

/**
 * Checks my current password behind the sign-in lockout (the same counters as signing in with my e-mail, from
 * this IP): a stolen session cannot guess the password faster than the sign-in form allows, and a right password
 * gives the attempt back as signing in does.
 */
export async function assertCurrentPassword(ctx: LimitedCtx, userId: number, current: string) {
  const row = await ctx.db.adminUser.findUnique({ where: { id: userId } });
  if (!row) throw new AppError("UNAUTHORIZED", m.unauthorized);
  const reservation = await ctx.limiter.reserveLogin(row.email, ctx.ip);
  if (!(await verifyPassword(row.passwordHash, current)))
    throw new AppError("BAD_REQUEST", m.currentPasswordWrong, {
      fieldErrors: { current: m.currentPasswordWrong },
    });
  await reservation.succeeded();
  return row;
}

/** Needs the current password; every other session of mine and every reset link end, this session stays. */
export async function changePassword(ctx: LimitedCtx, me: Me, input: { current: string; next: string }) {
  const row = await assertCurrentPassword(ctx, me.user.id, input.current);
  const passwordHash = await hashPassword(input.next);
  // Hashed before: the transaction (and on SQLite the connection) is held only for the writes.
  await auditedChange(
    ctx,
    row.id,
    async (tx) => {
      await tx.adminUser.update({ where: { id: row.id }, data: { passwordHash } });
      await endResetLinks(tx, row.id, ctx.now());
      await endSessions(tx, row.id, me.session.id, ctx.now());
    },
    { transaction: true },
  );
  ctx.cache.invalidate("sessions");
  return { message: m.passwordChanged };
}

export async function signOutEverywhere(ctx: Ctx, me: Me) {
  await auditedChange(ctx, me.user.id, (tx) => endSessions(tx, me.user.id, null, ctx.now()));
  ctx.cache.invalidate("sessions");
  return { message: m.signedOutEverywhere };
}

export async function listAdmins(ctx: Ctx): Promise<AdminListItem[]> {
  const rows = await ctx.db.adminUser.findMany({ orderBy: { id: "asc" } });
  return rows.map((row) => ({
    ...toUserDto(row),
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  }));
}

/** Owner only, never oneself: the admin's row and sessions go, so their next call answers 401. */
export async function removeAdmin(ctx: Ctx, me: Me, id: number): Promise<AdminListItem> {
  assertOwner(me);
  if (id === me.user.id) throw new AppError("BAD_REQUEST", m.cannotRemoveSelf);
  const [removed] = (await listAdmins(ctx)).filter((a) => a.id === id);
  const { count } = await auditedChange(
    ctx,
    id,
    (tx) => tx.adminUser.deleteMany({ where: { id, role: "admin" } }),
    { changed: (deleted) => deleted.count === 1 },
  );
  ctx.cache.invalidate("team");
  ctx.cache.invalidate("sessions");
  if (!removed || count !== 1) throw new AppError("NOT_FOUND", m.adminNotFound);
  return removed;
}

/** Owner only: the other admin becomes the owner and I become an admin, in one transaction. */
export async function transferOwnership(ctx: Ctx, me: Me, id: number): Promise<AdminListItem[]> {
  assertOwner(me);
  if (id === me.user.id) throw new AppError("BAD_REQUEST", m.cannotTransferToSelf);
  await auditedChange(
    ctx,
    id,
    async (tx) => {
      const promoted = await tx.adminUser.updateMany({
        where: { id, role: "admin" },
        data: { role: "owner" },
      });
      if (promoted.count !== 1) throw new AppError("NOT_FOUND", m.adminNotFound);
      const demoted = await tx.adminUser.updateMany({
        where: { id: me.user.id, role: "owner" },
        data: { role: "admin" },
      });
      // Someone else changed the roles meanwhile: nothing is stored.
      if (demoted.count !== 1) throw new AppError("FORBIDDEN", m.ownerOnly);
    },
    { transaction: true },
  );
  ctx.cache.invalidate("sessions");
  return listAdmins(ctx);
}

function inviteStatus(
  row: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): InviteStatus {
  if (row.usedAt) return "used";
  if (row.revokedAt) return "revoked";
  return row.expiresAt <= now ? "expired" : "active";
}

export async function listInvites(ctx: Ctx): Promise<InviteListItem[]> {
  const rows = await ctx.db.inviteCode.findMany({
    orderBy: { id: "desc" },
    take: 200,
    include: { createdBy: { select: { name: true } } },
  });
  const now = ctx.now();
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    created_by: row.createdBy.name,
    used_at: row.usedAt?.toISOString() ?? null,
    used_by_email: row.usedByEmail,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    status: inviteStatus(row, now),
  }));
}

/** An unused code stops working at once; a used one stays in the list as history. */
export async function revokeInvite(ctx: Ctx, id: number): Promise<InviteListItem> {
  const updated = await auditedChange(
    ctx,
    id,
    (tx) =>
      tx.inviteCode.updateMany({
        where: { id, usedAt: null, revokedAt: null },
        data: { revokedAt: ctx.now() },
      }),
    { changed: (revoked) => revoked.count === 1 },
  );
  const found = (await listInvites(ctx)).find((i) => i.id === id);
  if (!found) throw new AppError("NOT_FOUND", m.inviteNotFound);
  if (updated.count === 0 && found.status !== "revoked") throw new AppError("CONFLICT", m.inviteNotFound);
  return found;
}

/**
 * A one-time reset link for the admin with this e-mail (null when there is none): only the token's hash is
 * stored, valid RESET_LINK_TTL_MS.
 */
export async function createPasswordReset(ctx: Ctx, email: string): Promise<{ token: string } | null> {
  const user = await ctx.db.adminUser.findUnique({ where: { email }, select: { id: true } });
  if (!user) return null;
  const { token, hash } = newLinkToken();
  await ctx.db.passwordReset.create({
    data: {
      tokenHash: hash,
      userId: user.id,
      createdAt: ctx.now(),
      expiresAt: new Date(ctx.now().getTime() + RESET_LINK_TTL_MS),
    },
  });
  return { token };
}

/** Uses a reset link once: the new password is set and every session of the account ends. */
export async function resetPassword(ctx: Ctx, input: { token: string; password: string }) {
  const now = ctx.now();
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.$transaction(async (tx) => {
    const link = await tx.passwordReset.findUnique({ where: { tokenHash: linkHash(input.token) } });
    if (!link || link.usedAt || link.expiresAt <= now) throw new AppError("BAD_REQUEST", m.resetInvalid);
    const used = await tx.passwordReset.updateMany({
      where: { tokenHash: link.tokenHash, usedAt: null },
      data: { usedAt: now },
    });
    if (used.count !== 1) throw new AppError("BAD_REQUEST", m.resetInvalid);
    await endResetLinks(tx, link.userId, now);
    await tx.adminUser.update({ where: { id: link.userId }, data: { passwordHash } });
    return link.userId;
  });
  await revokeSessions(ctx, userId, null);
  return { message: m.passwordReset };
}
