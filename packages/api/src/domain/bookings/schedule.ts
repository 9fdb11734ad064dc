/**
 * The studio's booking rules: weekly opening hours, closed dates, minimum notice, booking horizon and capacity
 * per slot (schemas, defaults and messages in @studio/validators, schemas/schedule.ts).
 *
 * Every path that creates or moves a booking calls, in this order:
 *   1. `assertBookable(deps, { date, time }, { timing })`: refuses (400, with the field it concerns) a day before
 *      today, beyond the horizon, closed (weekday or closure), a slot outside the day's hours, a session that with
 *      its buffers ends after closing, or one sooner than the notice allows. It answers the rules it judged by
 *      (capacity = crews, zone).
 *   2. The crew and equipment of the whole held range, whose unique hold keys decide how many sessions run at
 *      once (409 with what is missing): a new booking's are planned where it is written (`holdPlanner`, insert.ts),
 *      a move's read first (`withHolds`, holds.ts).
 *   3. A seat of the start slot (`seatKeys(slot, capacity)`): a new booking's write takes the first one not taken
 *      (insert.ts); a move calls `claimSeat`, which writes with each seat in turn until one is stored (null when
 *      every seat went). Booking.slotKey is unique, so a write that loses a seat to a concurrent one fails on it.
 * Seat 1 is the slot's plain key "YYYY-MM-DD HH:MM" (as before capacity existed), seat n is "…#n". Lowering
 * the capacity leaves existing bookings where they are; their holds keep the units they fill full.
 *
 * The rules are read through the read cache (tag "schedule"), invalidated on this instance and, through the
 * event bus, on every other one whenever the owner changes them.
 */
import type { Db } from "@studio/db";
import {
  addDays,
  clockOf,
  type ClosureDto,
  DEFAULT_DAY,
  DEFAULT_SCHEDULE,
  type DayHours,
  dayRefusal,
  fitsOpenHours,
  formatShortDate,
  formatTime,
  heldRange,
  isHalfHour,
  longDayLabel,
  MESSAGES,
  minutesInWords,
  openRange,
  type PublicSchedule,
  type ScheduleDto,
  type ScheduleSettings,
  sessionDays,
  type SessionTiming,
  TIME_SLOTS,
  type TimeSlot,
  todayIn,
  WEEKDAYS,
  type Weekday,
  withinHours,
  type ZClosureInput,
  zonedInstant,
} from "@studio/validators";
import type { z } from "zod";
import { auditedChange } from "../../audit/trail";
import type { Context } from "../../context";
import { AppError, isUniqueViolation } from "../../errors";
import { calendarBusyRanges } from "../calendar-sync/busy";
import { slotKeyOf } from "./dto";

export type ScheduleDeps = Pick<Context, "db" | "now" | "cache" | "audit"> & {
  config: Pick<Context["config"], "timeZone">;
};

/** The settings, the closures that have not ended, and the zone every date is judged in. */
export type ScheduleRules = ScheduleSettings & { closures: ClosureDto[]; timeZone: string };

const m = MESSAGES.schedule;
const HOUR_MS = 3_600_000;
/** Closures the public schedule lists without a horizon: the next year. */
const PUBLIC_CLOSURE_DAYS = 366;

/** "09:00-17:00" or "closed", as stored; anything unreadable falls back to the default day. */
function parseDay(stored: string): DayHours {
  if (stored === "closed") return { ...DEFAULT_DAY, open: false };
  const [first, last] = stored.split("-");
  const slots = TIME_SLOTS as readonly string[];
  if (!first || !last || !slots.includes(first) || !slots.includes(last)) return { ...DEFAULT_DAY };
  return { open: true, first: first as TimeSlot, last: last as TimeSlot };
}

function storeDay(day: DayHours): string {
  return day.open ? `${day.first}-${day.last}` : "closed";
}

function toClosureDto(row: {
  id: number;
  startDate: string;
  endDate: string;
  reason: string | null;
}): ClosureDto {
  return { id: row.id, start: row.startDate, end: row.endDate, reason: row.reason };
}

async function readRules(deps: ScheduleDeps): Promise<ScheduleRules> {
  // Two days back covers every zone's "today"; the cached entry lives 30 s at most.
  const since = addDays(new Date(deps.now()).toISOString().slice(0, 10), -2);
  const [row, closures] = await Promise.all([
    deps.db.studioSchedule.findUnique({ where: { id: 1 } }),
    deps.db.closure.findMany({ where: { endDate: { gte: since } }, orderBy: { startDate: "asc" } }),
  ]);
  const settings: ScheduleSettings = row
    ? {
        weekly: WEEKDAYS.map((day: Weekday) => parseDay(row[day])),
        notice_hours: row.noticeHours,
        horizon_days: row.horizonDays,
        capacity: Math.max(1, row.capacity),
        time_zone: row.timeZone,
      }
    : DEFAULT_SCHEDULE;
  return {
    ...settings,
    closures: closures.map(toClosureDto),
    timeZone: settings.time_zone ?? deps.config.timeZone,
  };
}

