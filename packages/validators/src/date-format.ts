/**
 * The one way the product writes dates and times, for people: the site, the back office, the e-mails and the
 * calendar invites alike. Dates read "Thursday, 3 December 2026" (long) or "3 Dec 2026" (short), times "2:00 PM"
 * on a 12-hour clock, and every moment is read on the STUDIO's clock (its zone comes from the schedule settings,
 * else STUDIO_TIMEZONE: the caller passes it), never the reader's machine's.
 *
 * A booking's date and time are already wall-clock values in the studio's zone ("2026-12-03", "14:00"): they are
 * written as they are, with no zone arithmetic. A moment (an ISO timestamp such as `created_at`) is first read on
 * the studio's clock with `wallTime`. Names of days and months are written by hand (English only), so formatting
 * needs no Intl locale data; Intl is asked only for a zone's offset and short name, and both are kept.
 *
 * Machine formats (ISO dates in REST answers and CSV columns, `<time dateTime>`) are not made here.
 */
import { boundedMemo } from "./memo";
import { zoneOffset } from "./schemas/schedule";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** A moment as read on a zone's clock. */
export type WallTime = {
  instant: Date;
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0–23 */
  hour: number;
  minute: number;
  /** "PST", "PDT", "GMT+5:30": the zone's short name at this moment, in English. */
  zone: string;
};

/** A calendar date: "2026-12-03", or a moment already read on the studio's clock. */
export type DateLike = string | WallTime;
/** A wall-clock time: "14:00", or a moment already read on the studio's clock. */
export type TimeLike = string | WallTime;
/** A moment: an ISO timestamp, epoch milliseconds or a Date. */
export type Instant = string | number | Date;

const nameFormats = boundedMemo<Intl.DateTimeFormat>(1024);
const zoneNames = boundedMemo<string>(1024);

function toDate(instant: Instant): Date {
  return instant instanceof Date ? instant : new Date(instant);
}

/** The zone's short name at an instant ("PST"), read once per zone, offset and year. */
function shortZoneName(instant: Date, timeZone: string, offset: number, year: number): string {
  return zoneNames(`${timeZone} ${offset} ${year}`, () => {
    const format = nameFormats(
      timeZone,
      () => new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }),
    );
    return format.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? timeZone;
  });
}

/** A moment read on a zone's wall clock. */
export function wallTime(instant: Instant, timeZone: string): WallTime {
  const at = toDate(instant);
  const offset = zoneOffset(at.getTime(), timeZone);
  // The wall clock's fields are the UTC fields of the instant moved by the offset.
  const local = new Date(at.getTime() + offset);
  const year = local.getUTCFullYear();
  return {
    instant: at,
    year,
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    zone: shortZoneName(at, timeZone, offset, year),
  };
}

/** The zone's short name at a moment ("PST" in winter, "PDT" in summer; "GMT+1" where English has none). */
export function zoneAbbreviation(timeZone: string, instant: Instant = new Date()): string {
  return wallTime(instant, timeZone).zone;
}

type Ymd = { year: number; month: number; day: number };

function ymd(date: DateLike): Ymd | null {
  if (typeof date !== "string") return date;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { year, month, day };
}

function hm(time: TimeLike): { hour: number; minute: number } | null {
  if (typeof time !== "string") return time;
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  if (hour > 23 || minute > 59) return null;
  return { hour, minute };
}

/** "Thursday, 3 December 2026". Text that is not a date is answered as it is. */
export function formatDate(date: DateLike): string {
  const d = ymd(date);
  if (!d) return String(date);
  const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${d.day} ${MONTHS[d.month - 1]} ${d.year}`;
}

/** "3 Dec 2026". */
export function formatShortDate(date: DateLike): string {
  const d = ymd(date);
  if (!d) return String(date);
  return `${d.day} ${MONTHS[d.month - 1]?.slice(0, 3)} ${d.year}`;
}

/** "3 Dec", for axes and lists within one year. */
export function formatDayMonth(date: DateLike): string {
  const d = ymd(date);
  if (!d) return String(date);
  return `${d.day} ${MONTHS[d.month - 1]?.slice(0, 3)}`;
}

/** "Dec 2026". */
export function formatMonth(date: DateLike): string {
  const d = ymd(date);
  if (!d) return String(date);
  return `${MONTHS[d.month - 1]?.slice(0, 3)} ${d.year}`;
}

/** "2:00 PM", "12:00 AM" (midnight), "12:30 PM" (just after noon). */
export function formatTime(time: TimeLike): string {
  const t = hm(time);
  if (!t) return String(time);
  const hour = t.hour % 12 === 0 ? 12 : t.hour % 12;
  return `${hour}:${String(t.minute).padStart(2, "0")} ${t.hour < 12 ? "AM" : "PM"}`;
}

/** "10:00 AM – 12:00 PM". */
export function formatTimeRange(start: TimeLike, end: TimeLike): string {
  return `${formatTime(start)} – ${formatTime(end)}`;
}

/** A booking's slot on the studio's clock: "3 Dec 2026, 2:00 PM". */
export function formatDateTime(date: DateLike, time: TimeLike): string {
  return `${formatShortDate(date)}, ${formatTime(time)}`;
}

/** A moment (an ISO timestamp) read on the studio's clock: "3 Dec 2026, 2:05 PM". */
export function formatInstant(instant: Instant, timeZone: string): string {
  const at = wallTime(instant, timeZone);
  return formatDateTime(at, at);
}

/** A moment read on the studio's clock, in full with its zone: "Thursday, 3 December 2026 at 2:05 PM PST". */
export function formatLongInstant(instant: Instant, timeZone: string): string {
  const at = wallTime(instant, timeZone);
  return `${formatLongDateTime(at, at)} ${at.zone}`;
}

/** A slot written in full: "Thursday, 3 December 2026 at 2:00 PM". */
export function formatLongDateTime(date: DateLike, time: TimeLike): string {
  return `${formatDate(date)} at ${formatTime(time)}`;
}

/** A run of days, as closures are written: "10 Dec 2026", "10 Dec 2026 – 2 Jan 2027". */
export function formatDateRange(start: DateLike, end: DateLike): string {
  const from = formatShortDate(start);
  const to = formatShortDate(end);
  return from === to ? from : `${from} – ${to}`;
}

/** A session's hours with the zone named, so nobody guesses: "10:00 AM – 11:00 AM PST (America/Los_Angeles)". */
export function formatSessionTime(start: WallTime, end: WallTime, timeZone: string): string {
  return `${formatTimeRange(start, end)} ${start.zone} (${timeZone})`;
}

/** The place a zone is named after: "Europe/London" → "London", "America/Los_Angeles" → "Los Angeles". */
export function zonePlace(timeZone: string): string {
  return (timeZone.split("/").pop() ?? timeZone).replaceAll("_", " ");
}

/**
 * A moment on the visitor's own clock, for a visitor whose zone reads it differently from the studio's: "5:30 AM
 * in London", with the day when it is another one ("2 Dec, 11:30 PM in Los Angeles"). Null when both clocks agree.
 */
export function elsewhereTime(instant: Instant, studioZone: string, visitorZone: string): string | null {
  const studio = wallTime(instant, studioZone);
  const there = wallTime(instant, visitorZone);
  if (studio.hour === there.hour && studio.minute === there.minute && studio.day === there.day) return null;
  const day = studio.day === there.day && studio.month === there.month ? "" : `${formatDayMonth(there)}, `;
  return `${day}${formatTime(there)} in ${zonePlace(visitorZone)}`;
}

/** The browser's own zone (the visitor's), or null where it cannot be read. */
export function browserZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
