/**
 * Live events for the back office, across two instances on one database and a real Redis bus, read by a real
 * HTTP client from the SSE endpoint.
 */
import { type ApiDeps, createLimiter, createReadCache, createRedisBus, type EventBus } from "@studio/api";
import { startTestRedis, type TestRedis } from "@studio/api/testing/redis";
import { MESSAGES, parseSse } from "@studio/validators";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Loaded CI machines: a condition may take a few seconds to come true; nothing here is about speed.
vi.setConfig({ testTimeout: 60_000 });
const until = <T>(condition: () => T | Promise<T>, options = { timeout: 10_000 }) =>
  vi.waitFor(condition, options);
import { createApp } from "./app";
import { MAX_STREAMS_PER_ADMIN } from "./live-stream";
import { createLogger } from "./logger";
import { createTestApp, type TestApp } from "./testing/test-app";
import { listen } from "./upload-test-files";

let t: TestApp;
let redis: TestRedis;
const buses: EventBus[] = [];
const limiterClients: Redis[] = [];
const servers: { port: number; close: () => Promise<void> }[] = [];
let a: string;
let b: string;
let token: string;

/** Another instance: the same database, its own bus connection, cache and limiter. */
async function instance(closing?: AbortSignal): Promise<string> {
  const bus = createRedisBus(redis.url);
  buses.push(bus);
  // As the server builds it (deps.ts): the limiter's own Redis connection, shared counters across instances.
  const limiterRedis = new Redis(redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  limiterClients.push(limiterRedis);
  const deps: ApiDeps = {
    ...t.deps,
    bus,
    cache: createReadCache(1_000, undefined, bus),
    limiter: createLimiter(t.deps.db, { forms: false, lockouts: false }, limiterRedis),
  };
  const app = createApp(deps, {
    logger: createLogger("silent"),
    webDist: null,
    trustProxy: false,
    corsOrigins: [],
    closing,
  });
  const server = await listen(app.fetch);
  servers.push(server);
  await until(() => expect(bus.health()).toBe("ok"), { timeout: 10_000 });
  await until(() => expect(limiterRedis.status).toBe("ready"), { timeout: 10_000 });
  return `http://127.0.0.1:${server.port}`;
}

beforeAll(async () => {
  t = await createTestApp();
  redis = await startTestRedis();
  token = await t.ownerToken();
  await t.deps.db.service.create({
    data: {
      id: 1,
      title: "Portrait",
      description: "d",
      category: "photography",
      priceCents: 10_000,
      features: [],
    },
  });
  a = await instance();
  b = await instance();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await Promise.all(buses.map((bus) => bus.close()));
  for (const client of limiterClients) client.disconnect();
  await redis.stop();
  await t.close();
});

type Received = { event: string; id: string | null; data: Record<string, unknown> };

/** An SSE client over fetch (Authorization header, Last-Event-ID), collecting what arrives. */
function openStream(base: string, options: { token?: string; lastEventId?: string } = {}) {
  const controller = new AbortController();
  const events: Received[] = [];
  let status = 0;
  let ended = false;
  const headers: Record<string, string> = { Accept: "text/event-stream" };
  if (options.token ?? token) headers.Authorization = `Bearer ${options.token ?? token}`;
  if (options.lastEventId) headers["Last-Event-ID"] = options.lastEventId;
  const done = (async () => {
    const res = await fetch(`${base}/api/live`, { headers, signal: controller.signal });
    status = res.status;
    if (!res.ok || !res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done: finished } = await reader.read();
      if (finished) break;
      const parsed = parseSse(buffer + value);
      buffer = parsed.rest;
      for (const { event, id, data } of parsed.messages)
        events.push({ event, id, data: JSON.parse(data ?? "{}") as Record<string, unknown> });
    }
  })()
    .catch(() => undefined)
    .finally(() => {
      ended = true;
    });
  return {
    events,
    status: () => status,
    ended: () => ended,
    of: (type: string) => events.filter((e) => e.event === type),
    close: async () => {
      controller.abort();
      await done;
    },
  };
}

