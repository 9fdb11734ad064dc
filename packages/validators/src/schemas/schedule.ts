/**
 * Opening hours, closures, minimum notice, booking horizon and capacity per slot: the rules the owner sets on
 * the back office's Hours page and the server enforces on every path that creates a booking. The defaults are
 * the rules from before they were editable (every day 09:00–17:00, "not in the past", no horizon, one
 * booking per slot), so nothing changes until the owner edits them.
 */
import { SESSION_LENGTH } from "./session-length";
import { z } from "zod";
import { TIME_SLOTS, type TimeSlot } from "../constants";
import { dateOfDayNumber, dayNumberOf, isCalendarDate, isValidTimeZone } from "../dates";
import { boundedMemo } from "../memo";
import { MESSAGES } from "../messages";
import { idField, singleLine } from "./common";

const m = MESSAGES.schedule;

/** Index = the JavaScript weekday (0 = Sunday), as `weekdayOf` returns it. */
export const WEEKDAYS = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  sunday: "Sunday",
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
};
/** The order the back office lists the days in (Monday first). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export const SCHEDULE_LIMITS = {
  maxNoticeHours: 720,
  maxHorizonDays: 1_095,
  maxCapacity: 50,
  reason: 120,
  timeZone: 64,
} as const;

export type DayHours = { open: boolean; first: TimeSlot; last: TimeSlot };

/** What the owner edits: the week (index 0 = Sunday), notice, horizon, capacity and an optional time zone. */
export type ScheduleSettings = {
  weekly: DayHours[];
  notice_hours: number;
  /** Days ahead a booking may be made (null: no limit). */
  horizon_days: number | null;
  capacity: number;
  /** IANA zone overriding STUDIO_TIMEZONE (null: the server's zone). */
  time_zone: string | null;
};

export const DEFAULT_DAY: DayHours = { open: true, first: "09:00", last: "17:00" };

export const DEFAULT_SCHEDULE: ScheduleSettings = {
  weekly: WEEKDAYS.map(() => ({ ...DEFAULT_DAY })),
  notice_hours: 0,
  horizon_days: null,
  capacity: 1,
  time_zone: null,
};

const ZSlot = z.enum(TIME_SLOTS, { error: m.slotInvalid });

export const ZDayHours = z
  .object({ open: z.boolean({ error: m.weeklyInvalid }), first: ZSlot, last: ZSlot })
  .refine((d) => !d.open || d.last >= d.first, { error: m.lastBeforeFirst, path: ["last"] });

/** A whole number within bounds; one message for every way of getting it wrong. */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

export const ZScheduleUpdate = z.object({
  weekly: z.array(ZDayHours, { error: m.weeklyInvalid }).length(7, { error: m.weeklyInvalid }),
  notice_hours: wholeNumber(m.noticeInvalid, 0, SCHEDULE_LIMITS.maxNoticeHours),
  horizon_days: wholeNumber(m.horizonInvalid, 1, SCHEDULE_LIMITS.maxHorizonDays).nullable(),
  capacity: wholeNumber(m.capacityInvalid, 1, SCHEDULE_LIMITS.maxCapacity),
  time_zone: z
    .string({ error: m.timeZoneInvalid })
    .trim()
    .max(SCHEDULE_LIMITS.timeZone, { error: m.timeZoneInvalid })
    .refine((v) => v === "" || isValidTimeZone(v), { error: m.timeZoneInvalid })
    .nullish()
    .transform((v) => (v ? v : null)),
}) satisfies z.ZodType<ScheduleSettings, unknown>;
export type ScheduleUpdateInput = z.input<typeof ZScheduleUpdate>;

const closureDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(isCalendarDate, m.dateInvalid);

