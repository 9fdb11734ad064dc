import { ZApiKeyCreateInput, ZApiKeyRevokeInput } from "@studio/validators";
import { createApiKey, listApiKeys, revokeApiKey } from "../domain/api-keys/keys";
import { ownerProcedure, router } from "../trpc";

/** The API page's keys (owner only; each change is in the audit trail). */
export const apiKeysRouter = router({
  list: ownerProcedure.query(({ ctx }) => listApiKeys(ctx)),
  create: ownerProcedure
    .input(ZApiKeyCreateInput)
    .mutation(({ ctx, input }) => createApiKey(ctx, ctx.user, input)),
  revoke: ownerProcedure.input(ZApiKeyRevokeInput).mutation(({ ctx, input }) => revokeApiKey(ctx, input.id)),
});