/** The booking rules, through the read cache. */
export function scheduleRules(deps: ScheduleDeps): Promise<ScheduleRules> {
  return deps.cache.get("schedule", "rules", () => readRules(deps));
}

/** Today in the studio's zone and the rules as the public and the dialog see them. */
function judged(rules: ScheduleRules, now: Date) {
  return { ...rules, today: todayIn(rules.timeZone, now) };
}

export type Slot = { date: string; time: string };

/** The rules a place was judged by, and the days its session takes (its date alone, or several in a row). */
export type BookableRules = ScheduleRules & { days: string[] };

const timeRefused = (message: string) =>
  new AppError("BAD_REQUEST", message, { fieldErrors: { time: message } });

/**
 * Refuses a slot the rules do not allow, with a 400 naming the field ("date" or "time") and the rule's message;
 * answers the rules otherwise, with the session's days. With the session's `timing`, its start must lie on its
 * service's grid (a :30 start only for a service allowing starts every 30 minutes) and its whole held range
 * (buffers included) must fit in the open hours of each of its days (a session of several days: the next open
 * days, `sessionDays`). A move judges the new slot exactly like a new booking.
 */
export async function assertBookable(
  deps: ScheduleDeps,
  slot: Slot,
  options: { timing?: SessionTiming } = {},
): Promise<BookableRules> {
  const now = deps.now();
  const rules = judged(await scheduleRules(deps), now);
  const refusal = dayRefusal(rules, slot.date);
  if (refusal) throw new AppError("BAD_REQUEST", refusal.message, { fieldErrors: { date: refusal.message } });
  const day = rules.weekly[new Date(`${slot.date}T00:00:00Z`).getUTCDay()];
  if (isHalfHour(slot.time) && (options.timing?.startEveryMinutes ?? 60) !== 30) {
    throw timeRefused(MESSAGES.booking.startOnTheHour);
  }
  if (!withinHours(day, slot.time)) {
    throw timeRefused(m.outsideHours(day?.first ?? TIME_SLOTS[0], day?.last ?? TIME_SLOTS[0]));
  }
  const timing = options.timing;
  const length = timing?.durationDays ?? 1;
  const days = length > 1 ? sessionDays(rules, slot.date, length) : [slot.date];
  if (days.length < length) {
    const message = m.sessionDaysBeyondHorizon(length);
    throw new AppError("BAD_REQUEST", message, { fieldErrors: { date: message } });
  }
  if (timing) {
    const range = heldRange(slot.time, timing);
    for (const date of days) {
      const open = rules.weekly[new Date(`${date}T00:00:00Z`).getUTCDay()];
      if (fitsOpenHours(range, open)) continue;
      const hours = openRange(open);
      throw timeRefused(
        m.sessionOutsideHours(
          minutesInWords(timing.durationMinutes),
          formatTime(clockOf(hours?.from ?? 0)),
          formatTime(clockOf(hours?.to ?? 0)),
          longDayLabel(date),
        ),
      );
    }
  }
  if (tooSoon(rules, slot, now)) throw timeRefused(m.noticeTooShort(rules.notice_hours));
  // Calendar sync (ADR 019): an event in the studio's connected calendar overlapping the held range (buffers
  // included; an hour when no timing is given) of any of its days takes it (409, as taken).
  for (const date of days) {
    const start = zonedInstant(date, slot.time, rules.timeZone).getTime();
    const busy = await calendarBusyRanges(
      deps,
      new Date(start - (timing?.bufferBeforeMinutes ?? 0) * 60_000),
      new Date(start + (timing ? (timing.durationMinutes + timing.bufferAfterMinutes) * 60_000 : HOUR_MS)),
    );
    if (busy.length > 0) {
      throw new AppError("CONFLICT", MESSAGES.booking.slotTaken, {
        fieldErrors: { time: MESSAGES.booking.slotTaken },
      });
    }
  }
  return { ...rules, days };
}

/** With a notice of 0 the old rule holds: any slot of today or later (judged by date alone). */
function tooSoon(rules: ScheduleRules, slot: Slot, now: Date): boolean {
  if (rules.notice_hours === 0) return false;
  return (
    zonedInstant(slot.date, slot.time, rules.timeZone).getTime() <
    now.getTime() + rules.notice_hours * HOUR_MS
  );
}

