/**
 * `pnpm bench:cluster`: the figures of issue 12, measured on real server processes that share one PostgreSQL
 * database, one Redis and one S3 bucket (s3rver), all on loopback; printed, never asserted.
 *
 * - GET /api/services and POST /api/bookings (distinct slots) req/s with 1, 2 and 3 instances, the connections
 *   spread evenly over them, and where the machine's CPU went (each server, the load generator, the rest);
 * - live-event latency p50/p99 from a booking to 500 admin streams spread over the three instances;
 * - server memory per idle stream, up to 1,000 streams open on a fourth instance that does nothing else;
 * - upload throughput and the server's peak memory for a 50 MB video stored in the bucket.
 *
 * BENCH_DURATION: seconds per throughput run (default 5). BENCH_CONNECTIONS: connections per run, split over the
 * instances (default 12). BENCH_DATABASE_URL: the PostgreSQL server the bench database is created on (default
 * postgresql://postgres@127.0.0.1:5432/postgres); it is dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { MAX_STREAMS_PER_ADMIN } from "@studio/api";
import { parseSse, type ServiceDto, TIME_SLOTS } from "@studio/validators";
import autocannon, { type Result as CannonResult } from "autocannon";
import { startTestRedis, type TestRedis } from "../packages/api/src/testing/redis";
import { startTestS3, type TestS3 } from "../packages/api/src/testing/s3";
import {
  cpuMs,
  freePort,
  groupCpuMeter,
  HOST,
  machineCpuMs,
  memoryKb,
  pidsWhere,
  postgresPidsOf,
  resetPeak,
  startStudioServer,
  stop,
  waitFor,
  withTempPostgres,
} from "./process";

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 12);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const INVITE = "BENCH-CLUSTER-INVITE-CODE";
const PASSWORD = "bench-password";
const LATENCY_STREAMS = 500;
const LATENCY_BOOKINGS = 20;
const IDLE_STREAMS = 1_000;
const VIDEO_BYTES = 50 * 1024 * 1024;
const CORES = os.cpus().length;

type Instance = { name: string; base: string; child: ChildProcess; pid: number };

function log(message = "") {
  process.stdout.write(`${message}\n`);
}
const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
const pct = (part: number, whole: number) => `${Math.round((part / Math.max(1, whole)) * 100)}%`;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

// ------------------------------------------------------------------------------------------- set-up

/** A fresh database for the run; its name is kept so the PostgreSQL backends serving it can be measured. */
function withDatabase(run: (url: string) => Promise<void>): Promise<void> {
  return withTempPostgres(PG_URL, "studio_bench_cluster", (url) => {
    backing.database = new URL(url).pathname.slice(1);
    return run(url);
  });
}

async function startInstance(
  name: string,
  databaseUrl: string,
  redis: TestRedis,
  s3: TestS3,
  dataDir: string,
): Promise<Instance> {
  const credentials = s3.options.credentials;
  if (!credentials) throw new Error("the bench bucket has no credentials");
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const child = startStudioServer({
    NODE_ENV: "production",
    HOST,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    STORAGE: "s3",
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.options.region,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
    JWT_SECRET: "bench-cluster-secret-bench-cluster-secret-0123",
    ADMIN_SIGNUP_CODE: INVITE,
    RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
    UPLOAD_DIR: path.join(dataDir, "uploads"),
    WEB_DIST: path.join(dataDir, "no-web-build"),
  });
  await waitFor(`${base}/health`, child);
  return { name, base, child, pid: child.pid! };
}

