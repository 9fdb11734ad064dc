/**
 * `pnpm bench:abuse`: the figures of issue 14, measured on the real server (fresh SQLite database, limits on),
 * printed and never asserted (the assertions live in apps/server/src/abuse.test.ts and the limiter tests).
 *
 * - 40 simultaneous wrong-password sign-ins for one e-mail, each from its own loopback address: how many
 *   passwords the server checked (answered 401) and how many it refused unchecked (429);
 * - after single contact messages reached the per-IP limit, one tRPC batch of 40 `contact.send` and one of 40
 *   `bookings.create`: the answer, and how many rows were stored;
 * - a 100 MB JSON body to `PUT /api/services/1` without a token, and with one: the answer, the bytes the client
 *   got to send before it, and the server's resident memory before and at its peak.
 */
import { request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, HOST, memoryKb, resetPeak, startStudioServer, stop, waitFor } from "./process";

type Answer = { status: number; text: string; sentBeforeAnswer: number };

/** One request over a real socket from `from` (a loopback address), its body streamed in 1 MB chunks. */
function send(
  base: string,
  options: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    bodyBytes?: number;
    from: string;
  },
): Promise<Answer> {
  const url = new URL(options.path, base);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answeredAt = -1;
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method,
        localAddress: options.from,
        headers: {
          ...options.headers,
          "Content-Length": String(options.bodyBytes ?? Buffer.byteLength(options.body ?? "")),
        },
      },
      (res) => {
        answeredAt = sent;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, sentBeforeAnswer: answeredAt }));
      },
    );
    req.on("error", reject);
    if (options.bodyBytes === undefined) {
      req.end(options.body ?? "");
      return;
    }
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const total = options.bodyBytes;
    const pump = () => {
      while (sent < total && answeredAt < 0) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

const json = { "Content-Type": "application/json" };
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "studio-abuse-"));
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const server = startStudioServer({
    NODE_ENV: "production",
    DATABASE_URL: `file:${path.join(dir, "studio.db")}`,
    HOST,
    PORT: String(port),
    LOG_LEVEL: "error",
    SEED_ON_EMPTY: "false",
    JWT_SECRET: "abuse-probe-secret-abuse-probe-secret-0123",
    UPLOAD_DIR: path.join(dir, "uploads"),
    WEB_DIST: path.join(dir, "no-web-build"),
  });
  try {
    await waitFor(`${base}/health`, server);
    const owner = { name: "Probe Owner", email: "owner@abuse.test", password: "owner-password-1" };
    const registered = await send(base, {
      method: "POST",
      path: "/api/auth/register",
      headers: json,
      body: JSON.stringify(owner),
      from: "127.0.0.2",
    });
    const token = (JSON.parse(registered.text) as { token: string }).token;
    const admin = { ...json, Authorization: `Bearer ${token}` };

    // 1. Sign-in lockout under concurrency.
    const logins = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(base, {
          method: "POST",
          path: "/api/auth/login",
          headers: json,
          body: JSON.stringify({ email: owner.email, password: `wrong-guess-${i}` }),
          from: `127.0.2.${i + 1}`,
        }),
      ),
    );
    const checked = logins.filter((a) => a.status === 401).length;
    const refused = logins.filter((a) => a.status === 429).length;
    process.stdout.write(
      `40 simultaneous wrong sign-ins for one e-mail: ${checked} passwords checked (401), ${refused} refused unchecked (429)\n`,
    );

    // 2. Batches after the per-IP form limit.
    const visitor = "127.0.3.1";
    const message = {
      name: "Probe",
      email: "probe@abuse.test",
      phone: "",
      subject: "Hi",
      message: "Hello",
      serviceType: "",
    };
    let singles = 0;
    for (let i = 0; i < 100; i++) {
      const answer = await send(base, {
        method: "POST",
        path: "/api/contact",
        headers: json,
        body: JSON.stringify(message),
        from: visitor,
      });
      if (answer.status === 429) break;
      singles++;
    }
    const batchBody = (input: unknown) =>
      JSON.stringify(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [String(i), input])));
    const contactBatch = await send(base, {
      method: "POST",
      path: `/trpc/${Array.from({ length: 40 }, () => "contact.send").join(",")}?batch=1`,
      headers: json,
      body: batchBody(message),
      from: visitor,
    });
    const bookingBatch = await send(base, {
      method: "POST",
      path: `/trpc/${Array.from({ length: 40 }, () => "bookings.create").join(",")}?batch=1`,
      headers: json,
      body: batchBody({
        name: "Probe",
        email: "probe@abuse.test",
        phone: "+1 555 0100",
        service_id: 1,
        date: "2031-01-01",
        time: "09:00",
      }),
      from: "127.0.3.2",
    });
    const inbox = await send(base, {
      method: "GET",
      path: "/api/contact",
      headers: admin,
      from: "127.0.0.2",
    });
    const stored = (JSON.parse(inbox.text) as { data: unknown[] }).data.length;
    const bookings = await send(base, {
      method: "GET",
      path: "/api/bookings",
      headers: admin,
      from: "127.0.0.2",
    });
    const storedBookings = (JSON.parse(bookings.text) as { data: unknown[] }).data.length;
    process.stdout.write(
      `contact form: ${singles} single messages accepted before 429; then a batch of 40 contact.send answered ${contactBatch.status} and ${stored - singles} of its items were stored\n` +
        `a batch of 40 bookings.create answered ${bookingBatch.status}; bookings stored: ${storedBookings}\n`,
    );

    // 3. 100 MB bodies.
    const pid = server.pid ?? 0;
    for (const [label, headers] of [
      ["without a token", json],
      ["with an admin token", admin],
    ] as const) {
      const before = memoryKb(pid).rss;
      const peakReset = resetPeak(pid);
      const answer = await send(base, {
        method: "PUT",
        path: "/api/services/1",
        headers,
        bodyBytes: 100 * 1024 * 1024,
        from: "127.0.4.1",
      });
      const after = memoryKb(pid);
      const peak = peakReset ? after.hwm : after.rss;
      process.stdout.write(
        `100 MB PUT /api/services/1 ${label}: ${answer.status} after ${mb(answer.sentBeforeAnswer / 1024)} sent; server RSS ${mb(before)} before, ${mb(peak)} at its peak (+${mb(Math.max(0, peak - before))})\n`,
      );
    }
  } finally {
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
