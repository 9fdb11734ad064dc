/**
 * `pnpm bench` (part "integrations", BENCH_ONLY=integrations): what issue 31's features cost.
 * - Webhook fan-out on booking creation: POST /api/bookings without endpoints, with 3 endpoints subscribed to
 *   "booking.created" (a local receiver answers), and without again; the target is at most 5% slower.
 * - Draining: 1,000 queued deliveries to a local receiver (target >= 200 a second).
 * - Metrics: GET /api/services on a server without METRICS_TOKEN and on one with it, interleaved (target < 3%).
 * - Tracing without an endpoint: nothing of OpenTelemetry is loaded (main.ts), so there is nothing to measure;
 *   the figures above are all taken with tracing off.
 */
import { createDatabase } from "@studio/db";
import { startWebhookReceiver } from "@studio/api/testing/webhooks";
import autocannon, { type Options as CannonOptions, type Result as CannonResult } from "autocannon";
import { bookingPosts, dayAfterStarts, distinctStarts } from "./booking-posts";
import { cpuMs, startBenchServer, stop } from "./process";

type Log = (message: string) => void;

/**
 * Runs with 3 endpoints, each between two without (BENCH_FANOUT_ROUNDS), of BENCH_FANOUT_SECONDS each. Runs of one
 * server on this kind of machine differ by up to ±20% from one to the next, so the figure rests on many short
 * pairs rather than a few long ones.
 */
const FANOUT_ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 12);
const FANOUT_SECONDS = Number(process.env.BENCH_FANOUT_SECONDS ?? 4);

const JWT_SECRET = "bench-integrations-secret-bench-integrations-secret";
const OWNER = { name: "Bench Owner", email: "bench@studio.test", password: "bench-password" };

async function ownerToken(base: string): Promise<string> {
  for (const path of ["/api/auth/login", "/api/auth/register"]) {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(path.endsWith("login") ? { email: OWNER.email, password: OWNER.password } : OWNER),
    });
    if (res.ok) return ((await res.json()) as { token: string }).token;
  }
  throw new Error("cannot sign in the bench owner");
}

