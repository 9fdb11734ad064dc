/**
 * Abuse resistance through the real Node server on loopback, requests sent with node:http from distinct
 * loopback addresses (127.0.0.2, 127.0.1.x …) where limits are per IP: batches cannot walk past a limit,
 * simultaneous sign-ins cannot race the lockout, bodies are refused before they are read, forms take only JSON,
 * and slow clients are dropped.
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import net from "node:net";
import { FORM_LIMIT, LOGIN_LIMITS } from "@studio/api";
import { MESSAGES, TRPC_MAX_BATCH } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app";
import { listen } from "./upload-test-files";

let t: TestApp;
let server: { port: number; close: () => Promise<void> };
let token: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: true });
  server = await listen(t.app.fetch);
  token = await t.ownerToken();
});
afterAll(async () => {
  await server.close();
  await t.close();
});

type Answer = { status: number; headers: IncomingHttpHeaders; text: string; bytesSentBeforeAnswer: number };

/**
 * One request from `from` (a loopback address). A body may be streamed: `bodyBytes` bytes of `fill`, in 64 KB
 * chunks, stopped as soon as the answer arrives (as a client does when the server has already refused).
 */
function send(options: {
  method: string;
  path: string;
  from?: string;
  headers?: Record<string, string>;
  body?: string;
  bodyBytes?: number;
  chunked?: boolean;
}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(options.body));
    else if (options.bodyBytes !== undefined && !options.chunked)
      headers["Content-Length"] = String(options.bodyBytes);
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: server.port,
        method: options.method,
        path: options.path,
        localAddress: options.from ?? "127.0.0.1",
        headers,
        agent: false,
      },
      (res) => {
        answered = true;
        const atAnswer = sent;
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(parts).toString("utf8"),
            bytesSentBeforeAnswer: atAnswer,
          });
          req.destroy();
        });
      },
    );
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (options.body !== undefined) {
      req.end(options.body);
      return;
    }
    if (options.bodyBytes === undefined) {
      req.end();
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const total = options.bodyBytes;
    const pump = () => {
      while (!answered && sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    req.write("{"); // a JSON-looking start; the rest is spaces
    sent += 1;
    pump();
  });
}

const json = { "Content-Type": "application/json" };
const batchPath = (procedure: string, n: number) =>
  `/trpc/${Array.from({ length: n }, () => procedure).join(",")}?batch=1`;
const batchBody = (n: number, input: (i: number) => unknown) =>
  JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), input(i)])));

