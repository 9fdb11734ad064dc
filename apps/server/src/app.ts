import {
  type ApiDeps,
  appRouter,
  createContext,
  getCategoryCatalog,
  getStudioProfile,
  type S3StorageOptions,
} from "@studio/api";
import { isDatabaseReachable } from "@studio/db";
import { MESSAGES, TRPC_MAX_BATCH } from "@studio/validators";
import { trpcServer } from "@hono/trpc-server";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { matchedRoutes } from "hono/route";
import { clientIpOf, clientIpResolver, isHttpsOf, socketAddressOf } from "./client-ip";
import type { Logger } from "./logger";
import { createPublicSnapshots } from "./middleware/public-snapshots";
import { jsonBody, noStoreByDefault, trpcRequestGuard } from "./middleware/request-guards";
import { logRequest, requestLog } from "./middleware/request-log";
import { securityHeaders } from "./middleware/security-headers";
import { bearerToken } from "./rest/respond";
import { createRestApi } from "./rest/index";
import { galleryPage } from "./gallery-html";
import { createLiveHub, liveStreamHandler } from "./live-stream";
import { loadPrerenderedPages } from "./prerendered-pages";
import { type Metrics, metricsAnswer, routeLabel, snapshotRoute } from "./metrics";
import { serveSpa } from "./static-spa";
import { nameRequestSpans, tracingEnabled } from "./tracing";
import { createUploadsRoute } from "./uploads-route";
import { createResumableRoute, RESUMABLE_PATH } from "./resumable-route";
import { createCalendarFeedRoute } from "./calendar-feed";
import { createFormPages } from "./form-pages";

export type AppOptions = {
  logger: Logger;
  /** Directory of the built SPA, served in production; null to serve only the API. */
  webDist: string | null;
  /** Public origin of the site (PUBLIC_URL), written into robots.txt and sitemap.xml. */
  publicUrl?: string | null;
  trustProxy: boolean;
  /** Origins allowed to call /api and /trpc from a browser (CORS_ORIGINS); preflights answer either way. */
  corsOrigins: string[];
  /** Aborted when the server starts shutting down: long-lived live streams end so the shutdown can finish. */
  closing?: AbortSignal;
  /** Prometheus metrics (METRICS_TOKEN set), answered at /metrics to that bearer token; null: none, 404. */
  metrics?: { registry: Metrics; token: string } | null;
  /** With STORAGE=s3: the bucket's settings, where resumable uploads keep their parts. */
  s3?: Omit<S3StorageOptions, "tempDir"> | null;
};

const RESERVED = /^\/(api|trpc|uploads|health|calendar|metrics)(\/|$)/;

