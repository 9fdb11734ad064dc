/**
 * The durable work behind webhooks (ADR 013, ADR 014):
 * - the fan-out: each event, written with the change as a WebhookEvent row, becomes its message (its id and exact
 *   body) and one delivery per enabled endpoint subscribed to it, each with its own "webhook.deliver" job. The
 *   worker loop of the "webhook.fanout" kind drains the rows (and runs that kind's jobs, written before them).
 * - "webhook.deliver": one POST per attempt, signed per the Standard Webhooks specification with the endpoint's
 *   secret. A 2xx answer delivers; anything else is retried on the schedule below, for a day; an address that is
 *   not allowed (SSRF) fails at once. Each attempt is in the delivery log. The endpoint is read again before
 *   every attempt, so a deleted or paused endpoint gets nothing more, whichever instance runs the job.
 */
import { type Db, directAccess, directRead, Prisma, type SqlValue, sqlInstant } from "@studio/db";
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import type { ApiDeps } from "../../context";
import { enqueueJob } from "../../jobs/queue";
import { type AnyJobHandler, defineJob, type JobLogger, PermanentJobError } from "../../jobs/worker";
import type { Tx } from "../uploads/proof";
import { eventsOf, WEBHOOK_FANOUT, type FanoutPayload, ZFanoutPayload } from "./events";
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

type EndpointEvents = { id: number; events: unknown };

const enabledEndpoints = (db: Db): Promise<EndpointEvents[]> =>
  db.webhookEndpoint.findMany({ where: { enabled: true }, select: { id: true, events: true } });

/** The ids of the endpoints that subscribe to events of a type. */
const subscribersOf = (endpoints: readonly EndpointEvents[], type: FanoutPayload["type"]) =>
  endpoints.filter((e) => eventsOf(e.events).includes(type)).map((e) => e.id);

/**
 * Writes an event's message and a delivery (with its job) per target endpoint, in the caller's transaction;
 * safe to run twice (the message and each endpoint's delivery are written once).
 */
async function writeFanout(
  tx: Tx,
  payload: FanoutPayload,
  targets: readonly number[],
  now: Date,
): Promise<void> {
  if (targets.length === 0) return;
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
  for (const endpointId of targets) {
    if (done.has(endpointId)) continue;
    const delivery = await tx.webhookDelivery.create({
      data: { messageId: payload.id, endpointId },
      select: { id: true },
    });
    await enqueueJob(
      tx,
      WEBHOOK_DELIVER,
      { deliveryId: delivery.id },
      { key: deliveryJobKey(delivery.id), maxAttempts: WEBHOOK_ATTEMPTS, runAt: now },
    );
  }
}

/** A fan-out job (the way events were written before migration webhook_events). */
async function fanOutJob(db: Db, payload: FanoutPayload, now: Date): Promise<void> {
  const targets = subscribersOf(await enabledEndpoints(db), payload.type);
  if (targets.length) await db.$transaction((tx) => writeFanout(tx, payload, targets, now));
}

/** Events one round fans out while the server is not busy (on SQLite the round holds the one connection). */
export const WEBHOOK_EVENT_BATCH = 20;

/**
 * Fans out the oldest waiting events, at most `take`, and deletes them: all in one transaction, so an event is
 * written as its deliveries or still waits, never both or neither. On PostgreSQL the rows are locked and rows
 * another instance holds are skipped, so instances drain different events. An event whose payload cannot be
 * read (it could never be sent) is dropped with a warning. Answers how many events the round took.
 */
export async function drainWebhookEvents(
  db: Db,
  now: Date,
  take: number,
  logger?: JobLogger,
): Promise<number> {
  // Most rounds find nothing: one plain read then (no query compiled by Prisma), no transaction.
  if ((await directRead(db, `SELECT 1 AS "one" FROM "WebhookEvent" LIMIT 1`, [])).length === 0) return 0;
  const endpoints = await enabledEndpoints(db);
  const locking =
    directAccess(db).provider === "postgresql" ? Prisma.sql`FOR UPDATE SKIP LOCKED` : Prisma.empty;
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: number | bigint; payload: string }[]>`
      SELECT "id", "payload" FROM "WebhookEvent" ORDER BY "id" LIMIT ${take} ${locking}`;
    for (const row of rows) {
      const parsed = ZFanoutPayload.safeParse(parseJson(row.payload));
      if (!parsed.success) {
        logger?.warn("webhook event dropped: its payload cannot be read", { id: Number(row.id) });
        continue;
      }
      await writeFanout(tx, parsed.data, subscribersOf(endpoints, parsed.data.type), now);
    }
    if (rows.length)
      await tx.webhookEvent.deleteMany({ where: { id: { in: rows.map((row) => Number(row.id)) } } });
    return rows.length;
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

type Attempt = {
  statusCode: number | null;
  durationMs: number;
  response: string | null;
  error: string | null;
};

type DeliveryRow = {
  status: string;
  attempts: number;
  messageId: string;
  payload: unknown;
  url: string;
  secretCipher: string;
  enabled: boolean | number;
};

