/**
 * One publish/subscribe bus between the instances of the server: Redis pub/sub when REDIS_URL is set, else
 * PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL, else in-process (SQLite, one instance).
 *
 * A message is delivered to this instance's subscribers at once and sent to the others through the engine;
 * each carries its sender's id, so an instance never handles its own message twice. What is published within
 * one turn of the event loop goes out together, each distinct message once: a burst of bookings invalidates
 * "bookings" once per turn on the other instances, not once per booking (on PostgreSQL at most once every
 * NOTIFY_MIN_GAP_MS, as each send there is a statement with its own commit). The bus never throws to its
 * callers: when the engine is down, publishing is skipped (the read cache's short lifetime still bounds
 * staleness), health() says "degraded", and the engine's client reconnects by itself.
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import pg from "pg";

export const BUS_CHANNELS = ["cache", "live"] as const;
export type BusChannel = (typeof BUS_CHANNELS)[number];
export type BusHealth = "ok" | "degraded";
export type BusKind = "local" | "postgresql" | "redis";

export type EventBus = {
  kind: BusKind;
  publish: (channel: BusChannel, message: string) => void;
  subscribe: (channel: BusChannel, handler: (message: string) => void) => () => void;
  health: () => BusHealth;
  /** Told once per change of health (down with the error that caused it, then up again). */
  onHealthChange: (listener: HealthListener) => void;
  close: () => Promise<void>;
};

export type HealthListener = (health: BusHealth, error?: unknown) => void;

type Outgoing = { channel: BusChannel; wire: string };

/** The part every engine shares: local delivery, sender ids, health transitions. */
function busCore(kind: BusKind) {
  const instance = randomUUID();
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let health: BusHealth = "ok";
  const healthListeners: HealthListener[] = [];
  const outgoing = new Map<string, { channel: BusChannel; message: string }>();
  let flushing = false;
  return {
    instance,
    /**
     * Sends the message to the other instances at the end of this turn, once however often it is asked: `send`
     * gets the turn's messages together, in the order they were first published.
     */
    sendSoon(channel: BusChannel, message: string, send: (batch: Outgoing[]) => void) {
      outgoing.set(`${channel}|${message}`, { channel, message });
      if (flushing) return;
      flushing = true;
      setImmediate(() => {
        flushing = false;
        // The sender's id rides along, so the sender skips its own message when the engine echoes it.
        const batch = [...outgoing.values()].map((item) => ({
          channel: item.channel,
          wire: `${instance}|${item.message}`,
        }));
        outgoing.clear();
        send(batch);
      });
    },
    deliver: (channel: BusChannel, message: string) => local.emit(channel, message),
    /** A message from the engine: handled unless this instance sent it. */
    receive(channel: string, raw: string) {
      const cut = raw.indexOf("|");
      if (cut < 0 || raw.slice(0, cut) === instance) return;
      if ((BUS_CHANNELS as readonly string[]).includes(channel)) local.emit(channel, raw.slice(cut + 1));
    },
    subscribe(channel: BusChannel, handler: (message: string) => void) {
      local.on(channel, handler);
      return () => {
        local.off(channel, handler);
      };
    },
    setHealth(next: BusHealth, error?: unknown) {
      if (next === health) return;
      health = next;
      for (const listener of healthListeners) listener(next, error);
    },
    onHealthChange: (listener: HealthListener) => {
      healthListeners.push(listener);
    },
    health: () => health,
    kind,
  };
}

export function createLocalBus(): EventBus {
  const core = busCore("local");
  return {
    kind: "local",
    publish: core.deliver,
    subscribe: core.subscribe,
    health: core.health,
    onHealthChange: core.onHealthChange,
    close: async () => {},
  };
}

