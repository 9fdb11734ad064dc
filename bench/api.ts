import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase, type Db, type DbProvider, detectProvider, migrate, sqlitePath } from "@studio/db";
import autocannon, { type Options as CannonOptions, type Result as CannonResult } from "autocannon";
import { BENCH_SIZES, type SeedTimings, seedBench } from "./api-seed";
import { bookingPosts, dayAfterStarts, distinctStarts } from "./booking-posts";
import { measureIntegrations } from "./integrations";
import {
  cpuMs,
  freePort,
  groupCpuMeter,
  HOST,
  memoryKb,
  postgresPidsOf,
  resetPeak,
  startNode,
  stop,
  waitFor,
  startBenchServer,
  withTempPostgres,
} from "./process";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/**
 * BENCH_WARMUP: seconds of the same requests, not measured, before each row's window (the bare ceilings too). A
 * path's first seconds run code the JIT has not optimized yet: on a 2-core machine shared with the database and
 * the load generator, a fresh server's creation needed about 8 s to settle (its CPU per booking fell from 2.4 to
 * 0.7 ms; V8's helper threads, compiler and GC, took a third of the process's CPU in the first 4 s), and a month
 * view's p99 fell from 17-22 to 13-18 ms after 3 s. Creation also keeps a row for its cold start (ADR 027).
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** BENCH_ONLY=reads,create,streams,integrations (any of them): only those parts of the suite; all by default. */
const ONLY = process.env.BENCH_ONLY?.split(",").map((part) => part.trim());
const wants = (part: "reads" | "create" | "streams" | "integrations") => !ONLY || ONLY.includes(part);
/** BENCH_SEED_ONLY=1: seed each database, print its timings and size, and stop. */
const SEED_ONLY = process.env.BENCH_SEED_ONLY === "1";
/** BENCH_PROVIDERS=sqlite or postgresql: one database only (both by default; PostgreSQL needs its URL). */
const PROVIDERS = process.env.BENCH_PROVIDERS?.split(",").map((name) => name.trim()) ?? [
  "sqlite",
  "postgresql",
];
/** BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof": extra Node flags for the measured servers. */
const NODE_FLAGS = process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];

type Row = {
  name: string;
  result: CannonResult;
  connections: number;
  /** Server CPU time per request (ms): what a request costs, whatever else runs on the machine. */
  cpuPerRequest: number;
  /** PostgreSQL's CPU time per request (ms), its processes for the bench's database; SQLite runs in the server. */
  dbCpuPerRequest?: number;
  target?: string;
  verdict?: string;
};

function log(message: string) {
  process.stdout.write(`${message}\n`);
}

/**
 * One streamed download (the full list as JSON, or the CSV export): time, bytes, rows, rows per second, and
 * the server's RSS before and its peak during the request. Rows are counted as they arrive (JSON objects
 * start with {"id":, CSV rows end with CRLF outside quotes; seeded text holds neither), never held.
 */