let slot = 0;
async function book(base: string, name: string) {
  slot += 1;
  const res = await fetch(`${base}/api/bookings`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name,
      email: "live@x.test",
      phone: "555 0100",
      service_id: 1,
      date: `2031-0${1 + (slot % 9)}-1${slot % 10}`,
      time: "10:00",
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

describe("the admin live stream", () => {
  it("refuses a visitor and a bad token", async () => {
    const none = openStream(a, { token: "" });
    await until(() => expect(none.status()).toBe(401));
    const bad = openStream(a, { token: "garbage" });
    await until(() => expect(bad.status()).toBe(401));
  });

  it("a booking made on one instance reaches a stream on the other", async () => {
    const stream = openStream(b);
    await until(() => expect(stream.of("ready")).toHaveLength(1));
    const id = await book(a, "Live One");
    await until(() => expect(stream.of("booking.created").map((e) => e.data.entityId)).toContain(id));
    await stream.close();
  });

  it("a contact message and a status change reach it too", async () => {
    const stream = openStream(a);
    await until(() => expect(stream.of("ready")).toHaveLength(1));
    const id = await book(b, "Live Two");
    const sent = await fetch(`${b}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Ann", email: "ann@x.test", subject: "Hi", message: "Hello" }),
    });
    expect(sent.status).toBe(201);
    const confirm = await fetch(`${b}/api/bookings/${id}/confirm`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(confirm.status).toBe(200);
    await until(() => {
      expect(stream.of("contact.created")).toHaveLength(1);
      expect(stream.of("booking.updated").map((e) => [e.data.entityId, e.data.status])).toContainEqual([
        id,
        "confirmed",
      ]);
    });
    await stream.close();
  });

  it("resumes after a disconnection without missing or repeating an event, on another instance", async () => {
    const first = openStream(a);
    await until(() => expect(first.of("ready")).toHaveLength(1));
    const seen = await book(a, "Before");
    await until(() => expect(first.of("booking.created").map((e) => e.data.entityId)).toContain(seen));
    const lastId = first.events[first.events.length - 1]!.id!;
    await first.close();

    // While the client is away: writes through both instances, and one made with SQL by hand (no bus message).
    const missed = [await book(a, "Away 1"), await book(b, "Away 2")];
    await t.deps.db.booking.delete({ where: { id: missed[0]! } });

    const resumed = openStream(b, { lastEventId: lastId });
    await until(() =>
      expect(
        resumed.events.filter((e) => e.event !== "ready").map((e) => [e.event, e.data.entityId]),
      ).toEqual([
        ["booking.created", missed[0]],
        ["booking.created", missed[1]],
        ["booking.deleted", missed[0]],
      ]),
    );
    const ids = resumed.events.filter((e) => e.event !== "ready").map((e) => Number(e.id));
    expect(ids.every((id) => id > Number(lastId))).toBe(true);
    await resumed.close();
  });

  it("ends when its token is revoked", async () => {
    const login = await fetch(`${a}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "owner@studio.test", password: "owner-password" }),
    });
    const session = ((await login.json()) as { token: string }).token;
    const stream = openStream(b, { token: session });
    await until(() => expect(stream.of("ready")).toHaveLength(1));
    const logout = await fetch(`${a}/api/auth/logout`, {
      method: "POST",
      headers: { Authorization: `Bearer ${session}` },
    });
    expect(logout.status).toBe(200);
    await until(() => expect(stream.ended()).toBe(true), { timeout: 10_000 });
    expect(stream.of("end")).toEqual([{ event: "end", id: null, data: { reason: "unauthorized" } }]);
  });

  it("ends its streams when the instance shuts down, so the client resumes elsewhere, and opens no new one", async () => {
    const closing = new AbortController();
    const base = await instance(closing.signal);
    // (Proxies are asked not to buffer the stream.)
    const probe = new AbortController();
    const headers = await fetch(`${base}/api/live`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: probe.signal,
    });
    expect(headers.headers.get("x-accel-buffering")).toBe("no");
    probe.abort();
    const stream = openStream(base);
    await until(() => expect(stream.of("ready")).toHaveLength(1));
    closing.abort();
    await until(() => expect(stream.ended()).toBe(true));
    // No "end" event: that one tells the client to stop; here it must reconnect (to another instance).
    expect(stream.of("end")).toEqual([]);
    const again = await fetch(`${base}/api/live`, { headers: { Authorization: `Bearer ${token}` } });
    expect(again.status).toBe(503);
    expect(again.headers.get("retry-after")).toBe("1");
    expect(await again.json()).toEqual({ success: false, message: MESSAGES.common.databaseUnavailable });
  });

  it(`is limited to ${MAX_STREAMS_PER_ADMIN} open streams per admin across the instances (counted in Redis)`, async () => {
    // Three streams on one instance, two on the other: the admin's five.
    const streams = Array.from({ length: MAX_STREAMS_PER_ADMIN }, (_, i) => openStream(i < 3 ? a : b));
    await until(() => expect(streams.every((s) => s.of("ready").length === 1)).toBe(true));
    for (const base of [a, b]) {
      const extra = await fetch(`${base}/api/live`, { headers: { Authorization: `Bearer ${token}` } });
      expect(extra.status).toBe(429);
      expect(await extra.json()).toEqual({ success: false, message: MESSAGES.common.tooManyRequests });
    }
    await streams[0]!.close();
    // A closed stream frees its place, on either instance.
    await until(async () => {
      const again = openStream(b);
      await until(() => expect(again.status()).not.toBe(0));
      const status = again.status();
      await again.close();
      expect(status).toBe(200);
    });
    await Promise.all(streams.slice(1).map((s) => s.close()));
    await until(async () => {
      const again = openStream(a);
      await until(() => expect(again.status()).not.toBe(0));
      const status = again.status();
      await again.close();
      expect(status).toBe(200);
    });
  });
});
