/**
 * `pnpm bench:load`: a mixed soak on loopback, printed and never asserted.
 *
 * Starts the real server (RATE_LIMIT=off, LOG_LEVEL=warn, a free port on 127.0.0.1) on a fresh SQLite
 * database, then on a fresh PostgreSQL database (LOAD_DATABASE_URL, default
 * postgresql://postgres@127.0.0.1:5432/postgres; skipped with a note when it does not answer), and drives
 * LOAD_VUS virtual users (default 12) for LOAD_SECONDS (default 300) each, closed loop, keep-alive:
 *   - visitors reading: the home page, services, portfolio, approved testimonials, slot availability (tRPC);
 *   - visitors writing: bookings (random slots over a year, so some collide → 409 by design), feedback,
 *     contact messages;
 *   - admins: the bookings list (pages, status filter, search), stats, feedback list, inbox, confirming a
 *     pending booking (a confirm that lost a race answers 409 by design).
 * Reports throughput, p50/p95/p99 per group and overall, status counts (409/429 listed apart as expected),
 * network errors, and the server's RSS at the start, every 30 s, and at the end.
 * LOAD_PROVIDERS=sqlite (or postgresql) runs one database only.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "@studio/db";
import { freePort, HOST, startStudioServer } from "./process";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const VUS = Number(process.env.LOAD_VUS ?? 12);
const PG_URL = process.env.LOAD_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const PROVIDERS = (process.env.LOAD_PROVIDERS ?? "sqlite,postgresql").split(",").map((p) => p.trim());
const WEB_DIST = path.join(REPO_ROOT, "apps/web/dist");

const log = (line = "") => process.stdout.write(`${line}\n`);

// ------------------------------------------------------------------------------------------ plumbing

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 102.4) / 10;
  } catch {
    return Number.NaN;
  }
}

type PgClient = {
  connect: () => Promise<void>;
  query: (sql: string) => Promise<unknown>;
  end: () => Promise<void>;
};
const requireFromDb = createRequire(path.join(REPO_ROOT, "packages/db/package.json"));
const pg = requireFromDb("pg") as { Client: new (o: { connectionString: string }) => PgClient };

async function pgAdmin(sql: string): Promise<void> {
  const u = new URL(PG_URL);
  u.pathname = "/postgres";
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

type Reply = { status: number; body: string };

function makeClient(port: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: VUS * 2 });
  return (method: string, pathname: string, body?: unknown, token?: string): Promise<Reply> => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: HOST,
          port,
          method,
          path: pathname,
          agent,
          headers: {
            ...(payload
              ? { "Content-Type": "application/json", "Content-Length": String(payload.length) }
              : {}),
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
          res.on("error", reject);
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
      req.on("error", reject);
      req.end(payload);
    });
  };
}

// ------------------------------------------------------------------------------------------ workload

type Group = "visitor read" | "visitor write" | "admin";
type Step = { group: Group; name: string; weight: number; run: (ctx: VuContext) => Promise<Reply> };
type VuContext = {
  call: ReturnType<typeof makeClient>;
  token: string;
  serviceIds: number[];
  pending: number[];
  hasWeb: boolean;
};

const SLOTS = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"];
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
const day = (offset: number) => new Date(Date.now() + (offset + 2) * 86_400_000).toISOString().slice(0, 10);
const tag = () => randomBytes(4).toString("hex");

const STEPS: Step[] = [
  {
    group: "visitor read",
    name: "GET / (SPA)",
    weight: 8,
    run: (c) => c.call("GET", c.hasWeb ? "/" : "/health"),
  },
  {
    group: "visitor read",
    name: "GET /api/services",
    weight: 10,
    run: (c) => c.call("GET", "/api/services"),
  },
  {
    group: "visitor read",
    name: "GET /api/portfolio",
    weight: 8,
    run: (c) => c.call("GET", "/api/portfolio"),
  },
  {
    group: "visitor read",
    name: "GET /api/feedback/approved",
    weight: 8,
    run: (c) => c.call("GET", "/api/feedback/approved?limit=10"),
  },
  {
    group: "visitor read",
    name: "tRPC bookings.availability",
    weight: 6,
    run: (c) =>
      c.call(
        "GET",
        `/trpc/bookings.availability?input=${encodeURIComponent(JSON.stringify({ date: day(Math.floor(Math.random() * 365)) }))}`,
      ),
  },
  {
    group: "visitor write",
    name: "POST /api/bookings",
    weight: 5,
    run: (c) =>
      c.call("POST", "/api/bookings", {
        name: `Load Client ${tag()}`,
        email: `load.${tag()}@client.test`,
        phone: "+1 555 0100",
        service_id: pick(c.serviceIds),
        date: day(Math.floor(Math.random() * 365)),
        time: pick(SLOTS),
        message: "Soak test booking",
        image: null,
        user_id: null,
      }),
  },
  {
    group: "visitor write",
    name: "POST /api/feedback",
    weight: 3,
    run: (c) =>
      c.call("POST", "/api/feedback", {
        name: `Load Reviewer ${tag()}`,
        email: "reviewer@client.test",
        rating: 1 + Math.floor(Math.random() * 5),
        message: "Soak test feedback",
        service_category: "",
      }),
  },
  {
    group: "visitor write",
    name: "POST /api/contact",
    weight: 3,
    run: (c) =>
      c.call("POST", "/api/contact", {
        name: `Load Sender ${tag()}`,
        email: "sender@client.test",
        phone: "",
        subject: "Soak test",
        message: "Is the studio free next week?",
        serviceType: "Other",
      }),
  },
  {
    group: "admin",
    name: "GET /api/bookings?limit=50",
    weight: 6,
    run: (c) => c.call("GET", "/api/bookings?limit=50", undefined, c.token),
  },
  {
    group: "admin",
    name: "GET /api/bookings?status=pending&limit=20",
    weight: 4,
    run: (c) => c.call("GET", "/api/bookings?status=pending&limit=20", undefined, c.token),
  },
  {
    group: "admin",
    name: "GET /api/bookings?search=…",
    weight: 3,
    run: (c) => c.call("GET", `/api/bookings?search=${tag().slice(0, 3)}&limit=50`, undefined, c.token),
  },
  {
    group: "admin",
    name: "GET /api/bookings/stats",
    weight: 4,
    run: (c) => c.call("GET", "/api/bookings/stats", undefined, c.token),
  },
  {
    group: "admin",
    name: "GET /api/feedback?limit=50",
    weight: 3,
    run: (c) => c.call("GET", "/api/feedback?limit=50&offset=0", undefined, c.token),
  },
  {
    group: "admin",
    name: "GET /api/contact",
    weight: 2,
    run: (c) => c.call("GET", "/api/contact?limit=50", undefined, c.token),
  },
  {
    group: "admin",
    name: "PATCH /api/bookings/:id/confirm",
    weight: 3,
    run: (c) => {
      const id = c.pending.pop();
      return id === undefined
        ? c.call("GET", "/api/bookings/stats", undefined, c.token)
        : c.call("PATCH", `/api/bookings/${id}/confirm`, undefined, c.token);
    },
  },
];
const TOTAL_WEIGHT = STEPS.reduce((n, s) => n + s.weight, 0);
function pickStep(): Step {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const step of STEPS) {
    r -= step.weight;
    if (r < 0) return step;
  }
  return STEPS[0]!;
}

// ------------------------------------------------------------------------------------------ statistics

class Samples {
  private values = new Float64Array(1 << 16);
  count = 0;
  add(ms: number) {
    if (this.count === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.count++] = ms;
  }
  percentiles(): { p50: number; p95: number; p99: number; max: number } {
    const sorted = this.values.slice(0, this.count).sort();
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
    return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] ?? Number.NaN };
  }
}

const ms = (v: number) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(1) : Math.round(v)} ms` : "–");

// ------------------------------------------------------------------------------------------ one soak

async function soak(provider: "sqlite" | "postgresql"): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "studio-load-"));
  let databaseUrl = `file:${path.join(dataDir, "studio.db")}`;
  let pgName: string | null = null;
  if (provider === "postgresql") {
    pgName = `studio_load_${process.pid}_${tag()}`;
    try {
      await pgAdmin(`CREATE DATABASE "${pgName}"`);
    } catch (error) {
      log(
        `PostgreSQL at ${PG_URL} did not answer (${(error as Error).message}); skipping the PostgreSQL soak.`,
      );
      rmSync(dataDir, { recursive: true, force: true });
      return;
    }
    const u = new URL(PG_URL);
    u.pathname = `/${pgName}`;
    databaseUrl = u.toString();
  }
  const port = await freePort();
  const hasWeb = existsSync(path.join(WEB_DIST, "index.html"));
  const server: ChildProcess = startStudioServer({
    NODE_ENV: "production",
    HOST,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: path.join(dataDir, "uploads"),
    JWT_SECRET: "load-test-secret-load-test-secret-0123456789",
    RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
    WEB_DIST,
  });
  const call = makeClient(port);
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      const ok = await call("GET", "/health").then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    const reg = await call("POST", "/api/auth/register", {
      name: "Load Owner",
      email: "owner@load.test",
      password: "load-password",
    });
    const token = (JSON.parse(reg.body) as { token: string }).token;
    const services = JSON.parse((await call("GET", "/api/services")).body) as { data: { id: number }[] };
    const serviceIds = services.data.map((s) => s.id);
    if (!serviceIds.length)
      throw new Error("no services to book (the server seeds demo content on an empty database)");

    // Warm-up, so the first figures are not JIT and connection set-up.
    const ctx: VuContext = { call, token, serviceIds, pending: [], hasWeb };
    for (let i = 0; i < 200; i++)
      await pickStep()
        .run(ctx)
        .catch(() => undefined);

    const pid = server.pid!;
    const rss: { at: number; mb: number }[] = [{ at: 0, mb: rssMb(pid) }];
    const all = new Samples();
    const byGroup = new Map<Group, Samples>();
    const byStep = new Map<string, { samples: Samples; statuses: Record<number, number> }>();
    const statuses: Record<number, number> = {};
    const network: Record<string, number> = {};
    const loadAtStart = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    const started = Date.now();
    const endAt = started + SECONDS * 1000;
    const sampler = setInterval(
      () => rss.push({ at: Math.round((Date.now() - started) / 1000), mb: rssMb(pid) }),
      30_000,
    );

    log(
      `\n=== ${provider}: ${VUS} virtual users for ${SECONDS} s on http://${HOST}:${port} ${hasWeb ? "" : "(no web build: / replaced by /health)"} ===`,
    );
    await Promise.all(
      Array.from({ length: VUS }, async () => {
        while (Date.now() < endAt) {
          const step = pickStep();
          const t0 = performance.now();
          try {
            const res = await step.run(ctx);
            const elapsed = performance.now() - t0;
            all.add(elapsed);
            if (!byGroup.has(step.group)) byGroup.set(step.group, new Samples());
            byGroup.get(step.group)!.add(elapsed);
            const s = byStep.get(step.name) ?? { samples: new Samples(), statuses: {} };
            s.samples.add(elapsed);
            s.statuses[res.status] = (s.statuses[res.status] ?? 0) + 1;
            byStep.set(step.name, s);
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            if (step.name === "POST /api/bookings" && res.status === 201) {
              const id = (JSON.parse(res.body) as { data?: { id?: number } }).data?.id;
              if (id && ctx.pending.length < 1000) ctx.pending.push(id);
            }
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
            network[code] = (network[code] ?? 0) + 1;
          }
        }
      }),
    );
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    rss.push({ at: Math.round(seconds), mb: rssMb(pid) });

    const expected = (statuses[409] ?? 0) + (statuses[429] ?? 0);
    const ok = Object.entries(statuses)
      .filter(([s]) => Number(s) < 300)
      .reduce((n, [, c]) => n + c, 0);
    const unexpected = Object.entries(statuses).filter(
      ([s]) => Number(s) >= 300 && s !== "409" && s !== "429",
    );
    const p = all.percentiles();
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    log(`machine load    ${loadAtStart} at start, ${load} at end (1/5/15 min; shared by every process)`);
    log(
      `requests        ${all.count} in ${seconds.toFixed(0)} s = ${(all.count / seconds).toFixed(0)} req/s`,
    );
    log(`latency         p50 ${ms(p.p50)}  p95 ${ms(p.p95)}  p99 ${ms(p.p99)}  max ${ms(p.max)}`);
    log(`2xx             ${ok}`);
    log(
      `expected        409 ${statuses[409] ?? 0} (slot taken / confirm raced), 429 ${statuses[429] ?? 0}  (= ${expected})`,
    );
    log(
      `errors          ${unexpected.length ? unexpected.map(([s, c]) => `${s}: ${c}`).join(", ") : "none"}; network ${Object.keys(network).length ? JSON.stringify(network) : "none"}`,
    );
    log(
      `server RSS      start ${rss[0]!.mb} MB → end ${rss.at(-1)!.mb} MB   (samples: ${rss.map((r) => `${r.at}s ${r.mb}`).join(", ")})`,
    );
    log("per group       p50 / p95 / p99");
    for (const [group, samples] of byGroup) {
      const g = samples.percentiles();
      log(
        `  ${group.padEnd(14)} ${String(samples.count).padStart(7)}  ${ms(g.p50)} / ${ms(g.p95)} / ${ms(g.p99)}`,
      );
    }
    log("per request     count  p50 / p95 / p99  statuses");
    for (const step of STEPS) {
      const s = byStep.get(step.name);
      if (!s) continue;
      const q = s.samples.percentiles();
      log(
        `  ${step.name.padEnd(42)} ${String(s.samples.count).padStart(6)}  ${ms(q.p50)} / ${ms(q.p95)} / ${ms(q.p99)}  ${JSON.stringify(s.statuses)}`,
      );
    }
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    if (pgName) await pgAdmin(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

log(
  `bench:load — ${os.cpus().length} CPU, Node ${process.version}, ${SECONDS} s per database, ${VUS} virtual users`,
);
for (const provider of PROVIDERS) {
  if (provider === "sqlite" || provider === "postgresql") await soak(provider);
}
