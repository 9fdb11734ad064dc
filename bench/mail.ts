/**
 * The mail outbox under load (issues 10 and 13), through the real server and a real SMTP server on loopback
 * (smtp-server, counting what arrives):
 *  1. POST /api/bookings req/s with mail off (no SMTP_URL: the rows are written, as "not sent") and with mail on
 *     (SMTP_URL set: the worker sends while the load runs). Sending is off the request path: target within 10%.
 *  2. The worker draining BENCH_MAIL_DRAIN (default 10,000) real messages (written by bookings, rendered and
 *     sent by the worker): messages/s (target >= 100) and the server's RSS sampled while they drain (flat).
 *  3. The back office's Mail list at BENCH_MAIL_ROWS (default 1,000,000) rows: p99 of the first page, deep keyset
 *     pages and status filters with 10 connections (target < 50 ms).
 *
 * SQLite always; PostgreSQL too with BENCH_DATABASE_URL=postgresql://… (fresh databases, dropped afterwards).
 * BENCH_DURATION (seconds per measurement, default 10), BENCH_MAIL_ONLY=create,drain,list pick parts.
 * Figures are printed, never asserted.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { createDatabase, type DbProvider, migrate, REPO_ROOT } from "@studio/db";
import { MAIL_KINDS, MAIL_STATUSES, TIME_SLOTS } from "@studio/validators";
import autocannon from "autocannon";
import { measurePages, type PageCase } from "./pages";
import { cpuMs, createTempPostgres, HOST, memoryKb, startBenchServer, stop } from "./process";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const DRAIN = Number(process.env.BENCH_MAIL_DRAIN ?? 10_000);
const LIST_ROWS = Number(process.env.BENCH_MAIL_ROWS ?? 1_000_000);
const ONLY = process.env.BENCH_MAIL_ONLY?.split(",").map((part) => part.trim());
const wants = (part: "create" | "drain" | "list") => !ONLY || ONLY.includes(part);
const MAIL_FROM = "Studio <studio@bench.test>";
const STUDIO_INBOX = "studio@bench.test";

const log = (message: string) => process.stdout.write(`${message}\n`);

type Sink = { url: string; received: () => number; close: () => Promise<void> };

/** A real SMTP server that accepts everything and counts the messages (their bytes are read and dropped). */
async function startSink(): Promise<Sink> {
  const fromApi = createRequire(path.join(REPO_ROOT, "packages/api/package.json"));
  type SmtpServer = {
    listen(port: number, host: string, done: () => void): void;
    close(done: () => void): void;
    server: { address(): AddressInfo };
  };
  type SmtpOptions = {
    authOptional: boolean;
    disabledCommands: string[];
    logger: boolean;
    onData: (stream: Readable, session: unknown, done: (error?: Error) => void) => void;
  };
  const { SMTPServer } = fromApi("smtp-server") as { SMTPServer: new (options: SmtpOptions) => SmtpServer };
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, done) {
      stream.on("end", () => {
        received++;
        done();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return {
    url: `smtp://${HOST}:${server.server.address().port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** The real server on `url` (seeded with the default services when empty), mail on when `smtpUrl` is given. */
function startServer(url: string, uploadDir: string, smtpUrl: string | null) {
  return startBenchServer(url, uploadDir, {
    SEED_ON_EMPTY: "true",
    MAIL_FROM,
    STUDIO_NOTIFY_EMAIL: STUDIO_INBOX,
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
  });
}

async function serviceIds(base: string): Promise<number[]> {
  const body = (await (await fetch(`${base}/api/services`)).json()) as { data: { id: number }[] };
  return body.data.map((s) => s.id);
}

let slotCounter = 0;
/** A booking body for a slot nobody else takes: nine a day from 2040-01-01, one counter for the whole run. */
function nextBooking(services: number[], tag: string): string {
  const i = slotCounter++;
  const date = new Date(Date.UTC(2040, 0, 1) + Math.floor(i / TIME_SLOTS.length) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return JSON.stringify({
    name: `Bench ${i}`,
    email: `bench${i}@client.test`,
    phone: "+1 555 0100",
    service_id: services[i % services.length],
    date,
    time: TIME_SLOTS[i % TIME_SLOTS.length],
    message: `Mail bench ${tag}`,
  });
}

/** POST /api/bookings for `seconds` (or `amount` requests) with 10 connections; req/s and the server's CPU. */
async function loadBookings(
  base: string,
  pid: number,
  services: number[],
  limit: { seconds?: number; amount?: number },
) {
  const tag = randomBytes(4).toString("hex");
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url: `${base}/api/bookings`,
    connections: CONNECTIONS,
    ...(limit.amount ? { amount: limit.amount } : { duration: limit.seconds ?? DURATION }),
    timeout: 30,
    requests: [
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        setupRequest: (req) => ({ ...req, body: nextBooking(services, tag) }),
      },
    ],
  });
  if (result.non2xx || result.errors || result.timeouts)
    throw new Error(
      `bookings failed: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  const cpu = (cpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total);
  return { perSecond: result.requests.average, p99: result.latency.p99, total: result.requests.total, cpu };
}

/** Part 1: the same load with mail off and on, twice each, alternating, each on a fresh database. */
async function createWithMailOffAndOn(label: string, freshDatabase: () => Promise<string>, sink: Sink) {
  log(`\n[${label}] POST /api/bookings, ${CONNECTIONS} connections, ${DURATION} s: mail off vs mail on`);
  const figures: Record<"off" | "on", number[]> = { off: [], on: [] };
  for (const mode of ["off", "on", "off", "on"] as const) {
    const url = await freshDatabase();
    const uploadDir = mkdtempSync(path.join(os.tmpdir(), "studio-bench-mail-"));
    const sentBefore = sink.received();
    const { server, base, pid } = await startServer(url, uploadDir, mode === "on" ? sink.url : null);
    try {
      const services = await serviceIds(base);
      await loadBookings(base, pid, services, { seconds: 1 }); // warm-up
      const run = await loadBookings(base, pid, services, { seconds: DURATION });
      figures[mode].push(run.perSecond);
      const sent = sink.received() - sentBefore;
      log(
        `  mail ${mode.padEnd(3)} ${Math.round(run.perSecond).toString().padStart(6)} req/s, p99 ${run.p99} ms, ${run.cpu.toFixed(2)} ms CPU/request${mode === "on" ? `, ${sent} messages delivered meanwhile` : ""}`,
      );
    } finally {
      await stop(server);
      rmSync(uploadDir, { recursive: true, force: true });
    }
  }
  const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
  const off = mean(figures.off);
  const on = mean(figures.on);
  const change = ((on - off) / off) * 100;
  log(
    `  mean: off ${Math.round(off)} req/s, on ${Math.round(on)} req/s (${change >= 0 ? "+" : ""}${change.toFixed(1)}%; target within 10%: ${Math.abs(change) <= 10 ? "met" : "MISSED"})`,
  );
}

/**
 * Part 2: DRAIN/2 bookings written with mail off leave DRAIN real messages ("not sent"); they are made due and
 * a server with mail on drains them. RSS is sampled every 250 ms.
 */
async function drain(label: string, url: string, sink: Sink) {
  log(`\n[${label}] the worker draining ${DRAIN.toLocaleString("en-US")} messages to a local SMTP server`);
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), "studio-bench-mail-"));
  try {
    const writer = await startServer(url, uploadDir, null);
    try {
      await loadBookings(writer.base, writer.pid, await serviceIds(writer.base), { amount: DRAIN / 2 });
    } finally {
      await stop(writer.server);
    }
    const database = await createDatabase(url);
    let due: number;
    try {
      due = await database.prisma.outgoingMail.count({ where: { status: "unsent" } });
      await database.prisma.outgoingMail.updateMany({
        where: { status: "unsent" },
        data: { status: "pending" },
      });
    } finally {
      await database.close();
    }
    const sentBefore = sink.received();
    const started = performance.now();
    const { server, pid } = await startServer(url, uploadDir, sink.url);
    const samples: number[] = [];
    try {
      const deadline = Date.now() + 30 * 60_000;
      while (sink.received() - sentBefore < due && Date.now() < deadline) {
        samples.push(memoryKb(pid).rss);
        await new Promise((r) => setTimeout(r, 250));
      }
      const elapsed = (performance.now() - started) / 1000;
      const sent = sink.received() - sentBefore;
      const mbOf = (kb: number) => `${(kb / 1024).toFixed(0)}`;
      log(
        `  ${sent.toLocaleString("en-US")} of ${due.toLocaleString("en-US")} delivered in ${elapsed.toFixed(1)} s (server start included): ${Math.round(sent / elapsed)} messages/s (target >= 100)`,
      );
      // The server's RSS at each tenth of the drain: flat once the heap has grown to its working size.
      const tenths = Array.from(
        { length: 10 },
        (_, i) => samples[Math.floor(((i + 1) * (samples.length - 1)) / 10)] ?? 0,
      );
      log(
        `  server RSS (MB) at each tenth of the drain: ${tenths.map(mbOf).join(", ")}; peak ${mbOf(Math.max(...samples))}`,
      );
    } finally {
      await stop(server);
    }
  } finally {
    rmSync(uploadDir, { recursive: true, force: true });
  }
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** LIST_ROWS rows straight into the table (statuses spread as a busy year would leave them). */
async function seedList(url: string, provider: DbProvider): Promise<number> {
  const database = await createDatabase(url);
  const started = performance.now();
  try {
    const status = (i: number) =>
      i % 50 === 0 ? "failed" : i % 20 === 0 ? "unsent" : i % 97 === 0 ? "pending" : "sent";
    const stamp = (i: number) => {
      const iso = new Date(Date.UTC(2022, 0, 1) + i * 60_000).toISOString();
      return provider === "postgresql" ? `${literal(iso)}::timestamp` : literal(iso.replace("Z", "+00:00"));
    };
    const perInsert = 1_000;
    for (let i = 0; i < LIST_ROWS; ) {
      const statements: string[] = [];
      for (let s = 0; s < 20 && i < LIST_ROWS; s++) {
        const values: string[] = [];
        for (let r = 0; r < perInsert && i < LIST_ROWS; r++, i++) {
          const kind = MAIL_KINDS[i % MAIL_KINDS.length] ?? "booking.received";
          const st = status(i);
          values.push(
            `(${literal(kind)}, ${literal(st)}, ${literal(`client${i % 9973}@client.test`)}, ${literal(`Booking #${i}`)}, '', '', ${literal(`<bench-${i}@bench.test>`)}, ${st === "sent" ? 1 : 0}, ${st === "failed" ? literal("550 No such user") : "NULL"}, ${stamp(i)}, ${stamp(i)}, ${stamp(i)}, ${i % 50_000})`,
          );
        }
        statements.push(
          `INSERT INTO "OutgoingMail" ("kind", "status", "recipients", "subject", "html", "text", "messageId", "attempts", "lastError", "notBefore", "createdAt", "updatedAt", "bookingId") VALUES ${values.join(",")}`,
        );
      }
      await database.prisma.$transaction(
        async (tx) => {
          for (const sql of statements) await tx.$executeRawUnsafe(sql);
        },
        { maxWait: 60_000, timeout: 300_000 },
      );
    }
    await database.prisma.$executeRawUnsafe(provider === "postgresql" ? "VACUUM ANALYZE" : "ANALYZE");
  } finally {
    await database.close();
  }
  return performance.now() - started;
}

/** Part 3: the Mail page's list call at LIST_ROWS rows. */
async function list(label: string, url: string, provider: DbProvider) {
  log(`\n[${label}] seeding ${LIST_ROWS.toLocaleString("en-US")} outgoing messages`);
  const seededMs = await seedList(url, provider);
  log(`  seeded in ${(seededMs / 1000).toFixed(1)} s`);
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), "studio-bench-mail-"));
  const { server, base, pid } = await startServer(url, uploadDir, null);
  try {
    const res = await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Bench Owner", email: "owner@bench.test", password: "bench-password" }),
    });
    const { token } = (await res.json()) as { token: string };
    const top = LIST_ROWS;
    const cases: PageCase[] = [
      { name: "first page", input: { limit: 50 } },
      { name: "keyset page at 10% depth", input: { limit: 50, cursor: Math.floor(top * 0.9) } },
      { name: "keyset page at 50% depth", input: { limit: 50, cursor: Math.floor(top * 0.5) } },
      { name: "keyset page at the end (cursor 100)", input: { limit: 50, cursor: 100 } },
      ...MAIL_STATUSES.filter((s) => s !== "sending").map((status) => ({
        name: `status ${status}`,
        input: { limit: 50, status },
      })),
      {
        name: "status failed, 50% depth",
        input: { limit: 50, status: "failed", cursor: Math.floor(top * 0.5) },
      },
      { name: "status sending (none)", input: { limit: 50, status: "sending" } },
    ];
    log(
      `[${label}] GET /trpc/mail.list, ${CONNECTIONS} connections, ${Math.min(DURATION, 5)} s each (target p99 < 50 ms)`,
    );
    await measurePages({
      base,
      procedure: "mail.list",
      headers: { Authorization: `Bearer ${token}` },
      cases,
      serverPid: pid,
      connections: CONNECTIONS,
      seconds: Math.min(DURATION, 5),
      targetP99Ms: 50,
    });
  } finally {
    await stop(server);
    rmSync(uploadDir, { recursive: true, force: true });
  }
}