export function createApp(deps: ApiDeps, options: AppOptions) {
  const { logger } = options;
  const clientIp = clientIpResolver(options.trustProxy);
  const app = new Hono();

  const isHttps = (c: Context) => isHttpsOf(options.trustProxy, c.req.url, c.req.header("x-forwarded-proto"));

  const metrics = options.metrics?.registry ?? null;
  const snapshots = createPublicSnapshots({
    cache: deps.cache,
    trustProxy: options.trustProxy,
    publicUrl: options.publicUrl ?? null,
    onServed: ({ path, status, started, header, env }) => {
      metrics?.request("GET", snapshotRoute(path), status, started);
      logRequest(logger, started, {
        method: "GET",
        path,
        status,
        ip: clientIpOf(options.trustProxy, header("x-forwarded-for"), socketAddressOf(env)),
      });
    },
  });

  if (metrics)
    app.use("*", async (c, next) => {
      const started = performance.now();
      await next();
      metrics.request(
        c.req.method,
        routeLabel(c.req.path, matchedRoutes(c), c.res.status),
        c.res.status,
        started,
      );
    });
  // With OTEL_EXPORTER_OTLP_ENDPOINT: each request's span named by its route (the log carries its trace id).
  if (tracingEnabled())
    app.use(
      "*",
      nameRequestSpans((c) => routeLabel(c.req.path, matchedRoutes(c), c.res.status)),
    );
  app.use("*", requestLog(logger, clientIp));
  app.use("*", snapshots.capture);
  app.use("*", securityHeaders({ tileUrl: deps.config.mapTileUrl, isHttps }));
  // Mounted even with no allowed origin, so a preflight answers 204 (without allow headers) instead of 404.
  const allowed = new Set(options.corsOrigins);
  const allowedCors = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowHeaders: ["Content-Type", "Authorization", "Idempotency-Key", "Last-Event-ID", "X-Live-Stream"],
    allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    maxAge: 600,
  });
  const corsMiddleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== "OPTIONS") {
      // What Hono's cors adds to a simple request, set once on the finished response's own headers: it set
      // them on a placeholder response first and rebuilt the response twice (13% of a cached page's CPU).
      await next();
      const origin = c.req.header("origin") ?? "";
      const headers = c.res.headers;
      if (allowed.has(origin)) headers.set("Access-Control-Allow-Origin", origin);
      headers.append("Vary", "Origin");
      return;
    }
    if (!allowed.has(c.req.header("origin") ?? "")) {
      c.header("Vary", "Origin");
      return c.body(null, 204);
    }
    return allowedCors(c, next);
  };
  app.use("/api/*", corsMiddleware);
  app.use("/trpc/*", corsMiddleware);
  app.use("/api/*", noStoreByDefault);
  app.use("/trpc/*", noStoreByDefault);

  app.get("/metrics", (c) =>
    metricsAnswer(metrics, options.metrics?.token ?? null, c.req.header("authorization")),
  );

  // Ready to serve while the database answers; "degraded" (still 200) while the event bus's engine is down.
  app.get("/health", async (c) => {
    const up = await isDatabaseReachable(deps.db);
    c.header("Cache-Control", "no-store");
    if (!up)
      return c.json(
        { status: "unavailable", database: "down", message: MESSAGES.common.databaseUnavailable },
        503,
      );
    const events = deps.bus.health() === "ok" ? "up" : "down";
    return c.json({
      status: events === "up" ? "ok" : "degraded",
      database: "up",
      provider: deps.provider,
      events: { engine: deps.bus.kind, state: events },
    });
  });

  app.use("/trpc/*", trpcRequestGuard);
  app.use("/trpc/*", jsonBody);
  app.use(
    "/trpc/*",
    trpcServer({
      router: appRouter,
      endpoint: "/trpc",
      maxBatchSize: TRPC_MAX_BATCH,
      createContext: (_opts, c) =>
        createContext(deps, {
          token: bearerToken(c.req.header("authorization")),
          ip: clientIp(c),
          idempotencyKey: c.req.header("idempotency-key") ?? null,
        }),
      onError: ({ error, path }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") {
          logger.error("tRPC internal error", { path, error: error.cause?.stack ?? error.stack });
        }
      },
    }),
  );

  const liveHub = createLiveHub(deps, logger);
  metrics?.watchLiveStreams(liveHub.open);
  app.get(
    "/api/live",
    liveStreamHandler(
      deps,
      liveHub,
      (c) =>
        createContext(deps, { token: bearerToken(c.req.header("authorization")), ip: clientIp(c) }).auth(),
      options.closing,
    ),
  );
  // Before the REST layer: tus bodies are not JSON (resumable-route.ts).
  const resumable = createResumableRoute(deps, { logger, clientIp, s3: options.s3 ?? null });
  app.route(RESUMABLE_PATH, resumable.route);
  app.route(
    "/api",
    createRestApi(deps, {
      clientIp,
      logger,
      publicUrl: options.publicUrl ?? null,
      trustProxy: options.trustProxy,
    }),
  );
  app.route("/uploads", createUploadsRoute(deps, logger));
  app.route("/calendar", createCalendarFeedRoute(deps));

  if (options.webDist) {
    // The contact and feedback forms posted without JavaScript (answered with a page).
    app.route(
      "/",
      createFormPages(deps, {
        clientIp,
        logger,
        publicUrl: options.publicUrl ?? null,
        trustProxy: options.trustProxy,
        webDist: options.webDist,
      }),
    );
    // Public pages: prerendered HTML, rendered again here with the studio profile once it is changed; category
    // pages with their current services and portfolio.
    const pages = loadPrerenderedPages(options.webDist, {
      publicUrl: options.publicUrl ?? null,
      profile: () => getStudioProfile(deps),
      catalog: (category) => getCategoryCatalog(deps, { category }),
    });
    app.use(
      "*",
      serveSpa(
        options.webDist,
        (p) => RESERVED.test(p),
        options.publicUrl ?? null,
        pages,
        (error, path) =>
          logger.error("Page could not be rendered; serving the app shell", {
            path,
            error: error instanceof Error ? (error.stack ?? error.message) : String(error),
          }),
        // The gallery page's cover (or its scripts) start loading with its HTML (gallery-html.ts).
        galleryPage(deps, options.webDist, pages?.loader ?? null),
      ),
    );
  }

  app.notFound((c) =>
    RESERVED.test(c.req.path)
      ? c.json({ success: false, message: MESSAGES.common.notFound }, 404)
      : c.text("Not found", 404),
  );
  app.onError((error, c) => {
    logger.error("unhandled error", { path: c.req.path, error: error.stack });
    return c.json({ success: false, message: MESSAGES.common.serverError }, 500);
  });
  // Current snapshots are answered before the app is entered; everything else goes through it.
  const answer = app.fetch;
  app.fetch = (request, env, executionCtx) =>
    snapshots.serve(request, env) ?? answer(request, env, executionCtx);
  return app;
}