describe("tRPC batches", () => {
  it("a batch of sign-ins is refused whole: none is checked, no token is issued", async () => {
    const n = 30;
    const res = await send({
      method: "POST",
      path: batchPath("auth.login", n),
      from: "127.0.0.2",
      headers: json,
      body: batchBody(n, (i) => ({
        email: "owner@studio.test",
        password: i === n - 1 ? "owner-password" : `guess-${i}`,
      })),
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain(MESSAGES.common.mutationBatch);
    expect(res.text).not.toContain("token");
    // Nothing was counted against the account: the owner still signs in at once.
    const single = await send({
      method: "POST",
      path: "/trpc/auth.login",
      from: "127.0.0.2",
      headers: json,
      body: JSON.stringify({ email: "owner@studio.test", password: "owner-password" }),
    });
    expect(single.status).toBe(200);
  });

  it.each([
    ["contact.send", 40, () => ({ name: "S", email: "s@x.test", subject: "Hi", message: "Spam" })],
    ["bookings.create", 45, () => ({ name: "S", email: "s@x.test", phone: "555 0100", service_id: 1 })],
    ["auth.register", 50, (i: number) => ({ name: "M", email: `m${i}@x.test`, password: "secret12" })],
  ])("a batch of %s (%i calls) is refused and stores nothing", async (procedure, n, input) => {
    const before = {
      messages: await t.deps.db.contactMessage.count(),
      bookings: await t.deps.db.booking.count(),
      admins: await t.deps.db.adminUser.count(),
    };
    const res = await send({
      method: "POST",
      path: batchPath(procedure, n),
      from: "127.0.0.3",
      headers: json,
      body: batchBody(n, input),
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain(MESSAGES.common.mutationBatch);
    expect({
      messages: await t.deps.db.contactMessage.count(),
      bookings: await t.deps.db.booking.count(),
      admins: await t.deps.db.adminUser.count(),
    }).toEqual(before);
  });

  it.each(["%2C", "%2c"])(
    "a batch of sign-ins whose commas are encoded (%s) is refused whole as well",
    async (comma) => {
      const n = 10;
      const from = comma === "%2C" ? "127.0.2.1" : "127.0.2.2";
      const res = await send({
        method: "POST",
        path: `/trpc/${Array.from({ length: n }, () => "auth.login").join(comma)}?batch=1`,
        from,
        headers: json,
        body: batchBody(n, (i) => ({ email: "owner@studio.test", password: `guess-${i}` })),
      });
      expect(res.status).toBe(400);
      expect(res.text).toContain(MESSAGES.common.mutationBatch);
      // None of the ten wrong passwords was checked: the owner still signs in from that address at once.
      const single = await send({
        method: "POST",
        path: "/trpc/auth.login",
        from,
        headers: json,
        body: JSON.stringify({ email: "owner@studio.test", password: "owner-password" }),
      });
      expect(single.status).toBe(200);
    },
  );

  it("an encoded comma counts towards the query batch cap", async () => {
    const input = encodeURIComponent(JSON.stringify({}));
    const procedures = Array.from({ length: TRPC_MAX_BATCH + 1 }, () => "services.list").join("%2C");
    const res = await send({ method: "GET", path: `/trpc/${procedures}?batch=1&input=${input}` });
    expect(res.status).toBe(400);
    expect(res.text).toContain(MESSAGES.common.batchTooLarge(TRPC_MAX_BATCH));
  });

  it(`query batches are capped at ${TRPC_MAX_BATCH} calls`, async () => {
    const input = encodeURIComponent(JSON.stringify({}));
    const capped = await send({ method: "GET", path: `${batchPath("services.list", 500)}&input=${input}` });
    expect(capped.status).toBe(400);
    expect(capped.text).toContain(MESSAGES.common.batchTooLarge(TRPC_MAX_BATCH));
    const allowed = await send({
      method: "GET",
      path: `${batchPath("services.list", TRPC_MAX_BATCH)}&input=${input}`,
    });
    expect(allowed.status).toBe(200);
    expect(JSON.parse(allowed.text)).toHaveLength(TRPC_MAX_BATCH);
  });
});

describe("one limiter for tRPC and REST, per call", () => {
  it("REST and tRPC count against the same per-IP allowance of a form", async () => {
    const from = "127.0.0.4";
    const message = { name: "Ann", email: "ann@x.test", subject: "Hello", message: "A question" };
    const statuses: number[] = [];
    for (let i = 0; i < FORM_LIMIT.points; i++) {
      const path = i % 2 ? "/api/contact" : "/trpc/contact.send";
      statuses.push(
        (await send({ method: "POST", path, from, headers: json, body: JSON.stringify(message) })).status,
      );
    }
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    const rest = await send({
      method: "POST",
      path: "/api/contact",
      from,
      headers: json,
      body: JSON.stringify(message),
    });
    const trpc = await send({
      method: "POST",
      path: "/trpc/contact.send",
      from,
      headers: json,
      body: JSON.stringify(message),
    });
    expect([rest.status, trpc.status]).toEqual([429, 429]);
    expect(Number(rest.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(rest.text)).toEqual({ success: false, message: MESSAGES.common.tooManyRequests });
    // Another address is not affected.
    const other = await send({
      method: "POST",
      path: "/api/contact",
      from: "127.0.0.5",
      headers: json,
      body: JSON.stringify(message),
    });
    expect(other.status).toBe(201);
  });

  it("100 wrong passwords for one e-mail arriving together: at most the lockout's number are checked", async () => {
    await t.harness.admin("target@studio.test");
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        send({
          method: "POST",
          path: i % 2 ? "/api/auth/login" : "/trpc/auth.login",
          from: `127.0.1.${i + 1}`,
          headers: json,
          body: JSON.stringify({ email: "target@studio.test", password: `guess-${i}` }),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perEmail);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - LOGIN_LIMITS.perEmail);
  });
});

describe("request bodies", () => {
  const rssGrowthMb = async (run: () => Promise<void>) => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    await run();
    return (process.memoryUsage().rss - before) / 1024 / 1024;
  };

  it("100 MB to an admin route without a token: 401 before the body is read, memory flat", async () => {
    let answer: Answer | undefined;
    const growth = await rssGrowthMb(async () => {
      answer = await send({
        method: "PUT",
        path: "/api/services/1",
        headers: json,
        bodyBytes: 100 * 1024 * 1024,
      });
    });
    expect(answer?.status).toBe(401);
    expect(JSON.parse(answer?.text ?? "{}")).toEqual({ success: false, message: MESSAGES.auth.unauthorized });
    expect(answer?.bytesSentBeforeAnswer).toBeLessThan(8 * 1024 * 1024);
    expect(growth).toBeLessThan(40);
  });

  it("100 MB to an admin route with a token: 413 from the declared length", async () => {
    const answer = await send({
      method: "PUT",
      path: "/api/services/1",
      headers: { ...json, Authorization: `Bearer ${token}` },
      bodyBytes: 100 * 1024 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ success: false, message: MESSAGES.common.jsonTooLarge(256) });
    expect(answer.bytesSentBeforeAnswer).toBeLessThan(8 * 1024 * 1024);
  });

  it("40 MB to the public contact form: 413 before it is read; chunked bodies are counted while read", async () => {
    const growth = await rssGrowthMb(async () => {
      const declared = await send({
        method: "POST",
        path: "/api/contact",
        headers: json,
        bodyBytes: 40 * 1024 * 1024,
      });
      expect(declared.status).toBe(413);
      expect(declared.bytesSentBeforeAnswer).toBeLessThan(8 * 1024 * 1024);
      const chunked = await send({
        method: "POST",
        path: "/api/contact",
        headers: json,
        bodyBytes: 40 * 1024 * 1024,
        chunked: true,
      });
      expect(chunked.status).toBe(413);
      expect(chunked.bytesSentBeforeAnswer).toBeLessThan(8 * 1024 * 1024);
    });
    expect(growth).toBeLessThan(40);
    const trpc = await send({
      method: "POST",
      path: "/trpc/contact.send",
      headers: json,
      bodyBytes: 40 * 1024 * 1024,
    });
    expect(trpc.status).toBe(413);
  });

  it.each(["/api/contact", "/api/bookings", "/api/feedback", "/api/auth/login", "/api/auth/register"])(
    "POST %s takes only JSON: text/plain and form posts answer 415 and store nothing",
    async (path) => {
      const before = await t.deps.db.contactMessage.count();
      const body = JSON.stringify({ name: "Ann", email: "ann@x.test", subject: "Hi", message: "Text" });
      for (const type of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
      ]) {
        const res = await send({
          method: "POST",
          path,
          from: "127.0.0.6",
          headers: { "Content-Type": type },
          body,
        });
        expect({ type, status: res.status }).toEqual({ type, status: 415 });
        expect(JSON.parse(res.text)).toEqual({ success: false, message: MESSAGES.common.jsonRequired });
      }
      expect(await t.deps.db.contactMessage.count()).toBe(before);
    },
  );

  it("tRPC takes only JSON too", async () => {
    const res = await send({
      method: "POST",
      path: "/trpc/contact.send",
      from: "127.0.0.6",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ name: "Ann", email: "ann@x.test", subject: "Hi", message: "Text" }),
    });
    expect(res.status).toBe(415);
  });
});

describe("a refused upload always answers", () => {
  it("a 2 MB multipart upload with a bad token gets its 401 JSON, 100 times in a row (fetch)", async () => {
    const file = new Uint8Array(2 * 1024 * 1024).fill(0x41);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const form = new FormData();
      form.append("image", new Blob([file], { type: "image/png" }), "photo.png");
      const res = await fetch(`http://127.0.0.1:${server.port}/api/services/upload-image`, {
        method: "POST",
        headers: { Authorization: `Bearer ${i % 2 ? "garbage" : "a.b.c"}` },
        body: form,
      });
      const body = (await res.json()) as { success: boolean; message: string };
      expect(body).toEqual({ success: false, message: MESSAGES.auth.unauthorized });
      statuses.push(res.status);
    }
    expect(new Set(statuses)).toEqual(new Set([401]));
  });
});

