import {
  type AuthResult,
  type LoginInput,
  MESSAGES,
  type RegisterInput,
  type ZLoginInput,
  type ZRegisterInput,
} from "@studio/validators";
import type { z } from "zod";
import { recordAudit } from "../audit/trail";
import type { Context } from "../context";
import { AppError, isUniqueViolation } from "../errors";
import { findInvite } from "./invites";
import { hashPassword, verifyPassword } from "./passwords";
import { issueSession } from "./session";

type Ctx = Pick<Context, "db" | "config" | "now" | "ip" | "limiter" | "cache">;

/** The first account on an empty database becomes the owner; later ones need a valid invite code. */
export async function register(ctx: Ctx, input: z.output<typeof ZRegisterInput>): Promise<AuthResult> {
  const hasOwner = (await ctx.db.adminUser.count()) > 0;
  let inviteId: number | null = null;
  let inviteFromSettings = false;
  // The code is checked (and the guess counted) before anything is hashed: a wrong code costs no argon2 work.
  if (hasOwner) {
    if (!input.invite_code) throw new AppError("FORBIDDEN", MESSAGES.auth.inviteRequired);
    const reservation = await ctx.limiter.reserveInvite(ctx.ip);
    const invite = await findInvite(ctx, input.invite_code);
    if (!invite) throw new AppError("FORBIDDEN", MESSAGES.auth.inviteInvalid);
    await reservation.succeeded();
    if (invite.kind === "stored") inviteId = invite.id;
    else inviteFromSettings = true;
  }
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await ctx.db.$transaction(async (tx) => {
      // Re-checked inside the transaction so two simultaneous first sign-ups cannot both become owner.
      const role = (await tx.adminUser.count()) === 0 ? "owner" : "admin";
      if (role === "admin" && !hasOwner) throw new AppError("FORBIDDEN", MESSAGES.auth.inviteRequired);
      if (inviteId !== null) {
        const used = await tx.inviteCode.updateMany({
          where: { id: inviteId, usedAt: null },
          data: { usedAt: ctx.now(), usedByEmail: input.email },
        });
        if (used.count !== 1) throw new AppError("FORBIDDEN", MESSAGES.auth.inviteInvalid);
      }
      // Signing up signs in: the session issued below is the account's first sign-in.
      const user = await tx.adminUser.create({
        data: { name: input.name, email: input.email, passwordHash, role, lastSignInAt: ctx.now() },
      });
      // In the Activity trail: who joined, and with which invite code (its id; or the server's own code).
      await recordAudit(tx, {
        at: ctx.now(),
        actor: { id: user.id, name: user.name },
        entity: "admin",
        entityId: user.id,
        action: "joined",
        before: null,
        after: { ...user, inviteCodeId: inviteId, inviteFromSettings },
      });
      return user;
    });
    ctx.cache.invalidate("team");
    return issueSession(ctx, user);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("CONFLICT", MESSAGES.auth.emailTaken, {
        fieldErrors: { email: MESSAGES.auth.emailTaken },
      });
    }
    throw error;
  }
}

/** The attempt is counted before the password is checked; a right password gives the reservation back. */
export async function login(ctx: Ctx, input: z.output<typeof ZLoginInput>): Promise<AuthResult> {
  const reservation = await ctx.limiter.reserveLogin(input.email, ctx.ip);
  const user = await ctx.db.adminUser.findUnique({ where: { email: input.email } });
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) throw new AppError("UNAUTHORIZED", MESSAGES.auth.invalidCredentials);
  await reservation.succeeded();
  await ctx.db.adminUser.update({ where: { id: user.id }, data: { lastSignInAt: ctx.now() } });
  return issueSession(ctx, user);
}

export type { LoginInput, RegisterInput };
