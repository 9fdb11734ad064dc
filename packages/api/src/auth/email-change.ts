/**
 * My details, and changing my e-mail address without handing the account to whoever holds a session (issue 28):
 * - a new address needs my current password (behind the sign-in lockout);
 * - with mail configured the account keeps its address until the link mailed to the new one confirms it, and the
 *   old address gets a notice with a link that undoes the change for 7 days: the old address comes back, every
 *   session and every reset link of the account ends;
 * - each link works once and only its token's SHA-256 is stored (EmailChange), as for reset links.
 * Without mail there is nobody to confirm with: after the password check the new address applies at once.
 */
import { type AdminProfileResult, MESSAGES, type ZAdminProfileInput } from "@studio/validators";
import type { z } from "zod";
import { auditedChange } from "../audit/trail";
import type { Context } from "../context";
import type { Tx } from "../domain/uploads/proof";
import { AppError, isUniqueViolation } from "../errors";
import { notifyEmailChange } from "../mail/notify";
import { assertCurrentPassword, endResetLinks, linkHash, newLinkToken, revokeSessions } from "./admins";
import { toUserDto } from "./session";

type Ctx = Pick<Context, "db" | "now" | "cache" | "config" | "audit">;
type Me = { user: { id: number } };

const m = MESSAGES.auth;
/** The confirm link (to the new address) works this long. */
export const EMAIL_CONFIRM_TTL_MS = 24 * 3_600_000;
/** The undo link (to the old address) works this long. */
export const EMAIL_UNDO_TTL_MS = 7 * 24 * 3_600_000;

const open = { confirmedAt: null, undoneAt: null, cancelledAt: null } as const;

function invalidateAccount(ctx: Ctx): void {
  ctx.cache.invalidate("team");
  ctx.cache.invalidate("sessions");
}

function emailTaken(): AppError {
  return new AppError("CONFLICT", m.emailTaken, { fieldErrors: { email: m.emailTaken } });
}

/** The address waiting for confirmation on my account, if any. */
export async function pendingEmail(ctx: Pick<Ctx, "db" | "now">, userId: number): Promise<string | null> {
  const change = await ctx.db.emailChange.findFirst({
    where: { userId, ...open, confirmExpiresAt: { gt: ctx.now() } },
    orderBy: { id: "desc" },
    select: { newEmail: true },
  });
  return change?.newEmail ?? null;
}

/** Ends every change of the account still waiting for confirmation. */
async function cancelOpenChanges(tx: Pick<Tx, "emailChange">, userId: number, now: Date): Promise<void> {
  await tx.emailChange.updateMany({ where: { userId, ...open }, data: { cancelledAt: now } });
}