async function suite(label: string, freshDatabase: () => Promise<string>, sink: Sink) {
  if (wants("create")) await createWithMailOffAndOn(label, freshDatabase, sink);
  if (wants("drain")) await drain(label, await freshDatabase(), sink);
  if (wants("list")) {
    const url = await freshDatabase();
    await list(label, url, url.startsWith("file:") ? "sqlite" : "postgresql");
  }
}

async function main() {
  log(`Mail outbox benchmark: ${os.cpus().length} CPUs, Node ${process.version}`);
  const sink = await startSink();
  try {
    const dir = mkdtempSync(path.join(os.tmpdir(), "studio-bench-mail-db-"));
    try {
      let n = 0;
      await suite(
        "SQLite",
        async () => {
          const url = `file:${path.join(dir, `mail-${n++}.db`)}`;
          await migrate(url);
          return url;
        },
        sink,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const pgUrl = process.env.BENCH_DATABASE_URL;
    if (pgUrl) {
      // One database per measurement, each dropped when the suite ends.
      const drops: (() => Promise<void>)[] = [];
      try {
        await suite(
          "PostgreSQL",
          async () => {
            const database = await createTempPostgres(pgUrl, "studio_bench_mail");
            drops.push(database.drop);
            await migrate(database.url);
            return database.url;
          },
          sink,
        );
      } finally {
        for (const drop of drops) await drop();
      }
    } else log("\n(PostgreSQL skipped: set BENCH_DATABASE_URL=postgresql://… to run it too)");
  } finally {
    await sink.close();
  }
  log("\nFigures are printed, never asserted.");
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