async function measureStream(pid: number, url: string, headers: Record<string, string>) {
  const peakResettable = resetPeak(pid);
  const before = memoryKb(pid);
  const started = performance.now();
  const res = await fetch(url, { headers });
  const csv = (res.headers.get("content-type") ?? "").startsWith("text/csv");
  const marker = csv ? "\r\n" : '{"id":';
  let bytes = 0;
  let rows = 0;
  let tail = "";
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    const text = tail + decoder.decode(chunk, { stream: true });
    let at = text.indexOf(marker);
    let last = 0;
    while (at !== -1) {
      rows++;
      last = at + marker.length;
      at = text.indexOf(marker, last);
    }
    tail = text.slice(Math.max(last, text.length - marker.length + 1));
  }
  const elapsed = performance.now() - started;
  const after = memoryKb(pid);
  if (csv) rows -= 1; // the header line
  return { status: res.status, rows, bytes, elapsed, before, after, peakResettable };
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)}`;
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

const BENCH_OWNER = { name: "Bench Owner", email: "bench@studio.test", password: "bench-password" };
/** Downloads of each stream: the first shows a cold start, the second a warm server (BENCH_STREAM_RUNS). */
const STREAM_RUNS = Number(process.env.BENCH_STREAM_RUNS ?? 2);
/**
 * The heap cap of the second server that streams the full list and the CSV: far below what they weigh
 * (31 MB and 15 MB at 100,000 bookings, 309 MB and 155 MB at 1,000,000).
 */
const CAPPED_HEAP_MB = 64;
/**
 * The young generation's share of the cap: V8 reserves three semi-spaces for it, outside the old space. Left
 * to itself at this size, V8 grows them to 16 MB each, and then the old space's room to its limit is never
 * more than one semi-space: it starts marking again at once after every full collection (718 of them in one
 * 1,000,000-row stream, most of its time). Small semi-spaces keep the whole heap, young generation included,
 * within the cap, and the full collections rare (about 100).
 */
const CAPPED_SEMI_SPACE_MB = 1;

/** The real server on the seeded database, on a free port, with its own upload folder. */
function startServer(databaseUrl: string, uploadDir: string, nodeFlags: string[] = []) {
  return startBenchServer(databaseUrl, uploadDir, {}, [...NODE_FLAGS, ...nodeFlags]);
}

/** The bench owner's token: registered on the first call, signed in afterwards. */
async function ownerToken(base: string, register: boolean): Promise<string> {
  const res = await fetch(`${base}/api/auth/${register ? "register" : "login"}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(
      register ? BENCH_OWNER : { email: BENCH_OWNER.email, password: BENCH_OWNER.password },
    ),
  });
  return ((await res.json()) as { token: string }).token;
}

