import { type ApiDeps, AppError, createCaller, createContext } from "@studio/api";
import { MESSAGES } from "@studio/validators";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { publicOriginOf } from "../client-ip";
import type { Logger } from "../logger";
import { jsonBody } from "../middleware/request-guards";
import { authRoutes } from "./auth";
import { bookingsRoutes } from "./bookings";
import { contactRoutes } from "./contact";
import { feedbackRoutes } from "./feedback";
import { galleryClientRoutes, galleryUploadRoutes } from "./galleries";
import { manageRoutes } from "./manage";
import { portfolioRoutes } from "./portfolio";
import { servicesRoutes } from "./services";
import { referenceRoutes } from "./openapi/reference";
import { studioRoutes } from "./studio";
import { uploadRoutes } from "./upload";
import { bearerToken, type RestEnv, restError } from "./respond";

/** Writes anyone may send; every other write under a resource below needs the admin token. */
const PUBLIC_WRITES = new Set([
  "POST /contact",
  "POST /bookings",
  "POST /feedback",
  "POST /auth/login",
  "POST /auth/register",
]);
const ADMIN_RESOURCES = /^\/(services|portfolio|bookings|feedback|contact|auth|studio)(\/|$)/;
/** Multipart routes: their procedures check the caller first and then stream the body with its own limits. */
const UPLOADS = new Set([
  "/upload/image",
  "/services/upload-image",
  "/portfolio/upload-image",
  "/galleries/upload-media",
]);

/**
 * Before any body is read: an admin write without a valid token is refused (so a stranger's 100 MB body is
 * never parsed), then the JSON guard (415 / 413). The token check is the one the procedure then reuses.
 */
function writeGuard(): MiddlewareHandler<RestEnv> {
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next();
    const path = c.req.path.replace(/^\/api/, "").replace(/\/+$/, "") || "/";
    if (UPLOADS.has(path)) return next();
    const isPublic = PUBLIC_WRITES.has(`${c.req.method} ${path}`);
    if (!isPublic && ADMIN_RESOURCES.test(path) && !(await c.var.auth())) {
      throw new AppError("UNAUTHORIZED", MESSAGES.auth.unauthorized);
    }
    return jsonBody(c, next);
  };
}

/** The /api compatibility layer: parse, call the tRPC router through createCaller, reshape. */
export function createRestApi(
  deps: ApiDeps,
  options: {
    clientIp: (c: Context) => string;
    logger: Logger;
    publicUrl: string | null;
    trustProxy: boolean;
  },
) {
  const { clientIp, logger } = options;
  const api = new Hono<RestEnv>();
  api.use("*", async (c, next) => {
    const ctx = createContext(deps, {
      token: bearerToken(c.req.header("authorization")),
      ip: clientIp(c),
      idempotencyKey: c.req.header("idempotency-key") ?? null,
      // External tools may call with an API key (`sk_…`) here, and only here.
      apiKeys: true,
    });
    c.set("caller", createCaller(ctx));
    c.set("auth", ctx.auth);
    c.set(
      "origin",
      publicOriginOf(options, new URL(c.req.url).origin, (name) => c.req.header(name)),
    );
    await next();
  });
  api.use("*", writeGuard());
  api.route("/auth", authRoutes);
  // Upload routes first: /upload/image, /services/upload-image, /portfolio/upload-image.
  api.route("/", uploadRoutes);
  api.route("/", galleryUploadRoutes);
  api.route("/g", galleryClientRoutes(deps));
  api.route("/services", servicesRoutes);
  api.route("/portfolio", portfolioRoutes);
  api.route("/bookings", bookingsRoutes);
  api.route("/feedback", feedbackRoutes);
  api.route("/contact", contactRoutes);
  api.route("/manage", manageRoutes);
  api.route("/studio", studioRoutes);
  api.route("/", referenceRoutes);
  api.notFound((c) => c.json({ success: false, message: MESSAGES.common.notFound }, 404));
  api.onError((error, c) => restError(c, error, logger));
  return api;
}
