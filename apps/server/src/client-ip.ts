import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/** Node's request, when the app runs on @hono/node-server (absent under app.request()). */
export function incomingOf(env: unknown): IncomingMessage | undefined {
  return (env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

export function socketAddressOf(env: unknown): string | undefined {
  return incomingOf(env)?.socket?.remoteAddress;
}

/** HTTPS as the client sees it: X-Forwarded-Proto behind a trusted proxy, else the request URL. */
export function isHttpsOf(
  trustProxy: boolean,
  url: string,
  forwardedProto: string | null | undefined,
): boolean {
  return trustProxy ? forwardedProto === "https" : url.startsWith("https:");
}

/** The caller's address: the first X-Forwarded-For hop behind a trusted proxy, else the socket's. */
export function clientIpOf(
  trustProxy: boolean,
  forwardedFor: string | null | undefined,
  socketAddress: string | undefined,
): string {
  if (trustProxy) {
    const forwarded = forwardedFor?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  // app.request() in tests has no socket.
  return socketAddress ?? "local";
}

export function clientIpResolver(trustProxy: boolean) {
  return (c: Context): string =>
    clientIpOf(trustProxy, c.req.header("x-forwarded-for"), socketAddressOf(c.env));
}
