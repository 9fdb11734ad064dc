/**
 * Back-office analytics. The booking figures come from the roll-ups database triggers keep on every booking
 * write (table BookingRollup, migration analytics_rollups, ADR 008): a few thousand rows (one per booking
 * date, service and status, slot and status), whatever the number of bookings. Bookings per week come from
 * the per-day "created" roll-ups (UTC days) plus, at each week's edge, an index range count of the bookings
 * made between UTC midnight and the studio's midnight, so the weeks stay exact in any time zone. Feedback
 * (small) is still grouped directly. The statements are plain SQL (directRead, ADR 011): Prisma's query compiler and
 * its statements prepared anew on every call were a quarter of an overview's CPU.
 */
import { type Db, directRead, sqlInstant, sqlInstantParameter } from "@studio/db";
import {
  type AnalyticsInput,
  type AnalyticsOverview,
  BOOKING_STATUSES,
  type BookingStatus,
  MESSAGES,
  RATING,
  TIME_SLOTS,
  todayIn,
  ZAnalyticsInput,
  zonedInstant,
} from "@studio/validators";

export type AnalyticsDeps = {
  db: Db;
  provider: "sqlite" | "postgresql";
  now: () => Date;
  config: { timeZone: string };
};

type Provider = AnalyticsDeps["provider"];
/** A count or sum as a driver answers it: a number, or (PostgreSQL's bigint and numeric) its text. */
type Counted = number | string;

const WEEKDAY_LABELS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const DAY_MS = 86_400_000;

