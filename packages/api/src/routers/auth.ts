import {
  MESSAGES,
  ZAdminProfileInput,
  ZChangePasswordInput,
  ZEmailChangeToken,
  ZLoginInput,
  ZPasswordResetInput,
  ZPasswordResetRequest,
  ZRegisterInput,
} from "@studio/validators";
import { login, register } from "../auth/account";
import { changePassword, resetPassword, signOutEverywhere } from "../auth/admins";
import { confirmEmailChange, pendingEmail, undoEmailChange, updateMyProfile } from "../auth/email-change";
import { createInvite } from "../auth/invites";
import { requestPasswordResetMail } from "../mail/password-reset";
import { revokeSession } from "../auth/session";
import { adminProcedure, formProcedure, publicProcedure, router } from "../trpc";

export const authRouter = router({
  register: formProcedure("register")
    .input(ZRegisterInput)
    .mutation(({ ctx, input }) => register(ctx, input)),
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
  changePassword: adminProcedure
    .input(ZChangePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx, ctx, input)),
  updateProfile: adminProcedure
    .input(ZAdminProfileInput)
    .mutation(({ ctx, input }) => updateMyProfile(ctx, ctx, input)),
  /** The e-mail address waiting for confirmation on my account ("Pending confirmation of …"). */
  pendingEmail: adminProcedure.query(async ({ ctx }) => ({
    pending_email: await pendingEmail(ctx, ctx.user.id),
  })),
  /** The link mailed to a new address: the account uses it from now on. Throttled like a form. */
  confirmEmail: formProcedure("register")
    .input(ZEmailChangeToken)
    .mutation(({ ctx, input }) => confirmEmailChange(ctx, input)),
  /** The link mailed to the old address: the change is undone and every session of the account ends. */
  undoEmailChange: formProcedure("register")
    .input(ZEmailChangeToken)
    .mutation(({ ctx, input }) => undoEmailChange(ctx, input)),
  signOutEverywhere: adminProcedure.mutation(({ ctx }) => signOutEverywhere(ctx, ctx)),
  /**
   * "Forgot password?": the same answer whatever the address (no account discovery), throttled like a form.
   * With mail configured the link goes out by e-mail (mail/password-reset.ts), from a job: the request writes one
   * job row for every address and answers, so its timing does not tell a known address from an unknown one.
   */
  requestPasswordReset: formProcedure("register")
    .input(ZPasswordResetRequest)
    .mutation(async ({ ctx, input }) => {
      // The same answer for every address; without mail, say so (it tells nothing about accounts).
      if (!ctx.config.mail.enabled) return { message: MESSAGES.auth.resetUnavailable };
      await requestPasswordResetMail(ctx.db, input.email);
      return { message: MESSAGES.auth.resetRequested };
    }),
  resetPassword: formProcedure("register")
    .input(ZPasswordResetInput)
    .mutation(({ ctx, input }) => resetPassword(ctx, input)),
});
