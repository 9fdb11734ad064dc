import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger";
import { currentTraceId, tracingEnabled } from "../tracing";

export type RequestFields = { method: string; path: string; status: number; ip: string };

/**
 * One JSON line per request, with its duration since `started` (performance.now()) and, while tracing, its trace
 * id; server errors at error level.
 */
export function logRequest(logger: Logger, started: number, request: RequestFields): void {
  const traceId = tracingEnabled() ? currentTraceId() : undefined;
  const fields = {
    ...request,
    ms: Math.round((performance.now() - started) * 10) / 10,
    ...(traceId ? { trace_id: traceId } : {}),
  };
  if (fields.status >= 500) logger.error("request", fields);
  else logger.info("request", fields);
}

/** Capability tokens in paths (client manage links and galleries, the owner's calendar feed) never reach the logs. */
const SECRET_PATHS = /^(\/(?:api\/)?(?:manage|g)\/|\/calendar\/)[^/]+?(\.ics)?(?=\/|$)/;

export function redactPath(path: string): string {
  return path.replace(SECRET_PATHS, "$1[token]$2");
}

export function requestLog(
  logger: Logger,
  clientIp: (c: Parameters<MiddlewareHandler>[0]) => string,
): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logRequest(logger, started, {
      method: c.req.method,
      path: redactPath(c.req.path),
      status: c.res.status,
      ip: clientIp(c),
    });
  };
}
