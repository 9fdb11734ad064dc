export {
  bookingEventData,
  emitWebhookEvent,
  fanoutPayload,
  isSubscribed,
  WEBHOOK_FANOUT,
  webhookBooking,
} from "./events";
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  revealWebhookSecret,
  updateWebhookEndpoint,
} from "./endpoints";
export { signedHeaders, WEBHOOK_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS, webhookJobHandlers } from "./jobs";
export { isPublicAddress, safeAddress, UnsafeAddressError } from "./address";
