/**
 * A session's start and end on the studio's wall clock, as the e-mails and invites print them. The reading and
 * the writing are @studio/validators' date-format (the one module for every date and time in the product).
 */
import { wallTime, type WallTime, zonedInstant } from "@studio/validators";

const HOUR_MS = 3_600_000;

/** A session's start and end, `hours` apart. */
export type SessionClock = { start: WallTime; end: WallTime; timeZone: string };

/** The session booked for `date` at `time` in the studio's zone, lasting `hours`. */
export function sessionClock(date: string, time: string, hours: number, timeZone: string): SessionClock {
  const start = zonedInstant(date, time, timeZone);
  return {
    start: wallTime(start, timeZone),
    end: wallTime(new Date(start.getTime() + hours * HOUR_MS), timeZone),
    timeZone,
  };
}
