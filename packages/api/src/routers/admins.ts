import { ZAuditListInput, ZId } from "@studio/validators";
import { listAudit } from "../audit/trail";
import { listAdmins, listInvites, removeAdmin, revokeInvite, transferOwnership } from "../auth/admins";
import { adminProcedure, router } from "../trpc";

/** The team and its history: admins, invite codes, and the audit trail (Activity). */
export const adminsRouter = router({
  list: adminProcedure.query(({ ctx }) => listAdmins(ctx)),
  remove: adminProcedure.input(ZId).mutation(({ ctx, input }) => removeAdmin(ctx, ctx, input.id)),
  transferOwnership: adminProcedure
    .input(ZId)
    .mutation(({ ctx, input }) => transferOwnership(ctx, ctx, input.id)),
  invites: adminProcedure.query(({ ctx }) => listInvites(ctx)),
  revokeInvite: adminProcedure.input(ZId).mutation(({ ctx, input }) => revokeInvite(ctx, input.id)),
  activity: adminProcedure.input(ZAuditListInput).query(({ ctx, input }) => listAudit(ctx, input)),
});
