import { MESSAGES } from "@studio/validators";
import type { Context, MiddlewareHandler } from "hono";

export type RateLimitRule = { bucket: string; max: number; windowMs: number };

/**
 * Fixed-window counters per (bucket, client IP), kept in memory. With several instances each keeps its
 * own counters; a shared store (Redis) is the documented next step.
 */
export function createRateLimiter(now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  function hit(key: string, rule: RateLimitRule): number | null {
    const t = now();
    if (t - lastSweep > 60_000) {
      for (const [k, w] of windows) if (t - w.start > 10 * 60_000) windows.delete(k);
      lastSweep = t;
    }
    const w = windows.get(key);
    if (!w || t - w.start >= rule.windowMs) {
      windows.set(key, { start: t, count: 1 });
      return null;
    }
    w.count += 1;
    return w.count > rule.max ? Math.ceil((w.start + rule.windowMs - t) / 1000) : null;
  }
  return { hit };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export function tooManyRequests(c: Context, retryAfterSeconds: number) {
  c.header("Retry-After", String(retryAfterSeconds));
  return c.json({ success: false, message: MESSAGES.common.tooManyRequests }, 429);
}

/** Limits requests whose rule `pick` returns (null = not limited). */
export function rateLimit(
  limiter: RateLimiter,
  enabled: boolean,
  clientIp: (c: Context) => string,
  pick: (c: Context) => RateLimitRule | null,
): MiddlewareHandler {
  return async (c, next) => {
    if (!enabled) return next();
    const rule = pick(c);
    if (!rule) return next();
    const retryAfter = limiter.hit(`${rule.bucket}:${clientIp(c)}`, rule);
    if (retryAfter !== null) return tooManyRequests(c, retryAfter);
    return next();
  };
}