/**
 * A delivery with its message and endpoint, in one statement (the hot path of draining a backlog: Prisma's nested
 * select was three statements and most of a delivery's CPU).
 */
async function readDelivery(db: Db, id: number): Promise<DeliveryRow | null> {
  const rows = await db.$queryRaw<DeliveryRow[]>`
    SELECT d."status", d."attempts", m."id" AS "messageId", m."payload", e."url", e."secretCipher", e."enabled"
    FROM "WebhookDelivery" d
    JOIN "WebhookMessage" m ON m."id" = d."messageId"
    JOIN "WebhookEndpoint" e ON e."id" = d."endpointId"
    WHERE d."id" = ${id}`;
  return rows[0] ?? null;
}

/**
 * One attempt's log line and the delivery's new state, together: plain SQL on the client's own connection
 * (directAccess: one group-committed transaction on SQLite, one statement on PostgreSQL).
 */
async function recordAttempt(
  db: Db,
  deliveryId: number,
  attempt: number,
  at: Date,
  outcome: Attempt,
  status: "delivered" | "pending" | "failed",
  next: Date | null,
  now: Date,
): Promise<void> {
  const attemptValues: SqlValue[] = [
    deliveryId,
    attempt,
    outcome.statusCode,
    outcome.durationMs,
    outcome.response,
    outcome.error,
    sqlInstant(at),
  ];
  const deliveryValues: SqlValue[] = [
    status,
    attempt,
    next ? sqlInstant(next) : null,
    outcome.statusCode,
    outcome.durationMs,
    outcome.response,
    outcome.error,
    status === "delivered" ? sqlInstant(now) : null,
    sqlInstant(now),
    deliveryId,
  ];
  const access = directAccess(db);
  if (access.provider === "sqlite") {
    await access.transaction((sql) => {
      sql.run(SQLITE_ATTEMPT_INSERT, attemptValues);
      sql.run(SQLITE_DELIVERY_UPDATE, deliveryValues);
    });
    return;
  }
  await access.query(PG_RECORD_ATTEMPT, [...attemptValues, ...deliveryValues], "webhook-record-attempt");
}

const ATTEMPT_COLUMNS = `"deliveryId", "attempt", "statusCode", "durationMs", "response", "error", "createdAt"`;
const DELIVERY_SET = (p: (i: number) => string) =>
  `"status" = ${p(1)}, "attempts" = ${p(2)}, "nextAttemptAt" = ${p(3)}, "lastStatusCode" = ${p(4)},
   "lastDurationMs" = ${p(5)}, "lastResponse" = ${p(6)}, "lastError" = ${p(7)},
   "deliveredAt" = COALESCE(${p(8)}, "deliveredAt"), "updatedAt" = ${p(9)}`;
const SQLITE_ATTEMPT_INSERT = `INSERT INTO "WebhookAttempt" (${ATTEMPT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`;
const SQLITE_DELIVERY_UPDATE = `UPDATE "WebhookDelivery" SET ${DELIVERY_SET(() => "?")} WHERE "id" = ?`;
const PG_CASTS: Record<number, string> = { 3: "::timestamp(3)", 8: "::timestamp(3)", 9: "::timestamp(3)" };
const PG_RECORD_ATTEMPT = `WITH attempt AS (
  INSERT INTO "WebhookAttempt" (${ATTEMPT_COLUMNS}) VALUES ($1::int, $2::int, $3::int, $4::int, $5, $6, $7::timestamp(3))
)
UPDATE "WebhookDelivery" SET ${DELIVERY_SET((i) => `$${i + 7}${PG_CASTS[i] ?? (i === 1 || i === 6 || i === 7 ? "" : "::int")}`)}
WHERE "id" = $17::int`;

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
    run: (payload) => fanOutJob(deps.db, payload, deps.now()),
    // The events written since migration webhook_events: drained in the same loop as the jobs of this kind.
    drain: ({ busy, logger }) =>
      drainWebhookEvents(deps.db, deps.now(), busy ? 1 : WEBHOOK_EVENT_BATCH, logger),
  });

  const deliver = defineJob({
    ...WEBHOOK_DELIVER,
    concurrency: 16,
    leaseMs: 60_000,
    retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    run: async ({ deliveryId }, { attempt: jobAttempt, signal }) => {
      const delivery = await readDelivery(deps.db, deliveryId);
      // The endpoint was deleted (its deliveries with it), or this one is done.
      if (!delivery || delivery.status === "delivered") return;
      const at = deps.now();
      const record = (outcome: Attempt, status: "delivered" | "pending" | "failed", next: Date | null) =>
        recordAttempt(deps.db, deliveryId, delivery.attempts + 1, at, outcome, status, next, deps.now());
      if (!delivery.enabled) {
        const error = "The endpoint is paused";
        await record({ statusCode: null, durationMs: 0, response: null, error }, "failed", null);
        throw new PermanentJobError(error);
      }
      const body = bodyOf(delivery.payload);
      const secret = decryptSecret(deps.config.webhooks.secretKey, delivery.secretCipher);
      const outcome = await postWebhook(
        delivery.url,
        body,
        signedHeaders(secret, delivery.messageId, body, at),
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
