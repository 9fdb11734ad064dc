/**
 * Back-office analytics. Every figure comes from count/groupBy/aggregate queries, so the cost grows with the
 * number of groups (statuses, services, slots, distinct dates, weeks), never with the number of bookings.
 */
import type { Db } from "@studio/db";
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
} from "@studio/validators";

export type AnalyticsDeps = { db: Db; now: () => Date; config: { timeZone: string } };

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

/** Minutes the zone's wall clock is ahead of UTC at an instant. */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The instant at which a calendar date (YYYY-MM-DD) starts in a time zone. */
export function zonedMidnight(date: string, timeZone: string): Date {
  const wall = parseDate(date);
  let instant = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  // Second pass: the offset at the guessed instant can differ around a DST change.
  instant = wall - zoneOffsetMinutes(instant, timeZone) * 60_000;
  return new Date(instant);
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

  const [byStatusRows, withProof, byServiceRows, revenueRows, byDateRows, bySlotRows, perWeek] =
    await Promise.all([
      db.booking.groupBy({ by: ["status"], _count: { _all: true } }),
      db.booking.count({ where: { image: { not: null } } }),
      db.booking.groupBy({ by: ["serviceId"], _count: { _all: true } }),
      db.booking.groupBy({
        by: ["serviceId"],
        where: { status: { in: ["confirmed", "completed"] }, serviceId: { not: null } },
        _count: { _all: true },
      }),
      db.booking.groupBy({ by: ["date"], _count: { _all: true } }),
      db.booking.groupBy({ by: ["time"], _count: { _all: true } }),
      Promise.all(
        weeks
          .slice(0, -1)
          .map((_, i) =>
            db.booking.count({ where: { createdAt: { gte: weekBounds[i], lt: weekBounds[i + 1] } } }),
          ),
      ),
    ]);

  const [ratingRows, feedbackAll, perMonth] = await Promise.all([
    db.feedback.groupBy({ by: ["rating"], _count: { _all: true } }),
    db.feedback.aggregate({ _avg: { rating: true }, _count: { _all: true } }),
    Promise.all(
      months.slice(0, -1).map((_, i) =>
        db.feedback.aggregate({
          where: { createdAt: { gte: monthBounds[i], lt: monthBounds[i + 1] } },
          _avg: { rating: true },
          _count: { _all: true },
        }),
      ),
    ),
  ]);

  const byStatus = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as Record<BookingStatus, number>;
  for (const row of byStatusRows) byStatus[row.status as BookingStatus] = row._count._all;
  const total = BOOKING_STATUSES.reduce((sum, s) => sum + byStatus[s], 0);

  const serviceIds = [
    ...new Set(
      [...byServiceRows, ...revenueRows].map((r) => r.serviceId).filter((id): id is number => id !== null),
    ),
  ];
  const services = serviceIds.length
    ? await db.service.findMany({
        where: { id: { in: serviceIds } },
        select: { id: true, title: true, priceCents: true },
      })
    : [];
  const serviceById = new Map(services.map((s) => [s.id, s]));

  const byService = byServiceRows
    .map((row) => ({
      service_id: row.serviceId,
      title:
        (row.serviceId !== null ? serviceById.get(row.serviceId)?.title : undefined) ??
        MESSAGES.booking.serviceMissing,
      count: row._count._all,
    }))
    .sort((a, b) => b.count - a.count || a.title.localeCompare(b.title));

  let revenueCents = 0;
  for (const row of revenueRows) {
    const service = row.serviceId !== null ? serviceById.get(row.serviceId) : undefined;
    if (service) revenueCents += service.priceCents * row._count._all;
  }

  const weekdayCounts = WEEKDAY_LABELS.map(() => 0);
  for (const row of byDateRows) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(row.date)) weekdayCounts[weekdayIndex(row.date)]! += row._count._all;
  }

  const slotCounts = new Map<string, number>(bySlotRows.map((r) => [r.time, r._count._all]));

  const distribution = Array.from({ length: RATING.max - RATING.min + 1 }, (_, i) => {
    const rating = RATING.min + i;
    return { rating, count: ratingRows.find((r) => r.rating === rating)?._count._all ?? 0 };
  });

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
      by_slot: TIME_SLOTS.map((time) => ({ time, count: slotCounts.get(time) ?? 0 })),
    },
    feedback: {
      total: feedbackAll._count._all,
      average_rating: oneDecimal(feedbackAll._avg.rating) ?? 0,
      distribution,
      per_month: months.slice(0, -1).map((d, i) => ({
        month: d.slice(0, 7),
        count: perMonth[i]?._count._all ?? 0,
        average_rating: oneDecimal(perMonth[i]?._avg.rating),
      })),
    },
  };
}
