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

/**
 * The site's public origin as clients reach it, for absolute URLs in REST answers: PUBLIC_URL when set; else the
 * request's own origin (`scheme://host` of its URL), from X-Forwarded-Proto / X-Forwarded-Host only behind a
 * trusted proxy.
 */
export function publicOriginOf(
  options: { publicUrl: string | null; trustProxy: boolean },
  requestOrigin: string,
  header: (name: string) => string | null | undefined,
): string {
  if (options.publicUrl) return options.publicUrl.replace(/\/+$/, "");
  if (!options.trustProxy) return requestOrigin;
  const proto = header("x-forwarded-proto")?.split(",")[0]?.trim();
  const host = header("x-forwarded-host")?.split(",")[0]?.trim();
  if (!proto && !host) return requestOrigin;
  try {
    const own = new URL(requestOrigin);
    const scheme = proto === "https" || proto === "http" ? proto : own.protocol.slice(0, -1);
    return new URL(`${scheme}://${host || own.host}`).origin;
  } catch {
    return requestOrigin;
  }
}