async function trpc<T>(base: string, token: string, procedure: string, input: unknown): Promise<T> {
  const res = await fetch(`${base}/trpc/${procedure}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(input),
  });
  if (!res.ok) throw new Error(`${procedure}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

type Measured = { reqPerSec: number; p99: number; cpuPerRequest: number; non2xx: number };

async function cannon(pid: number, options: CannonOptions): Promise<Measured> {
  const before = cpuMs(pid);
  const result: CannonResult = await autocannon(options);
  return {
    reqPerSec: result.requests.average,
    p99: result.latency.p99,
    cpuPerRequest: (cpuMs(pid) - before) / Math.max(1, result.requests.total),
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

/** The median (the mean of the middle two for an even count). */
const middle = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const mean = (list: Measured[], of: (m: Measured) => number) =>
  list.reduce((sum, m) => sum + of(m), 0) / list.length;

const fmt = (m: Measured) =>
  `${Math.round(m.reqPerSec)} req/s, p99 ${m.p99.toFixed(1)} ms, ${m.cpuPerRequest.toFixed(3)} ms CPU/req${m.non2xx ? `, ${m.non2xx} not 2xx` : ""}`;

export async function measureIntegrations(
  databaseUrl: string,
  uploadDir: string,
  options: {
    duration: number;
    connections: number;
    services: number;
    nodeFlags: string[];
    log: Log;
    /** The first day (ms, UTC) no earlier part of the suite booked: the fan-out's distinct starts begin there. */
    firstFreeDay: number;
  },
): Promise<void> {
  const { duration, connections, log, nodeFlags } = options;
  const receiver = await startWebhookReceiver();
  const env = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", JWT_SECRET };
  const plain = await startBenchServer(databaseUrl, uploadDir, env, nodeFlags);
  let metered: Awaited<ReturnType<typeof startBenchServer>> | null = null;
  const database = await createDatabase(databaseUrl, { poolSize: 2 });
  try {
    const token = await ownerToken(plain.base);
    log("\n[integrations] webhook fan-out on POST /api/bookings (3 endpoints subscribed vs none)");
    // Distinct slots on days no other part booked: each run starts on the day after the last one the previous run
    // (or the suite's creation rows) asked for, so no booking is refused (a refusal costs more than a stored one).
    let firstFree = options.firstFreeDay;
    const bookings = async () => {
      const start = firstFree;
      const posts = bookingPosts(distinctStarts(start, options.services));
      const measured = await cannon(plain.pid, {
        url: plain.base,
        connections,
        duration: FANOUT_SECONDS,
        requests: posts.requests,
      });
      firstFree = dayAfterStarts(start, posts.sent());
      return measured;
    };
    /**
     * Every run meets the same server: the webhook jobs of the last one finished, and on SQLite its writes moved
     * out of the write-ahead log (a run with endpoints writes far more after it, and a checkpoint falling inside
     * the next run would be charged to that one).
     */
    const settled = async () => {
      for (let i = 0; i < 600; i++) {
        const [jobs, events] = await Promise.all([
          database.prisma.job.count({
            where: { kind: { startsWith: "webhook." }, status: { in: ["pending", "running"] } },
          }),
          database.prisma.webhookEvent.count(),
        ]);
        if (jobs + events === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (!databaseUrl.startsWith("postgres"))
        await database.prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
    };
    const received = receiver.received.length;
    // Interleaved (none, 3, none, 3, …, none): each run with endpoints is compared with the runs on either side
    // of it, so a drift of the machine weighs on both sides alike; the figure is the median of those comparisons.
    const without: Measured[] = [];
    const withHooks: Measured[] = [];
    /** A run with 3 endpoints subscribed to "booking.created", deleted after it. */
    const withEndpoints = async () => {
      const endpoints: number[] = [];
      for (let i = 0; i < 3; i++) {
        const created = await trpc<{ id: number }>(plain.base, token, "webhooks.create", {
          url: receiver.url(`/bench-${i}`),
          events: ["booking.created"],
        });
        endpoints.push(created.id);
      }
      const measured = await bookings();
      // Deleting the endpoints ends their waiting deliveries; the worker then finishes the leftover work quickly.
      for (const id of endpoints) await trpc(plain.base, token, "webhooks.delete", { id });
      await settled();
      return measured;
    };
    // A run of each kind first warms the server up (its JIT, caches and pages, the event's own code included):
    // unmeasured, the first pair would pay for it.
    log(`  warm-up (not counted): ${fmt(await bookings())}`);
    await settled();
    log(`  warm-up (not counted): ${fmt(await withEndpoints())}, with endpoints`);
    for (let round = 0; round < FANOUT_ROUNDS; round++) {
      without.push(await bookings());
      log(`  no endpoints:        ${fmt(without.at(-1)!)}`);
      await settled();
      withHooks.push(await withEndpoints());
      log(`  3 endpoints:         ${fmt(withHooks.at(-1)!)}`);
    }
    without.push(await bookings());
    log(`  no endpoints:        ${fmt(without.at(-1)!)}`);
    const paired = (of: (m: Measured) => number) =>
      withHooks.map((m, i) => of(m) / ((of(without[i]!) + of(without[i + 1]!)) / 2) - 1);
    const slowerEach = paired((m) => m.reqPerSec).map((r) => -r);
    const cpuEach = paired((m) => m.cpuPerRequest);
    const slower = middle(slowerEach);
    const pct = (values: number[]) => values.map((v) => `${(v * 100).toFixed(1)}%`).join(", ");
    log(
      `  CPU per booking with 3 endpoints: ${(middle(cpuEach) * 100).toFixed(1)}% more (median; each: ${pct(cpuEach)})`,
    );
    log(
      `  fan-out cost: ${(slower * 100).toFixed(1)}% of throughput (median; each: ${pct(slowerEach)}; mean of all runs ${((1 - mean(withHooks, (m) => m.reqPerSec) / mean(without, (m) => m.reqPerSec)) * 100).toFixed(1)}%; target <= 5%: ${slower <= 0.05 ? "met" : "MISSED"}); ` +
        `${receiver.received.length - received} deliveries reached the receiver during and after the runs`,
    );

    log("\n[integrations] draining 1,000 queued deliveries to a local receiver");
    const sink = await trpc<{ id: number }>(plain.base, token, "webhooks.create", {
      url: receiver.url("/drain"),
      events: ["contact.received"],
    });
    // 1,000 messages, each with its delivery and its job, as the fan-out would have written them.
    const messageId = `msg_bench_${Date.now()}`;
    const before = receiver.received.length;
    const queuedAt = performance.now();
    const rows = Array.from({ length: 1_000 }, (_, i) => `${messageId}_${i}`);
    await database.prisma.webhookMessage.createMany({
      data: rows.map((id) => ({
        id,
        type: "contact.received",
        payload: { type: "contact.received", timestamp: new Date().toISOString(), data: { id: 1 } },
      })),
    });
    await database.prisma.webhookDelivery.createMany({
      data: rows.map((id) => ({ messageId: id, endpointId: sink.id })),
    });
    const deliveries = await database.prisma.webhookDelivery.findMany({
      where: { endpointId: sink.id },
      select: { id: true },
    });
    await database.prisma.job.createMany({
      data: deliveries.map((d) => ({
        kind: "webhook.deliver",
        payload: { deliveryId: d.id },
        key: `webhook-delivery:${d.id}`,
        maxAttempts: 8,
      })),
    });
    const enqueuedMs = performance.now() - queuedAt;
    await receiver.waitFor(before + 1_000, 120_000);
    const got = receiver.received.slice(before);
    const first = got[0]!.at;
    const last = got[got.length - 1]!.at;
    const rate = 1_000 / Math.max(0.001, (last - first) / 1000);
    log(
      `  1,000 deliveries: first to last ${((last - first) / 1000).toFixed(2)} s, ${Math.round(rate)} a second ` +
        `(target >= 200: ${rate >= 200 ? "met" : "MISSED"}); queued in ${Math.round(enqueuedMs)} ms, ` +
        `all received ${((performance.now() - queuedAt) / 1000).toFixed(2)} s after queueing (the worker polls every second)`,
    );

    log("\n[integrations] metrics: GET /api/services without and with METRICS_TOKEN (interleaved)");
    metered = await startBenchServer(
      databaseUrl,
      uploadDir,
      { ...env, METRICS_TOKEN: "bench-metrics-token-0123" },
      nodeFlags,
    );
    const reads = (server: { base: string; pid: number }) =>
      cannon(server.pid, { url: `${server.base}/api/services`, connections, duration });
    const off: Measured[] = [];
    const on: Measured[] = [];
    for (let round = 0; round < 2; round++) {
      off.push(await reads(plain));
      on.push(await reads(metered));
    }
    const cost = 1 - mean(on, (m) => m.reqPerSec) / mean(off, (m) => m.reqPerSec);
    log(`  without: ${off.map(fmt).join(" | ")}`);
    log(`  with:    ${on.map(fmt).join(" | ")}`);
    log(
      `  metrics cost: ${(cost * 100).toFixed(1)}% of throughput (target < 3%: ${cost < 0.03 ? "met" : "MISSED"})`,
    );
    const scrape = await fetch(`${metered.base}/metrics`, {
      headers: { Authorization: "Bearer bench-metrics-token-0123" },
    });
    log(`  /metrics after the runs: HTTP ${scrape.status}, ${(await scrape.text()).length} bytes`);
    log(
      "  tracing without OTEL_EXPORTER_OTLP_ENDPOINT: not loaded at all, so every figure above is taken without it",
    );
  } finally {
    await database.close();
    if (metered) await stop(metered.server);
    await stop(plain.server);
    await receiver.close();
  }
}