export const ZClosureInput = z
  .object({
    start: closureDate(m.startRequired),
    end: closureDate(m.endRequired),
    reason: z
      .string({ error: m.reasonTooLong })
      .trim()
      .max(SCHEDULE_LIMITS.reason, m.reasonTooLong)
      .check(singleLine("Reason"))
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((c) => c.end >= c.start, { error: m.rangeReversed, path: ["end"] });
export type ClosureInput = z.input<typeof ZClosureInput>;

export const ZClosureId = z.object({ id: idField() });

export type ClosureDto = { id: number; start: string; end: string; reason: string | null };
export const ZClosureDto = z.object({
  id: z.number().int(),
  start: z.string(),
  end: z.string(),
  reason: z.string().nullable(),
}) satisfies z.ZodType<ClosureDto>;

const ZDayHoursDto = z.object({ open: z.boolean(), first: ZSlot, last: ZSlot });

/** The Hours page: the settings, every closure that has not ended, and the zone the server falls back to. */
export const ZScheduleDto = z.object({
  weekly: z.array(ZDayHoursDto),
  notice_hours: z.number().int(),
  horizon_days: z.number().int().nullable(),
  capacity: z.number().int(),
  time_zone: z.string().nullable(),
  default_time_zone: z.string(),
  closures: z.array(ZClosureDto),
});
export type ScheduleDto = z.output<typeof ZScheduleDto>;

/** What the booking dialog needs to grey out days before it asks for a day's slots. */
export const ZPublicSchedule = z.object({
  time_zone: z.string(),
  today: z.string(),
  weekly: z.array(ZDayHoursDto),
  /** Closures overlapping today … the horizon (or the next year without one). */
  closures: z.array(ZClosureDto.omit({ id: true })),
  notice_hours: z.number().int(),
  horizon_days: z.number().int().nullable(),
  /** The last date that can be booked (null: no horizon). */
  last_date: z.string().nullable(),
  capacity: z.number().int(),
});
export type PublicSchedule = z.output<typeof ZPublicSchedule>;

/** The weekday (0 = Sunday) of a calendar date, whatever the zone: the date is a wall-clock day. */
export function weekdayOf(date: string): number {
  // 1970-01-01 was a Thursday.
  return (((dayNumberOf(date) + 4) % 7) + 7) % 7;
}

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumberOf(date) + days);
}

/**
 * Why a whole day cannot be booked, or null when it can (its slots may still be full or too soon): a closure
 * (with its reason), a closed weekday, before today or beyond the horizon. The server and the dialog both
 * judge days with this.
 */
export function dayRefusal(
  rules: Pick<PublicSchedule, "weekly" | "closures" | "horizon_days" | "today">,
  date: string,
): { kind: "past" | "closed" | "horizon"; message: string; label: string } | null {
  if (date < rules.today)
    return { kind: "past", message: MESSAGES.booking.dateInPast, label: MESSAGES.booking.dateInPast };
  if (rules.horizon_days !== null && date > addDays(rules.today, rules.horizon_days)) {
    const message = m.beyondHorizon(rules.horizon_days);
    return { kind: "horizon", message, label: message };
  }
  const closure = rules.closures.find((c) => c.start <= date && date <= c.end);
  if (closure) return { kind: "closed", message: m.closedDay, label: m.closedFor(closure.reason) };
  const weekday = weekdayOf(date);
  if (!rules.weekly[weekday]?.open) {
    const day = WEEKDAY_LABELS[WEEKDAYS[weekday] ?? "sunday"];
    return { kind: "closed", message: m.closedDay, label: m.closedWeekday(day) };
  }
  return null;
}

/** Whether a start lies within a day's opening hours: from its first slot to its last, or the half hour after. */
export function withinHours(day: DayHours | undefined, time: string): boolean {
  return Boolean(day?.open && time >= day.first && time.slice(0, 2) <= day.last.slice(0, 2));
}

/**
 * The days a session of `days` days booked on `date` takes: `date`, then the next days the studio is open
 * (weekly closed days and closures are skipped: a 2-day shoot booked on a Friday of a studio closed at weekends
 * goes on on Monday), `days` in all. Shorter when a later day would be beyond the horizon, or when none is found
 * within a week per day and a month (then the session cannot be booked on `date`). `date` itself is judged by
 * the caller (`dayRefusal`).
 */
