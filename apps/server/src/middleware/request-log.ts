import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger";

export type RequestFields = { method: string; path: string; status: number; ip: string };

/** One JSON line per request, with its duration since `started` (performance.now()); server errors at error level. */
export function logRequest(logger: Logger, started: number, request: RequestFields): void {
  const fields = { ...request, ms: Math.round((performance.now() - started) * 10) / 10 };
  if (fields.status >= 500) logger.error("request", fields);
  else logger.info("request", fields);
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
      path: c.req.path,
      status: c.res.status,
      ip: clientIp(c),
    });
  };
}