/** Redis pub/sub: a subscriber connection and a publisher connection, both reconnecting by themselves. */
export function createRedisBus(url: string): EventBus {
  const core = busCore("redis");
  const options = { lazyConnect: false, enableOfflineQueue: false, maxRetriesPerRequest: 1 } as const;
  const publisher = new Redis(url, options);
  // Subscribed on every connect by the ready handler below, not by ioredis itself: its own resubscription leaves
  // its promise unhandled, which rejects ("Connection is closed.") when the bus closes before Redis answers.
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true, autoResubscribe: false });
  const watch = (client: Redis) => {
    client.on("error", (error: unknown) => core.setHealth("degraded", error));
    client.on("ready", () => {
      if (publisher.status === "ready" && subscriber.status === "ready") core.setHealth("ok");
    });
    client.on("close", () => core.setHealth("degraded"));
  };
  watch(publisher);
  watch(subscriber);
  subscriber.on("message", (channel: string, raw: string) => core.receive(channel, raw));
  subscriber.on("ready", () => {
    subscriber.subscribe(...BUS_CHANNELS).catch((error: unknown) => core.setHealth("degraded", error));
  });
  return {
    kind: "redis",
    publish(channel, message) {
      core.deliver(channel, message);
      if (publisher.status !== "ready") return;
      core.sendSoon(channel, message, (batch) => {
        if (publisher.status !== "ready") return;
        for (const { channel: to, wire } of batch) {
          publisher.publish(to, wire).catch((error: unknown) => core.setHealth("degraded", error));
        }
      });
    },
    subscribe: core.subscribe,
    health: () => (publisher.status === "ready" && subscriber.status === "ready" ? "ok" : "degraded"),
    onHealthChange: core.onHealthChange,
    close: async () => {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

/** Sends each (channel, payload) pair, in order, in one transaction. */
const NOTIFY_ALL = `SELECT pg_notify(t.channel, t.payload)
  FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(channel, payload, n) ORDER BY t.n`;

/**
 * The least time between two NOTIFY statements of one instance. Each is a transaction of its own with a commit
 * (a notification needs a transaction id), which every listener, this instance included, is woken for. During a
 * burst of bookings the next statement left as soon as the last one was answered, about one per batch of
 * bookings: waiting 20 ms gathers several batches' messages into one, and another instance's cache is at most
 * that much later to hear that its copy is stale (its own copies are dropped at once).
 */
export const NOTIFY_MIN_GAP_MS = 20;

/** PostgreSQL LISTEN/NOTIFY on a dedicated connection, re-established with a growing pause when it drops. */
export function createPostgresBus(
  url: string,
  { minGapMs = NOTIFY_MIN_GAP_MS }: { minGapMs?: number } = {},
): EventBus {
  const core = busCore("postgresql");
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;
  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (n) => core.receive(n.channel.replace(/^studio_/, ""), n.payload ?? ""));
    next.on("error", (error) => drop(next, error));
    next.on("end", () => drop(next));
    try {
      await next.connect();
      for (const channel of BUS_CHANNELS) await next.query(`LISTEN studio_${channel}`);
      client = next;
      retryMs = 250;
      core.setHealth("ok");
    } catch (error) {
      drop(next, error);
    }
  };
  const drop = (which: pg.Client, error?: unknown) => {
    if (client === which) client = null;
    which.removeAllListeners("end");
    void which.end().catch(() => undefined);
    if (closed) return;
    core.setHealth("degraded", error);
    setTimeout(() => void connect(), retryMs).unref();
    retryMs = Math.min(retryMs * 2, 10_000);
  };
  // One statement at a time (a client runs one query at a time), each with every message that waited for it:
  // each NOTIFY alone was a statement with its own commit. Statements also start at least `minGapMs` apart.
  let sending = false;
  let waiting = new Map<string, Outgoing>();
  let lastSent = -Infinity;
  let pause: NodeJS.Timeout | null = null;
  const sendWaiting = () => {
    if (sending || pause || !client || waiting.size === 0) return;
    // The monotonic clock: a wall clock set back would otherwise hold every message until it caught up.
    const wait = lastSent + minGapMs - performance.now();
    if (wait > 0) {
      pause = setTimeout(() => {
        pause = null;
        sendWaiting();
      }, wait);
      return;
    }
    lastSent = performance.now();
    const batch = [...waiting.values()];
    waiting = new Map();
    sending = true;
    client
      .query({
        // Named: the connection parses and plans it once (a burst of bookings sends one every few of them).
        name: "bus-notify-all",
        text: NOTIFY_ALL,
        values: [batch.map((item) => `studio_${item.channel}`), batch.map((item) => item.wire)],
      })
      .catch((error: unknown) => core.setHealth("degraded", error))
      .finally(() => {
        sending = false;
        sendWaiting();
      });
  };
  void connect();
  return {
    kind: "postgresql",
    publish(channel, message) {
      core.deliver(channel, message);
      if (!client) return;
      core.sendSoon(channel, message, (batch) => {
        for (const item of batch) waiting.set(`${item.channel}|${item.wire}`, item);
        sendWaiting();
      });
    },
    subscribe: core.subscribe,
    health: () => (client ? "ok" : "degraded"),
    onHealthChange: core.onHealthChange,
    close: async () => {
      closed = true;
      if (pause) clearTimeout(pause);
      await client?.end().catch(() => undefined);
    },
  };
}