describe("slow clients", () => {
  let slow: { port: number; close: () => Promise<void> };
  beforeAll(async () => {
    slow = await listen(t.app.fetch, {
      headersTimeoutMs: 1_000,
      requestTimeoutMs: 2_000,
      keepAliveTimeoutMs: 5_000,
    });
  });
  afterAll(async () => {
    await slow.close();
  });

  /** Opens a connection, sends `head`, then one byte every 100 ms; resolves with how long it stayed open. */
  const trickle = (head: string) =>
    new Promise<{ openMs: number; answer: string }>((resolve) => {
      const started = Date.now();
      let answer = "";
      const socket = net.connect({ host: "127.0.0.1", port: slow.port, localAddress: "127.0.0.7" });
      const timer = setInterval(() => {
        if (!socket.destroyed) socket.write("a");
      }, 100);
      socket.on("data", (d) => {
        answer += d.toString("latin1");
      });
      socket.on("error", () => undefined);
      socket.on("close", () => {
        clearInterval(timer);
        resolve({ openMs: Date.now() - started, answer });
      });
      socket.write(head);
    });

  it("headers sent one byte at a time are cut off after the headers timeout", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => trickle("GET /health HTTP/1.1\r\nHost: studio\r\nX-Slow: ")),
    );
    for (const { openMs, answer } of results) {
      expect(openMs).toBeLessThan(4_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    }
  });

  it("a body sent one byte at a time is cut off after the request timeout", async () => {
    const head =
      "POST /api/contact HTTP/1.1\r\nHost: studio\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{";
    const results = await Promise.all(Array.from({ length: 10 }, () => trickle(head)));
    for (const { openMs, answer } of results) {
      expect(openMs).toBeLessThan(5_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    }
  });
});
