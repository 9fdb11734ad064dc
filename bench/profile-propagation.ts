/**
 * `pnpm bench:profile`: how long the public site takes to show a studio-profile change on a second instance.
 * Two real server processes share one PostgreSQL database; an admin saves the profile on instance A, and a
 * visitor's reads on instance B (GET /api/studio/profile, the read the site's pages make) are repeated until
 * they show the new phone number. Run once with the PostgreSQL LISTEN/NOTIFY bus, once with Redis pub/sub.
 * Printed, never asserted.
 *
 * BENCH_ROUNDS: saves per bus (default 30). BENCH_DATABASE_URL: the PostgreSQL server the bench databases are
 * created on (default postgresql://postgres@127.0.0.1:5432/postgres); they are dropped afterwards.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_STUDIO_PROFILE, type StudioProfile } from "@studio/validators";
import { PUSHED_CACHE_TTL_MS } from "../packages/api/src/cache";
import { startTestRedis } from "../packages/api/src/testing/redis";
import { freePort, HOST, startStudioServer, stop, waitFor, withTempPostgres } from "./process";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
/** A read on B that has not seen the change after this long counts as never (the cache lifetime bounds it). */
const GIVE_UP_MS = 60_000;

type Instance = { base: string; child: ChildProcess };

function log(message = "") {
  process.stdout.write(`${message}\n`);
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function startInstance(
  databaseUrl: string,
  dataDir: string,
  redisUrl: string | null,
): Promise<Instance> {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const child = startStudioServer({
    NODE_ENV: "production",
    HOST,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    JWT_SECRET: "bench-profile-secret-bench-profile-secret-0123",
    RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
    UPLOAD_DIR: path.join(dataDir, "uploads"),
    WEB_DIST: path.join(dataDir, "no-web-build"),
  });
  await waitFor(`${base}/health`, child);
  return { base, child };
}

async function readProfile(base: string): Promise<StudioProfile> {
  const res = await fetch(`${base}/api/studio/profile`);
  if (!res.ok) throw new Error(`GET /api/studio/profile answered ${res.status}`);
  return ((await res.json()) as { data: StudioProfile }).data;
}

/** Saves on A, then reads B until it shows the change: ms from A's answer (committed) to B's first fresh read. */
async function measure(a: Instance, b: Instance): Promise<{ afterCommit: number[]; afterSend: number[] }> {
  const register = await fetch(`${a.base}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Bench Owner", email: "owner@bench.example", password: "bench-password-1" }),
  });
  if (!register.ok) throw new Error(`sign-up answered ${register.status}: ${await register.text()}`);
  const { token } = (await register.json()) as { token: string };
  const { updated_at: _never, ...base } = DEFAULT_STUDIO_PROFILE;
  const afterCommit: number[] = [];
  const afterSend: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // B has the current profile cached (a visitor just loaded a page there).
    await readProfile(b.base);
    await readProfile(b.base);
    const phone = `+1 (555) 01${String(round).padStart(2, "0")}-${String(1000 + round)}`;
    const sent = performance.now();
    const save = await fetch(`${a.base}/api/studio/profile`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...base, phones: [phone] }),
    });
    if (!save.ok) throw new Error(`PUT /api/studio/profile answered ${save.status}: ${await save.text()}`);
    const committed = performance.now();
    for (;;) {
      const seen = (await readProfile(b.base)).phones[0] === phone;
      const now = performance.now();
      if (seen) {
        afterCommit.push(now - committed);
        afterSend.push(now - sent);
        break;
      }
      if (now - committed > GIVE_UP_MS) throw new Error(`instance B never showed round ${round}'s change`);
    }
  }
  return { afterCommit, afterSend };
}

function report(label: string, figures: { afterCommit: number[]; afterSend: number[] }) {
  const line = (name: string, values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    const f = (n: number) => `${n.toFixed(1)} ms`;
    log(
      `  ${name.padEnd(34)} p50 ${f(percentile(sorted, 50))}   p95 ${f(percentile(sorted, 95))}   max ${f(sorted[sorted.length - 1] ?? Number.NaN)}`,
    );
  };
  log(`${label} (${figures.afterCommit.length} saves)`);
  line("A answered the save → B shows it", figures.afterCommit);
  line("save sent to A → B shows it", figures.afterSend);
}

async function runWith(busLabel: string, redisUrl: string | null) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "studio-bench-profile-"));
  try {
    await withTempPostgres(PG_URL, "studio_bench_profile", async (url) => {
      // A first: it applies the migrations; B starts on the migrated database.
      const a = await startInstance(url, dataDir, redisUrl);
      const b = await startInstance(url, dataDir, redisUrl);
      try {
        report(busLabel, await measure(a, b));
      } finally {
        await Promise.all([stop(a.child), stop(b.child)]);
      }
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

log("Studio profile: a change on instance A, seen by visitors on instance B (one PostgreSQL database)");
log(`(Without the bus message, B would serve its cached profile for up to ${PUSHED_CACHE_TTL_MS / 1000} s.)`);
await runWith("PostgreSQL LISTEN/NOTIFY bus", null);
const redis = await startTestRedis();
try {
  await runWith("Redis pub/sub bus", redis.url);
} finally {
  await redis.stop();
}