async function runSuite(label: string, databaseUrl: string): Promise<void> {
  const postgresDatabase =
    detectProvider(databaseUrl) === "postgresql" ? new URL(databaseUrl).pathname.slice(1) : null;
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), "studio-bench-uploads-"));
  const { server, base } = await startServer(databaseUrl, uploadDir);
  // Distinct starts far in the future, every start of a day (booking-posts.ts): the creation rows take them from
  // 2040-01-01 on, and the webhook fan-out from the day after the last one they asked for, so no part's booking
  // meets another's.
  let firstFreeDay = Date.UTC(2040, 0, 1);
  try {
    const pid = server.pid!;
    const auth = { Authorization: `Bearer ${await ownerToken(base, true)}` };
    if (wants("reads") || wants("create")) await measureAll(pid, auth);
  } finally {
    await stop(server);
  }
  try {
    if (wants("streams")) await streamWithCappedHeap(databaseUrl, uploadDir);
    if (wants("integrations"))
      await measureIntegrations(databaseUrl, uploadDir, {
        duration: DURATION,
        connections: CONNECTIONS,
        services: BENCH_SIZES.services,
        nodeFlags: NODE_FLAGS,
        log,
        firstFreeDay,
      });
  } finally {
    rmSync(uploadDir, { recursive: true, force: true });
  }

  async function measureAll(pid: number, auth: Record<string, string>) {
    // The ceilings, measured in the same conditions as the suite they are compared with (the server idles):
    // the bare endpoint, and the same bare server answering the services and portfolio lists' bodies as
    // constants, which shows what the size of those answers alone allows on this machine.
    const bodies: SameBody[] = [];
    for (const listPath of ["/api/services", "/api/portfolio"]) {
      const file = path.join(uploadDir, `${listPath.split("/").pop()}-body.json`);
      const body = Buffer.from(await (await fetch(`${base}${listPath}`)).arrayBuffer());
      writeFileSync(file, body);
      bodies.push({ path: listPath, file, kb: Math.round(body.byteLength / 1024) });
    }
    log(`\n[${label}] ceilings: bare Hono`);
    const ceilings = await measureBare(bodies);
    const bareReqPerSec = ceilings.tiny.reqPerSec;

    const rows: Row[] = [];
    const measure = async (
      name: string,
      options: Omit<CannonOptions, "url" | "connections" | "duration"> & { path?: string },
      extra: {
        connections?: number;
        duration?: number;
        /** Seconds of the same requests before the window (WARMUP by default; 0: measured cold). */
        warmup?: number;
        target?: (r: CannonResult) => [string, boolean];
      } = {},
    ) => {
      const connections = extra.connections ?? CONNECTIONS;
      const load = {
        url: `${base}${options.path ?? ""}`,
        connections,
        timeout: 30,
        headers: options.headers,
        requests: options.requests,
      };
      const warmup = extra.warmup ?? WARMUP;
      if (warmup > 0) await autocannon({ ...load, duration: warmup });
      const cpuBefore = cpuMs(pid);
      const databaseCpu = postgresDatabase ? groupCpuMeter(postgresPidsOf(postgresDatabase)) : null;
      const result = await autocannon({ ...load, duration: extra.duration ?? DURATION });
      const judged = extra.target?.(result);
      rows.push({
        name,
        result,
        connections,
        cpuPerRequest: (cpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total),
        dbCpuPerRequest: databaseCpu ? databaseCpu() / Math.max(1, result.requests.total) : undefined,
        target: judged?.[0],
        verdict: judged ? (judged[1] ? "met" : "MISSED") : undefined,
      });
      log(`  ${name}: ${Math.round(result.requests.average)} req/s, p99 ${ms(result.latency.p99)} ms`);
    };
    const publicRead = (r: CannonResult): [string, boolean] => {
      const share = r.requests.average / bareReqPerSec;
      return [`>= 50% of bare (${Math.round(share * 100)}%)`, share >= 0.5];
    };
    /** A list's share of the bare endpoint, and of the bare server answering the same bytes. */
    const listRead =
      (listPath: string) =>
      (r: CannonResult): [string, boolean] => {
        const [label, met] = publicRead(r);
        const sameBody = ceilings.sameBody.find((c) => c.path === listPath);
        const share = sameBody ? r.requests.average / sameBody.bare.reqPerSec : 0;
        return [`${label}; same body: ${Math.round(share * 100)}%`, met];
      };

    log(
      `\n[${label}] measuring (${DURATION} s per endpoint after ${WARMUP} s of warm-up, ${CONNECTIONS} connections)`,
    );
    if (wants("reads")) await measureReads();
    if (wants("create")) await measureCreate();
    printTable(label, rows, ceilings);

    async function measureReads() {
      await measure("GET /api/services", { path: "/api/services" }, { target: listRead("/api/services") });
      await measure("GET /api/portfolio", { path: "/api/portfolio" }, { target: listRead("/api/portfolio") });
      await measure(
        "GET /api/feedback/approved?limit=10",
        { path: "/api/feedback/approved?limit=10" },
        { target: publicRead },
      );
      // What a browser sends: the same lists as compressed snapshots (not judged; the target is judged above).
      const browser = { "Accept-Encoding": "gzip, deflate, br" };
      await measure("  GET /api/services, as a browser asks", { path: "/api/services", headers: browser });
      await measure("  GET /api/portfolio, as a browser asks", { path: "/api/portfolio", headers: browser });
      const total = BENCH_SIZES.bookings;
      const p99Within =
        (limit: number) =>
        (r: CannonResult): [string, boolean] => [`p99 <= ${limit} ms`, r.latency.p99 <= limit];
      /** GET requests of 60-day month views; the n-th asks `pick(n)`'s first day (days from today) and service. */
      const monthViews = (pick: (n: number) => { day: number; service: number }) => {
        let n = 0;
        return {
          requests: [
            {
              method: "GET" as const,
              setupRequest: (request: Record<string, unknown>) => {
                n += 1;
                const { day, service } = pick(n);
                const from = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
                const input = { from, days: 60, service_id: service };
                return {
                  ...request,
                  path: `/trpc/bookings.availabilityDays?input=${encodeURIComponent(JSON.stringify(input))}`,
                };
              },
            },
          ],
        };
      };
      // Issue 27: a 60-day month view for a service that needs a crew (of 3) and two kinds of equipment, each
      // request a different month and service: 120 starting days × every service, more pairs than the read cache
      // keeps, so every request reads the holds and start slots.
      await measure(
        "tRPC bookings.availabilityDays (60 days, 3 crews, 2 kinds of equipment)",
        monthViews((n) => ({ day: n % 120, service: 1 + (Math.floor(n / 120) % BENCH_SIZES.services) })),
        { target: p99Within(20) },
      );
      // What visitors mostly ask: the same months of the same services, answered from the read cache until a
      // booking, an hours or a service change drops it (availability.ts).
      await measure(
        "  same, the 4 months visitors open most (read cache)",
        monthViews((n) => ({ day: (n % 2) * 30, service: 1 + (Math.floor(n / 2) % 2) })),
        { target: p99Within(20) },
      );
      await measure(
        "GET /api/bookings/stats (admin)",
        { path: "/api/bookings/stats", headers: auth },
        { target: p99Within(5) },
      );
      await measure(
        "  same, 1 connection (latency)",
        { path: "/api/bookings/stats", headers: auth },
        { connections: 1, target: (r) => [`p50 <= 10 ms`, r.latency.p50 <= 10] },
      );
      // The first page is what every open back office polls (cached until a booking write); the rows marked
      // "uncached" ask for a different page or search each time, so every request reads the database.
      const listOf = (input: Record<string, unknown>) =>
        `/trpc/bookings.list?input=${encodeURIComponent(JSON.stringify(input))}`;
      const varied = (make: (i: number) => Record<string, unknown>): CannonOptions["requests"] => {
        let i = 0;
        return [
          { method: "GET", headers: auth, setupRequest: (req) => ({ ...req, path: listOf(make(i++)) }) },
        ];
      };
      const pageTarget = p99Within(30);
      await measure(
        "tRPC bookings.list page of 50 (admin)",
        { path: listOf({ limit: 50 }), headers: auth },
        { target: pageTarget },
      );
      await measure(
        "  same, 1 connection (latency)",
        { path: listOf({ limit: 50 }), headers: auth },
        { connections: 1, target: pageTarget },
      );
      // Cursors spread over the newest tenth of the ids: each a page of 50 no request has asked for yet.
      const recent = Math.floor(total / 10);
      await measure(
        "tRPC bookings.list page of 50, recent cursor, uncached",
        { requests: varied((i) => ({ limit: 50, cursor: total - recent + ((i * 7_919) % recent) })) },
        { target: pageTarget },
      );
      // Deep keyset pages: cursors anywhere in the history, down to the oldest bookings.
      await measure(
        "tRPC bookings.list page of 50, deep cursor, uncached",
        { requests: varied((i) => ({ limit: 50, cursor: 100 + ((i * 7_919) % (total - 100)) })) },
        { target: pageTarget },
      );
      await measure(
        "tRPC bookings.list pending, deep cursor, uncached",
        {
          requests: varied((i) => ({
            limit: 50,
            status: "pending",
            cursor: total - Math.floor(total / 20) + ((i * 7_919) % Math.floor(total / 20)),
          })),
        },
        { target: pageTarget },
      );
      await measure(
        "tRPC bookings.list completed, deep cursor, uncached",
        {
          requests: varied((i) => ({
            limit: 50,
            status: "completed",
            cursor: 100 + ((i * 7_919) % (total - 100)),
          })),
        },
        { target: pageTarget },
      );
      const searchTarget = p99Within(100);
      await measure(
        "tRPC bookings.list search (one customer), uncached",
        { requests: varied((i) => ({ limit: 50, search: `customer${(i * 7_919) % total}@` })) },
        { target: searchTarget },
      );
      // Fragments of 3 to 6 characters found in thousands of names, e-mails or phones: the page and the
      // count of every match.
      const fragments = ["555 01", "r123", "mer9", "0042", "ustomer1", "e.te"];
      await measure(
        "tRPC bookings.list search (broad fragment), uncached",
        { requests: varied((i) => ({ limit: 50, search: `${fragments[i % fragments.length]}` })) },
        { target: searchTarget },
      );
      // A different week count each time, so no cache can answer (there is none; this keeps it honest).
      const overviewOf = (weeks: number) =>
        `/trpc/analytics.overview?input=${encodeURIComponent(JSON.stringify({ weeks }))}`;
      let o = 0;
      await measure(
        "tRPC analytics.overview (admin)",
        {
          requests: [
            {
              method: "GET",
              headers: auth,
              setupRequest: (req) => ({ ...req, path: overviewOf(4 + (o++ % 9)) }),
            },
          ],
        },
        { target: p99Within(100) },
      );
    }

    async function measureCreate() {
      // The ceiling again, just before: this machine kind's speed drifts within minutes (bare Hono 21,000 and
      // 33,000 req/s in one hour), and the suite's first reading is minutes old by now. Creation is judged against
      // the higher of the two, never the friendlier.
      log(`\n[${label}] ceilings: bare Hono again, just before creation`);
      const bareNow = (await measureBare([])).tiny.reqPerSec;
      const createCeiling = Math.max(bareReqPerSec, bareNow);
      // Distinct slots, so no request conflicts. One run of them serves both rows: the first window is the
      // server's first creations (cold, as this row was measured before warm-ups), the second follows its warm-up
      // and is the one judged.
      const runId = randomBytes(6).toString("hex");
      const start = firstFreeDay;
      const distinctPosts = bookingPosts(distinctStarts(start, BENCH_SIZES.services), `bench-${runId}`);
      await measure("  POST /api/bookings, the server's first creations (cold)", distinctPosts, {
        warmup: 0,
      });
      await measure("POST /api/bookings (distinct slots, Idempotency-Key)", distinctPosts, {
        // Issue 27: at least 3.5 % of the bare Hono ceiling measured in the same run.
        target: (r) => {
          const share = r.requests.average / createCeiling;
          const readings = `${Math.round(bareReqPerSec)}, ${Math.round(bareNow)} just before`;
          return [`>= 3.5% of bare (${(share * 100).toFixed(2)}% of ${readings})`, share >= 0.035];
        },
      });
      firstFreeDay = dayAfterStarts(start, distinctPosts.sent());
      // A burst for one popular start: its crews are taken by the first requests, and every later one is refused
      // (409, counted as non-2xx), each with a fresh key, so each refusal looks for a booking stored under its key.
      await measure(
        "  same start for every request (refusals after the first)",
        bookingPosts(() => ({ service_id: 1, date: "2039-06-01", time: "10:00" }), `bench-${runId}-taken`),
      );
    }
  }
}

