/**
 * The event bus between instances, on real engines: a Redis server this file starts (and stops, to see the bus
 * degrade and recover), and the suite's PostgreSQL database when the suite runs on PostgreSQL.
 */
import { createTestDatabase, type TestDatabase, testDatabaseProvider } from "@studio/db/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createReadCache, PUSHED_CACHE_TTL_MS } from "../cache";
import { startTestRedis, type TestRedis } from "../testing/redis";
import { type BusHealth, createLocalBus, createPostgresBus, createRedisBus, type EventBus } from "./bus";

let redis: TestRedis;
let database: TestDatabase;
const opened: EventBus[] = [];
const open = (bus: EventBus) => {
  opened.push(bus);
  return bus;
};

beforeAll(async () => {
  redis = await startTestRedis();
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(opened.map((bus) => bus.close()));
  await redis.stop();
  await database.drop();
});

/** Two instances' buses on one engine; on SQLite runs only Redis is a shared engine. */
const engines: [string, () => EventBus][] = [
  ["redis", () => open(createRedisBus(redis.url))],
  ...(testDatabaseProvider() === "postgresql"
    ? ([["postgresql", () => open(createPostgresBus(database.url))]] as [string, () => EventBus][])
    : []),
];

const received = (bus: EventBus, channel: "cache" | "live") => {
  const messages: string[] = [];
  bus.subscribe(channel, (m) => messages.push(m));
  return messages;
};

describe("in-process bus", () => {
  it("delivers to this instance's subscribers at once, once", () => {
    const bus = createLocalBus();
    const messages = received(bus, "live");
    bus.publish("live", "hello");
    expect(messages).toEqual(["hello"]);
    expect(bus.health()).toBe("ok");
  });
});

