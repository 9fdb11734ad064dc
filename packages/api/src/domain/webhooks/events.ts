/**
 * Emitting webhook events. An event is written in the same transaction as the change it reports, as one row of
 * its own (`WebhookEvent`, one B-tree: ADR 014): a change that rolls back sends nothing, and a committed one is
 * delivered even if the server stops a moment later. A job worker then drains the events, writing one delivery
 * per subscribed endpoint, each retried on its own (jobs.ts). With no endpoint subscribed to the event, nothing
 * at all is written: the subscriptions come from the read cache ("webhooks" tag, dropped by every endpoint
 * change on every instance).
 */
import type { Db } from "@studio/db";
import {
  type WebhookBooking,
  type WebhookEventData,
  type WebhookEventType,
  WEBHOOK_EVENT_TYPES,
} from "@studio/validators";
import { z } from "zod";
import { pooledRandomBytes } from "../../crypto/random-bytes";
import type { ReadCache } from "../../cache";
import { type BookingRow, bookingSelect, toBookingDto } from "../bookings/dto";
import type { Tx } from "../uploads/proof";

export type EmitDeps = { db: Db; cache: ReadCache; now: () => Date };

/** A Standard Webhooks message id: unique per event, the same on every retry (receivers deduplicate on it). */
export function newMessageId(): string {
  return `msg_${pooledRandomBytes(16).toString("base64url")}`;
}

export const ZFanoutPayload = z.object({
  id: z.string().regex(/^msg_[\w-]+$/),
  type: z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]]),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type FanoutPayload = z.output<typeof ZFanoutPayload>;

/**
 * The job kind that turns one event into a delivery per subscribed endpoint. Events are written as WebhookEvent
 * rows since migration webhook_events; jobs of this kind written before it (or by an instance of the previous
 * version during an upgrade) still run, and its worker loop drains the rows.
 */
export const WEBHOOK_FANOUT = { kind: "webhook.fanout", payload: ZFanoutPayload };

/** An event's row as written (the booking's plain-SQL insert writes it itself: bookings/insert.ts). */
export type WebhookEventRow = { payload: string; createdAt: Date };

/** The row of an event happening now. The payload is checked at compile time; the drain parses it again. */
export function webhookEventRow<T extends WebhookEventType>(
  type: T,
  data: WebhookEventData<T>,
  now: Date,
): WebhookEventRow {
  return { payload: JSON.stringify(fanoutPayload(type, data, now)), createdAt: now };
}

/** An endpoint's subscribed events as stored (JSON text on SQLite, an array on PostgreSQL). */
export function eventsOf(value: unknown): WebhookEventType[] {
  const list = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list)
    ? list.filter((e): e is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(e))
    : [];
}

/**
 * Whether some enabled endpoint subscribes to events of this type (cached; one read per cache lifetime). On a
 * miss it reads through `db`, the caller's transaction when there is one: on SQLite a statement outside the
 * transaction would wait for it to end.
 */
export async function isSubscribed(
  deps: { db: Tx | Db; cache: ReadCache },
  type: WebhookEventType,
): Promise<boolean> {
  const subscribed = await deps.cache.get("webhooks", "subscribed", async () => {
    const rows = await deps.db.webhookEndpoint.findMany({
      where: { enabled: true },
      select: { events: true },
    });
    return new Set(rows.flatMap((row) => eventsOf(row.events)));
  });
  return subscribed.has(type);
}

/** The fan-out job's payload for an event happening now. */
export function fanoutPayload<T extends WebhookEventType>(
  type: T,
  data: WebhookEventData<T>,
  now: Date,
): FanoutPayload {
  return { id: newMessageId(), type, timestamp: now.toISOString(), data: data as Record<string, unknown> };
}

/**
 * Reports an event to the endpoints that subscribe to it, in the caller's transaction (pass the transaction that
 * makes the change). One call per event type, wherever the change is made.
 */
export async function emitWebhookEvent<T extends WebhookEventType>(
  tx: Tx | Db,
  deps: EmitDeps,
  type: T,
  data: WebhookEventData<T> | (() => Promise<WebhookEventData<T> | null>),
): Promise<void> {
  if (!(await isSubscribed({ db: tx, cache: deps.cache }, type))) return;
  // Data that costs a read is built only when someone listens.
  const value = typeof data === "function" ? await data() : data;
  if (value === null) return;
  await tx.webhookEvent.create({ data: webhookEventRow(type, value, deps.now()), select: { id: true } });
}

/** What a booking's events say of it: its answer in the API, the proof named only by whether there is one. */
export function webhookBooking(row: BookingRow): WebhookBooking {
  const { image: _link, ...booking } = toBookingDto(row, () => null);
  return { ...booking, has_proof: row.image !== null };
}

/** A booking's event data, read in the caller's transaction (null once deleted); `extra` adds to it. */
export function bookingEventData<E extends object>(tx: Tx | Db, id: number, extra?: E) {
  return async () => {
    const row = await tx.booking.findUnique({ where: { id }, select: bookingSelect });
    return row ? { ...webhookBooking(row), ...(extra ?? ({} as E)) } : null;
  };
}
