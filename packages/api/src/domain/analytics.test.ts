import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";
import { monthStarts, rate, weekdayOfKey, weekStarts, zonedMidnight } from "./analytics";

let h: Harness;
let admin: Awaited<ReturnType<Harness["admin"]>>["caller"];
// Wednesday 2026-03-18, 12:00 in Los Angeles (the harness zone).
const NOW = new Date("2026-03-18T19:00:00Z");

beforeAll(async () => {
  h = await createHarness();
  h.setNow(NOW);
  admin = (await h.admin()).caller;
});
afterAll(async () => {
  await h.close();
});

describe("calendar helpers", () => {
  it("rounds rates and gives 0 for an empty total", () => {
    expect(rate(1, 3)).toBe(33);
    expect(rate(2, 3)).toBe(67);
    expect(rate(5, 0)).toBe(0);
  });

  it("finds the Monday-start weeks and month starts in order", () => {
    expect(weekStarts("2026-03-18", 3)).toEqual(["2026-03-02", "2026-03-09", "2026-03-16", "2026-03-23"]);
    expect(weekStarts("2026-03-16", 1)).toEqual(["2026-03-16", "2026-03-23"]);
    expect(weekStarts("2026-03-22", 1)).toEqual(["2026-03-16", "2026-03-23"]);
    expect(monthStarts("2026-02-10", 3)).toEqual(["2025-12-01", "2026-01-01", "2026-02-01", "2026-03-01"]);
  });

  it("converts a studio calendar date to the instant its day starts, across DST", () => {
    expect(zonedMidnight("2026-01-15", "America/Los_Angeles").toISOString()).toBe("2026-01-15T08:00:00.000Z");
    expect(zonedMidnight("2026-07-15", "America/Los_Angeles").toISOString()).toBe("2026-07-15T07:00:00.000Z");
    expect(zonedMidnight("2026-03-08", "America/Los_Angeles").toISOString()).toBe("2026-03-08T08:00:00.000Z");
    expect(zonedMidnight("2026-06-01", "Asia/Kolkata").toISOString()).toBe("2026-05-31T18:30:00.000Z");
    expect(zonedMidnight("2026-06-01", "UTC").toISOString()).toBe("2026-06-01T00:00:00.000Z");
  });

  it("starts a day whose midnight a daylight-saving change skips at its first instant, not in the day before", () => {
    // Santiago and Havana move from 00:00 straight to 01:00: the day starts at 01:00 in the new offset.
    expect(zonedMidnight("2026-09-06", "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(zonedMidnight("2026-03-08", "America/Havana").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    // Beirut's change at midnight as well: 00:00 +02 never happens, 01:00 +03 is 22:00 UTC the day before.
    expect(zonedMidnight("2026-03-29", "Asia/Beirut").toISOString()).toBe("2026-03-28T22:00:00.000Z");
  });

  it("finds the weekday of every date from 1999 to 2101, and none for what is not a real date", () => {
    for (let day = Date.UTC(1999, 0, 1); day <= Date.UTC(2101, 11, 31); day += 86_400_000) {
      const date = new Date(day);
      expect(weekdayOfKey(date.toISOString().slice(0, 10))).toBe(date.getUTCDay());
    }
    for (const key of ["2026-02-29", "2100-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00"])
      expect(weekdayOfKey(key)).toBeNull();
    for (const key of ["2026-1-01", "20260101", "abcd-ef-gh", "", "2026-01-01 ", "٢٠٢٦-٠١-٠١"])
      expect(weekdayOfKey(key)).toBeNull();
    expect(weekdayOfKey("2024-02-29")).toBe(4);
    expect(weekdayOfKey("2000-02-29")).toBe(2);
  });
});

describe("analytics.overview", () => {
  it("refuses visitors", async () => {
    await expect(h.caller().analytics.overview()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("answers zeros on an empty database", async () => {
    const o = await admin.analytics.overview();
    expect(o.bookings.total).toBe(0);
    expect(o.bookings.confirm_rate).toBe(0);
    expect(o.bookings.upload_rate).toBe(0);
    expect(o.bookings.estimated_revenue).toBe(0);
    expect(o.bookings.per_week).toHaveLength(12);
    expect(o.bookings.per_week.at(-1)).toEqual({ week_start: "2026-03-16", count: 0 });
    expect(o.bookings.by_slot.map((s) => s.time)).toEqual([
      "09:00",
      "10:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
    ]);
    expect(o.feedback).toMatchObject({ total: 0, average_rating: 0 });
    expect(o.feedback.per_month).toHaveLength(12);
    expect(o.feedback.per_month.at(-1)).toEqual({ month: "2026-03", count: 0, average_rating: null });
  });

  it("aggregates bookings, revenue and feedback", async () => {
    const { db } = h.deps;
    const portrait = await db.service.create({
      data: {
        title: "Portrait",
        description: "d",
        priceCents: 29_950,
        features: [],
        category: "photography",
      },
    });
    const film = await db.service.create({
      data: { title: "Film", description: "d", priceCents: 100_000, features: [], category: "videography" },
    });
    const gone = await db.service.create({
      data: { title: "Gone", description: "d", priceCents: 5_000, features: [], category: "event" },
    });
    const booking = (
      n: number,
      data: { status: "pending" | "confirmed" | "completed" | "cancelled"; serviceId: number | null },
      date: string,
      time: string,
      createdAt: string,
      image: string | null = null,
    ) =>
      db.booking.create({
        data: {
          name: `Client ${n}`,
          email: `c${n}@x.test`,
          phone: "555",
          date,
          time,
          image,
          createdAt: new Date(createdAt),
          ...data,
        },
      });
    // 2026-03-16 is a Monday, 2026-03-21 a Saturday.
    await booking(
      1,
      { status: "confirmed", serviceId: portrait.id },
      "2026-03-16",
      "09:00",
      "2026-03-17T18:00:00Z",
      "/uploads/private/a.pdf",
    );
    await booking(
      2,
      { status: "completed", serviceId: portrait.id },
      "2026-03-16",
      "10:00",
      "2026-03-16T08:30:00Z",
    );
    await booking(
      3,
      { status: "completed", serviceId: film.id },
      "2026-03-21",
      "09:00",
      "2026-03-10T12:00:00Z",
      "/uploads/private/b.png",
    );
    await booking(
      4,
      { status: "pending", serviceId: film.id },
      "2026-03-23",
      "11:30",
      "2026-03-16T06:30:00Z",
    );
    await booking(
      5,
      { status: "cancelled", serviceId: film.id },
      "2026-03-23",
      "12:00",
      "2025-11-01T12:00:00Z",
    );
    await booking(
      6,
      { status: "confirmed", serviceId: gone.id },
      "2026-03-24",
      "17:00",
      "2026-03-18T18:00:00Z",
    );
    await db.service.delete({ where: { id: gone.id } }); // the booking keeps service_id null

    const fb = (rating: number, createdAt: string) =>
      db.feedback.create({
        data: { name: "F", email: "f@x.test", rating, message: "m", createdAt: new Date(createdAt) },
      });
    await fb(5, "2026-03-02T12:00:00Z");
    await fb(4, "2026-03-10T12:00:00Z");
    await fb(2, "2026-01-20T12:00:00Z");
    await fb(5, "2026-03-01T07:59:00Z"); // still February in Los Angeles

    const o = await admin.analytics.overview();
    expect(o.bookings.total).toBe(6);
    expect(o.bookings.by_status).toEqual({ pending: 1, confirmed: 2, completed: 2, cancelled: 1 });
    expect(o.bookings.with_proof).toBe(2);
    expect(o.bookings.confirm_rate).toBe(67);
    expect(o.bookings.upload_rate).toBe(33);
    // confirmed + completed with a known service: portrait ×2 (299.50) + film ×1 (1000); the deleted service adds nothing.
    expect(o.bookings.estimated_revenue).toBe(1599);
    expect(o.bookings.by_service).toEqual([
      { service_id: film.id, title: "Film", count: 3 },
      { service_id: portrait.id, title: "Portrait", count: 2 },
      { service_id: null, title: "Service not found", count: 1 },
    ]);
    const week = Object.fromEntries(o.bookings.per_week.map((w) => [w.week_start, w.count]));
    // Booking 4 was made 2026-03-16T06:30Z = Sunday 15th 23:30 in Los Angeles (PDT): the previous week.
    expect(week["2026-03-16"]).toBe(3);
    expect(week["2026-03-09"]).toBe(2);
    expect(o.bookings.per_week.reduce((s, w) => s + w.count, 0)).toBe(5);
    expect(o.bookings.by_weekday.map((d) => d.count)).toEqual([4, 1, 0, 0, 0, 1, 0]);
    expect(o.bookings.by_weekday[0]?.label).toBe("Monday");
    expect(o.bookings.by_slot.find((s) => s.time === "09:00")?.count).toBe(2);
    expect(o.bookings.by_slot.find((s) => s.time === "17:00")?.count).toBe(1);
    // A half-hour start has its own row, in time order among the hours.
    const hours = o.bookings.by_slot.filter((s) => s.time.endsWith(":00")).map((s) => s.time);
    expect(o.bookings.by_slot.map((s) => s.time)).toEqual([...hours.slice(0, 3), "11:30", ...hours.slice(3)]);
    expect(hours).toHaveLength(9);
    expect(o.bookings.by_slot.find((s) => s.time === "11:30")?.count).toBe(1);
    expect(o.bookings.by_slot.find((s) => s.time === "11:00")?.count).toBe(0);

    expect(o.feedback.total).toBe(4);
    expect(o.feedback.average_rating).toBe(4);
    expect(o.feedback.distribution).toEqual([
      { rating: 1, count: 0 },
      { rating: 2, count: 1 },
      { rating: 3, count: 0 },
      { rating: 4, count: 1 },
      { rating: 5, count: 2 },
    ]);
    const month = Object.fromEntries(o.feedback.per_month.map((m) => [m.month, m]));
    expect(month["2026-03"]).toEqual({ month: "2026-03", count: 2, average_rating: 4.5 });
    expect(month["2026-02"]).toEqual({ month: "2026-02", count: 1, average_rating: 5 });
    expect(month["2026-01"]).toEqual({ month: "2026-01", count: 1, average_rating: 2 });

    // Per-date roll-ups that are not real dates (written by hand or a bulk load) count on no weekday.
    await h.deps.db.$executeRaw`
      INSERT INTO "BookingRollup" ("kind", "key", "status", "n", "withProof")
      VALUES ('date', 'not-a-date', 'pending', 7, 0), ('date', '2026-02-30', 'pending', 7, 0)`;
    try {
      const again = await admin.analytics.overview();
      expect(again.bookings.by_weekday.map((d) => d.count)).toEqual([4, 1, 0, 0, 0, 1, 0]);
    } finally {
      await h.deps.db.$executeRaw`
        DELETE FROM "BookingRollup" WHERE "kind" = 'date' AND "key" IN ('not-a-date', '2026-02-30')`;
    }
  });

  it("accepts a shorter window and refuses a silly one", async () => {
    const o = await admin.analytics.overview({ weeks: 4, months: 2 });
    expect(o.bookings.per_week.map((w) => w.week_start)).toEqual([
      "2026-02-23",
      "2026-03-02",
      "2026-03-09",
      "2026-03-16",
    ]);
    expect(o.feedback.per_month.map((m) => m.month)).toEqual(["2026-02", "2026-03"]);
    await expect(admin.analytics.overview({ weeks: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