function printStream(name: string, run: Awaited<ReturnType<typeof measureStream>>) {
  const perSecond = run.rows / (run.elapsed / 1000);
  log(`\n  ${name}: HTTP ${run.status}, ${run.rows} rows`);
  log(
    `    time ${ms(run.elapsed)} ms, ${(run.bytes / 1024 / 1024).toFixed(1)} MB, ` +
      `${Math.round(perSecond).toLocaleString("en-US")} rows/s (target >= 100,000: ${perSecond >= 100_000 ? "met" : "MISSED"})`,
  );
  log(
    `    server RSS before ${mb(run.before.rss)}, peak during ${mb(run.after.hwm)} ` +
      `(${run.peakResettable ? "peak reset before the request" : "peak since start"}), ` +
      `growth ${mb(Math.max(0, run.after.hwm - run.before.rss))} for ${(run.bytes / 1024 / 1024).toFixed(1)} MB sent`,
  );
}

/**
 * The RSS growth above is mostly garbage V8 has not collected yet (it grows the heap lazily while there is
 * room). Flat memory, shown: a server whose old generation is capped far below the list's size streams it
 * whole, again and again; a server that held the list would die of heap exhaustion.
 */
async function streamWithCappedHeap(databaseUrl: string, uploadDir: string): Promise<void> {
  const { server, base } = await startServer(databaseUrl, uploadDir, [
    `--max-old-space-size=${CAPPED_HEAP_MB - 3 * CAPPED_SEMI_SPACE_MB}`,
    `--max-semi-space-size=${CAPPED_SEMI_SPACE_MB}`,
  ]);
  try {
    const auth = { Authorization: `Bearer ${await ownerToken(base, false)}` };
    for (let run = 1; run <= STREAM_RUNS; run++) {
      const result = await measureStream(server.pid!, `${base}/api/bookings`, auth);
      printStream(`Full GET /api/bookings, server heap capped at ${CAPPED_HEAP_MB} MB, run ${run}`, result);
    }
    for (let run = 1; run <= STREAM_RUNS; run++) {
      const result = await measureStream(server.pid!, `${base}/api/bookings/export.csv`, auth);
      printStream(
        `CSV export (GET /api/bookings/export.csv), heap capped at ${CAPPED_HEAP_MB} MB, run ${run}`,
        result,
      );
    }
  } finally {
    await stop(server);
  }
}