/** Percentage rounded to a whole number; 0 when the total is 0. */
export function rate(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

function parseDate(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function formatDate(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

/**
 * The instant at which a calendar date (YYYY-MM-DD) starts in a time zone: its first instant, also where a
 * daylight-saving change skips midnight (the same rule as bookings' instants, zonedInstant).
 */
export function zonedMidnight(date: string, timeZone: string): Date {
  return zonedInstant(date, "00:00", timeZone);
}

/** Monday (0) … Sunday (6) of a calendar date. */
function weekdayIndex(date: string): number {
  return (new Date(parseDate(date)).getUTCDay() + 6) % 7;
}

/** First days of the last `weeks` calendar weeks (Monday start), oldest first, plus the start of next week. */
export function weekStarts(today: string, weeks: number): string[] {
  const monday = parseDate(today) - weekdayIndex(today) * DAY_MS;
  return Array.from({ length: weeks + 1 }, (_, i) => formatDate(monday - (weeks - 1 - i) * 7 * DAY_MS));
}

/** First days of the last `months` calendar months, oldest first, plus the first day of next month. */
export function monthStarts(today: string, months: number): string[] {
  const [y, m] = today.split("-").map(Number) as [number, number];
  return Array.from({ length: months + 1 }, (_, i) => formatDate(Date.UTC(y, m - 1 - (months - 1) + i, 1)));
}

/**
 * Bookings made in each period [bounds[i], bounds[i + 1]). The "created" roll-ups count whole UTC days; a
 * bound inside a UTC day (a zone's midnight) is corrected with the bookings made between that day's start
 * and the bound, counted from the rows (the createdAt index; at most a day's bookings per bound).
 */
async function createdPerPeriod(db: Db, provider: Provider, bounds: Date[]): Promise<number[]> {
  if (bounds.length < 2) return [];
  const dayOf = (instant: Date) => Math.floor(instant.getTime() / DAY_MS) * DAY_MS;
  const firstDay = formatDate(dayOf(bounds[0]!));
  const lastDay = formatDate(dayOf(bounds[bounds.length - 1]!));
  const partial = bounds
    .map((bound, i) => ({ i, from: new Date(dayOf(bound)), to: bound }))
    .filter((p) => p.from.getTime() < p.to.getTime());
  const at = sqlInstantParameter(provider);
  const [days, partialRows] = await Promise.all([
    directRead<{ key: string; n: Counted }>(
      db,
      `SELECT "key", "n" FROM "BookingRollup" WHERE "kind" = 'created' AND "status" = '' AND "key" >= ? AND "key" <= ?`,
      [firstDay, lastDay],
    ),
    partial.length
      ? directRead<{ i: Counted; n: Counted }>(
          db,
          // `i` is the bound's own index, written into the text (PostgreSQL cannot type a bare parameter).
          partial
            .map(
              (p) =>
                `SELECT ${p.i} AS "i", COUNT(*) AS "n" FROM "Booking" WHERE "createdAt" >= ${at} AND "createdAt" < ${at}`,
            )
            .join(" UNION ALL "),
          partial.flatMap((p) => [sqlInstant(p.from), sqlInstant(p.to)]),
        )
      : [],
  ]);
  const perDay = new Map(days.map((d) => [d.key, Number(d.n)]));
  // Bookings made from the start of bound i's UTC day until the bound.
  const before = bounds.map(() => 0);
  for (const row of partialRows) before[Number(row.i)] = Number(row.n);
  return bounds.slice(0, -1).map((from, i) => {
    const to = bounds[i + 1]!;
    let count = before[i + 1]! - before[i]!;
    for (let day = dayOf(from); day < dayOf(to); day += DAY_MS) count += perDay.get(formatDate(day)) ?? 0;
    return count;
  });
}

export async function analyticsOverview(
  deps: AnalyticsDeps,
  rawInput?: AnalyticsInput,
): Promise<AnalyticsOverview> {
  const input = ZAnalyticsInput.parse(rawInput);
  const { db, config } = deps;
  const now = deps.now();
  const today = todayIn(config.timeZone, now);
  const weeks = weekStarts(today, input.weeks);
  const months = monthStarts(today, input.months);
  const weekBounds = weeks.map((d) => zonedMidnight(d, config.timeZone));
  const monthBounds = months.map((d) => zonedMidnight(d, config.timeZone));

  // Few statements, few rows each: every row is decoded on the event loop (twelve monthly aggregates and two
  // thousand date rows cost more CPU than the database's work).
  const [groups, perWeek, monthRows, weekdayCounts] = await Promise.all([
    overviewGroups(db),
    createdPerPeriod(db, deps.provider, weekBounds),
    feedbackPerPeriod(db, deps.provider, monthBounds),
    bookingsPerWeekday(db, deps.provider),
  ]);

  const byStatus = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as Record<BookingStatus, number>;
  const slotCounts = new Map<string, number>();
  const byService: AnalyticsOverview["bookings"]["by_service"] = [];
  let total = 0;
  let withProof = 0;
  let revenueCents = 0;
  const ratingCounts = new Map<number, number>();
  for (const row of groups) {
    const n = Number(row.n);
    if (row.part === "rating") {
      ratingCounts.set(Number(row.key), n);
    } else if (row.part === "status") {
      total += n;
      withProof += Number(row.extra);
      if (Object.hasOwn(byStatus, row.key)) byStatus[row.key as BookingStatus] += n;
    } else if (row.part === "slot") {
      slotCounts.set(row.key, n);
    } else {
      const serviceId = row.key === "" ? null : Number(row.key);
      const known = serviceId !== null && row.title !== null;
      byService.push({
        service_id: serviceId,
        title: known ? row.title! : MESSAGES.booking.serviceMissing,
        count: n,
      });
      if (known) revenueCents += Number(row.priceCents ?? 0) * Number(row.extra);
    }
  }
  byService.sort((a, b) => b.count - a.count || a.title.localeCompare(b.title));

  const distribution = Array.from({ length: RATING.max - RATING.min + 1 }, (_, i) => {
    const rating = RATING.min + i;
    return { rating, count: ratingCounts.get(rating) ?? 0 };
  });
  let feedbackTotal = 0;
  let ratingSum = 0;
  for (const [rating, n] of ratingCounts) {
    feedbackTotal += n;
    ratingSum += rating * n;
  }

  const oneDecimal = (v: number | null | undefined) => (v == null ? null : Math.round(v * 10) / 10);

  return {
    generated_at: now.toISOString(),
    time_zone: config.timeZone,
    bookings: {
      total,
      by_status: byStatus,
      with_proof: withProof,
      confirm_rate: rate(byStatus.confirmed + byStatus.completed, total),
      upload_rate: rate(withProof, total),
      estimated_revenue: revenueCents / 100,
      per_week: weeks.slice(0, -1).map((week_start, i) => ({ week_start, count: perWeek[i] ?? 0 })),
      by_service: byService,
      by_weekday: WEEKDAY_LABELS.map((label, weekday) => ({
        weekday,
        label,
        count: weekdayCounts[weekday]!,
      })),
      // Every hour of the grid, and the other starts booked (a service starting every 30 minutes), in time order.
      by_slot: [...new Set([...TIME_SLOTS, ...slotCounts.keys()])]
        .sort()
        .map((time) => ({ time, count: slotCounts.get(time) ?? 0 })),
    },
    feedback: {
      total: feedbackTotal,
      average_rating: feedbackTotal > 0 ? (oneDecimal(ratingSum / feedbackTotal) ?? 0) : 0,
      distribution,
      per_month: months.slice(0, -1).map((d, i) => ({
        month: d.slice(0, 7),
        count: monthRows[i]?.count ?? 0,
        average_rating: oneDecimal(monthRows[i]?.average),
      })),
    },
  };
}

type GroupRow = {
  part: "status" | "slot" | "service" | "rating";
  key: string;
  n: Counted;
  /** status: bookings with proof; service: confirmed and completed bookings. */
  extra: Counted | null;
  title: string | null;
  priceCents: Counted | null;
};

/**
 * Everything but the periods and weekdays, in one statement of about 80 rows whatever the number of bookings:
 * the totals by status (and with proof) and by slot from the slot roll-ups; by service, with the service's
 * title and price and its confirmed and completed bookings for the revenue, from the service roll-ups; and the
 * feedback ratings.
 */
function overviewGroups(db: Db): Promise<GroupRow[]> {
  // The services are read once into a small table joined on their id as text: joined on the table itself,
  // SQLite read every service row for every roll-up row (0.76 ms against 0.21 ms at 50 services).
  return directRead<GroupRow>(
    db,
    `WITH "s" AS MATERIALIZED (SELECT CAST("id" AS TEXT) AS "key", "title", "priceCents" FROM "Service")
    SELECT 'status' AS "part", "status" AS "key", SUM("n") AS "n", SUM("withProof") AS "extra",
           CAST(NULL AS TEXT) AS "title", CAST(NULL AS INTEGER) AS "priceCents"
    FROM "BookingRollup" WHERE "kind" = 'slot' GROUP BY "status"
    UNION ALL
    SELECT 'slot', "key", SUM("n"), NULL, NULL, NULL
    FROM "BookingRollup" WHERE "kind" = 'slot' GROUP BY "key"
    UNION ALL
    SELECT 'service', r."key", SUM(r."n"),
           SUM(CASE WHEN r."status" IN ('confirmed', 'completed') THEN r."n" ELSE 0 END), s."title", s."priceCents"
    FROM "BookingRollup" r LEFT JOIN "s" s ON r."key" <> '' AND s."key" = r."key"
    WHERE r."kind" = 'service' GROUP BY r."key", s."title", s."priceCents" HAVING SUM(r."n") > 0
    UNION ALL
    SELECT 'rating', CAST("rating" AS TEXT), COUNT(*), NULL, NULL, NULL FROM "Feedback" GROUP BY "rating"`,
    [],
  );
}

/**
 * Bookings per weekday, Monday first, from the per-date roll-ups: read as one text ("YYYY-MM-DD=n,…", one
 * row however long the history) and counted here. Computing the weekday in SQL cost PostgreSQL 4.5 ms for five
 * years of dates (its string functions are slow); this loop costs 0.15 ms.
 */
async function bookingsPerWeekday(db: Db, provider: Provider): Promise<number[]> {
  const joined =
    provider === "postgresql"
      ? `string_agg("key" || '=' || "n", ',')`
      : `group_concat("key" || '=' || "n", ',')`;
  const rows = await directRead<{ days: string | null }>(
    db,
    `SELECT ${joined} AS "days" FROM "BookingRollup" WHERE "kind" = 'date' AND "n" <> 0`,
    [],
  );
  const text = rows[0]?.days ?? "";
  const counts = WEEKDAY_LABELS.map(() => 0);
  for (let start = 0; start < text.length; ) {
    const comma = text.indexOf(",", start);
    const end = comma === -1 ? text.length : comma;
    const cut = text.indexOf("=", start);
    const weekday = cut > start && cut < end ? weekdayOfKey(text.slice(start, cut)) : null;
    // Sunday (0) … Saturday (6), to Monday first.
    if (weekday !== null) counts[(weekday + 6) % 7]! += Number(text.slice(cut + 1, end));
    start = end + 1;
  }
  return counts;
}

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const MONTH_OFFSETS = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];

function digitsOf(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
}

/**
 * The weekday (0 = Sunday) of a roll-up's key, or null when it is not a real YYYY-MM-DD date (a bulk load may
 * have written anything): Sakamoto's method on the digits, with no Date objects, as it runs for every day of
 * the history.
 */
export function weekdayOfKey(key: string): number | null {
  if (!DATE_KEY.test(key)) return null;
  const year = digitsOf(key, 0, 4);
  const month = digitsOf(key, 5, 7);
  const day = digitsOf(key, 8, 10);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = (MONTH_DAYS[month - 1] ?? 0) + (month === 2 && leap ? 1 : 0);
  if (month < 1 || month > 12 || day < 1 || day > days) return null;
  const y = month < 3 ? year - 1 : year;
  return (
    (y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + MONTH_OFFSETS[month - 1]! + day) % 7
  );
}

/** Feedback received in each period [bounds[i], bounds[i + 1]): its count and average rating. */
async function feedbackPerPeriod(
  db: Db,
  provider: Provider,
  bounds: Date[],
): Promise<{ count: number; average: number | null }[]> {
  if (bounds.length < 2) return [];
  const at = sqlInstantParameter(provider);
  const periods = bounds.slice(0, -1);
  const rows = await directRead<{ i: Counted | null; n: Counted; total: Counted }>(
    db,
    `SELECT "i", COUNT(*) AS "n", SUM("rating") AS "total" FROM (
      SELECT CASE ${periods.map((_, i) => `WHEN "createdAt" >= ${at} AND "createdAt" < ${at} THEN ${i}`).join(" ")} END AS "i",
             "rating"
      FROM "Feedback" WHERE "createdAt" >= ${at} AND "createdAt" < ${at}
    ) AS f GROUP BY "i"`,
    [
      ...periods.flatMap((from, i) => [sqlInstant(from), sqlInstant(bounds[i + 1]!)]),
      sqlInstant(bounds[0]!),
      sqlInstant(bounds[bounds.length - 1]!),
    ],
  );
  const out = periods.map(() => ({ count: 0, average: null as number | null }));
  for (const row of rows) {
    const entry = row.i === null ? undefined : out[Number(row.i)];
    if (!entry) continue;
    entry.count = Number(row.n);
    entry.average = entry.count > 0 ? Number(row.total) / entry.count : null;
  }
  return out;
}
