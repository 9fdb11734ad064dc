import { boundedMemo } from "./memo";

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d &&
    y >= 2000 &&
    y <= 2100
  );
}

/**
 * Days since 1970-01-01 of a calendar date written YYYY-MM-DD, by arithmetic (the proleptic Gregorian calendar's
 * days-from-civil): a month view asks this thousands of times, and a Date per call was most of its cost. A day
 * past its month's end runs on into the next month, as Date.UTC does.
 */
export function dayNumberOf(date: string): number {
  // Digits read by char code, with no helper closure: this runs thousands of times a view.
  const month = (date.charCodeAt(5) - 48) * 10 + date.charCodeAt(6) - 48;
  const year =
    (date.charCodeAt(0) - 48) * 1000 +
    (date.charCodeAt(1) - 48) * 100 +
    (date.charCodeAt(2) - 48) * 10 +
    (date.charCodeAt(3) - 48) -
    (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const day = (date.charCodeAt(8) - 48) * 10 + date.charCodeAt(9) - 48;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The calendar date (YYYY-MM-DD) of a day number (`dayNumberOf`'s inverse). */
export function dateOfDayNumber(dayNumber: number): string {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, "0")}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using it. */
const dayFormats = boundedMemo<Intl.DateTimeFormat>(1024);
/** The last answer per zone, with the minute it holds for: every zone's day starts on a whole minute. */
const lastToday = new Map<string, { minute: number; day: string }>();

/** Today's date (YYYY-MM-DD) on the wall clock of an IANA time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastToday.get(timeZone);
  if (last?.minute === minute) return last.day;
  const format = dayFormats(
    timeZone,
    () => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }),
  );
  const parts = format.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = `${get("year")}-${get("month")}-${get("day")}`;
  lastToday.set(timeZone, { minute, day });
  return day;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}