function printTable(label: string, rows: Row[], ceilings: Ceilings) {
  const ceilingRow = (name: string, c: Bare) => [
    name,
    String(CONNECTIONS),
    String(Math.round(c.reqPerSec)),
    ms(c.p50),
    ms(c.p99),
    c.cpuPerRequest.toFixed(2),
    "",
    "",
    "",
    "",
  ];
  const header = [
    "endpoint",
    "conn",
    "req/s",
    "p50 ms",
    "p99 ms",
    "cpu ms/req",
    "db ms/req",
    "non-2xx",
    "target",
    "",
  ];
  const lines = [
    ceilingRow("bare Hono (ceiling, own process)", ceilings.tiny),
    ...ceilings.sameBody.map((c) => ceilingRow(`  same, answering the ${c.kb} KB ${c.path} body`, c.bare)),
    ...rows.map((r) => [
      r.name,
      String(r.connections),
      String(Math.round(r.result.requests.average)),
      ms(r.result.latency.p50),
      ms(r.result.latency.p99),
      r.cpuPerRequest.toFixed(2),
      r.dbCpuPerRequest === undefined ? "" : r.dbCpuPerRequest.toFixed(2),
      String(r.result.non2xx + r.result.errors + r.result.timeouts),
      r.target ?? "",
      r.verdict ?? "",
    ]),
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i >= 8 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  log(`\n[${label}] ${BENCH_SIZES.bookings.toLocaleString("en-US")} bookings (load average ${load})`);
  log(fmt(header));
  log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) log(fmt(line));
}

