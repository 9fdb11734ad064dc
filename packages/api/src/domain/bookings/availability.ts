/**
 * Which starts can still be booked, judged for a service's session (its minutes, buffers and equipment: holds.ts)
 * or for a plain hour with one crew: a day refused as a whole (past, beyond the horizon, closed, with the closure's
 * reason), a start outside the day's hours, a session that with its buffers would end after closing ("too_long") or
 * whose set-up would begin before opening ("too_early"), a later day of the session whose hours do not hold its
 * range ("later_day"), sooner than the notice, or "full" (a crew or a piece of equipment the session needs is held
 * in some unit of its range), or "busy" (an event of the studio's connected calendar overlaps the held range:
 * calendar sync, ADR 019).
 * One read of the holds serves every day asked for, so a 60-day month view costs one statement (the calendar's busy
 * time comes from the read cache). A session of several days is judged on each of its days (sessionDays: the next
 * open days), a start offered only when every day fits and is free; the starts are the service's grid (hourly, or
 * every half hour). No personal data leaves this module.
 */
import {
  addDays,
  type Availability,
  type AvailabilityDays,
  CREW_RESOURCE,
  dayRefusal,
  fitsOpenHours,
  heldRange,
  HOLD_UNIT_MINUTES,
  holdUnitClocks,
  minutesOfDay,
  openRange,
  sessionDays,
  type SessionTiming,
  type SlotRefusal,
  startTimes,
  todayIn,
  weekdayOf,
  withinHours,
  zonedInstant,
} from "@studio/validators";
import { calendarBusyRanges } from "../calendar-sync/busy";
import type { BookingDeps } from "./dto";
import { readHeldUnits } from "./held-units";
import { needsOf, sessionFacts } from "./holds";
import { scheduleRules } from "./schedule";

export type AvailabilityOptions = {
  serviceId?: number;
  /** The studio rescheduling that booking: its own holds and slot do not count. */
  excludeBookingId?: number;
};

const HOUR_MS = 3_600_000;

/**
 * Whether a busy range of the connected calendar overlaps the session's held range (buffers included) starting at
 * `time` (calendar sync, ADR 019).
 */
export function overlapsHeldRange(
  ranges: readonly { start: Date; end: Date }[],
  date: string,
  time: string,
  timing: SessionTiming,
  timeZone: string,
): boolean {
  if (ranges.length === 0) return false;
  const start = zonedInstant(date, time, timeZone).getTime();
  const from = start - timing.bufferBeforeMinutes * 60_000;
  const to = start + (timing.durationMinutes + timing.bufferAfterMinutes) * 60_000;
  return ranges.some((r) => r.start.getTime() < to && r.end.getTime() > from);
}

/** Seats held per resource, per date, per half-hour of the day (a unit's free seats are its count minus these). */
type HeldCounts = Map<string, Map<string, Uint16Array>>;

const UNITS_PER_DAY = (24 * 60) / HOLD_UNIT_MINUTES;
const unitIndex = (clock: string) => minutesOfDay(clock) / HOLD_UNIT_MINUTES;

/**
 * Each row: a resource and its held units as "YYYY-MM-DD HH:MM=n" joined by commas (one row per resource: a
 * month of a busy studio is hundreds of units, and a row per unit cost more to hand over than to count).
 */
function heldCountsOf(rows: readonly { resource: string; units: string }[]): HeldCounts {
  const counts: HeldCounts = new Map();
  for (const { resource, units } of rows) {
    const days = counts.get(resource) ?? new Map<string, Uint16Array>();
    counts.set(resource, days);
    for (const held of units.split(",")) {
      const date = held.slice(0, 10);
      const day = days.get(date) ?? new Uint16Array(UNITS_PER_DAY);
      days.set(date, day);
      day[unitIndex(held.slice(11, 16))] = Number(held.slice(17));
    }
  }
  return counts;
}

/** The fewest free seats of a resource over some units of a day. */
function fewestFree(day: Uint16Array | undefined, units: readonly number[], count: number): number {
  let free = count;
  if (day) for (const unit of units) free = Math.min(free, count - (day[unit] ?? 0));
  // Seats above a since lowered count still count as held.
  return Math.max(0, free);
}

/** A start of the service's grid, with what depends on it alone: its held range and that range's units. */
type GridStart = { time: string; range: { from: number; to: number }; units: readonly number[] };