/** Saves my name; a new e-mail address needs my current password and, with mail, a confirmation. */
export async function updateMyProfile(
  ctx: Ctx & Pick<Context, "ip" | "limiter">,
  me: Me,
  input: z.output<typeof ZAdminProfileInput>,
): Promise<AdminProfileResult> {
  const row = await ctx.db.adminUser.findUnique({ where: { id: me.user.id } });
  if (!row) throw new AppError("UNAUTHORIZED", m.unauthorized);
  if (input.email === row.email) {
    const saved = await auditedChange(ctx, row.id, (tx) =>
      tx.adminUser.update({ where: { id: row.id }, data: { name: input.name } }),
    );
    invalidateAccount(ctx);
    return {
      user: toUserDto(saved),
      pending_email: await pendingEmail(ctx, row.id),
      message: m.profileUpdated,
    };
  }
  if (!input.current_password)
    throw new AppError("BAD_REQUEST", m.currentPasswordForEmail, {
      fieldErrors: { current_password: m.currentPasswordForEmail },
    });
  try {
    await assertCurrentPassword(ctx, row.id, input.current_password);
  } catch (error) {
    // The form names the field "current_password" here ("current" on the password form).
    if (error instanceof AppError && error.message === m.currentPasswordWrong)
      throw new AppError("BAD_REQUEST", m.currentPasswordWrong, {
        fieldErrors: { current_password: m.currentPasswordWrong },
      });
    throw error;
  }
  const taken = await ctx.db.adminUser.findUnique({ where: { email: input.email }, select: { id: true } });
  if (taken) throw emailTaken();
  const now = ctx.now();

  if (!ctx.config.mail.enabled) {
    try {
      const saved = await auditedChange(
        ctx,
        row.id,
        async (tx) => {
          await cancelOpenChanges(tx, row.id, now);
          return tx.adminUser.update({
            where: { id: row.id },
            data: { name: input.name, email: input.email },
          });
        },
        { transaction: true },
      );
      invalidateAccount(ctx);
      return { user: toUserDto(saved), pending_email: null, message: m.profileUpdated };
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  const confirm = newLinkToken();
  const undo = newLinkToken();
  const saved = await auditedChange(
    ctx,
    row.id,
    async (tx) => {
      const updated = await tx.adminUser.update({ where: { id: row.id }, data: { name: input.name } });
      // A newer request replaces an older one: only the latest confirm link works.
      await cancelOpenChanges(tx, row.id, now);
      await tx.emailChange.create({
        data: {
          userId: row.id,
          oldEmail: row.email,
          newEmail: input.email,
          confirmHash: confirm.hash,
          undoHash: undo.hash,
          createdAt: now,
          confirmExpiresAt: new Date(now.getTime() + EMAIL_CONFIRM_TTL_MS),
          undoExpiresAt: new Date(now.getTime() + EMAIL_UNDO_TTL_MS),
        },
      });
      await notifyEmailChange(tx, ctx, {
        name: updated.name,
        oldEmail: row.email,
        newEmail: input.email,
        confirmToken: confirm.token,
        undoToken: undo.token,
        confirmHours: EMAIL_CONFIRM_TTL_MS / 3_600_000,
        undoDays: EMAIL_UNDO_TTL_MS / (24 * 3_600_000),
      });
      return updated;
    },
    { transaction: true },
  );
  invalidateAccount(ctx);
  return { user: toUserDto(saved), pending_email: input.email, message: m.emailChangeRequested(input.email) };
}

/** The link to the new address: from now on the account signs in and is reset with it. */
export async function confirmEmailChange(ctx: Ctx, input: { token: string }): Promise<{ message: string }> {
  const now = ctx.now();
  try {
    await ctx.db.$transaction(async (tx) => {
      const change = await tx.emailChange.findUnique({ where: { confirmHash: linkHash(input.token) } });
      if (
        !change ||
        change.confirmedAt ||
        change.undoneAt ||
        change.cancelledAt ||
        change.confirmExpiresAt <= now
      )
        throw new AppError("BAD_REQUEST", m.emailLinkInvalid);
      const used = await tx.emailChange.updateMany({
        where: { id: change.id, ...open },
        data: { confirmedAt: now },
      });
      if (used.count !== 1) throw new AppError("BAD_REQUEST", m.emailLinkInvalid);
      // Only from the address the change was asked from (an undo in between restored it: still that one).
      const moved = await tx.adminUser.updateMany({
        where: { id: change.userId, email: change.oldEmail },
        data: { email: change.newEmail },
      });
      if (moved.count !== 1) throw new AppError("BAD_REQUEST", m.emailLinkInvalid);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  invalidateAccount(ctx);
  return { message: m.emailConfirmed };
}

/**
 * The link to the old address: the account gets it back (whether or not the new one was confirmed), every
 * change still waiting ends, and so does every session and reset link of the account.
 */
export async function undoEmailChange(ctx: Ctx, input: { token: string }): Promise<{ message: string }> {
  const now = ctx.now();
  let userId: number;
  try {
    userId = await ctx.db.$transaction(async (tx) => {
      const change = await tx.emailChange.findUnique({ where: { undoHash: linkHash(input.token) } });
      if (!change || change.undoneAt || change.undoExpiresAt <= now)
        throw new AppError("BAD_REQUEST", m.emailLinkInvalid);
      const used = await tx.emailChange.updateMany({
        where: { id: change.id, undoneAt: null },
        data: { undoneAt: now },
      });
      if (used.count !== 1) throw new AppError("BAD_REQUEST", m.emailLinkInvalid);
      await cancelOpenChanges(tx, change.userId, now);
      await tx.adminUser.update({ where: { id: change.userId }, data: { email: change.oldEmail } });
      await endResetLinks(tx, change.userId, now);
      return change.userId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await revokeSessions(ctx, userId, null);
  invalidateAccount(ctx);
  return { message: m.emailChangeUndone };
}
