/**
 * OpenTelemetry traces, exported over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (loaded by main.ts only when it is
 * set; otherwise none of this runs, and the API's spans are no-ops). Spans: each HTTP request (continuing a
 * caller's `traceparent`, named by route template), its database statements (Prisma's own instrumentation, and
 * pg's for the plain-SQL writes on PostgreSQL), Redis commands, and outgoing HTTP (webhook deliveries). The
 * request log carries each request's trace id.
 */
import { createRequire, register } from "node:module";
import { trace } from "@opentelemetry/api";
import type { MiddlewareHandler } from "hono";

const require = createRequire(import.meta.url);

export type TracingOptions = { endpoint: string; serviceName: string };

/**
 * Kept on globalThis, not in this module: modules imported after the loader hook is registered are instances of
 * their own, so a module-level flag set by main.ts would not be seen by the app's copy of this file.
 */
const STARTED = Symbol.for("studio.tracing.started");
const flags = globalThis as { [STARTED]?: boolean };

/** Starts the SDK; call before the instrumented modules are imported (main.ts). */
export function startTracing(options: TracingOptions): void {
  if (flags[STARTED]) return;
  flags[STARTED] = true;
  // Modules imported from now on pass through OpenTelemetry's loader hook, so ESM imports are instrumented too.
  register("@opentelemetry/instrumentation/hook.mjs", import.meta.url);
  const { NodeSDK } = require("@opentelemetry/sdk-node") as typeof import("@opentelemetry/sdk-node");
  const { OTLPTraceExporter } =
    require("@opentelemetry/exporter-trace-otlp-http") as typeof import("@opentelemetry/exporter-trace-otlp-http");
  const { HttpInstrumentation } =
    require("@opentelemetry/instrumentation-http") as typeof import("@opentelemetry/instrumentation-http");
  const { PgInstrumentation } =
    require("@opentelemetry/instrumentation-pg") as typeof import("@opentelemetry/instrumentation-pg");
  const { IORedisInstrumentation } =
    require("@opentelemetry/instrumentation-ioredis") as typeof import("@opentelemetry/instrumentation-ioredis");
  const { PrismaInstrumentation } =
    require("@prisma/instrumentation") as typeof import("@prisma/instrumentation");
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    traceExporter: new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, "")}/v1/traces` }),
    instrumentations: [
      // A server span per request (named by route in nameRequestSpans), and one per call out (webhooks).
      new HttpInstrumentation(),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
      new PrismaInstrumentation(),
    ],
  });
  sdk.start();
  const stop = () => void sdk.shutdown().catch(() => undefined);
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

/** Whether spans are being recorded (the request log then carries trace ids). */
export function tracingEnabled(): boolean {
  return flags[STARTED] === true;
}

/** The trace id of the active span, or undefined. */
export function currentTraceId(): string | undefined {
  const id = trace.getActiveSpan()?.spanContext().traceId;
  return id && id !== "00000000000000000000000000000000" ? id : undefined;
}

/**
 * Names each request's server span (made by the HTTP instrumentation, which also continues a caller's
 * `traceparent`) after its route template, "<METHOD> <route>", and records the route, once it is known.
 */
export function nameRequestSpans(route: (c: Parameters<MiddlewareHandler>[0]) => string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const span = trace.getActiveSpan();
    if (!span) return;
    const template = route(c);
    span.updateName(`${c.req.method} ${template}`);
    span.setAttribute("http.route", template);
  };
}
