import type { Context, MiddlewareHandler } from "hono";

/** "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png" → "https://*.tile.openstreetmap.org". */
export function tileHostSource(tileUrl: string): string {
  const match = /^(https?:\/\/)([^/]+)/.exec(tileUrl);
  if (!match) return "";
  return `${match[1]}${match[2]!.replace(/\{s\}/, "*")}`;
}

export function securityHeaders(options: {
  tileUrl: string;
  isHttps: (c: Context) => boolean;
}): MiddlewareHandler {
  const tiles = tileHostSource(options.tileUrl);
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Radix dialogs inject a small <style> element for scroll locking; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${tiles}`.trim(),
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  // Stored files get a sandboxed policy of their own: even a file that slipped past sniffing cannot run script.
  const fileCsp =
    "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";
  // Set before the handler runs: Hono carries them into the response it builds. A response a handler built
  // itself (tRPC's) gets them afterwards on its own headers: c.header() on a finished response rebuilds it,
  // once per header.
  const apply = (c: Context, set: (name: string, value: string) => void) => {
    set("Content-Security-Policy", c.req.path.startsWith("/uploads/") ? fileCsp : csp);
    set("X-Content-Type-Options", "nosniff");
    set("Referrer-Policy", "strict-origin-when-cross-origin");
    set("X-Frame-Options", "DENY");
    set("Cross-Origin-Opener-Policy", "same-origin");
    set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (options.isHttps(c)) set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
  return async (c, next) => {
    apply(c, c.header);
    await next();
    const headers = c.res.headers;
    if (!headers.has("Content-Security-Policy")) apply(c, (name, value) => headers.set(name, value));
  };
}
