/**
 * The owner's webhook endpoints and delivery log (the API page). Every change drops the "webhooks" read-cache
 * tag on every instance, so events start or stop being written at once; the delivery jobs read the endpoint
 * again before each attempt, so a deleted or paused endpoint gets nothing more.
 */
import {
  MESSAGES,
  type WebhookDeliveryDto,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
  type WebhookEndpointDto,
  type WebhookEventType,
  type WebhookPayload,
  type WebhookSecret,
  type ZWebhookDeliveryListInput,
  type ZWebhookEndpointInput,
} from "@studio/validators";
import type { z } from "zod";
import { auditedChange } from "../../audit/trail";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import { enqueueJob } from "../../jobs/queue";
import { safeAddress, UnsafeAddressError } from "./address";
import { eventsOf } from "./events";
import { deliveryJobKey, WEBHOOK_ATTEMPTS, WEBHOOK_DELIVER } from "./jobs";
import { decryptSecret, encryptSecret, newSigningSecret } from "./secrets";

type Deps = Pick<Context, "db" | "now" | "cache" | "config" | "audit">;
type EndpointInput = z.output<typeof ZWebhookEndpointInput>;
const m = MESSAGES.webhooks;

const fieldError = (field: string, message: string) =>
  new AppError("BAD_REQUEST", message, { fieldErrors: { [field]: message } });

/** Refuses an address deliveries could not go to (plain http, a private network), before anything is stored. */
async function assertDeliverable(deps: Deps, url: string): Promise<void> {
  const target = new URL(url);
  const allowPrivate = deps.config.webhooks.allowPrivateNetworks;
  if (target.protocol !== "https:" && !allowPrivate) throw fieldError("url", m.httpsRequired);
  try {
    await safeAddress(target.hostname, { allowPrivateNetworks: allowPrivate });
  } catch (error) {
    if (error instanceof UnsafeAddressError)
      throw fieldError("url", error.reason === "private" ? m.privateAddress : m.unresolvable);
    throw error;
  }
}

const ENDPOINT_SELECT = {
  id: true,
  url: true,
  description: true,
  events: true,
  enabled: true,
  createdAt: true,
} as const;

type EndpointRow = {
  id: number;
  url: string;
  description: string;
  events: unknown;
  enabled: boolean;
  createdAt: Date;
};

function toDto(row: EndpointRow, counts: { failures: number; waiting: number }): WebhookEndpointDto {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: eventsOf(row.events),
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
    recent_failures: counts.failures,
    waiting: counts.waiting,
  };
}

export async function listWebhookEndpoints(deps: Deps): Promise<WebhookEndpointDto[]> {
  const since = new Date(deps.now().getTime() - 86_400_000);
  const [rows, failed, waiting] = await Promise.all([
    deps.db.webhookEndpoint.findMany({ select: ENDPOINT_SELECT, orderBy: { id: "asc" } }),
    deps.db.webhookDelivery.groupBy({
      by: ["endpointId"],
      where: { status: "failed", updatedAt: { gte: since } },
      _count: { _all: true },
    }),
    deps.db.webhookDelivery.groupBy({
      by: ["endpointId"],
      where: { status: "pending" },
      _count: { _all: true },
    }),
  ]);
  const countOf = (list: typeof failed, id: number) =>
    list.find((g) => g.endpointId === id)?._count._all ?? 0;
  return rows.map((row) =>
    toDto(row, { failures: countOf(failed, row.id), waiting: countOf(waiting, row.id) }),
  );
}

/** A new endpoint, with its signing secret in the answer. */
export async function createWebhookEndpoint(
  deps: Deps,
  input: EndpointInput,
): Promise<{ endpoint: WebhookEndpointDto } & WebhookSecret> {
  await assertDeliverable(deps, input.url);
  const secret = newSigningSecret();
  const data = {
    url: input.url,
    description: input.description,
    events: input.events,
    enabled: input.enabled,
    secretCipher: encryptSecret(deps.config.webhooks.secretKey, secret),
    createdAt: deps.now(),
  };
  const row = await auditedChange(deps, null, (tx) =>
    tx.webhookEndpoint.create({ data, select: ENDPOINT_SELECT }),
  );
  deps.cache.invalidate("webhooks");
  return { endpoint: toDto(row, { failures: 0, waiting: 0 }), id: row.id, secret };
}

export async function updateWebhookEndpoint(
  deps: Deps,
  input: { id: number; data: EndpointInput },
): Promise<WebhookEndpointDto> {
  await assertDeliverable(deps, input.data.url);
  const { count } = await auditedChange(
    deps,
    input.id,
    (tx) =>
      tx.webhookEndpoint.updateMany({
        where: { id: input.id },
        data: {
          url: input.data.url,
          description: input.data.description,
          events: input.data.events,
          enabled: input.data.enabled,
        },
      }),
    { changed: (updated) => updated.count === 1 },
  );
  deps.cache.invalidate("webhooks");
  if (count === 0) throw new AppError("NOT_FOUND", m.notFound);
  return (await listWebhookEndpoints(deps)).find((e) => e.id === input.id)!;
}