/** The slot's seat keys for a capacity: "D T", "D T#2", … */
export function seatKeys(slot: Slot, capacity: number): string[] {
  const first = slotKeyOf(slot.date, slot.time);
  return Array.from({ length: capacity }, (_, i) => (i === 0 ? first : `${first}#${i + 1}`));
}

/**
 * Stores with the first seat that is still free when written (see the module comment); null when concurrent
 * writers took them all. Any error other than losing a seat passes through.
 */
export async function claimSeat<T>(
  seats: readonly string[],
  write: (slotKey: string) => Promise<T>,
): Promise<T | null> {
  for (const seat of seats) {
    try {
      return await write(seat);
    } catch (error) {
      if (!isUniqueViolation(error, "slotKey")) throw error;
    }
  }
  return null;
}

/** The Hours page: the settings and every closure that has not ended yet. */
export async function getSchedule(deps: ScheduleDeps): Promise<ScheduleDto> {
  const rules = judged(await readRules(deps), deps.now());
  return {
    weekly: rules.weekly,
    notice_hours: rules.notice_hours,
    horizon_days: rules.horizon_days,
    capacity: rules.capacity,
    time_zone: rules.time_zone,
    default_time_zone: deps.config.timeZone,
    closures: rules.closures.filter((c) => c.end >= rules.today),
  };
}

/** Replaces the settings (validated by ZScheduleUpdate); bookings already made are left as they are. */
export async function updateSchedule(deps: ScheduleDeps, input: ScheduleSettings): Promise<ScheduleDto> {
  const days = Object.fromEntries(
    WEEKDAYS.map((day, i) => [day, storeDay(input.weekly[i] ?? DEFAULT_DAY)]),
  ) as Record<Weekday, string>;
  const data = {
    ...days,
    noticeHours: input.notice_hours,
    horizonDays: input.horizon_days,
    capacity: input.capacity,
    timeZone: input.time_zone,
  };
  await auditedChange(deps, 1, (tx) =>
    tx.studioSchedule.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data }),
  );
  deps.cache.invalidate("schedule");
  return getSchedule(deps);
}

/** Takes the schedule row's write lock, so closure changes happen one at a time (SQLite and PostgreSQL). */
async function lockSchedule(tx: Pick<Db, "studioSchedule">, now: Date): Promise<void> {
  await tx.studioSchedule.upsert({
    where: { id: 1 },
    create: { id: 1, updatedAt: now },
    update: { updatedAt: now },
  });
}

/** Adds a closed date or range; refused (400 on "start") when it overlaps an existing one. */
export async function addClosure(
  deps: ScheduleDeps,
  input: z.output<typeof ZClosureInput>,
): Promise<ClosureDto> {
  const row = await auditedChange(
    deps,
    null,
    async (tx) => {
      await lockSchedule(tx, deps.now());
      const clash = await tx.closure.findFirst({
        where: { startDate: { lte: input.end }, endDate: { gte: input.start } },
        orderBy: { startDate: "asc" },
      });
      if (clash) {
        const message = m.closureOverlaps(formatShortDate(clash.startDate), formatShortDate(clash.endDate));
        throw new AppError("BAD_REQUEST", message, { fieldErrors: { start: message } });
      }
      return tx.closure.create({
        data: { startDate: input.start, endDate: input.end, reason: input.reason },
      });
    },
    { transaction: true },
  );
  deps.cache.invalidate("schedule");
  return toClosureDto(row);
}

export async function removeClosure(deps: ScheduleDeps, id: number): Promise<{ id: number }> {
  await auditedChange(deps, id, async (tx) => {
    const { count } = await tx.closure.deleteMany({ where: { id } });
    if (count === 0) throw new AppError("NOT_FOUND", m.closureNotFound);
  });
  deps.cache.invalidate("schedule");
  return { id };
}

/** What the booking dialog needs to grey out days: the week, closures up to the horizon, notice, capacity. */
export async function publicSchedule(deps: ScheduleDeps): Promise<PublicSchedule> {
  const rules = judged(await scheduleRules(deps), deps.now());
  const lastDate = rules.horizon_days === null ? null : addDays(rules.today, rules.horizon_days);
  const until = lastDate ?? addDays(rules.today, PUBLIC_CLOSURE_DAYS);
  return {
    time_zone: rules.timeZone,
    today: rules.today,
    weekly: rules.weekly,
    closures: rules.closures
      .filter((c) => c.end >= rules.today && c.start <= until)
      .map(({ start, end, reason }) => ({ start, end, reason })),
    notice_hours: rules.notice_hours,
    horizon_days: rules.horizon_days,
    last_date: lastDate,
    capacity: rules.capacity,
  };
}
