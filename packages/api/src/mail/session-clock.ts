/**
 * A session's start and end on the studio's wall clock, as the e-mails and invites print them. The reading and
 * the writing are @studio/validators' date-format (the one module for every date and time in the product).
 */
import { sessionEnd, wallTime, type WallTime, zonedInstant } from "@studio/validators";

/** A session's start and end. */
export type SessionClock = { start: WallTime; end: WallTime; timeZone: string };

/**
 * The session booked for `date` at `time` in the studio's zone, lasting `minutes` (each day, until the same time
 * on `lastDate` for a session of several days).
 */
export function sessionClock(
  date: string,
  time: string,
  minutes: number | null | undefined,
  timeZone: string,
  lastDate?: string | null,
): SessionClock {
  return {
    start: wallTime(zonedInstant(date, time, timeZone), timeZone),
    end: wallTime(sessionEnd(lastDate ?? date, time, minutes, timeZone), timeZone),
    timeZone,
  };
}