export function sessionDays(
  rules: Pick<PublicSchedule, "weekly" | "closures" | "horizon_days" | "today">,
  date: string,
  days: number,
): string[] {
  const taken = [date];
  const limit = days * 7 + 31;
  for (let offset = 1; taken.length < days && offset <= limit; offset++) {
    const next = addDays(date, offset);
    const refusal = dayRefusal(rules, next);
    if (refusal?.kind === "horizon") break;
    if (refusal?.kind === "closed") continue;
    taken.push(next);
  }
  return taken;
}

const DAY_MS = 86_400_000;

/**
 * The UTC instant of a wall-clock date and time in an IANA zone. A time the clocks skip (a daylight-saving
 * gap) is read with the offset before the change, so it lands as far after the gap as it was into it (02:30
 * on a spring-forward night is 03:30); a time that happens twice (the clocks going back) is the first of the
 * two. These are the rules of Temporal's "compatible" disambiguation, and what calendars do.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  return new Date(wallClockToInstant(date, time, timeZone));
}

/**
 * When a session booked for `date` at `time` (the studio's wall clock in `timeZone`) ends: its start plus its
 * service's length in minutes (SESSION_LENGTH's default when the service is gone). A booking may be marked
 * completed only from this instant on, by the server and in the back office alike.
 */
export function sessionEnd(
  date: string,
  time: string,
  minutes: number | null | undefined,
  timeZone: string,
): Date {
  return new Date(
    wallClockToInstant(date, time, timeZone) + (minutes ?? SESSION_LENGTH.defaultMinutes) * 60_000,
  );
}

function wallClockToInstant(date: string, time: string, timeZone: string): number {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // No zone changes its offset twice within two days: the offsets a day either side are the only candidates.
  const before = zoneOffset(wall - DAY_MS, timeZone);
  const after = zoneOffset(wall + DAY_MS, timeZone);
  if (before === after) return wall - before;
  const earlier = Math.min(wall - before, wall - after);
  const later = Math.max(wall - before, wall - after);
  // The first instant whose wall clock reads this time; in a gap neither does, and the offset before applies.
  if (zoneOffset(earlier, timeZone) === wall - earlier) return earlier;
  if (zoneOffset(later, timeZone) === wall - later) return later;
  return wall - before;
}

/**
 * The zone's offset from UTC at an instant, in milliseconds. Offsets are read at UTC midnights and kept: a day
 * whose two midnights agree has that offset throughout (no zone changes its offset twice within a day, nor
 * within two); only a day with a change asks Intl about the instant itself, a call of several microseconds.
 */
export function zoneOffset(instant: number, timeZone: string): number {
  const day = Math.floor(instant / DAY_MS);
  const start = midnightOffset(day, timeZone);
  return start === midnightOffset(day + 1, timeZone) ? start : offsetOf(instant, timeZone);
}

/** Per zone, its offsets at UTC midnights by day number (a few zones, a few thousand days each). */
const midnightOffsets = new Map<string, Map<number, number>>();
const ZONES_KEPT = 64;
const DAYS_KEPT = 8192;

function midnightOffset(day: number, timeZone: string): number {
  let days = midnightOffsets.get(timeZone);
  if (!days) {
    if (midnightOffsets.size >= ZONES_KEPT) midnightOffsets.clear();
    days = new Map();
    midnightOffsets.set(timeZone, days);
  }
  let offset = days.get(day);
  if (offset === undefined) {
    offset = offsetOf(day * DAY_MS, timeZone);
    if (days.size >= DAYS_KEPT) days.clear();
    days.set(day, offset);
  }
  return offset;
}

const offsetFormats = boundedMemo<Intl.DateTimeFormat>(1024);

/** The zone's offset from UTC at an instant, in milliseconds, as Intl reads it. */
function offsetOf(instant: number, timeZone: string): number {
  const format = offsetFormats(
    timeZone,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      }),
  );
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}
