/**
 * How long a service's session lasts. The service keeps its `duration` text for display and the REST contract
 * ("1 hour", "Half day"); the minutes are what bookings, invites, the calendar feed and the completion rule use.
 * Text the studio wrote before minutes existed is read here (and by the migration that added them, which lists
 * the same forms): what cannot be read keeps 60 minutes and is flagged for the owner to set.
 */

/** Bounds of a session and of the time held around it (travel, set-up, pack-down). */
export const SESSION_LENGTH = {
  minMinutes: 15,
  maxMinutes: 720,
  defaultMinutes: 60,
  maxBufferMinutes: 240,
  /** A session may last several days (a 2-day shoot): that many open days in a row, the same hours each day. */
  maxDays: 14,
  defaultDays: 1,
  /** The minutes of each day of a session read from a text that names only days ("2 days"): a full day. */
  fullDayMinutes: 480,
  /** A service's starts lie on the hour unless it allows every half hour. */
  defaultStartEveryMinutes: 60,
} as const;

const HOURS = /^(\d{1,2}(?:\.5)?)\s*(?:h|hr|hrs|hour|hours)$/;
const MINUTES = /^(\d{1,3})\s*(?:m|min|mins|minute|minutes)$/;
const HOURS_AND_MINUTES =
  /^(\d{1,2})\s*(?:h|hr|hrs|hour|hours)\s*(?:and\s*)?(\d{1,2})\s*(?:m|min|mins|minute|minutes)$/;
const WORDS: Record<string, number> = {
  "an hour": 60,
  "one hour": 60,
  "half an hour": 30,
  "half day": 240,
  "half-day": 240,
  "full day": 480,
  "full-day": 480,
  "whole day": 480,
  "one day": 480,
  "1 day": 480,
};

/** The minutes a duration text names, or null when it names none this reads (or a length out of bounds). */
export function durationMinutesOf(text: string | null | undefined): number | null {
  const value = (text ?? "").trim().toLowerCase().replace(/\s+/g, " ");
  if (!value) return null;
  let minutes: number | null = WORDS[value] ?? null;
  const hours = HOURS.exec(value);
  if (hours) minutes = Number(hours[1]) * 60;
  const plain = MINUTES.exec(value);
  if (plain) minutes = Number(plain[1]);
  const both = HOURS_AND_MINUTES.exec(value);
  if (both) minutes = Number(both[1]) * 60 + Number(both[2]);
  return minutes !== null && minutes >= SESSION_LENGTH.minMinutes && minutes <= SESSION_LENGTH.maxMinutes
    ? minutes
    : null;
}

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
};
/** "2 days", "2 shoot days", "3 full days", "2-day shoot", "two days": a count of days and what may follow. */
const DAYS =
  /^(\d{1,2}|[a-z]+)(?:\s*-\s*|\s+)(?:(?:shoot|shooting|full|working|filming)\s+)?days?(?:\s+(?:shoot|session|production))?$/;

/**
 * The days a duration text names when it names several ("2 days", "2 shoot days", "3-day shoot"), or null (one
 * day or a length in hours is durationMinutesOf's; a count out of 2…maxDays is not read).
 */
export function durationDaysOf(text: string | null | undefined): number | null {
  const value = (text ?? "").trim().toLowerCase().replace(/\s+/g, " ");
  const match = DAYS.exec(value);
  if (!match) return null;
  const word = match[1] ?? "";
  const days = /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? null);
  return days !== null && days >= 2 && days <= SESSION_LENGTH.maxDays ? days : null;
}

/** A session's length in words: "1 hour", "2 days" (with its hours a day when it has other than a full day's). */
export function sessionLengthInWords(days: number | null | undefined, minutes: number): string {
  if (!days || days <= 1) return minutesInWords(minutes);
  return minutes === SESSION_LENGTH.fullDayMinutes
    ? `${days} days`
    : `${days} days, ${minutesInWords(minutes)} a day`;
}

/** A length in words for the site and mails: "45 minutes", "1 hour", "2 hours 30 minutes". */
export function minutesInWords(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [
    h ? `${h} ${h === 1 ? "hour" : "hours"}` : null,
    m ? `${m} ${m === 1 ? "minute" : "minutes"}` : null,
  ];
  return parts.filter(Boolean).join(" ") || "0 minutes";
}

/** The texts the migration `service_durations` reads into minutes (its CASE list is checked against this). */
export const MIGRATED_DURATION_TEXTS: readonly string[] = [
  ...Object.keys(WORDS),
  ...Array.from({ length: 12 }, (_, i) => i + 1).flatMap((n) =>
    [n === 1 ? "hour" : "hours", "h", "hr", "hrs"].map((unit) => `${n} ${unit}`),
  ),
  ...["0.5", "1.5", "2.5", "3.5"].map((n) => `${n} hours`),
  ...[15, 20, 30, 45, 60, 75, 90, 120, 150, 180].flatMap((n) => [`${n} minutes`, `${n} min`, `${n} mins`]),
];

/**
 * The texts the migration `service_days` reads into days (a function, so the site's bundle leaves it out) (each of a full day's minutes); session-length.test.ts
 * checks its list against durationDaysOf.
 */
export function migratedDayTexts(): (readonly [string, number])[] {
  const digits = Array.from({ length: SESSION_LENGTH.maxDays - 1 }, (_, i) => i + 2).flatMap((n) =>
    [`${n} days`, `${n} shoot days`, `${n} full days`, `${n}-day shoot`, `${n} day shoot`, `${n}-day`].map(
      (text) => [text, n] as const,
    ),
  );
  const words = Object.entries(NUMBER_WORDS).flatMap(([word, n]) =>
    [`${word} days`, `${word} shoot days`, `${word} full days`].map((text) => [text, n] as const),
  );
  return [...digits, ...words];
}
