import { type ApiDeps, appRouter, createContext } from "@studio/api";
import { isDatabaseReachable } from "@studio/db";
import { MESSAGES } from "@studio/validators";
import { trpcServer } from "@hono/trpc-server";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { clientIpOf, clientIpResolver, isHttpsOf, socketAddressOf } from "./client-ip";
import type { Logger } from "./logger";
import { createRateLimiter, type RateLimitRule, rateLimit } from "./middleware/rate-limit";
import { createPublicSnapshots } from "./middleware/public-snapshots";
import { logRequest, requestLog } from "./middleware/request-log";
import { securityHeaders } from "./middleware/security-headers";
import { bearerToken } from "./rest/respond";
import { createRestApi } from "./rest/index";
import { serveSpa } from "./static-spa";
import { createUploadsRoute } from "./uploads-route";

export type AppOptions = {
  logger: Logger;
  /** Directory of the built SPA, served in production; null to serve only the API. */
  webDist: string | null;
  /** Public origin of the site (PUBLIC_URL), written into robots.txt and sitemap.xml. */
  publicUrl?: string | null;
  trustProxy: boolean;
  corsOrigins: string[];
  rateLimit: boolean;
};

const PUBLIC_FORM_RULE = (bucket: string): RateLimitRule => ({ bucket, max: 20, windowMs: 60_000 });
const LIMITED_POSTS: Record<string, string> = {
  "/api/bookings": "booking",
  "/trpc/bookings.create": "booking",
  "/api/feedback": "feedback",
  "/trpc/feedback.submit": "feedback",
  "/api/contact": "contact",
  "/trpc/contact.send": "contact",
  "/api/upload/image": "upload",
  "/api/auth/register": "register",
  "/trpc/auth.register": "register",
};

const RESERVED = /^\/(api|trpc|uploads|health)(\/|$)/;

export function createApp(deps: ApiDeps, options: AppOptions) {
  const { logger } = options;
  const clientIp = clientIpResolver(options.trustProxy);
  const limiter = createRateLimiter();
  const app = new Hono();

  const isHttps = (c: Context) => isHttpsOf(options.trustProxy, c.req.url, c.req.header("x-forwarded-proto"));

  const snapshots = createPublicSnapshots({
    cache: deps.cache,
    trustProxy: options.trustProxy,
    onServed: ({ path, status, started, header, env }) =>
      logRequest(logger, started, {
        method: "GET",
        path,
        status,
        ip: clientIpOf(options.trustProxy, header("x-forwarded-for"), socketAddressOf(env)),
      }),
  });

  app.use("*", requestLog(logger, clientIp));
  app.use("*", snapshots.capture);
  app.use("*", securityHeaders({ tileUrl: deps.config.mapTileUrl, isHttps }));
  if (options.corsOrigins.length > 0) {
    const corsMiddleware = cors({
      origin: options.corsOrigins,
      allowHeaders: ["Content-Type", "Authorization", "Idempotency-Key"],
      allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      maxAge: 600,
    });
    app.use("/api/*", corsMiddleware);
    app.use("/trpc/*", corsMiddleware);
  }
  app.use(
    "*",
    rateLimit(limiter, options.rateLimit, clientIp, (c) => {
      if (c.req.method !== "POST") return null;
      const bucket = LIMITED_POSTS[c.req.path];
      return bucket ? PUBLIC_FORM_RULE(bucket) : null;
    }),
  );

  app.get("/health", async (c) => {
    const up = await isDatabaseReachable(deps.db);
    c.header("Cache-Control", "no-store");
    return up
      ? c.json({ status: "ok", database: "up", provider: deps.provider })
      : c.json(
          { status: "unavailable", database: "down", message: MESSAGES.common.databaseUnavailable },
          503,
        );
  });

  const jsonLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => c.json({ success: false, message: MESSAGES.common.payloadTooLarge }, 413),
  });
  // An upload refused before its body was read to the end: close the connection, else @hono/node-server's
  // 500 ms drain timer destroys the socket later, cutting whatever request the client sent next on it.
  app.use("/api/*", async (c, next) => {
    await next();
    if (c.res.status >= 400 && c.req.header("content-type")?.startsWith("multipart/"))
      c.header("Connection", "close");
  });
  app.use("/trpc/*", jsonLimit);
  app.use(
    "/trpc/*",
    trpcServer({
      router: appRouter,
      endpoint: "/trpc",
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

  app.route("/api", createRestApi(deps, clientIp, logger));
  app.route("/uploads", createUploadsRoute(deps));

  if (options.webDist)
    app.use(
      "*",
      serveSpa(options.webDist, (p) => RESERVED.test(p), options.publicUrl ?? null),
    );

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
