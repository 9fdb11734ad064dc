/**
 * Three server processes (A, B, C) on one PostgreSQL database, one Redis and one S3 bucket (s3rver), each on its
 * own loopback port, as behind a load balancer without sticky sessions. The test plays the proxy: the instances
 * trust X-Forwarded-For (TRUST_PROXY=true), and each visitor names its own address there.
 *
 * - files: uploaded through A, served by B and C from the bucket; a proof link signed on A opens on C;
 * - limits: the public form limit (10 a minute here) is one Redis counter for all three;
 * - live events: a booking made on A reaches an admin stream on C; when C is killed, its clients resume on A
 *   with Last-Event-ID and miss nothing;
 * - a rolling restart (SIGTERM, start again, one instance at a time) under a steady booking load loses no
 *   acknowledged booking, and a live stream follows the instances around without missing one.
 * Latencies are printed for the record, never asserted.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestRedis, type TestRedis } from "../../packages/api/src/testing/redis";
import { startTestS3, type TestS3 } from "../../packages/api/src/testing/s3";
import { PDF_FILE } from "../../packages/api/src/testing/upload-files";
import { pngFile } from "../../apps/server/src/upload-test-files";
import {
  bookingBody,
  createScenarioDb,
  delay,
  firstServiceId,
  http,
  type LiveClient,
  networkErrorCode,
  openLiveStream,
  ownerToken,
  restartServer,
  type ScenarioDb,
  type ServerHandle,
  s3Env,
  startServer,
  uploadOnFreshConnection,
  waitUntil,
} from "./support";

const FORMS_PER_MINUTE = 10;

let db: ScenarioDb;
let redis: TestRedis;
let s3: TestS3;
/** The current process of each instance (a restart replaces it; the port stays). */
const servers: Record<"a" | "b" | "c", ServerHandle | undefined> = {
  a: undefined,
  b: undefined,
  c: undefined,
};
const a = () => servers.a!;
const b = () => servers.b!;
const c = () => servers.c!;
const streams: LiveClient[] = [];
let token: string;
let serviceId: number;

const instanceEnv = () => ({
  REDIS_URL: redis.url,
  ...s3Env(s3),
  TRUST_PROXY: "true",
  RATE_LIMIT: "on",
  RATE_LIMIT_FORMS_PER_MINUTE: String(FORMS_PER_MINUTE),
});

/** A visitor of its own (its own address as the proxy reports it), so form limits never get in the way. */
let visitors = 0;
function visitor(): Record<string, string> {
  const n = ++visitors;
  return { "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

/** Distinct slots, one per booking (the rolling restart counts its own from 10,000). */
let slot = 0;
async function book(server: ServerHandle): Promise<number> {
  const n = ++slot;
  const res = await http(server.base, "POST", "/api/bookings", {
    body: bookingBody(n, serviceId),
    headers: visitor(),
  });
  expect(res.status, res.text).toBe(201);
  return (res.body.data as { id: number }).id;
}

/** The booking ids a stream has seen created, in the order they arrived (each once). */
const createdSeen = (live: LiveClient) => [
  ...new Set(live.of("booking.created").map((e) => Number(e.data.entityId))),
];

beforeAll(async () => {
  [db, redis, s3] = await Promise.all([
    createScenarioDb("postgresql", "three"),
    startTestRedis(),
    startTestS3("studio-three"),
  ]);
  // All three at once: the migration lock must let exactly one of them migrate.
  const started = await Promise.allSettled([0, 1, 2].map(() => startServer({ db, env: instanceEnv() })));
  const [first, second, third] = started.map((r) => (r.status === "fulfilled" ? r.value : undefined));
  Object.assign(servers, { a: first, b: second, c: third }); // stopped by afterAll, even if one failed
  const failed = started.find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
  token = await ownerToken(a().base);
  serviceId = await firstServiceId(db);
});
afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
  await Promise.all(Object.values(servers).map((s) => s?.stop()));
  await Promise.all([s3?.stop(), redis?.stop()]);
  await db?.drop();
});

