import { MESSAGES, ZLoginInput, ZRegisterInput } from "@studio/validators";
import { login, register } from "../auth/account";
import { createInvite } from "../auth/invites";
import { revokeSession } from "../auth/session";
import { adminProcedure, publicProcedure, router } from "../trpc";

export const authRouter = router({
  register: publicProcedure.input(ZRegisterInput).mutation(({ ctx, input }) => register(ctx, input)),
  login: publicProcedure.input(ZLoginInput).mutation(({ ctx, input }) => login(ctx, input)),
  /** Whether sign-up currently needs an invite code (true once an owner exists). */
  signupStatus: publicProcedure.query(async ({ ctx }) => ({
    inviteRequired: (await ctx.db.adminUser.count()) > 0,
  })),
  me: adminProcedure.query(({ ctx }) => ctx.user),
  logout: adminProcedure.mutation(async ({ ctx }) => {
    await revokeSession(ctx, ctx.session.id);
    return { message: MESSAGES.auth.loggedOut };
  }),
  createInvite: adminProcedure.mutation(({ ctx }) => createInvite(ctx, ctx.user.id)),
});
