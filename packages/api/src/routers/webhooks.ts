import {
  ZId,
  ZWebhookDeliveryListInput,
  ZWebhookEndpointInput,
  ZWebhookEndpointUpdate,
} from "@studio/validators";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  revealWebhookSecret,
  updateWebhookEndpoint,
} from "../domain/webhooks";
import { ownerProcedure, router } from "../trpc";

/** The API page's webhook endpoints and delivery log (owner only; each change is in the audit trail). */
export const webhooksRouter = router({
  list: ownerProcedure.query(({ ctx }) => listWebhookEndpoints(ctx)),
  create: ownerProcedure
    .input(ZWebhookEndpointInput)
    .mutation(({ ctx, input }) => createWebhookEndpoint(ctx, input)),
  update: ownerProcedure
    .input(ZWebhookEndpointUpdate)
    .mutation(({ ctx, input }) => updateWebhookEndpoint(ctx, input)),
  delete: ownerProcedure.input(ZId).mutation(({ ctx, input }) => deleteWebhookEndpoint(ctx, input.id)),
  /** A mutation, so that showing a secret is in the audit trail. */
  revealSecret: ownerProcedure.input(ZId).mutation(({ ctx, input }) => revealWebhookSecret(ctx, input.id)),
  deliveries: ownerProcedure
    .input(ZWebhookDeliveryListInput)
    .query(({ ctx, input }) => listWebhookDeliveries(ctx, input)),
  resend: ownerProcedure.input(ZId).mutation(({ ctx, input }) => resendWebhookDelivery(ctx, input.id)),
});