describe.each(engines)("%s bus between two instances", (_name, make) => {
  it("a message published on one reaches the other once, and its sender once", async () => {
    const a = make();
    const b = make();
    await vi.waitFor(() => expect([a.health(), b.health()]).toEqual(["ok", "ok"]), { timeout: 10_000 });
    const onA = received(a, "live");
    const onB = received(b, "live");
    a.publish("live", "booking.created:1");
    expect(onA).toEqual(["booking.created:1"]);
    await vi.waitFor(() => expect(onB).toEqual(["booking.created:1"]), { timeout: 5_000 });
    b.publish("cache", "services"); // another channel: not seen by "live" subscribers
    a.publish("live", "booking.created:2");
    await vi.waitFor(() => expect(onB).toEqual(["booking.created:1", "booking.created:2"]), {
      timeout: 5_000,
    });
    expect(onA).toEqual(["booking.created:1", "booking.created:2"]);
  });

  it("sends what is published within one turn together: each distinct message once, in order", async () => {
    const a = make();
    const b = make();
    await vi.waitFor(() => expect([a.health(), b.health()]).toEqual(["ok", "ok"]), { timeout: 10_000 });
    const onA = received(a, "cache");
    const onB = received(b, "cache");
    for (let i = 0; i < 10; i++) a.publish("cache", "bookings");
    a.publish("cache", "services");
    // The sender's own subscribers hear every publish, at once.
    expect(onA).toHaveLength(11);
    await vi.waitFor(() => expect(onB).toEqual(["bookings", "services"]), { timeout: 5_000 });
    // The next turn's publish goes out again.
    await new Promise(setImmediate);
    a.publish("cache", "bookings");
    await vi.waitFor(() => expect(onB).toEqual(["bookings", "services", "bookings"]), { timeout: 5_000 });
    // Nothing more arrives: the ten were one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onB).toEqual(["bookings", "services", "bookings"]);
  });

  it("publishes in turn after turn, while the last send is on its way, all arrive in order, one send at a time", async () => {
    const a = make();
    const b = make();
    await vi.waitFor(() => expect([a.health(), b.health()]).toEqual(["ok", "ok"]), { timeout: 10_000 });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    try {
      const onB = received(b, "live");
      const sent = Array.from({ length: 30 }, (_, i) => `booking.created:${i}`);
      for (const message of sent) {
        a.publish("live", message);
        await new Promise(setImmediate);
      }
      await vi.waitFor(() => expect(onB).toEqual(sent), { timeout: 5_000 });
      // pg warns when a client is handed a query while it runs another.
      expect(warnings.filter((message) => message.includes("already executing a query"))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("a cache invalidated on one instance is dropped on the other at once, with a long lifetime", async () => {
    const a = make();
    const b = make();
    await vi.waitFor(() => expect([a.health(), b.health()]).toEqual(["ok", "ok"]), { timeout: 10_000 });
    const cacheA = createReadCache(1_000, undefined, a);
    const cacheB = createReadCache(1_000, undefined, b);
    expect(cacheB.lifetimeMs()).toBe(PUSHED_CACHE_TTL_MS);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cacheB.get("services", "all", load)).toBe(1);
    expect(await cacheB.get("services", "all", load)).toBe(1);
    cacheA.invalidate("services");
    await vi.waitFor(async () => expect(await cacheB.get("services", "all", load)).toBe(2), {
      timeout: 5_000,
    });
  });
});

describe("Redis going down", () => {
  it("degrades without throwing, keeps local delivery, and recovers by itself", async () => {
    const a = open(createRedisBus(redis.url));
    const b = open(createRedisBus(redis.url));
    const changes: BusHealth[] = [];
    a.onHealthChange((health) => changes.push(health));
    await vi.waitFor(() => expect([a.health(), b.health()]).toEqual(["ok", "ok"]), { timeout: 10_000 });
    const onA = received(a, "live");
    const onB = received(b, "live");
    const cache = createReadCache(1_000, undefined, a);

    await redis.stop();
    await vi.waitFor(() => expect(a.health()).toBe("degraded"), { timeout: 10_000 });
    expect(() => a.publish("live", "while-down")).not.toThrow();
    expect(onA).toEqual(["while-down"]);
    // Without pushed invalidations, entries live only the configured lifetime again.
    expect(cache.lifetimeMs()).toBe(1_000);

    await redis.start();
    await vi.waitFor(() => expect([a.health(), b.health()]).toEqual(["ok", "ok"]), { timeout: 15_000 });
    expect(changes).toEqual(["degraded", "ok"]);
    a.publish("live", "after");
    await vi.waitFor(() => expect(onB).toContain("after"), { timeout: 5_000 });
  });
});

// Only PostgreSQL's engine has a gap (Redis publishes are no transactions); SQLite runs have no shared database.
if (testDatabaseProvider() === "postgresql") {
  describe("PostgreSQL bus during a burst", () => {
    it("starts its NOTIFY statements at least the gap apart, and sends what waited meanwhile together, once", async () => {
      const gapMs = 300;
      const a = open(createPostgresBus(database.url, { minGapMs: gapMs }));
      const b = open(createPostgresBus(database.url));
      await vi.waitFor(() => expect([a.health(), b.health()]).toEqual(["ok", "ok"]), { timeout: 10_000 });
      const arrivals: { message: string; at: number }[] = [];
      b.subscribe("live", (message) => arrivals.push({ message, at: Date.now() }));

      const firstSent = Date.now();
      a.publish("live", "first");
      await vi.waitFor(() => expect(arrivals.map((m) => m.message)).toEqual(["first"]), { timeout: 5_000 });
      // Published in later turns, while the gap runs: held, then sent in one statement, each distinct one once.
      for (const message of ["second", "third", "second"]) {
        a.publish("live", message);
        await new Promise(setImmediate);
      }
      await vi.waitFor(() => expect(arrivals.map((m) => m.message)).toEqual(["first", "second", "third"]), {
        timeout: 5_000,
      });
      expect(arrivals[1]!.at - firstSent).toBeGreaterThanOrEqual(gapMs);
    });
  });
}
