/**
 * A session's start and end on the studio's wall clock, as the e-mails print them ("Tuesday, 3 November 2026",
 * "10:00 AM", "PST"). One cached Intl formatter per zone does the zone arithmetic; a date library did the same
 * at several times the cost, on every new booking's request.
 */
import { zonedInstant } from "@studio/validators";

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

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      timeZoneName: "short",
    });
    formats.set(timeZone, format);
  }
  return format;
}

export function wallTime(instant: Date, timeZone: string): WallTime {
  const wall: WallTime = { instant, year: 0, month: 0, day: 0, hour: 0, minute: 0, zone: timeZone };
  for (const part of formatFor(timeZone).formatToParts(instant)) {
    if (part.type === "timeZoneName") wall.zone = part.value;
    else if (part.type === "year") wall.year = Number(part.value);
    else if (part.type === "month") wall.month = Number(part.value);
    else if (part.type === "day") wall.day = Number(part.value);
    else if (part.type === "hour") wall.hour = Number(part.value);
    else if (part.type === "minute") wall.minute = Number(part.value);
  }
  return wall;
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