/** One day judged: why a start cannot be booked (null: it can), and how many crews are free for it. */
type JudgedDay = {
  date: string;
  closed_reason: string | null;
  /**
   * Days with the same plain key judge every start alike: the weekdays of the session's days, set when nothing but
   * their hours decides (no closure, past the notice, no busy time, nothing held of what the session needs); else
   * null.
   */
  plainKey: string | null;
  refusalOf: (start: GridStart) => SlotRefusal | null;
  crewsFree: (start: GridStart) => number;
};

/**
 * The days asked about, each with its judge of the service's starts (`starts`). A month view asks 60 days of a
 * dozen or more starts each and keeps only the free ones, so nothing is made per start unless it is asked for.
 *
 * `fullOnly` (a month view, which answers only which starts are free): the database returns only the units and
 * start slots with no seat left for the session, so a month of a busy studio reads a few rows instead of
 * thousands; `crewsFree` is then not a count.
 */
async function judgeDays(
  deps: BookingDeps,
  dates: readonly string[],
  options: AvailabilityOptions,
  fullOnly = false,
): Promise<{ today: string; starts: GridStart[]; days: JudgedDay[] }> {
  const now = deps.now();
  const rules = await scheduleRules(deps);
  const today = todayIn(rules.timeZone, now);
  const facts = await sessionFacts(deps, options.serviceId);
  const needs = needsOf(facts, rules.capacity);
  const dayRules = { ...rules, today };
  const refusals = new Map(dates.map((date) => [date, dayRefusal(dayRules, date)]));
  const open = dates.filter((date) => !refusals.get(date));
  // A session of several days: the days it would take from each open date (the first is the date itself).
  const length = facts.durationDays ?? 1;
  const spans = new Map<string, string[]>();
  if (length > 1) for (const date of open) spans.set(date, sessionDays(dayRules, date, length));
  /** The last day a session starting on `date` takes. */
  const lastDayOf = (date: string) => spans.get(date)?.[length - 1] ?? date;
  let held: HeldCounts = new Map();
  if (open.length) {
    const first = open[0]!;
    const last = lastDayOf(open[open.length - 1]!);
    // Counted by the database: holds by their key's (resource, unit) prefix. With `fullOnly`, a unit counts only
    // when a need has fewer free seats there than it wants (held > count − quantity). The start slots' keys are not
    // read: every booking that holds one holds a crew from its start on (ADR 022), so a start whose seats are all
    // taken has its first unit's crews all held.
    const holds = await readHeldUnits(deps.db, {
      asks: needs.map((need) => ({
        resource: need.resource,
        over: fullOnly ? need.count - need.quantity : -1,
      })),
      first,
      last,
      excludeBookingId: options.excludeBookingId,
    });
    held = heldCountsOf(holds);
  }
  const noticeEnds = now.getTime() + rules.notice_hours * HOUR_MS;
  // The studio's date when the notice ends: the starts of a later day all lie after it.
  const noticeDate = rules.notice_hours > 0 ? todayIn(rules.timeZone, new Date(noticeEnds)) : "";
  // What depends on the start alone, worked out once for every day asked about.
  const starts: GridStart[] = startTimes(facts.startEveryMinutes).map((time) => {
    const range = heldRange(time, facts);
    return { time, range, units: holdUnitClocks(range).map(unitIndex) };
  });
  const crews = held.get(CREW_RESOURCE);
  // Calendar sync (ADR 019): the connected calendar's busy time over the days asked (a day either side for buffers).
  const busy = open.length
    ? await calendarBusyRanges(
        deps,
        zonedInstant(addDays(open[0]!, -1), "00:00", rules.timeZone),
        zonedInstant(addDays(lastDayOf(open[open.length - 1]!), 2), "00:00", rules.timeZone),
      )
    : [];
  const days = dates.map((date): JudgedDay => {
    const refusal = refusals.get(date) ?? null;
    const day = rules.weekly[weekdayOf(date)];
    const hours = openRange(day);
    const crewDay = crews?.get(date);
    const span = spans.get(date);
    // The later days of a session of several days: each must be found (not beyond the horizon), fit its hours and
    // have the seats in the same units.
    const later = span ? span.slice(1) : [];
    // Per need, what is held of it on each day of the session (looked up once per date, not per start).
    const needDays = needs.map((need) => {
      const ofNeed = held.get(need.resource);
      return { need, days: [date, ...later].map((next) => ofNeed?.get(next)) };
    });
    const crewsFree = ({ units }: GridStart) => {
      let free = fewestFree(crewDay, units, rules.capacity);
      for (const next of later) free = Math.min(free, fewestFree(crews?.get(next), units, rules.capacity));
      return free;
    };
    const needShort = ({ units }: GridStart) => {
      for (const { need, days } of needDays) {
        for (const heldThen of days) if (fewestFree(heldThen, units, need.count) < need.quantity) return true;
      }
      return false;
    };
    const refusalOf = (start: GridStart): SlotRefusal | null => {
      const { time, range } = start;
      if (refusal) return refusal.kind === "closed" ? "closed" : refusal.kind;
      if (!withinHours(day, time)) return "closed";
      if (span && span.length < length) return "horizon";
      // On its first day a start lies inside the hours, so a range that begins before opening does by its set-up.
      if (!hours || range.to > hours.to) return "too_long";
      if (range.from < hours.from) return "too_early";
      for (const next of later) if (!fitsOpenHours(range, rules.weekly[weekdayOf(next)])) return "later_day";
      if (date <= noticeDate && zonedInstant(date, time, rules.timeZone).getTime() < noticeEnds)
        return "too_soon";
      if (overlapsHeldRange(busy, date, time, facts, rules.timeZone)) return "busy";
      for (const next of later) if (overlapsHeldRange(busy, next, time, facts, rules.timeZone)) return "busy";
      if (crewsFree(start) <= 0 || needShort(start)) return "full";
      return null;
    };
    const plain =
      !refusal &&
      date > noticeDate &&
      busy.length === 0 &&
      needDays.every(({ days }) => days.every((heldThen) => !heldThen));
    const plainKey = plain ? [date, ...later].map(weekdayOf).join(",") : null;
    return { date, closed_reason: refusal?.label ?? null, plainKey, refusalOf, crewsFree };
  });
  return { today, starts, days };
}