type Bare = { reqPerSec: number; p50: number; p99: number; cpuPerRequest: number };
/** A real answer's bytes, saved to a file for the bare server to answer as a constant. */
type SameBody = { path: string; file: string; kb: number };
type Ceilings = { tiny: Bare; sameBody: (SameBody & { bare: Bare })[] };

/** The bare endpoint, and the same server answering each given body as a constant. */
async function measureBare(bodies: SameBody[]): Promise<Ceilings> {
  const port = await freePort();
  const bare = startNode("bench/api-bare-server.ts", {
    PORT: String(port),
    BARE_BODY_FILES: JSON.stringify(bodies.map((b) => b.file)),
  });
  const run = async (route: string): Promise<Bare> => {
    const load = { url: `http://${HOST}:${port}${route}`, connections: CONNECTIONS };
    if (WARMUP > 0) await autocannon({ ...load, duration: WARMUP });
    const cpuBefore = cpuMs(bare.pid!);
    const result = await autocannon({ ...load, duration: DURATION });
    log(
      `  bare Hono ${route}: ${Math.round(result.requests.average)} req/s, p99 ${ms(result.latency.p99)} ms`,
    );
    return {
      reqPerSec: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuPerRequest: (cpuMs(bare.pid!) - cpuBefore) / Math.max(1, result.requests.total),
    };
  };
  try {
    await waitFor(`http://${HOST}:${port}/bare`, bare);
    const tiny = await run("/bare");
    const sameBody = [];
    for (const [i, body] of bodies.entries()) sameBody.push({ ...body, bare: await run(`/payload/${i}`) });
    return { tiny, sameBody };
  } finally {
    await stop(bare);
  }
}

