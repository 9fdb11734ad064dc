import { MESSAGES } from "@studio/validators";
import type { Context } from "../context";
import { AppError } from "../errors";

/** Failed sign-ins allowed per window before a key is locked until the window ends. */
export const LOGIN_LIMITS = { perEmail: 5, perIp: 20, windowMs: 15 * 60_000 } as const;

type Ctx = Pick<Context, "db" | "config" | "now">;

function keys(email: string, ip: string) {
  return [
    { key: `email:${email}`, max: LOGIN_LIMITS.perEmail },
    { key: `ip:${ip}`, max: LOGIN_LIMITS.perIp },
  ];
}

/** Refuses with 429 and Retry-After while the e-mail or the IP is locked. */
export async function assertLoginAllowed(ctx: Ctx, email: string, ip: string): Promise<void> {
  if (!ctx.config.rateLimit) return;
  const now = ctx.now().getTime();
  const rows = await ctx.db.loginThrottle.findMany({
    where: { key: { in: keys(email, ip).map((k) => k.key) } },
  });
  const lockedUntil = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  if (lockedUntil > now) {
    const seconds = Math.ceil((lockedUntil - now) / 1000);
    throw new AppError("TOO_MANY_REQUESTS", MESSAGES.auth.tooManyAttempts(seconds), {
      retryAfterSeconds: seconds,
    });
  }
}

export async function recordLoginFailure(ctx: Ctx, email: string, ip: string): Promise<void> {
  if (!ctx.config.rateLimit) return;
  const now = ctx.now();
  for (const { key, max } of keys(email, ip)) {
    const row = await ctx.db.loginThrottle.findUnique({ where: { key } });
    const windowOpen = row && now.getTime() - row.windowStart.getTime() < LOGIN_LIMITS.windowMs;
    const failures = windowOpen ? row.failures + 1 : 1;
    const windowStart = windowOpen ? row.windowStart : now;
    const lockedUntil = failures >= max ? new Date(windowStart.getTime() + LOGIN_LIMITS.windowMs) : null;
    await ctx.db.loginThrottle.upsert({
      where: { key },
      create: { key, failures, windowStart, lockedUntil },
      update: { failures, windowStart, lockedUntil },
    });
  }
}

export async function clearLoginFailures(ctx: Ctx, email: string): Promise<void> {
  await ctx.db.loginThrottle.deleteMany({ where: { key: `email:${email}` } });
}