/** Deletes the endpoint with its deliveries; their waiting jobs end too. */
export async function deleteWebhookEndpoint(deps: Deps, id: number): Promise<{ id: number }> {
  await auditedChange(
    deps,
    id,
    async (tx) => {
      const waiting = await tx.webhookDelivery.findMany({
        where: { endpointId: id, status: "pending" },
        select: { id: true },
      });
      const { count } = await tx.webhookEndpoint.deleteMany({ where: { id } });
      if (count === 0) throw new AppError("NOT_FOUND", m.notFound);
      if (waiting.length) {
        await tx.job.updateMany({
          where: {
            kind: WEBHOOK_DELIVER.kind,
            status: "pending",
            key: { in: waiting.map((d) => deliveryJobKey(d.id)) },
          },
          data: { status: "cancelled", finishedAt: deps.now() },
        });
      }
    },
    { transaction: true },
  );
  deps.cache.invalidate("webhooks");
  return { id };
}

/** The endpoint's signing secret (owner only; the request is in the audit trail). */
export async function revealWebhookSecret(deps: Deps, id: number): Promise<WebhookSecret> {
  // Nothing changes, but the entry is written before the secret is shown: no entry, no secret.
  const row = await auditedChange(deps, id, async (tx) => {
    const found = await tx.webhookEndpoint.findUnique({ where: { id }, select: { secretCipher: true } });
    if (!found) throw new AppError("NOT_FOUND", m.notFound);
    return found;
  });
  return { id, secret: decryptSecret(deps.config.webhooks.secretKey, row.secretCipher) };
}

const DELIVERY_SELECT = {
  id: true,
  messageId: true,
  endpointId: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  lastStatusCode: true,
  lastDurationMs: true,
  lastResponse: true,
  lastError: true,
  createdAt: true,
  deliveredAt: true,
  endpoint: { select: { url: true } },
  message: { select: { type: true, payload: true } },
  history: {
    orderBy: { id: "asc" },
    take: WEBHOOK_ATTEMPTS * 3,
    select: {
      attempt: true,
      createdAt: true,
      statusCode: true,
      durationMs: true,
      response: true,
      error: true,
    },
  },
} as const;

/** Newest first, keyset-paged (the cursor is the last id shown). */
export async function listWebhookDeliveries(
  deps: Deps,
  input: z.output<typeof ZWebhookDeliveryListInput>,
): Promise<WebhookDeliveryPage> {
  const rows = await deps.db.webhookDelivery.findMany({
    where: {
      ...(input.endpointId ? { endpointId: input.endpointId } : {}),
      ...(input.status ? { status: input.status } : {}),
      ...(input.cursor ? { id: { lt: input.cursor } } : {}),
    },
    orderBy: { id: "desc" },
    take: input.limit + 1,
    select: DELIVERY_SELECT,
  });
  const page = rows.slice(0, input.limit);
  const items: WebhookDeliveryDto[] = page.map((row) => ({
    id: row.id,
    message_id: row.messageId,
    event: row.message.type as WebhookEventType,
    endpoint_id: row.endpointId,
    endpoint_url: row.endpoint.url,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    last_status_code: row.lastStatusCode,
    last_duration_ms: row.lastDurationMs,
    last_response: row.lastResponse,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    payload: (typeof row.message.payload === "string"
      ? JSON.parse(row.message.payload)
      : row.message.payload) as WebhookPayload,
    history: row.history.map((a) => ({
      attempt: a.attempt,
      at: a.createdAt.toISOString(),
      status_code: a.statusCode,
      duration_ms: a.durationMs,
      response: a.response,
      error: a.error,
    })),
  }));
  return { items, next_cursor: rows.length > input.limit ? (page[page.length - 1]?.id ?? null) : null };
}

/**
 * Sends a delivery again (the same message id and body, signed anew): a failed or delivered one gets a new run of
 * attempts; one still waiting for a retry is tried now.
 */
export async function resendWebhookDelivery(deps: Deps, id: number): Promise<{ id: number }> {
  const now = deps.now();
  const key = deliveryJobKey(id);
  // In the trail under the delivery's endpoint (the record of kind "webhook").
  await auditedChange(
    deps,
    null,
    async (tx) => {
      const delivery = await tx.webhookDelivery.findUnique({ where: { id }, select: { endpointId: true } });
      if (!delivery) throw new AppError("NOT_FOUND", m.deliveryNotFound);
      await tx.webhookDelivery.update({ where: { id }, data: { status: "pending", nextAttemptAt: now } });
      await tx.job.updateMany({
        where: { kind: WEBHOOK_DELIVER.kind, key, status: "pending" },
        data: { runAt: now },
      });
      await enqueueJob(
        tx,
        WEBHOOK_DELIVER,
        { deliveryId: id },
        { key, dedupe: true, maxAttempts: WEBHOOK_ATTEMPTS, runAt: now },
      );
      return delivery;
    },
    { transaction: true, idOf: (delivery) => delivery.endpointId },
  );
  return { id };
}
