/**
 * "Forgot password?" timing for a known and an unknown e-mail (issue 28, item 5), through the real server: the
 * median time of `auth.requestPasswordReset` for an admin's address and for an address no account has,
 * interleaved, on SQLite and (with BENCH_DATABASE_URL=postgresql://…) on a fresh PostgreSQL database. The request
 * only queues a job, so the two medians should be the same within noise. Figures are printed, never asserted.
 * BENCH_RESET_ROUNDS (default 300) requests of each kind.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createTempPostgres, freePort, HOST, startBenchServer, stop } from "./process";

const ROUNDS = Number(process.env.BENCH_RESET_ROUNDS ?? 300);
const KNOWN = "owner@bench.test";
const log = (message: string) => process.stdout.write(`${message}\n`);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function post(base: string, route: string, body: unknown): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${route} answered ${response.status}`);
  return performance.now() - started;
}

async function measure(label: string, databaseUrl: string): Promise<void> {
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), "bench-reset-"));
  // Mail must be on for the reset path to do anything; nothing listens on this port, so the worker only retries.
  const smtpPort = await freePort();
  const { server, base } = await startBenchServer(databaseUrl, uploadDir, {
    SMTP_URL: `smtp://${HOST}:${smtpPort}`,
    MAIL_FROM: "Studio <studio@bench.test>",
  });
  try {
    await post(base, "/api/auth/register", { name: "Owner", email: KNOWN, password: "bench-password-1" });
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 20; i++) await post(base, "/trpc/auth.requestPasswordReset", { email: KNOWN });
    for (let i = 0; i < ROUNDS; i++) {
      known.push(await post(base, "/trpc/auth.requestPasswordReset", { email: KNOWN }));
      unknown.push(await post(base, "/trpc/auth.requestPasswordReset", { email: `ghost${i}@bench.test` }));
    }
    const k = median(known);
    const u = median(unknown);
    log(
      `${label}: median ${k.toFixed(2)} ms for a known e-mail, ${u.toFixed(2)} ms for an unknown one ` +
        `(difference ${(k - u).toFixed(2)} ms, ${ROUNDS} requests each)`,
    );
  } finally {
    await stop(server);
    rmSync(uploadDir, { recursive: true, force: true });
  }
}

const sqliteDir = mkdtempSync(path.join(os.tmpdir(), "bench-reset-db-"));
try {
  await measure("SQLite", `file:${path.join(sqliteDir, "bench.db")}`);
} finally {
  rmSync(sqliteDir, { recursive: true, force: true });
}
if (process.env.BENCH_DATABASE_URL) {
  const database = await createTempPostgres(process.env.BENCH_DATABASE_URL, "bench_reset");
  try {
    await measure("PostgreSQL", database.url);
  } finally {
    await database.drop();
  }
}
