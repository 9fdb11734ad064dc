/**
 * Operators' metrics in Prometheus format (prom-client), at /metrics behind METRICS_TOKEN (see metricsRoute):
 * requests and their latency per route template and status, database statement time, the outboxes' backlog
 * and age (mail, durable jobs), live streams open, rate-limit refusals, uploads stored, and Node's own figures.
 * docs/operations.md says what each means and which to alert on.
 *
 * The hot path costs a Map lookup and two calls per request: each (method, route, status) gets its label
 * children once, so no label set is hashed per request. The backlogs are read from the database only when
 * Prometheus scrapes.
 */
import { timingSafeEqual } from "node:crypto";
import { type ApiDeps, jobBacklog } from "@studio/api";
import { observeQueries } from "@studio/db";
import { Counter, collectDefaultMetrics, Gauge, Histogram, type Metric, Registry } from "prom-client";

export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/** Multipart routes, by what they store. */
const UPLOAD_ROUTES: Record<string, string> = {
  "/api/upload/image": "booking_proof",
  "/api/services/upload-image": "service_image",
  "/api/portfolio/upload-image": "portfolio_media",
  "/api/galleries/upload-media": "gallery_media",
};

export type Metrics = {
  registry: Registry;
  /** One answered request: its method, route template ("/api/bookings/:id"), status and start. */
  request: (method: string, route: string, status: number, started: number) => void;
  /** Live streams open on this instance, read when scraped. */
  watchLiveStreams: (open: () => number) => void;
  stop: () => void;
};

export function createMetrics(deps: Pick<ApiDeps, "db" | "now" | "provider">): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "studio_" });
  // The per-request figures are kept by RequestSeries (below): prom-client's labelled metrics hash their label set
  // on every call, which cost a fifth of a snapshot-served request's CPU.
  const series = new RequestSeries();
  registry.registerMetric(series.counter() as unknown as Metric);
  registry.registerMetric(series.histogram() as unknown as Metric);
  const refusals = new Counter({
    name: "studio_rate_limit_refusals_total",
    help: "Requests refused with 429 (form limits, sign-in lockouts, API key limits), by route template",
    labelNames: ["route"],
    registers: [registry],
  });
  const uploads = new Counter({
    name: "studio_uploads_stored_total",
    help: "Files stored by the upload endpoints, by purpose",
    labelNames: ["purpose"],
    registers: [registry],
  });
  const queries = new Histogram({
    name: "studio_db_query_duration_seconds",
    help: "Time of each database statement (Prisma's and the plain-SQL writes)",
    labelNames: ["provider"],
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const queryTimer = queries.labels(deps.provider);
  observeQueries((seconds) => queryTimer.observe(seconds));

  let liveStreams: () => number = () => 0;
  new Gauge({
    name: "studio_live_streams_open",
    help: "Back-office live event streams (SSE) open on this instance",
    registers: [registry],
    collect() {
      this.set(liveStreams());
    },
  });

  // The backlogs: one read per scrape, shared by its three gauges (each collects once per scrape, in turn), so
  // the next scrape reads afresh however soon it comes.
  const BACKLOG_GAUGES = 3;
  let backlog: Promise<Backlog> = Promise.resolve({ queues: {} });
  let collected = 0;
  const readBacklog = () => {
    if (collected % BACKLOG_GAUGES === 0) backlog = outboxBacklog(deps);
    collected++;
    return backlog;
  };
  new Gauge({
    name: "studio_outbox_waiting",
    help: "Messages and jobs waiting to be sent or run (mail outbox, and each durable job kind)",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, row] of Object.entries((await readBacklog()).queues))
        this.set({ queue }, row.waiting);
    },
  });
  new Gauge({
    name: "studio_outbox_oldest_age_seconds",
    help: "How long the oldest waiting message or job has been due (0 when none is late)",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, row] of Object.entries((await readBacklog()).queues))
        this.set({ queue }, row.oldestSeconds);
    },
  });
  new Gauge({
    name: "studio_outbox_failed",
    help: "Messages and jobs that failed for good and are kept (mail: until resent; jobs: 30 days)",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, row] of Object.entries((await readBacklog()).queues))
        this.set({ queue }, row.failed);
    },
  });

  const request: Metrics["request"] = (method, route, status, started) => {
    series.observe(method, route, status, (performance.now() - started) / 1000);
    if (status === 429) refusals.labels(route).inc();
    else if (status === 201 && UPLOAD_ROUTES[route]) uploads.labels(UPLOAD_ROUTES[route]!).inc();
  };

  return {
    registry,
    request,
    watchLiveStreams: (open) => {
      liveStreams = open;
    },
    stop: () => observeQueries(null),
  };
}

type Series = {
  labels: { method: string; route: string; status: string };
  /** Observations per bucket (not cumulative); the last slot is above every bound. */
  buckets: number[];
  sum: number;
  count: number;
};

/**
 * `studio_http_requests_total` and `studio_http_request_duration_seconds`, kept in plain objects per (method,
 * route, status) and written out in prom-client's format when scraped (Registry.registerMetric takes any object
 * with a name and get()).
 */