describe("three instances on one PostgreSQL, Redis and bucket", () => {
  it("each reports the shared database and the Redis bus as up", async () => {
    for (const server of [a(), b(), c()]) {
      // The Redis connections are made just after start-up: up within a moment.
      await waitUntil(`${server.base} bus up`, async () => {
        const health = await http(server.base, "GET", "/health");
        return health.status === 200 && health.body.status === "ok";
      });
      const health = await http(server.base, "GET", "/health");
      expect(health.body).toMatchObject({
        status: "ok",
        database: "up",
        provider: "postgresql",
        events: { engine: "redis", state: "up" },
      });
    }
  });

  it("a file uploaded through A is served by B and C from the bucket", async () => {
    const up = await uploadOnFreshConnection(
      a().base,
      "/api/services/upload-image",
      pngFile(640, 400),
      "hero.png",
      "image/png",
      token,
    );
    expect(up.status, up.text).toBe(201);
    const data = up.body.data as { url: string; variants: { url: string }[] };
    const files = [data.url, data.variants[0]!.url].map((u) => new URL(u, a().base).pathname);
    for (const file of files) {
      const key = file.replace(/^\/uploads\//, "");
      const stored = await s3.objectBytes(key);
      expect(stored, key).not.toBeNull();
      for (const server of [b(), c()]) {
        const res = await fetch(`${server.base}${file}`);
        expect(res.status, `${file} on ${server.base}`).toBe(200);
        expect(res.headers.get("cache-control")).toContain("immutable");
        expect(Buffer.from(await res.arrayBuffer()).equals(stored!)).toBe(true);
      }
    }
    // Nothing went to a local disk another instance could not read.
    const uploadDir = path.join(db.dataDir, "uploads");
    const local = existsSync(uploadDir)
      ? readdirSync(uploadDir, { recursive: true, encoding: "utf8" }).filter((f) => !f.startsWith(".tmp"))
      : [];
    expect(local).toEqual([]);
  });

  it("a proof link signed on A opens on C (and B); the plain URL does not", async () => {
    const proof = await uploadOnFreshConnection(
      a().base,
      "/api/upload/image",
      PDF_FILE,
      "contract.pdf",
      "application/pdf",
    );
    expect(proof.status, proof.text).toBe(201);
    const reference = (proof.body.data as { reference: string }).reference;
    const created = await http(a().base, "POST", "/api/bookings", {
      body: bookingBody(++slot, serviceId, { image: reference }),
      headers: visitor(),
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body.data as { id: number }).id;

    // The admin API on A hands out the short-lived signed link (absolute, with A's origin).
    const seen = await http(a().base, "GET", `/api/bookings/${id}`, { token });
    expect(seen.status).toBe(200);
    const signed = new URL((seen.body.data as { image: string }).image);
    expect(signed.search).toMatch(/^\?expires=\d+&sig=/);
    for (const server of [c(), b()]) {
      const opened = await fetch(`${server.base}${signed.pathname}${signed.search}`);
      expect(opened.status, server.base).toBe(200);
      expect(opened.headers.get("cache-control")).toBe("private, no-store");
      expect(Buffer.from(await opened.arrayBuffer()).equals(PDF_FILE)).toBe(true);
    }
    const plain = await http(c().base, "GET", signed.pathname);
    expect(plain.status).toBe(403);
    expect(plain.body).toEqual({ success: false, message: MESSAGES.upload.linkInvalid });
  });

  it(`the public form limit holds across instances: 30 requests over three, limit ${FORMS_PER_MINUTE} → 20 refusals`, async () => {
    const from = { "X-Forwarded-For": "203.0.113.50" };
    const targets = [a(), b(), c()];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        http(targets[i % 3]!.base, "POST", "/api/contact", {
          body: { name: `Limit ${i}`, email: "limit@three.test", subject: "Limit", message: "one of thirty" },
          headers: from,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(","),
    ).toHaveLength(FORMS_PER_MINUTE);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(30 - FORMS_PER_MINUTE);
    for (const r of refused) {
      expect(r.body).toEqual({ success: false, message: MESSAGES.common.tooManyRequests });
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const stored = await db.query(`SELECT id FROM "ContactMessage" WHERE email = 'limit@three.test'`);
    expect(stored).toHaveLength(FORMS_PER_MINUTE);
    // Per address: another visitor is not affected.
    const other = await http(b().base, "POST", "/api/contact", {
      body: { name: "Other", email: "other@three.test", subject: "Hi", message: "another visitor" },
      headers: { "X-Forwarded-For": "203.0.113.51" },
    });
    expect(other.status).toBe(201);
  });

  it("a booking made on A reaches an admin stream connected to C", async () => {
    // Three admin clients on C; when C goes away, the "proxy" sends them to A.
    for (let i = 0; i < 3; i++) streams.push(openLiveStream([c().base, a().base], token));
    for (const live of streams) await waitUntil("stream on C ready", async () => live.of("ready").length > 0);
    const sent = performance.now();
    const id = await book(a());
    const answered = performance.now();
    for (const live of streams) {
      const event = await waitUntil(
        "the booking on C's stream",
        async () => live.of("booking.created").find((e) => e.data.entityId === id),
        5_000,
        5,
      );
      expect(event.base).toBe(c().base);
      expect(event.data).toMatchObject({ type: "booking.created", entityId: id, status: "pending" });
    }
    const arrivals = streams.map(
      (live) => live.of("booking.created").find((e) => e.data.entityId === id)!.at,
    );
    console.info(
      `[faults] booking on A → admin streams on C: ${Math.round(Math.max(...arrivals) - sent)} ms after the POST was sent (answered after ${Math.round(answered - sent)} ms)`,
    );
  });

  it("kill C: its admin clients reconnect to A with Last-Event-ID and miss no event", async () => {
    const before = [await book(b())];
    for (const live of streams)
      await waitUntil("seen before the kill", async () => createdSeen(live).includes(before[0]!));
    const lastIds = streams.map((live) => live.events[live.events.length - 1]!.id);
    const connectionsBefore = streams.map((live) => live.connections.length);

    await c().stop(); // SIGKILL
    const during: number[] = [];
    for (let i = 0; i < 6; i++) during.push(await book(i % 2 ? b() : a()));

    for (const [i, live] of streams.entries()) {
      await waitUntil(
        "every booking made while C was down",
        async () => during.every((id) => createdSeen(live).includes(id)),
        10_000,
      );
      // The first connection after the kill went to A, carrying the last id seen on C.
      const resumed = live.connections.slice(connectionsBefore[i]!);
      expect(resumed[0]).toMatchObject({ base: a().base, lastEventId: String(lastIds[i]), status: 200 });
      // In order, each once: every event id after the first is larger than the one before.
      const ids = live.events.filter((e) => e.event !== "ready").map((e) => e.id!);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(new Set(ids).size).toBe(ids.length);
      const mine = createdSeen(live).filter((id) => [...before, ...during].includes(id));
      expect(mine).toEqual([...before, ...during]);
    }

    // C comes back on its port and serves again.
    servers.c = await restartServer(c(), { db, env: instanceEnv() });
    const after = await book(c());
    for (const live of streams)
      await waitUntil("a booking on the restarted C", async () => createdSeen(live).includes(after));
  });

  it("a rolling restart of all three under a steady booking load loses no acknowledged booking", async () => {
    await Promise.all(streams.splice(0).map((s) => s.close()));
    const names = ["a", "b", "c"] as const;
    const live = openLiveStream(
      names.map((n) => servers[n]!.base),
      token,
    );
    streams.push(live);
    await waitUntil("stream ready", async () => live.of("ready").length > 0);

    /** Idempotency key → booking id, for every booking answered 201 (or 200: a replay of an earlier one). */
    const acked = new Map<string, number>();
    const ackedBy: Record<string, number> = {};
    const statuses: Record<string, number> = {};
    const errors: Record<string, number> = {};
    const MAX_BOOKINGS = 1_500;
    let running = true;
    let turn = 0;
    let next = 10_000;
    // Each worker posts bookings for distinct slots to the instances in turn; a connection that fails (the
    // instance is restarting) is retried with the same Idempotency-Key on the next one, as the booking dialog does.
    const workers = Array.from({ length: 4 }, async () => {
      while (running && next < 10_000 + MAX_BOOKINGS) {
        const n = next++;
        const key = `rolling-${n}`;
        const from = visitor();
        for (let attempt = 0; attempt < 8; attempt++) {
          const server = servers[names[turn++ % 3]!]!;
          try {
            const res = await http(server.base, "POST", "/api/bookings", {
              body: bookingBody(n, serviceId),
              headers: { ...from, "Idempotency-Key": key },
              timeoutMs: 15_000,
            });
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            if (res.status === 200 || res.status === 201) {
              acked.set(key, (res.body.data as { id: number }).id);
              ackedBy[server.port] = (ackedBy[server.port] ?? 0) + 1;
            }
            break;
          } catch (error) {
            const code = networkErrorCode(error);
            errors[code] = (errors[code] ?? 0) + 1;
            await delay(20);
          }
        }
      }
    });

    const restarts: string[] = [];
    try {
      await waitUntil("load running", async () => acked.size >= 20);
      for (const name of names) {
        const old = servers[name]!;
        const ackedBefore = acked.size;
        const signalled = performance.now();
        old.signal("SIGTERM");
        const code = await old.exited;
        const exitMs = Math.round(performance.now() - signalled);
        expect(code, old.output()).toBe(0);
        // The open live stream did not hold the shutdown up to SHUTDOWN_TIMEOUT_MS.
        expect(old.output()).not.toContain("shutdown timed out");
        // The other two kept taking bookings while this one was down.
        await waitUntil(`bookings while ${name} is down`, async () => acked.size >= ackedBefore + 10);
        servers[name] = await restartServer(old, { db, env: instanceEnv() });
        const servedBefore = ackedBy[old.port] ?? 0;
        await waitUntil(`${name} serving again`, async () => (ackedBy[old.port] ?? 0) > servedBefore);
        restarts.push(`${name}: exit ${exitMs} ms`);
      }
    } finally {
      running = false;
      await Promise.all(workers);
    }
    console.info(
      `[faults] rolling restart (${restarts.join(", ")}): ${acked.size} bookings acknowledged, statuses ${JSON.stringify(statuses)}, retried after ${JSON.stringify(errors)}`,
    );

    expect(Object.keys(statuses).filter((s) => Number(s) >= 300)).toEqual([]);
    const rows = await db.query<{ id: number; idempotencyKey: string }>(
      `SELECT id, "idempotencyKey" FROM "Booking" WHERE "idempotencyKey" LIKE 'rolling-%'`,
    );
    const stored = new Map(rows.map((r) => [r.idempotencyKey, Number(r.id)]));
    for (const [key, id] of acked) expect(stored.get(key), key).toBe(id);
    // Retries on another instance never made a second booking.
    expect(new Set(acked.values()).size).toBe(acked.size);

    // The live stream followed the instances around (ended by each shutdown, resumed elsewhere) and saw them all.
    await waitUntil(
      "every acknowledged booking on the live stream",
      async () => {
        const seen = new Set(createdSeen(live));
        return [...acked.values()].every((id) => seen.has(id));
      },
      10_000,
    );
    expect(live.connections.length).toBeGreaterThan(1);
  });
});