/**
 * Answers are read through the cache under "bookings": every booking change drops that tag at once, here and on
 * every other instance (cache.ts), and the key carries the generations of what else they depend on (hours and
 * closures, services and equipment, the connected calendar) and the minute, so "today" and the notice move on.
 * A booking is never judged from here: create, move and reschedule check their holds in their own transaction.
 */
function readThrough<T>(
  deps: BookingDeps,
  key: string,
  options: AvailabilityOptions,
  load: () => Promise<T>,
): Promise<T> {
  const { cache } = deps;
  const minute = Math.floor(deps.now().getTime() / 60_000);
  const generations = (["schedule", "services", "calendar"] as const).map((tag) => cache.generation(tag));
  return cache.get(
    "bookings",
    `availability:${key}:${options.serviceId ?? ""}:${options.excludeBookingId ?? ""}:${minute}:${generations.join(".")}`,
    load,
  );
}

/** One day's starts (the booking dialog, the move page, the back office's create and reschedule). */
export function bookingAvailability(
  deps: BookingDeps,
  date: string,
  options: AvailabilityOptions = {},
): Promise<Availability> {
  return readThrough(deps, `day:${date}`, options, async () => {
    const { today, starts, days } = await judgeDays(deps, [date], options);
    const day = days[0];
    if (!day) throw new Error("availability of no day");
    const slots = starts.map((start) => {
      const reason = day.refusalOf(start);
      const available = reason === null;
      return { time: start.time, available, reason, remaining: available ? day.crewsFree(start) : 0 };
    });
    return { date, today, closed_reason: day.closed_reason, slots };
  });
}

/** A run of days (a month view): per day, how many starts are free, and why a day is closed. */
export function availabilityDays(
  deps: BookingDeps,
  from: string,
  count: number,
  options: AvailabilityOptions = {},
): Promise<AvailabilityDays> {
  return readThrough(deps, `days:${from}:${count}`, options, async () => {
    const dates = Array.from({ length: count }, (_, i) => addDays(from, i));
    const { today, starts, days } = await judgeDays(deps, dates, options, true);
    // Most days of a month hold nothing full: each weekday's starts are judged once for all of them (the days
    // share that list; nothing changes an answer once made).
    const plainFree = new Map<string, string[]>();
    return {
      today,
      days: days.map((day) => {
        const { plainKey } = day;
        let free = plainKey === null ? undefined : plainFree.get(plainKey);
        if (!free) {
          free = [];
          for (const start of starts) if (day.refusalOf(start) === null) free.push(start.time);
          if (plainKey !== null) plainFree.set(plainKey, free);
        }
        return { date: day.date, closed_reason: day.closed_reason, free_starts: free };
      }),
    };
  });
}