class RequestSeries {
  private readonly series = new Map<string, Series>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let entry = this.series.get(key);
    if (!entry) {
      // Route templates and statuses are few; the bound keeps a misbehaving client from growing the map.
      if (this.series.size >= 5_000) return;
      entry = {
        labels: { method, route, status: String(status) },
        buckets: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, entry);
    }
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]!) i++;
    entry.buckets[i]! += 1;
    entry.sum += seconds;
    entry.count += 1;
  }

  counter() {
    const name = "studio_http_requests_total";
    const help = "HTTP requests answered, by method, route template and status";
    return {
      name,
      help,
      type: "counter",
      aggregator: "sum",
      get: async () => ({
        name,
        help,
        type: "counter",
        aggregator: "sum",
        values: [...this.series.values()].map((s) => ({ labels: s.labels, value: s.count })),
      }),
      reset: () => this.series.clear(),
    };
  }

  histogram() {
    const name = "studio_http_request_duration_seconds";
    const help =
      "Time from a request's arrival to its answer's headers, by method, route template and status";
    return {
      name,
      help,
      type: "histogram",
      aggregator: "sum",
      get: async () => ({
        name,
        help,
        type: "histogram",
        aggregator: "sum",
        values: [...this.series.values()].flatMap((s) => {
          let cumulative = 0;
          const buckets = LATENCY_BUCKETS.map((le, i) => {
            cumulative += s.buckets[i]!;
            return { labels: { ...s.labels, le }, value: cumulative, metricName: `${name}_bucket` };
          });
          return [
            ...buckets,
            { labels: { ...s.labels, le: "+Inf" }, value: s.count, metricName: `${name}_bucket` },
            { labels: s.labels, value: s.sum, metricName: `${name}_sum` },
            { labels: s.labels, value: s.count, metricName: `${name}_count` },
          ];
        }),
      }),
      reset: () => this.series.clear(),
    };
  }
}

type Backlog = { queues: Record<string, { waiting: number; oldestSeconds: number; failed: number }> };

async function outboxBacklog(deps: Pick<ApiDeps, "db" | "now">): Promise<Backlog> {
  const now = deps.now();
  const [jobs, mailWaiting, mailOldest, mailFailed, eventsWaiting, oldestEvent] = await Promise.all([
    jobBacklog(deps.db, now),
    deps.db.outgoingMail.count({ where: { status: { in: ["pending", "sending"] } } }),
    deps.db.outgoingMail.findFirst({
      where: { status: "pending", notBefore: { lte: now } },
      orderBy: { notBefore: "asc" },
      select: { notBefore: true },
    }),
    deps.db.outgoingMail.count({ where: { status: "failed" } }),
    deps.db.webhookEvent.count(),
    deps.db.webhookEvent.findFirst({ orderBy: { id: "asc" }, select: { createdAt: true } }),
  ]);
  const queues: Backlog["queues"] = {
    mail: {
      waiting: mailWaiting,
      oldestSeconds: mailOldest ? Math.max(0, (now.getTime() - mailOldest.notBefore.getTime()) / 1000) : 0,
      failed: mailFailed,
    },
    // Webhook events not yet turned into deliveries (their table has no failed state: a round takes them all).
    "webhook.events": {
      waiting: eventsWaiting,
      oldestSeconds: oldestEvent ? Math.max(0, (now.getTime() - oldestEvent.createdAt.getTime()) / 1000) : 0,
      failed: 0,
    },
  };
  for (const row of jobs)
    queues[`job:${row.kind}`] = {
      waiting: row.waiting,
      oldestSeconds: row.oldestDueSeconds,
      failed: row.failed,
    };
  return { queues };
}

/** The route template of an answered request, for the labels: a bounded set, never the raw path. */
export function routeLabel(
  path: string,
  matched: { method: string; path: string }[],
  status: number,
): string {
  if (path.startsWith("/trpc/")) {
    const procedures = path.slice("/trpc/".length);
    return procedures.includes(",")
      ? "/trpc/(batch)"
      : `/trpc/${TRPC_NAME.test(procedures) ? procedures : "(unknown)"}`;
  }
  for (let i = matched.length - 1; i >= 0; i--) {
    const route = matched[i]!;
    if (route.method !== "ALL") return route.path;
  }
  if (path.startsWith("/uploads/")) return "/uploads/*";
  return status === 404 ? "(unmatched)" : "(site)";
}

/** A procedure path as tRPC names them ("bookings.list"); anything else is not a label. */
const TRPC_NAME = /^[a-zA-Z]{1,40}\.[a-zA-Z]{1,40}$/;

/**
 * GET /metrics: 404 while METRICS_TOKEN is unset (nothing is even measured then), 401 without
 * `Authorization: Bearer <METRICS_TOKEN>`, else the registry in Prometheus' text format.
 */
export async function metricsAnswer(
  metrics: Metrics | null,
  token: string | null,
  authorization: string | undefined,
): Promise<Response> {
  if (!metrics || !token) return new Response("Not found", { status: 404 });
  const given = Buffer.from(/^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return new Response("Unauthorized", {
      status: 401,
      headers: { "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" },
    });
  return new Response(await metrics.registry.metrics(), {
    headers: { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" },
  });
}

/** The route template of a public list answered from a snapshot (middleware/public-snapshots.ts). */
export function snapshotRoute(path: string): string {
  if (path.startsWith("/trpc/")) return routeLabel(path, [], 200);
  const trimmed = path.replace(/\/$/, "");
  const category = /^\/api\/(services|portfolio|feedback)\/category\/[^/]+$/.exec(trimmed);
  if (category) return `/api/${category[1]}/category/:category`;
  if (/^\/api\/(services|portfolio)\/(?!category$)[^/]+$/.test(trimmed) && !trimmed.endsWith("/approved"))
    return trimmed.replace(/\/[^/]+$/, "/:id");
  return trimmed;
}
