import { existsSync } from "node:fs";
import path from "node:path";
import { createSmtpTransport, jobHandlers, startJobWorker, startMailWorker } from "@studio/api";
import { createDatabase, migrate, seedIfEmpty, startStatisticsKeeper } from "@studio/db";
import { createApp } from "./app";
import { createMetrics, metricsAnswer } from "./metrics";
import { buildDeps } from "./deps";
import { loadEnv, resolveFromRoot } from "./env";
import { listen } from "./listen";
import { createLogger } from "./logger";
import { createRequestPace } from "./request-pace";
import { startUploadCleanup } from "./upload-cleanup";

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);

const migration = await migrate(env.DATABASE_URL);
if (migration.applied.length)
  logger.info("migrations applied", { provider: migration.provider, applied: migration.applied });
const database = await createDatabase(env.DATABASE_URL);
if (env.SEED_ON_EMPTY && (await seedIfEmpty(database.prisma)))
  logger.info("empty database seeded with demo content");

const webDist = resolveFromRoot(env.WEB_DIST);
const hasWeb = existsSync(path.join(webDist, "index.html"));
if (!hasWeb) logger.warn("web build not found; serving the API only (run `pnpm build`)", { webDist });

const deps = await buildDeps(env, database);
// Logged once per change: the product keeps serving while the bus's engine is down.
deps.bus.onHealthChange((health, error) => {
  if (health === "ok") logger.info("event bus recovered", { engine: deps.bus.kind });
  else
    logger.warn("event bus down: limits per instance, cache staleness bounded by its lifetime", {
      engine: deps.bus.kind,
      error: error instanceof Error ? error.message : undefined,
    });
});
const closing = new AbortController();
// Measured only when METRICS_TOKEN is set (docs/operations.md); /metrics answers 404 otherwise.
const metrics = env.METRICS_TOKEN ? createMetrics(deps) : null;
const app = createApp(deps, {
  logger,
  webDist: hasWeb ? webDist : null,
  publicUrl: env.PUBLIC_URL ?? null,
  trustProxy: env.TRUST_PROXY,
  corsOrigins: env.CORS_ORIGINS,
  closing: closing.signal,
  metrics: metrics && env.METRICS_TOKEN ? { registry: metrics, token: env.METRICS_TOKEN } : null,
  s3: env.s3,
});

startUploadCleanup(deps, logger); // hourly; stops itself on SIGTERM/SIGINT
// PostgreSQL: tables that changed a lot since their last analysis are analyzed (packages/db/src/statistics.ts).
const stopStatistics = startStatisticsKeeper(database, { logger });

// The outbox's worker (every instance runs one; claims keep them from sending a message twice). Without
// SMTP_URL messages are still written, as "not sent", and shown in the back office.
/** At this many requests a second the mail worker sends small rounds only (see MailWorkerDeps.serverBusy). */
const MAIL_YIELD_ABOVE_RPS = 100;
const pace = createRequestPace(MAIL_YIELD_ABOVE_RPS);
const stopMail = env.SMTP_URL
  ? startMailWorker({
      db: deps.db,
      now: deps.now,
      from: env.MAIL_FROM,
      sealKey: deps.config.mail.sealKey,
      transport: createSmtpTransport(env.SMTP_URL),
      logger,
      serverBusy: pace.busy,
    })
  : null;
if (!env.SMTP_URL) logger.info("no SMTP_URL: e-mails are written but not sent (see /admin/mail)");

// Durable jobs (packages/api/src/jobs, ADR 013): every instance runs a worker; claims keep two from running one job.
const jobs = startJobWorker({
  db: deps.db,
  now: deps.now,
  handlers: jobHandlers(deps),
  logger,
  serverBusy: pace.busy,
});

const limits = {
  headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
  requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
  keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
};
const server = listen(app.fetch, { hostname: env.HOST, port: env.PORT, limits }, (info) => {
  logger.info("server listening", {
    url: `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${info.port}`,
    provider: database.provider,
  });
});

// Optionally also on an internal port (the same token), so a scraper need not go through the public proxy.
const metricsServer =
  metrics && env.METRICS_TOKEN && env.METRICS_PORT
    ? listen(
        (request) =>
          new URL(request.url).pathname === "/metrics"
            ? metricsAnswer(
                metrics,
                env.METRICS_TOKEN ?? null,
                request.headers.get("authorization") ?? undefined,
              )
            : new Response("Not found", { status: 404 }),
        { hostname: env.HOST, port: env.METRICS_PORT, limits },
        (info) => logger.info("metrics listening", { port: info.port }),
      )
    : null;

let shuttingDown = false;
// Once shutting down, every response says "Connection: close", so busy keep-alive clients move off and close() can finish.
server.prependListener("request", (_req, res) => shuttingDown && res.setHeader("Connection", "close"));
server.on("request", pace.count);
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info("shutting down", { signal });
  const force = setTimeout(() => {
    logger.warn("shutdown timed out; closing remaining connections");
    if ("closeAllConnections" in server) server.closeAllConnections();
  }, env.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  // Stop accepting, end the live streams (their clients resume on another instance), let in-flight requests
  // finish, then close the database.
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    closing.abort();
    if (!("closeIdleConnections" in server)) return;
    server.closeIdleConnections();
    // An ended stream leaves its keep-alive connection idle (its headers went out before the shutdown).
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.once("close", () => clearInterval(sweep));
  });
  metricsServer?.close();
  stopStatistics?.();
  await Promise.all([stopMail?.(), jobs.stop()]);
  await deps.bus.close();
  await database.close();
  logger.info("shutdown complete");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
// Started through a package script (`pnpm start`), the server's parent is pnpm, which does not pass SIGTERM on:
// when pnpm goes, the server goes too, gracefully, instead of staying behind on its port.
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown("parent exited");
  }, 500).unref();
}
