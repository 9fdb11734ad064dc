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
