import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger";

export type RequestFields = { method: string; path: string; status: number; ms: number; ip: string };

/** One JSON line per request; server errors at error level. */
export function logRequest(logger: Logger, fields: RequestFields): void {
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
    logRequest(logger, {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ip: clientIp(c),
    });
  };
}