async function json(base: string, method: string, pathname: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** `count` admin accounts (the first is the owner), registered a few at a time; their tokens. */
async function registerAdmins(instances: Instance[], count: number): Promise<string[]> {
  const tokens: string[] = [];
  const owner = await json(instances[0]!.base, "POST", "/api/auth/register", {
    name: "Bench Owner",
    email: "admin0@bench.test",
    password: PASSWORD,
  });
  tokens.push(owner.body.token as string);
  let next = 1;
  await Promise.all(
    Array.from({ length: 4 }, async (_, w) => {
      while (next < count) {
        const i = next++;
        const res = await json(instances[w % instances.length]!.base, "POST", "/api/auth/register", {
          name: `Bench Admin ${i}`,
          email: `admin${i}@bench.test`,
          password: PASSWORD,
          invite_code: INVITE,
        });
        if (res.status !== 201)
          throw new Error(`register admin ${i}: ${res.status} ${JSON.stringify(res.body)}`);
        tokens[i] = res.body.token as string;
      }
    }),
  );
  return tokens;
}

// --------------------------------------------------------------------------------------- throughput

/** What the bench runs besides the servers: its database's PostgreSQL processes and its Redis. */
const backing = { database: "", redisPort: 0 };

const redisPids = () =>
  pidsWhere((cmd) => cmd.startsWith("redis-server") && cmd.includes(`:${backing.redisPort}`));

/** Where the machine's CPU went during a run, in ms of CPU time. */
type CpuSplit = {
  wallMs: number;
  servers: number[];
  generator: number;
  postgres: number;
  redis: number;
  other: number;
  idle: number;
};

function cpuMeter(servers: Instance[]) {
  const started = performance.now();
  const machine = machineCpuMs();
  const own = process.cpuUsage();
  const each = servers.map((s) => cpuMs(s.pid));
  const postgres = groupCpuMeter(postgresPidsOf(backing.database));
  const redis = groupCpuMeter(redisPids);
  return (): CpuSplit => {
    const wallMs = performance.now() - started;
    const now = machineCpuMs();
    const busy = now.busy - machine.busy;
    const total = now.total - machine.total;
    const ownUsage = process.cpuUsage(own);
    const split = {
      wallMs,
      servers: servers.map((s, i) => cpuMs(s.pid) - each[i]!),
      generator: (ownUsage.user + ownUsage.system) / 1000,
      postgres: postgres(),
      redis: redis(),
    };
    const accounted =
      split.servers.reduce((a, b) => a + b, 0) + split.generator + split.postgres + split.redis;
    return { ...split, other: Math.max(0, busy - accounted), idle: total - busy };
  };
}

/** Shares of all cores over the run's wall time. */
function describeCpu(split: CpuSplit, instances: Instance[]): string {
  const capacity = split.wallMs * CORES;
  const parts = [
    ...split.servers.map((s, i) => `${instances[i]!.name} ${pct(s, capacity)}`),
    `PostgreSQL ${pct(split.postgres, capacity)}`,
    `Redis ${pct(split.redis, capacity)}`,
    `load generator ${pct(split.generator, capacity)}`,
    `other ${pct(split.other, capacity)}`,
    `idle ${pct(split.idle, capacity)}`,
  ];
  return parts.join(", ");
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

type Run = { instances: number; reqPerSec: number; p50: number; p99: number; failed: number; cpu: CpuSplit };

/** One autocannon per instance at once, the connections split evenly; req/s summed. */
async function spread(
  instances: Instance[],
  optionsFor: (instance: Instance) => Parameters<typeof autocannon>[0],
): Promise<Run> {
  const meter = cpuMeter(instances);
  const results: CannonResult[] = await Promise.all(instances.map((i) => autocannon(optionsFor(i))));
  const cpu = meter();
  return {
    instances: instances.length,
    reqPerSec: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    failed: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    cpu,
  };
}

/**
 * The services whose session, buffers included, fits in one hour of one day: booked on distinct hourly slots,
 * they never share a crew, so every request is a booking made (a longer session would overlap the next slot's).
 */
function hourLongServices(services: ServiceDto[]): number[] {
  const ids = services
    .filter(
      (s) =>
        s.duration_days === 1 &&
        s.start_every_minutes === 60 &&
        s.buffer_before_minutes + s.duration_minutes + s.buffer_after_minutes <= 60,
    )
    .map((s) => s.id);
  if (ids.length === 0) throw new Error("the demo studio offers no service of an hour or less");
  return ids;
}

async function throughput(instances: Instance[], serviceIds: number[]): Promise<void> {
  const connectionsFor = (k: number) => Math.max(1, Math.floor(CONNECTIONS / k));
  let booking = 0;
  const start = Date.UTC(2040, 0, 1);
  const bookingBody = () => {
    const i = booking++;
    return JSON.stringify({
      name: `Bench ${i}`,
      email: `bench${i}@example.test`,
      phone: "+1 555 0100",
      service_id: serviceIds[i % serviceIds.length],
      date: new Date(start + Math.floor(i / TIME_SLOTS.length) * 86_400_000).toISOString().slice(0, 10),
      time: TIME_SLOTS[i % TIME_SLOTS.length],
      message: "Cluster load test",
      image: null,
      user_id: null,
    });
  };

  const endpoints = [
    {
      name: "GET /api/services",
      request: (instance: Instance, k: number) => ({
        url: `${instance.base}/api/services`,
        connections: connectionsFor(k),
        duration: DURATION,
      }),
    },
    {
      name: "POST /api/bookings (distinct slots)",
      request: (instance: Instance, k: number) => ({
        url: instance.base,
        connections: connectionsFor(k),
        duration: DURATION,
        timeout: 30,
        requests: [
          {
            method: "POST",
            path: "/api/bookings",
            headers: { "Content-Type": "application/json" },
            setupRequest: (req: { body?: string }) => ({ ...req, body: bookingBody() }),
          },
        ],
      }),
    },
  ];

  for (const endpoint of endpoints) {
    log(`\n${endpoint.name}: ${CONNECTIONS} connections split over the instances, ${DURATION} s per run`);
    log("  instances  req/s   vs 1   p50 ms  p99 ms  non-2xx  CPU (share of all cores over the run)");
    let single = 0;
    for (let k = 1; k <= instances.length; k++) {
      const active = instances.slice(0, k);
      const run = await spread(active, (instance) => endpoint.request(instance, k));
      if (k === 1) single = run.reqPerSec;
      log(
        `  ${String(k).padStart(9)}  ${String(Math.round(run.reqPerSec)).padStart(5)}  ${(run.reqPerSec / single).toFixed(2).padStart(5)}  ${ms(run.p50).padStart(6)}  ${ms(run.p99).padStart(6)}  ${String(run.failed).padStart(7)}  ${describeCpu(run.cpu, active)}`,
      );
    }
  }
  log(
    `\n  This machine has ${CORES} cores, shared by the servers, PostgreSQL, Redis and the load generator (which` +
      "\n  runs in this process): with more instances than free cores the total stays bounded by the CPU, and the" +
      "\n  figures show how the work is spread, not what more machines would add; on a real cluster each instance" +
      '\n  has its own cores. "other" is everything else on the machine: the kernel\'s loopback networking and' +
      `\n  any other process (load average now: ${loadAverage()}).`,
  );
}

// -------------------------------------------------------------------------------------- live streams

type Stream = { instance: Instance; ready: Promise<void>; close: () => void };

/**
 * One admin live stream over its own socket (node:http, no pooling). Calls `onBooking(id, at)` for every
 * booking.created event; resolves `ready` once the server's "ready" event arrived.
 */
function openStream(instance: Instance, token: string, onBooking: (id: number, at: number) => void): Stream {
  const url = new URL("/api/live", instance.base);
  let markReady: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    fail = reject;
  });
  const req = request(
    {
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      agent: false,
      headers: { Accept: "text/event-stream", Authorization: `Bearer ${token}` },
    },
    (res) => {
      if (res.statusCode !== 200) {
        fail(new Error(`live stream on ${instance.name}: HTTP ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        const at = performance.now();
        const parsed = parseSse(buffer + chunk);
        buffer = parsed.rest;
        for (const { event, data } of parsed.messages) {
          if (event === "ready") markReady();
          else if (event === "booking.created" && data)
            onBooking((JSON.parse(data) as { entityId: number }).entityId, at);
        }
      });
      res.on("error", () => undefined);
    },
  );
  req.on("error", (error) => fail(error));
  req.end();
  return { instance, ready, close: () => req.destroy() };
}

async function liveLatency(instances: Instance[], tokens: string[], serviceIds: number[]): Promise<void> {
  log(`\nLive events: ${LATENCY_STREAMS} admin streams over ${instances.length} instances`);
  const arrivals = new Map<number, { at: number; instance: Instance }[]>();
  const streams: Stream[] = [];
  for (let j = 0; j < LATENCY_STREAMS; j++) {
    const instance = instances[j % instances.length]!;
    const stream = openStream(instance, tokens[Math.floor(j / MAX_STREAMS_PER_ADMIN)]!, (id, at) => {
      const list = arrivals.get(id) ?? [];
      list.push({ at, instance });
      arrivals.set(id, list);
    });
    streams.push(stream);
  }
  await Promise.all(streams.map((s) => s.ready));

  const sameInstance: number[] = [];
  const otherInstances: number[] = [];
  const answered: number[] = [];
  let missing = 0;
  try {
    for (let k = 0; k < LATENCY_BOOKINGS; k++) {
      const instance = instances[k % instances.length]!;
      const date = new Date(Date.UTC(2039, 0, 1) + Math.floor(k / TIME_SLOTS.length) * 86_400_000);
      const sent = performance.now();
      const res = await json(instance.base, "POST", "/api/bookings", {
        name: `Live ${k}`,
        email: `live${k}@example.test`,
        phone: "+1 555 0100",
        service_id: serviceIds[0],
        date: date.toISOString().slice(0, 10),
        time: TIME_SLOTS[k % TIME_SLOTS.length],
        message: "Live latency",
        image: null,
        user_id: null,
      });
      answered.push(performance.now() - sent);
      if (res.status !== 201) throw new Error(`booking: HTTP ${res.status} ${JSON.stringify(res.body)}`);
      const id = (res.body.data as { id: number }).id;
      const deadline = performance.now() + 5_000;
      while ((arrivals.get(id)?.length ?? 0) < LATENCY_STREAMS && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      const got = arrivals.get(id) ?? [];
      missing += LATENCY_STREAMS - got.length;
      for (const arrival of got)
        (arrival.instance === instance ? sameInstance : otherInstances).push(arrival.at - sent);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    for (const s of streams) s.close();
  }
  const all = [...sameInstance, ...otherInstances].sort((x, y) => x - y);
  sameInstance.sort((x, y) => x - y);
  otherInstances.sort((x, y) => x - y);
  answered.sort((x, y) => x - y);
  const line = (name: string, values: number[]) =>
    `  ${name.padEnd(46)} p50 ${ms(percentile(values, 50)).padStart(4)} ms, p99 ${ms(percentile(values, 99)).padStart(4)} ms, max ${ms(values[values.length - 1] ?? Number.NaN).padStart(4)} ms (${values.length} deliveries)`;
  log(
    `  ${LATENCY_BOOKINGS} bookings, one at a time, each through the next instance; from sending the POST to`,
  );
  log("  the booking.created event read from each stream (the 500 streams are read by this one process):");
  log(line("all streams", all));
  log(line("streams on the instance that took the booking", sameInstance));
  log(line("streams on the other instances (via Redis)", otherInstances));
  log(
    `  the POST itself answered in p50 ${ms(percentile(answered, 50))} ms; events not delivered within 5 s: ${missing}`,
  );
}

/** The server's resident memory, the median of a few readings. */
async function settledRss(pid: number): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    readings.push(memoryKb(pid).rss);
    await new Promise((r) => setTimeout(r, 300));
  }
  return readings.sort((x, y) => x - y)[2]!;
}

/** Least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const num = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return num / den;
}

/**
 * Memory of idle streams on an instance that has done nothing else (garbage left by earlier phases would blur
 * the baseline): RSS with 0, 250, 500, 750 and 1,000 streams open, and the growth per stream from those points.
 */
async function idleStreams(instance: Instance, tokens: string[]): Promise<void> {
  log(`\nIdle live streams: up to ${IDLE_STREAMS} open on instance ${instance.name}, started for this alone`);
  // Warm-up: the code paths of a stream are loaded and compiled before the baseline is taken.
  const warm = Array.from({ length: 10 }, (_, j) =>
    openStream(instance, tokens[tokens.length - 1 - Math.floor(j / MAX_STREAMS_PER_ADMIN)]!, () => {}),
  );
  await Promise.all(warm.map((s) => s.ready));
  for (const s of warm) s.close();
  await new Promise((r) => setTimeout(r, 2_000));
  const points: [number, number][] = [[0, await settledRss(instance.pid)]];

  const streams: Stream[] = [];
  let openMs = 0;
  try {
    for (const step of [250, 500, 750, IDLE_STREAMS]) {
      const opened = performance.now();
      while (streams.length < step) {
        const j = streams.length;
        streams.push(openStream(instance, tokens[Math.floor(j / MAX_STREAMS_PER_ADMIN)]!, () => {}));
      }
      await Promise.all(streams.map((s) => s.ready));
      openMs += performance.now() - opened;
      await new Promise((r) => setTimeout(r, 1_000));
      points.push([step, await settledRss(instance.pid)]);
    }
    // Idle for longer than the re-authentication period (5 s), so its cost is in the figure.
    const cpuBefore = cpuMs(instance.pid);
    const idleStarted = performance.now();
    await new Promise((r) => setTimeout(r, 6_000));
    const idleCpu = (cpuMs(instance.pid) - cpuBefore) / (performance.now() - idleStarted);
    log(`  server RSS by open streams: ${points.map(([n, kb]) => `${n}: ${mb(kb)}`).join(", ")}`);
    log(
      `  ≈ ${slope(points).toFixed(1)} KB per idle stream (slope of RSS over open streams; V8 garbage not yet collected included)`,
    );
    log(`  (opening them, 250 at a time, up to their "ready" event: ${ms(openMs)} ms in all)`);
    log(
      `  server CPU while ${IDLE_STREAMS} streams idle: ${Math.round(idleCpu * 100)}% of one core (a session check per stream every 5 s, one shared poll a second)`,
    );
  } finally {
    for (const s of streams) s.close();
  }
}

// ------------------------------------------------------------------------------------------- uploads

/** A 50 MB MP4 (an ftyp box, then zeros) streamed as multipart in 1 MB chunks over its own socket. */
function uploadVideo(instance: Instance, token: string): Promise<{ status: number; body: string }> {
  const boundary = `----bench${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="reel.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from("ftypisom"),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from("isomiso2"),
  ]);
  const chunk = Buffer.alloc(1024 * 1024);
  const url = new URL("/api/portfolio/upload-image", instance.base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent: false,
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": String(head.length + VIDEO_BYTES + tail.length),
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => {
          body += d;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    let sent = 0;
    const pump = () => {
      while (sent < VIDEO_BYTES) {
        const part = sent === 0 ? Buffer.concat([head, ftyp, chunk.subarray(ftyp.length)]) : chunk;
        sent += chunk.length;
        if (!req.write(part)) return void req.once("drain", pump);
      }
      req.end(tail);
    };
    pump();
  });
}

async function uploads(instance: Instance, token: string): Promise<void> {
  log(
    `\nUpload of a 50 MB video to the bucket through instance ${instance.name} (s3rver runs in this process)`,
  );
  for (let run = 1; run <= 3; run++) {
    const peakResettable = resetPeak(instance.pid);
    const before = memoryKb(instance.pid);
    const started = performance.now();
    const res = await uploadVideo(instance, token);
    const seconds = (performance.now() - started) / 1000;
    const after = memoryKb(instance.pid);
    if (res.status !== 201) throw new Error(`upload: HTTP ${res.status} ${res.body}`);
    const stored = (JSON.parse(res.body) as { data: { url: string } }).data.url;
    const head = await fetch(new URL(new URL(stored, instance.base).pathname, instance.base), {
      method: "HEAD",
    });
    log(
      `  run ${run}: ${seconds.toFixed(2)} s, ${(VIDEO_BYTES / 1024 / 1024 / seconds).toFixed(1)} MB/s; server RSS ${mb(before.rss)} before, peak ${mb(after.hwm)} ` +
        `(${peakResettable ? "peak reset before the upload" : "peak since start"}); stored ${head.headers.get("content-length")} bytes`,
    );
  }
}

// ----------------------------------------------------------------------------------------------- main

async function main() {
  log(
    `Studio cluster benchmark: ${CORES} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, load average ${loadAverage()}`,
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "studio-bench-cluster-"));
  const [redis, s3] = await Promise.all([startTestRedis(), startTestS3("studio-bench")]);
  backing.redisPort = redis.port;
  try {
    await withDatabase(async (databaseUrl) => {
      // Three instances started together on the fresh database (one migrates and seeds, the others wait).
      const started = await Promise.allSettled(
        ["A", "B", "C"].map((name) => startInstance(name, databaseUrl, redis, s3, dataDir)),
      );
      const instances = started.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
      try {
        const failed = started.find((r) => r.status === "rejected");
        if (failed) throw failed.reason;
        log(`  ${instances.length} instances on PostgreSQL + Redis + s3rver, all on 127.0.0.1`);
        const services = await json(instances[0]!.base, "GET", "/api/services");
        const serviceIds = hourLongServices(services.body.data as ServiceDto[]);

        await throughput(instances, serviceIds);

        const admins = Math.ceil(IDLE_STREAMS / MAX_STREAMS_PER_ADMIN);
        const registered = performance.now();
        const tokens = await registerAdmins(instances, admins);
        log(`\n  (${admins} admin accounts registered in ${ms((performance.now() - registered) / 1000)} s)`);
        await liveLatency(instances, tokens, serviceIds);
        const quiet = await startInstance("D", databaseUrl, redis, s3, dataDir);
        instances.push(quiet);
        await idleStreams(quiet, tokens);
        await uploads(instances[1]!, tokens[0]!);
      } finally {
        await Promise.all(instances.map((i) => stop(i.child)));
      }
    });
  } finally {
    await Promise.all([s3.stop(), redis.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
  log("\nFigures are printed, never asserted.");
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
