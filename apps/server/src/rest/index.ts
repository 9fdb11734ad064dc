import { type ApiDeps, createCaller, createContext } from "@studio/api";
import { MESSAGES } from "@studio/validators";
import { type Context, Hono } from "hono";
import type { Logger } from "../logger";
import { authRoutes } from "./auth";
import { bookingsRoutes } from "./bookings";
import { contactRoutes } from "./contact";
import { feedbackRoutes } from "./feedback";
import { portfolioRoutes } from "./portfolio";
import { servicesRoutes } from "./services";
import { uploadRoutes } from "./upload";
import { bearerToken, type RestEnv, restError } from "./respond";

/** The /api compatibility layer: parse, call the tRPC router through createCaller, reshape. */
export function createRestApi(deps: ApiDeps, clientIp: (c: Context) => string, logger: Logger) {
  const api = new Hono<RestEnv>();
  api.use("*", async (c, next) => {
    const ctx = createContext(deps, {
      token: bearerToken(c.req.header("authorization")),
      ip: clientIp(c),
      idempotencyKey: c.req.header("idempotency-key") ?? null,
    });
    c.set("caller", createCaller(ctx));
    await next();
  });
  api.route("/auth", authRoutes);
  // Upload routes first: /upload/image, /services/upload-image, /portfolio/upload-image.
  api.route("/", uploadRoutes);
  api.route("/services", servicesRoutes);
  api.route("/portfolio", portfolioRoutes);
  api.route("/bookings", bookingsRoutes);
  api.route("/feedback", feedbackRoutes);
  api.route("/contact", contactRoutes);
  api.notFound((c) => c.json({ success: false, message: MESSAGES.common.notFound }, 404));
  api.onError((error, c) => restError(c, error, logger));
  return api;
}
