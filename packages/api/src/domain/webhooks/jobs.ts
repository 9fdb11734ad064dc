/**
 * The durable jobs behind webhooks (ADR 013, ADR 014):
 * - "webhook.fanout": one per event, written with the change. Stores the message (its id and exact body) and one
 *   delivery per enabled endpoint subscribed to the event, each with its own "webhook.deliver" job.
 * - "webhook.deliver": one POST per attempt, signed per the Standard Webhooks specification with the endpoint's
 *   secret. A 2xx answer delivers; anything else is retried on the schedule below, for a day; an address that is
 *   not allowed (SSRF) fails at once. Each attempt is in the delivery log. The endpoint is read again before
 *   every attempt, so a deleted or paused endpoint gets nothing more, whichever instance runs the job.
 */
import type { Db } from "@studio/db";
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import type { ApiDeps } from "../../context";
import { enqueueJob } from "../../jobs/queue";
import { type AnyJobHandler, defineJob, PermanentJobError } from "../../jobs/worker";
import { eventsOf, WEBHOOK_FANOUT, type FanoutPayload } from "./events";
import { postWebhook } from "./post";
import { decryptSecret } from "./secrets";

/**
 * Waits before the 2nd … 8th attempt (Standard Webhooks' schedule, shortened at the end): the last attempt
 * comes 24 hours after the first.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 28_800_000, 30_295_000,
];
export const WEBHOOK_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

export const WEBHOOK_DELIVER = {
  kind: "webhook.deliver",
  payload: z.object({ deliveryId: z.number().int().positive() }),
};

/** Delivery log entries (messages, with their deliveries and attempts) are kept this long. */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;

/** The waiting job of a delivery is found by this key (resend, endpoint deletion). */
export const deliveryJobKey = (deliveryId: number) => `webhook-delivery:${deliveryId}`;

/** Writes the message and a delivery (with its job) per subscribed endpoint; safe to run twice. */
async function fanOut(db: Db, payload: FanoutPayload, now: Date): Promise<void> {
  const endpoints = await db.webhookEndpoint.findMany({
    where: { enabled: true },
    select: { id: true, events: true },
  });
  const targets = endpoints.filter((e) => eventsOf(e.events).includes(payload.type));
  if (targets.length === 0) return;
  await db.$transaction(async (tx) => {
    const known = await tx.webhookMessage.findUnique({ where: { id: payload.id }, select: { id: true } });
    if (!known) {
      await tx.webhookMessage.create({
        data: {
          id: payload.id,
          type: payload.type,
          payload: { type: payload.type, timestamp: payload.timestamp, data: payload.data } as object,
          createdAt: new Date(payload.timestamp),
        },
      });
    }
    const existing = await tx.webhookDelivery.findMany({
      where: { messageId: payload.id },
      select: { endpointId: true },
    });
    const done = new Set(existing.map((d) => d.endpointId));
    for (const target of targets) {
      if (done.has(target.id)) continue;
      const delivery = await tx.webhookDelivery.create({
        data: { messageId: payload.id, endpointId: target.id },
        select: { id: true },
      });
      await enqueueJob(
        tx,
        WEBHOOK_DELIVER,
        { deliveryId: delivery.id },
        { key: deliveryJobKey(delivery.id), maxAttempts: WEBHOOK_ATTEMPTS, runAt: now },
      );
    }
  });
}

/** The body exactly as stored (JSON text on SQLite, an object on PostgreSQL). */
const bodyOf = (payload: unknown) => (typeof payload === "string" ? payload : JSON.stringify(payload));

/** The signed headers of one attempt (Standard Webhooks). */
export function signedHeaders(secret: string, messageId: string, body: string, at: Date) {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(messageId, at, body),
  };
}

export function webhookJobHandlers(deps: Pick<ApiDeps, "db" | "now" | "config">): AnyJobHandler[] {
  const fanout = defineJob({
    ...WEBHOOK_FANOUT,
    concurrency: 4,
    run: (payload) => fanOut(deps.db, payload, deps.now()),
  });

  const deliver = defineJob({
    ...WEBHOOK_DELIVER,
    concurrency: 16,
    leaseMs: 60_000,
    retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    run: async ({ deliveryId }, { attempt: jobAttempt, signal }) => {
      const delivery = await deps.db.webhookDelivery.findUnique({
        where: { id: deliveryId },
        select: {
          status: true,
          attempts: true,
          message: { select: { id: true, payload: true } },
          endpoint: { select: { url: true, secretCipher: true, enabled: true } },
        },
      });
      // The endpoint was deleted (its deliveries with it), or this one is done.
      if (!delivery || delivery.status === "delivered") return;
      const at = deps.now();
      const record = async (
        outcome: {
          statusCode: number | null;
          durationMs: number;
          response: string | null;
          error: string | null;
        },
        status: "delivered" | "pending" | "failed",
        nextAttemptAt: Date | null,
      ) => {
        const attempt = delivery.attempts + 1;
        await deps.db.$transaction([
          deps.db.webhookAttempt.create({
            data: {
              deliveryId,
              attempt,
              statusCode: outcome.statusCode,
              durationMs: outcome.durationMs,
              response: outcome.response,
              error: outcome.error,
              createdAt: at,
            },
          }),
          deps.db.webhookDelivery.update({
            where: { id: deliveryId },
            data: {
              status,
              attempts: attempt,
              nextAttemptAt,
              lastStatusCode: outcome.statusCode,
              lastDurationMs: outcome.durationMs,
              lastResponse: outcome.response,
              lastError: outcome.error,
              ...(status === "delivered" ? { deliveredAt: deps.now() } : {}),
            },
          }),
        ]);
      };
      if (!delivery.endpoint.enabled) {
        const error = "The endpoint is paused";
        await record({ statusCode: null, durationMs: 0, response: null, error }, "failed", null);
        throw new PermanentJobError(error);
      }
      const body = bodyOf(delivery.message.payload);
      const secret = decryptSecret(deps.config.webhooks.secretKey, delivery.endpoint.secretCipher);
      const outcome = await postWebhook(
        delivery.endpoint.url,
        body,
        signedHeaders(secret, delivery.message.id, body, at),
        { ...deps.config.webhooks, signal },
      );
      if (outcome.error === null) return record(outcome, "delivered", null);
      if (signal.aborted) throw new Error(outcome.error); // shutting down: the job is handed back, unrecorded
      const last = outcome.permanent || jobAttempt >= WEBHOOK_ATTEMPTS;
      const delay = WEBHOOK_RETRY_DELAYS_MS[Math.min(jobAttempt - 1, WEBHOOK_RETRY_DELAYS_MS.length - 1)]!;
      await record(outcome, last ? "failed" : "pending", last ? null : new Date(at.getTime() + delay));
      throw last ? new PermanentJobError(outcome.error) : new Error(outcome.error);
    },
    housekeeping: async (db, now) => {
      const before = new Date(now.getTime() - WEBHOOK_LOG_RETENTION_DAYS * 86_400_000);
      let removed = 0;
      for (;;) {
        const old = await db.webhookMessage.findMany({
          where: { createdAt: { lt: before } },
          select: { id: true },
          take: 500,
        });
        if (old.length === 0) return removed;
        const { count } = await db.webhookMessage.deleteMany({ where: { id: { in: old.map((m) => m.id) } } });
        removed += count;
        if (old.length < 500) return removed;
      }
    },
  });
  return [fanout, deliver];
}
