/**
 * A gallery's expiry (ADR 020): the studio picks the last day the link works; it works until the end of that day
 * on the studio's clock (its schedule's time zone, else STUDIO_TIMEZONE), i.e. until midnight after it there,
 * whatever zone the client is in. The instant is stored (`expiresAt`), so every instance judges it alike.
 */
import { todayIn, zonedInstant } from "@studio/validators";

const DAY_MS = 86_400_000;

/** The instant a gallery stops working: midnight after its last day, in `timeZone`. */
export function expiryOf(day: string | null, timeZone: string): Date | null {
  if (!day) return null;
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return zonedInstant(next, "00:00", timeZone);
}

/** The last day the link works, on the studio's calendar (the day the expiry instant ends). */
export function expiryDayOf(expiresAt: Date | null, timeZone: string): string | null {
  return expiresAt ? todayIn(timeZone, new Date(expiresAt.getTime() - 1)) : null;
}
