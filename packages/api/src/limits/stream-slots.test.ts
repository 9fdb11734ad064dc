/**
 * Live-stream slots per admin on a real Redis shared by "instances" (separate connections), and in memory while
 * Redis is down.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestRedis, type TestRedis } from "../testing/redis";
import { createStreamSlots, type StreamSlot } from "./stream-slots";

let redis: TestRedis;
const clients: Redis[] = [];

async function client(): Promise<Redis> {
  const c = new Redis(redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  c.on("error", () => undefined);
  clients.push(c);
  await vi.waitFor(() => expect(c.status).toBe("ready"));
  return c;
}

beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await redis.stop();
});

describe("stream slots", () => {
  it("counts one admin's streams across instances, and each admin apart", async () => {
    const a = createStreamSlots(await client(), { limit: 3 });
    const b = createStreamSlots(await client(), { limit: 3 });
    const held = [await a.claim(1), await b.claim(1), await a.claim(1)];
    expect(held.every(Boolean)).toBe(true);
    expect(await b.claim(1)).toBeNull();
    expect(await a.claim(2)).not.toBeNull(); // another admin
    await held[1]!.release();
    const again = await a.claim(1);
    expect(again).not.toBeNull();
    expect(await b.claim(1)).toBeNull();
  });

  it("frees the slots of an instance that died once their claim lapses, while renewed ones hold", async () => {
    const ttlMs = 300;
    const dead = createStreamSlots(await client(), { limit: 2, ttlMs });
    const alive = createStreamSlots(await client(), { limit: 2, ttlMs });
    await dead.claim(5); // never renewed nor released: its instance died
    const kept = (await alive.claim(5)) as StreamSlot;
    expect(await alive.claim(5)).toBeNull();
    const renewing = setInterval(() => void kept.renew(), 50);
    try {
      await vi.waitFor(async () => expect(await alive.claim(5)).not.toBeNull(), { timeout: 5_000 });
      expect(await alive.claim(5)).toBeNull(); // the renewed one and the new one
    } finally {
      clearInterval(renewing);
    }
  });

  it("counts in this instance's memory while Redis is down, and without Redis", async () => {
    const c = await client();
    const slots = createStreamSlots(c, { limit: 2 });
    await redis.stop();
    await vi.waitFor(() => expect(c.status).not.toBe("ready"));
    const first = await slots.claim(9);
    expect(first).not.toBeNull();
    expect(await slots.claim(9)).not.toBeNull();
    expect(await slots.claim(9)).toBeNull();
    await first!.release();
    expect(await slots.claim(9)).not.toBeNull();
    await redis.start();

    const local = createStreamSlots(undefined, { limit: 1 });
    expect(await local.claim(1)).not.toBeNull();
    expect(await local.claim(1)).toBeNull();
  });
});

describe("a stream that reconnects", () => {
  it("takes its own slot over on another instance at once, and its old connection learns it was superseded", async () => {
    const a = createStreamSlots(await client(), { limit: 2 });
    const b = createStreamSlots(await client(), { limit: 2 });
    const onA = (await a.claim(21, "tab-one-stream")) as StreamSlot;
    expect(await a.claim(21, "tab-two-stream")).not.toBeNull();
    // Instance A dies without releasing anything; the first tab reconnects to B with its stream id.
    const onB = await b.claim(21, "tab-one-stream");
    expect(onB).not.toBeNull();
    expect(await b.claim(21, "a-third-stream")).toBeNull(); // still two streams, not three
    expect(await onA.renew()).toBe(false);
    expect(await onB!.renew()).toBe(true);
    await onA.release(); // the superseded connection's release leaves B's claim alone
    expect(await b.claim(21, "a-third-stream")).toBeNull();
  });

  it("in memory too", async () => {
    const slots = createStreamSlots(undefined, { limit: 1 });
    const first = (await slots.claim(3, "same-tab-stream")) as StreamSlot;
    const second = (await slots.claim(3, "same-tab-stream")) as StreamSlot;
    expect(second).not.toBeNull();
    expect(await first.renew()).toBe(false);
    expect(await second.renew()).toBe(true);
    expect(await slots.claim(3, "other-tab-stream")).toBeNull();
    await second.release();
    expect(await slots.claim(3, "other-tab-stream")).not.toBeNull();
  });
});
