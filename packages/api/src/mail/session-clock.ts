/**
 * A session's start and end on the studio's wall clock, as the e-mails print them ("Tuesday, 3 November 2026",
 * "10:00 AM", "PST"). The zone's offset (zoneOffset: Intl, read once a day and kept) does the arithmetic; a date
 * library did the same at several times the cost, on every new booking's request.
 */
import { boundedMemo, zonedInstant, zoneOffset } from "@studio/validators";

const HOUR_MS = 3_600_000;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
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
];

/** A moment as read on a zone's clock. */
export type WallTime = {
  instant: Date;
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** "PST", "PDT", "GMT+5:30": the zone's short name at this moment, in English. */
  zone: string;
};

const nameFormats = boundedMemo<Intl.DateTimeFormat>(1024);
const zoneNames = boundedMemo<string>(1024);

/** The zone's short name at an instant ("PST"), read once per zone, offset and year. */
function zoneName(instant: Date, timeZone: string, offset: number, year: number): string {
  return zoneNames(`${timeZone} ${offset} ${year}`, () => {
    const format = nameFormats(
      timeZone,
      () => new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }),
    );
    return format.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? timeZone;
  });
}

export function wallTime(instant: Date, timeZone: string): WallTime {
  const offset = zoneOffset(instant.getTime(), timeZone);
  // The wall clock's fields are the UTC fields of the instant moved by the offset.
  const local = new Date(instant.getTime() + offset);
  const year = local.getUTCFullYear();
  return {
    instant,
    year,
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    zone: zoneName(instant, timeZone, offset, year),
  };
}

/** "Tuesday, 3 November 2026" */
export function dayText(at: WallTime): string {
  const weekday = new Date(Date.UTC(at.year, at.month - 1, at.day)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${at.day} ${MONTHS[at.month - 1]} ${at.year}`;
}

/** "3 Nov 2026" */
export function shortDayText(at: WallTime): string {
  return `${at.day} ${MONTHS[at.month - 1]?.slice(0, 3)} ${at.year}`;
}

/** "10:00 AM", "12:30 PM" */
export function clockText(at: WallTime): string {
  const hour = at.hour % 12 === 0 ? 12 : at.hour % 12;
  return `${hour}:${String(at.minute).padStart(2, "0")} ${at.hour < 12 ? "AM" : "PM"}`;
}

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
