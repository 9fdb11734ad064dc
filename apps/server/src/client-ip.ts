import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

export function clientIpResolver(trustProxy: boolean) {
  return (c: Context): string => {
    if (trustProxy) {
      const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? "unknown";
    } catch {
      // app.request() in tests has no socket.
      return "local";
    }
  };
}
