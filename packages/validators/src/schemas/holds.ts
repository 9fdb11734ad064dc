/**
 * The time a booking holds the studio's crews and equipment: its session (start + the service's minutes) with the
 * service's buffers before and after (travel, set-up, pack-down). Time is held in half-hour units of the studio's
 * wall clock ("2026-12-12 10:30"); a range that starts or ends inside a unit holds the whole unit. The server
 * stores one row per unit, resource and seat (unique), so the database itself refuses a unit held beyond a
 * resource's count, on any number of instances; availability counts the same rows.
 */
import { formatTime } from "../date-format";
import type { DayHours } from "./schedule";

/** Minutes of one unit of held time. */
export const HOLD_UNIT_MINUTES = 30;
const DAY_MINUTES = 24 * 60;

/** The key of the crews in hold rows; equipment is "equipment:<id>". */
export const CREW_RESOURCE = "crew";
export const equipmentResource = (id: number): string => `equipment:${id}`;

/** A service's session and buffers, in minutes. */
export type SessionTiming = {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** Open days in a row the session takes, each with this range (absent: one). */
  durationDays?: number;
  /** The grid of its starts: 60 (on the hour, absent) or 30. */
  startEveryMinutes?: number;
};

/** Held range of a session starting at `time`, in minutes from the start of its date (may leave the day). */
export type HeldRange = { from: number; to: number };

/** Minutes from midnight of "HH:MM" (read digit by digit: availability asks this thousands of times a view). */
export function minutesOfDay(time: string): number {
  return (
    ((time.charCodeAt(0) - 48) * 10 + time.charCodeAt(1) - 48) * 60 +
    (time.charCodeAt(3) - 48) * 10 +
    time.charCodeAt(4) -
    48
  );
}

/** "HH:MM" of minutes from the start of a day (24:00 for the day's end). */
export function clockOf(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

export function heldRange(time: string, timing: SessionTiming): HeldRange {
  const start = minutesOfDay(time);
  return {
    from: start - timing.bufferBeforeMinutes,
    to: start + timing.durationMinutes + timing.bufferAfterMinutes,
  };
}

/** The studio's open time of a day: from its first slot to the end of its last (slots are one hour). */
export function openRange(day: DayHours | undefined): HeldRange | null {
  if (!day?.open) return null;
  return { from: minutesOfDay(day.first), to: minutesOfDay(day.last) + 60 };
}

export function fitsOpenHours(range: HeldRange, day: DayHours | undefined): boolean {
  const open = openRange(day);
  return open !== null && range.from >= open.from && range.to <= open.to;
}

/** The clock times ("HH:MM") of the units a range holds, in order. */
export function holdUnitClocks(range: HeldRange): string[] {
  const from = Math.floor(range.from / HOLD_UNIT_MINUTES) * HOLD_UNIT_MINUTES;
  const clocks: string[] = [];
  for (let at = from; at < range.to; at += HOLD_UNIT_MINUTES) {
    // Ranges are judged inside the day's open hours, so they never leave their date.
    if (at >= 0 && at < DAY_MINUTES) clocks.push(clockOf(at));
  }
  return clocks;
}

/** The unit keys a range of `date` holds, in order ("YYYY-MM-DD HH:MM", unit starts). */
export function holdUnits(date: string, range: HeldRange): string[] {
  return holdUnitClocks(range).map((clock) => `${date} ${clock}`);
}

/** Made on first use and kept: building an Intl.DateTimeFormat costs far more than using it. */
let longDayFormat: Intl.DateTimeFormat | null = null;

/** "Saturday 12 December" for a calendar date. */
export function longDayLabel(date: string): string {
  longDayFormat ??= new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });
  return longDayFormat.format(new Date(`${date}T00:00:00Z`));
}

/** "from 10:00 to 18:00 on Saturday 12 December": the held range in words, for refusals. */
export function heldRangeInWords(date: string, range: HeldRange): string {
  return `from ${formatTime(clockOf(range.from))} to ${formatTime(clockOf(range.to))} on ${longDayLabel(date)}`;
}