async function seeded(url: string): Promise<void> {
  const t0 = performance.now();
  await migrate(url);
  const database = await createDatabase(url);
  const timings: SeedTimings = {};
  try {
    await seedBench(database.prisma, database.provider, timings);
    // What autovacuum / a routine ANALYZE would have done after a bulk load: planner statistics (and, on
    // PostgreSQL, the visibility map that lets counts use index-only scans).
    await database.prisma.$executeRawUnsafe(
      database.provider === "postgresql" ? "VACUUM ANALYZE" : "ANALYZE",
    );
    // A database that has held its bookings for a while has long since written the bulk load to its data
    // files; without this, PostgreSQL's checkpointer is still flushing the seed while the runs measure.
    if (database.provider === "postgresql") await database.prisma.$executeRawUnsafe("CHECKPOINT");
    else await database.prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
    log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const sec = (v?: number) => (v === undefined ? "-" : `${(v / 1000).toFixed(1)} s`);
    log(
      `    bookings and uploads ${sec(timings.bookings)}, indexes ${sec(timings.indexes)}, ` +
        `holds ${sec(timings.holds)}, counts ${sec(timings.counts)}, search index ${sec(timings.search)}`,
    );
    log(`    analytics_rollups migration backfill: ${sec(timings.rollups)}`);
    log(
      `    database size on disk: ${mb((await databaseBytes(database.prisma, database.provider, url)) / 1024)}`,
    );
  } finally {
    await database.close();
  }
}

/** The database's size on disk: the SQLite file and its WAL, or pg_database_size. */
async function databaseBytes(db: Db, provider: DbProvider, url: string): Promise<number> {
  if (provider === "postgresql") {
    const rows = await db.$queryRawUnsafe<{ n: bigint | number }[]>(
      "SELECT pg_database_size(current_database()) AS n",
    );
    return Number(rows[0]?.n ?? 0);
  }
  const file = sqlitePath(url);
  return [file, `${file}-wal`].reduce((sum, f) => sum + (existsSync(f) ? statSync(f).size : 0), 0);
}

async function main() {
  log(`Studio API benchmark: ${os.cpus().length} CPUs, Node ${process.version}`);

  const dir = mkdtempSync(path.join(os.tmpdir(), "studio-bench-"));
  try {
    const sqliteUrl = `file:${path.join(dir, "bench.db")}`;
    if (PROVIDERS.includes("sqlite")) {
      log("\n[SQLite] seeding a fresh database");
      await seeded(sqliteUrl);
      if (!SEED_ONLY) await runSuite("SQLite", sqliteUrl);
    }
  } finally {
    for (const f of ["bench.db", "bench.db-wal", "bench.db-shm"]) {
      if (existsSync(path.join(dir, f))) rmSync(path.join(dir, f));
    }
    rmSync(dir, { recursive: true, force: true });
  }

  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl && PROVIDERS.includes("postgresql")) {
    await withTempPostgres(pgUrl, "studio_bench", async (url) => {
      log("\n[PostgreSQL] seeding a fresh database");
      await seeded(url);
      if (!SEED_ONLY) await runSuite("PostgreSQL", url);
    });
  } else {
    log("\n(PostgreSQL skipped: set BENCH_DATABASE_URL=postgresql://… to run it too)");
  }
  log("\nFigures are printed, never asserted.");
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
