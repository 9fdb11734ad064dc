import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger";

export function requestLog(
  logger: Logger,
  clientIp: (c: Parameters<MiddlewareHandler>[0]) => string,
): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const fields = {
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ip: clientIp(c),
    };
    if (status >= 500) logger.error("request", fields);
    else logger.info("request", fields);
  };
}
