/**
 * Sessions that last as long as the work (issue 27): a booking holds a crew and its service's equipment for its
 * whole range (session + buffers), on SQLite and PostgreSQL. Availability, new bookings, the client's move and the
 * studio's reschedule judge the same ranges; concurrent requests never hold a resource beyond its count.
 */
import {
  DEFAULT_SCHEDULE,
  formatDate,
  longDayLabel,
  MESSAGES,
  type ScheduleUpdateInput,
  SLOT_REFUSAL_NOTES,
  TIME_SLOTS,
} from "@studio/validators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueManageUrl } from "./bookings/manage-links";
import { bookingInput, createTestService } from "../testing/fixtures";
import { createHarness, type Harness } from "../testing/harness";
import { seededRandom } from "../testing/random";
import { failure } from "../testing/rejection";

/** 12:00 on Tuesday 2030-01-15 in the studio's zone. */
const NOW = new Date("2030-01-15T20:00:00Z");
/** Saturday 2030-02-02. */
const SATURDAY = "2030-02-02";

let h: Harness;
let admin: Awaited<ReturnType<Harness["admin"]>>["caller"];
let day = 0;
/** A fresh weekday in February and March 2030 (the default schedule opens every day 09:00–18:00). */
const nextDay = () => {
  day += 1;
  return new Date(Date.UTC(2030, 1, 3) + day * 86_400_000).toISOString().slice(0, 10);
};

beforeAll(async () => {
  h = await createHarness();
  h.setNow(NOW);
  admin = (await h.admin()).caller;
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await admin.schedule.update(DEFAULT_SCHEDULE);
});

async function service(
  title: string,
  minutes: number,
  buffers: { before?: number; after?: number; days?: number; every?: 30 | 60 } = {},
  equipment: { id: number; quantity?: number }[] = [],
): Promise<number> {
  const row = await createTestService(h.deps.db, {
    title,
    durationMinutes: minutes,
    bufferBeforeMinutes: buffers.before ?? 0,
    bufferAfterMinutes: buffers.after ?? 0,
    durationDays: buffers.days ?? 1,
    startEveryMinutes: buffers.every ?? 60,
  });
  if (equipment.length) {
    await admin.equipment.setForService({
      service_id: row.id,
      equipment: equipment.map((e) => ({ equipment_id: e.id, quantity: e.quantity ?? 1 })),
    });
  }
  return row.id;
}

/** "Saturday 2 February", as refusals name a day. */
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

const book = (serviceId: number, date: string, time: string) =>
  h.caller().bookings.create(bookingInput(serviceId, date, time));

async function crews(capacity: number) {
  await admin.schedule.update({ ...DEFAULT_SCHEDULE, capacity } as ScheduleUpdateInput);
}

describe("a session holds its crew for its whole range", () => {
  it("a full day at 09:00 takes the crew until 17:00: a portrait at 10:00 is refused, one at 17:00 is not", async () => {
    const date = nextDay();
    const fullDay = await service("Wedding Film", 480);
    const portrait = await service("Portrait", 60);
    await book(fullDay, date, "09:00");
    expect(await failure(book(portrait, date, "10:00"))).toEqual({
      code: "CONFLICT",
      message: MESSAGES.booking.slotTaken,
    });
    expect(await failure(book(portrait, date, "16:00"))).toMatchObject({ code: "CONFLICT" });
    await expect(book(portrait, date, "17:00")).resolves.toMatchObject({ booking: { time: "17:00" } });
  });

  it("a long session over a held hour says which resource is missing and for when", async () => {
    const fullDay = await service("Wedding Film B", 480);
    const portrait = await service("Portrait B", 60);
    await book(portrait, SATURDAY, "15:00");
    expect(await failure(book(fullDay, SATURDAY, "10:00"))).toEqual({
      code: "CONFLICT",
      message: "No crew is free from 10:00 AM to 6:00 PM on Saturday 2 February. Please choose another time.",
    });
  });

  it("buffers are held too: travel before and pack-down after", async () => {
    const date = nextDay();
    const onLocation = await service("On location", 60, { before: 60, after: 30 });
    const portrait = await service("Portrait C", 60);
    await book(onLocation, date, "11:00"); // holds 10:00–12:30
    expect(await failure(book(portrait, date, "10:00"))).toMatchObject({ code: "CONFLICT" });
    expect(await failure(book(portrait, date, "12:00"))).toMatchObject({ code: "CONFLICT" });
    await expect(book(portrait, date, "13:00")).resolves.toBeTruthy();
    await expect(book(portrait, date, "09:00")).resolves.toBeTruthy();
  });

  it("the whole held range must fit in the day's open hours", async () => {
    const date = nextDay();
    const fullDay = await service("Full day D", 480);
    const message = MESSAGES.schedule.sessionOutsideHours(
      "8 hours",
      "9:00 AM",
      "6:00 PM",
      longDayLabel(date),
    );
    expect(await failure(book(fullDay, date, "11:00"))).toEqual({ code: "BAD_REQUEST", message });
    const early = await service("Early travel", 60, { before: 60 });
    expect(await failure(book(early, date, "09:00"))).toMatchObject({ code: "BAD_REQUEST" });
    await expect(book(fullDay, date, "10:00")).resolves.toBeTruthy();
  });

  it("several crews run sessions side by side, never more than there are", async () => {
    await crews(2);
    const date = nextDay();
    const fullDay = await service("Full day E", 480);
    const portrait = await service("Portrait E", 60);
    await book(fullDay, date, "09:00");
    await book(portrait, date, "12:00");
    expect(await failure(book(fullDay, date, "10:00"))).toMatchObject({ code: "CONFLICT" });
    await expect(book(portrait, date, "13:00")).resolves.toBeTruthy();
    expect(await failure(book(portrait, date, "12:00"))).toMatchObject({ code: "CONFLICT" });
  });

  it("cancelling lets go of the range at once", async () => {
    const date = nextDay();
    const fullDay = await service("Full day F", 480);
    const portrait = await service("Portrait F", 60);
    const { booking } = await book(fullDay, date, "09:00");
    await admin.bookings.setStatus({ id: booking.id, status: "cancelled" });
    expect(await h.deps.db.resourceHold.count({ where: { bookingId: booking.id } })).toBe(0);
    await expect(book(portrait, date, "12:00")).resolves.toBeTruthy();
  });
});

describe("equipment", () => {
  it("two crews, one drone kit: two drone sessions cannot overlap, a studio session can", async () => {
    await crews(2);
    const kit = await admin.equipment.create({ name: `Drone kit ${Date.now()}`, count: 1 });
    const aerial = await service("Aerial", 120, {}, [{ id: kit.id }]);
    const roof = await service("Roof survey", 60, {}, [{ id: kit.id }]);
    const portrait = await service("Portrait G", 60);
    const date = nextDay();
    await book(aerial, date, "10:00");
    expect(await failure(book(roof, date, "11:00"))).toEqual({
      code: "CONFLICT",
      message: `No ${kit.name} is free from 11:00 AM to 12:00 PM on ${dayLabel(date)}. Please choose another time.`,
    });
    await expect(book(portrait, date, "11:00")).resolves.toBeTruthy();
    await expect(book(roof, date, "12:00")).resolves.toBeTruthy();
    const listed = (await admin.equipment.list()).find((e) => e.id === kit.id);
    expect(listed?.services.map((s) => s.title)).toEqual(["Aerial", "Roof survey"]);
  });

  it("the month view leaves out exactly the starts whose crew or equipment is full", async () => {
    await crews(2);
    const kit = await admin.equipment.create({ name: `Gimbal kit ${Date.now()}`, count: 1 });
    const aerial = await service("Aerial M", 120, {}, [{ id: kit.id }]);
    const roof = await service("Roof M", 60, {}, [{ id: kit.id }]);
    const portrait = await service("Portrait N", 60);
    const date = nextDay();
    const freeOn = async (serviceId: number) =>
      (await h.caller().bookings.availabilityDays({ from: date, days: 1, service_id: serviceId })).days[0]
        ?.free_starts;
    await book(aerial, date, "10:00");
    // The kit is held 10:00–12:00: a roof survey may start at 09:00 (ends 10:00) or from 12:00.
    expect(await freeOn(roof)).toEqual(TIME_SLOTS.filter((time) => time !== "10:00" && time !== "11:00"));
    // One crew of two is held: a portrait may still start at 10:00, until a second session takes it.
    expect(await freeOn(portrait)).toContain("10:00");
    await book(portrait, date, "10:00");
    // 10:00–11:00 now holds both crews; from 11:00 the aerial session holds one.
    expect(await freeOn(portrait)).toEqual(TIME_SLOTS.filter((time) => time !== "10:00"));
  });

  it("refuses a need above the count, a name used twice, and a count out of bounds", async () => {
    const kit = await admin.equipment.create({ name: `Cinema camera ${Date.now()}`, count: 1 });
    const id = await service("Two cameras", 60);
    expect(
      await failure(
        admin.equipment.setForService({ service_id: id, equipment: [{ equipment_id: kit.id, quantity: 2 }] }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: MESSAGES.equipment.quantityOverCount(kit.name, 1) });
    expect(await failure(admin.equipment.create({ name: kit.name, count: 1 }))).toEqual({
      code: "CONFLICT",
      message: MESSAGES.equipment.nameTaken,
    });
    expect(await failure(admin.equipment.create({ name: "Lights", count: 0 }))).toEqual({
      code: "BAD_REQUEST",
      message: MESSAGES.equipment.countInvalid,
    });
    expect(await failure(h.caller().equipment.list())).toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("availability", () => {
  it("judges each start for the service: ends after closing, held, free", async () => {
    const date = nextDay();
    const halfDay = await service("Half day H", 240);
    const portrait = await service("Portrait H", 60);
    await book(portrait, date, "14:00");
    const day = await h.caller().bookings.availability({ date, service_id: halfDay });
    const reasons = Object.fromEntries(day.slots.map((s) => [s.time, s.reason]));
    expect(reasons).toEqual({
      "09:00": null,
      "10:00": null,
      "11:00": "full",
      "12:00": "full",
      "13:00": "full",
      "14:00": "full",
      "15:00": "too_long",
      "16:00": "too_long",
      "17:00": "too_long",
    });
    const plain = await h.caller().bookings.availability({ date });
    expect(plain.slots.filter((s) => !s.available).map((s) => s.time)).toEqual(["14:00"]);
  });

  it("tells a set-up that would begin before opening from a session that would end after closing", async () => {
    const date = nextDay();
    // 09:00–13:00 holds 08:30–14:00: its set-up begins before the studio opens at 09:00.
    const halfDay = await service("Half day with set-up H", 240, { before: 30, after: 60 });
    const day = await h.caller().bookings.availability({ date, service_id: halfDay });
    const reasons = Object.fromEntries(day.slots.map((s) => [s.time, s.reason]));
    expect(reasons).toMatchObject({
      "09:00": "too_early",
      "10:00": null,
      "13:00": null,
      "14:00": "too_long",
    });
    // A session longer than the day does not fit whenever it starts: it ends after closing.
    const longer = await service("Longer than the day H", 600, { before: 30 });
    const long = await h.caller().bookings.availability({ date, service_id: longer });
    expect(long.slots.find((s) => s.time === "09:00")?.reason).toBe("too_long");
  });
});

describe("a month view", () => {
  it("says per day which starts are free for the service, and why a day is closed", async () => {
    const first = nextDay();
    const second = nextDay();
    const fullDay = await service("Full day M", 480, { after: 60 });
    const portrait = await service("Portrait M", 60);
    await book(portrait, first, "13:00");
    const { id } = await admin.schedule.addClosure({ start: second, end: second, reason: "Shoot abroad" });
    try {
      const view = await h.caller().bookings.availabilityDays({ from: first, days: 3, service_id: fullDay });
      expect(view.days.map((d) => d.date)).toEqual([first, second, expect.any(String)]);
      expect(view.days[0]).toEqual({ date: first, closed_reason: null, free_starts: [] });
      expect(view.days[1]).toEqual({ date: second, closed_reason: "Closed: Shoot abroad", free_starts: [] });
      expect(view.days[2]?.free_starts).toEqual(["09:00"]);
      const plain = await h.caller().bookings.availabilityDays({ from: first, days: 1 });
      expect(plain.days[0]?.free_starts).not.toContain("13:00");
      expect(plain.days[0]?.free_starts).toHaveLength(8);
      expect(await failure(h.caller().bookings.availabilityDays({ from: first, days: 63 }))).toMatchObject({
        code: "BAD_REQUEST",
      });
    } finally {
      await admin.schedule.removeClosure({ id });
    }
  });

  it("answers every day as that day's own view does, days like others of their weekday and days unlike them", async () => {
    // Hours differ by weekday and Sunday is closed; a notice covers the first two days and a horizon the last ones
    // (and a two-day session's second day). Bookings that fill both crews or the one kit, and a closure that moves
    // a two-day session's second day, make some days unlike the others of their weekday.
    const hours = [
      ["09:00", "17:00"],
      ["09:00", "17:00"],
      ["10:00", "15:00"],
      ["09:00", "12:00"],
      ["11:00", "17:00"],
      ["09:00", "15:00"],
      ["12:00", "13:00"],
    ] as const;
    const weekly = hours.map(([first, last], weekday) => ({ open: weekday !== 0, first, last }));
    await admin.schedule.update({
      ...DEFAULT_SCHEDULE,
      weekly,
      notice_hours: 30,
      horizon_days: 18,
      capacity: 2,
    });
    const kit = await admin.equipment.create({ name: `Month kit ${Date.now()}`, count: 1 });
    const hourly = await service("Month hourly", 60);
    const aerial = await service("Month aerial", 60, {}, [{ id: kit.id }]);
    const halfHourly = await service("Month half-hourly", 90, { every: 30, after: 30 }, [{ id: kit.id }]);
    const fullDay = await service("Month full day", 300, { before: 60 });
    const twoDays = await service("Month two days", 240, { days: 2 });
    for (const [serviceId, date, time] of [
      [hourly, "2030-01-24", "13:00"],
      [hourly, "2030-01-24", "13:00"],
      [twoDays, "2030-01-28", "10:00"],
      [twoDays, "2030-01-28", "10:00"],
      [aerial, "2030-01-30", "09:00"],
    ] as const) {
      await book(serviceId, date, time);
    }
    const { id } = await admin.schedule.addClosure({
      start: "2030-01-18",
      end: "2030-01-18",
      reason: "Away",
    });
    try {
      for (const serviceId of [hourly, halfHourly, fullDay, twoDays]) {
        const view = await h
          .caller()
          .bookings.availabilityDays({ from: "2030-01-15", days: 21, service_id: serviceId });
        const alone = await Promise.all(
          view.days.map((d) => h.caller().bookings.availability({ date: d.date, service_id: serviceId })),
        );
        expect(view.days).toEqual(
          alone.map((d) => ({
            date: d.date,
            closed_reason: d.closed_reason,
            free_starts: d.slots.filter((slot) => slot.available).map((slot) => slot.time),
          })),
        );
        // Not an empty answer compared with another: most days offer starts, some do not.
        expect(view.days.filter((d) => d.free_starts.length > 0).length).toBeGreaterThan(1);
        expect(view.days.filter((d) => d.free_starts.length === 0).length).toBeGreaterThan(5);
      }
    } finally {
      await admin.schedule.removeClosure({ id });
    }
  });
});

describe("moving a session", () => {
  it("the studio reschedules: judged by range, its own range does not block it, history says so", async () => {
    const date = nextDay();
    const fullDay = await service("Full day I", 480);
    const portrait = await service("Portrait I", 60);
    const { booking } = await book(fullDay, date, "09:00");
    // An hour later overlaps only itself.
    await expect(admin.bookings.reschedule({ id: booking.id, date, time: "10:00" })).resolves.toMatchObject({
      time: "10:00",
    });
    await expect(book(portrait, date, "09:00")).resolves.toBeTruthy();
    expect(await failure(admin.bookings.reschedule({ id: booking.id, date, time: "10:00" }))).toEqual({
      code: "BAD_REQUEST",
      message: MESSAGES.booking.sameTime,
    });
    // Back to 09:00: the portrait now holds that hour.
    expect(await failure(admin.bookings.reschedule({ id: booking.id, date, time: "09:00" }))).toEqual({
      code: "CONFLICT",
      message: `No crew is free from 9:00 AM to 5:00 PM on ${dayLabel(date)}. Please choose another time.`,
    });
    expect(await failure(admin.bookings.reschedule({ id: booking.id, date, time: "11:00" }))).toMatchObject({
      code: "BAD_REQUEST",
    });
    const history = await admin.bookings.history({ id: booking.id });
    expect(JSON.stringify(history)).toContain("10:00");
    const change = await h.deps.db.bookingChange.findFirst({ where: { bookingId: booking.id } });
    expect(change).toMatchObject({ actor: "admin", action: "moved", fromTime: "09:00", toTime: "10:00" });
    const availability = await admin.bookings.adminAvailability({
      date,
      service_id: fullDay,
      exclude_booking_id: booking.id,
    });
    const reasons = Object.fromEntries(availability.slots.map((s) => [s.time, s.reason]));
    // Its own range does not count; the portrait holds 09:00; a full day from 11:00 would end after closing.
    expect(reasons).toMatchObject({ "09:00": "full", "10:00": null, "11:00": "too_long" });
  });

  it("refuses to move a completed or cancelled booking", async () => {
    const portrait = await service("Portrait J", 60);
    const { booking } = await book(portrait, nextDay(), "09:00");
    await admin.bookings.setStatus({ id: booking.id, status: "cancelled" });
    expect(
      await failure(admin.bookings.reschedule({ id: booking.id, date: nextDay(), time: "10:00" })),
    ).toEqual({
      code: "CONFLICT",
      message: MESSAGES.booking.rescheduleRefused("cancelled"),
    });
  });

  it("the client's move holds the new range and frees the old one", async () => {
    const date = nextDay();
    const halfDay = await service("Half day K", 240);
    const portrait = await service("Portrait K", 60);
    const { booking } = await book(halfDay, date, "09:00");
    const row = await h.deps.db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    const token = (await issueManageUrl(h.deps.db, h.deps, row)).split("/manage/")[1] ?? "";
    await book(portrait, date, "15:00");
    expect(await failure(h.caller().manage.move({ token, date, time: "12:00" }))).toMatchObject({
      code: "CONFLICT",
    });
    await h.caller().manage.move({ token, date, time: "11:00" });
    await expect(book(portrait, date, "09:00")).resolves.toBeTruthy();
    expect(await failure(book(portrait, date, "14:00"))).toMatchObject({ code: "CONFLICT" });
  });
});

/** The days and units a booking holds of a resource ("crew" unless told). */
async function heldDays(bookingId: number, resource = "crew") {
  const rows = await h.deps.db.resourceHold.findMany({
    where: { bookingId, resource },
    orderBy: { unit: "asc" },
  });
  return { days: [...new Set(rows.map((r) => r.unit.slice(0, 10)))], units: rows.length };
}

describe("sessions of several days", () => {
  it("a 2-day shoot holds its crew on both days; day 2 taken refuses it by name; a second crew takes it", async () => {
    const first = nextDay();
    const second = nextDay();
    const shoot = await service("Two-day shoot A", 480, { days: 2 });
    const portrait = await service("Portrait 2A", 60);
    await book(portrait, second, "12:00");
    expect(await failure(book(shoot, first, "09:00"))).toEqual({
      code: "CONFLICT",
      message: `No crew is free from 9:00 AM to 5:00 PM on ${dayLabel(second)}. Please choose another time.`,
    });
    const day = await h.caller().bookings.availability({ date: first, service_id: shoot });
    expect(day.slots.find((s) => s.time === "09:00")?.reason).toBe("full");
    await crews(2);
    const { booking } = await book(shoot, first, "09:00");
    expect(await heldDays(booking.id)).toEqual({ days: [first, second], units: 32 });
    // Both crews are now out on day 2 from 12:00 to 13:00; an hour there is refused, one after the shoot is not.
    expect(await failure(book(portrait, second, "12:00"))).toMatchObject({ code: "CONFLICT" });
    await expect(book(portrait, second, "17:00")).resolves.toBeTruthy();
    const history = await admin.bookings.history({ id: booking.id });
    expect(history.days).toEqual([first, second]);
  });

  it("takes the next open days: a closure and a closed weekday are skipped, the horizon refuses", async () => {
    const first = nextDay();
    const closed = nextDay();
    const third = nextDay();
    const shoot = await service("Two-day shoot B", 240, { days: 2 });
    const { id } = await admin.schedule.addClosure({ start: closed, end: closed, reason: "Away" });
    try {
      const { booking } = await book(shoot, first, "10:00");
      expect((await heldDays(booking.id)).days).toEqual([first, third]);
      // Another on the third day: its morning is held by the first shoot's second day.
      const view = await h.caller().bookings.availability({ date: third, service_id: shoot });
      expect(view.slots.find((s) => s.time === "10:00")?.reason).toBe("full");
      // A day whose later day is beyond the horizon.
      const lastDay = nextDay();
      const horizon = Math.round((Date.parse(lastDay) - Date.parse("2030-01-15")) / 86_400_000);
      await admin.schedule.update({ ...DEFAULT_SCHEDULE, horizon_days: horizon } as ScheduleUpdateInput);
      const refused = await h.caller().bookings.availability({ date: lastDay, service_id: shoot });
      expect(refused.slots.every((s) => s.reason === "horizon")).toBe(true);
      expect(await failure(book(shoot, lastDay, "10:00"))).toEqual({
        code: "BAD_REQUEST",
        message: MESSAGES.schedule.sessionDaysBeyondHorizon(2),
      });
    } finally {
      await admin.schedule.removeClosure({ id });
    }
  });

  it("each day's range must fit that day's hours", async () => {
    const first = nextDay();
    const second = nextDay();
    const shoot = await service("Two-day shoot C", 480, { days: 2 });
    const weekly = DEFAULT_SCHEDULE.weekly.map((d) => ({ ...d }));
    const weekday = new Date(`${second}T00:00:00Z`).getUTCDay();
    weekly[weekday] = { open: true, first: "12:00", last: "17:00" };
    await admin.schedule.update({ ...DEFAULT_SCHEDULE, weekly } as ScheduleUpdateInput);
    // The refusal names the day whose hours it does not fit: the second.
    expect(await failure(book(shoot, first, "09:00"))).toEqual({
      code: "BAD_REQUEST",
      message: `A session of 8 hours, with its set-up and pack-down time, must fit between 12:00 PM and 6:00 PM on ${longDayLabel(second)}.`,
    });
    const view = await h.caller().bookings.availability({ date: first, service_id: shoot });
    // 09:00 and 10:00 fit the first day (9:00 AM to 6:00 PM) but not the second (from 12:00 PM); later starts end
    // after the first day's closing.
    const reasons = Object.fromEntries(view.slots.map((s) => [s.time, s.reason]));
    expect(reasons).toMatchObject({ "09:00": "later_day", "10:00": "later_day", "11:00": "too_long" });
    expect(SLOT_REFUSAL_NOTES.later_day).toBe("Outside a later day's hours");
  });

  it("a reschedule, the client's move and a cancellation move or free every day's holds", async () => {
    const [d1, d2, d3, d4] = [nextDay(), nextDay(), nextDay(), nextDay()];
    const shoot = await service("Two-day shoot D", 480, { days: 2, after: 30 });
    const portrait = await service("Portrait 2D", 60);
    const { booking } = await book(shoot, d1, "09:00");
    await admin.bookings.reschedule({ id: booking.id, date: d3, time: "09:00" });
    expect(await heldDays(booking.id)).toEqual({ days: [d3, d4], units: 34 });
    // The old days are free again, the new second day is held.
    await expect(book(portrait, d2, "10:00")).resolves.toBeTruthy();
    expect(await failure(book(portrait, d4, "10:00"))).toMatchObject({ code: "CONFLICT" });
    // The client moves it to start on the second day (its own holds do not block it): d2 and d3.
    const row = await h.deps.db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    const token = (await issueManageUrl(h.deps.db, h.deps, row)).split("/manage/")[1] ?? "";
    expect(await failure(h.caller().manage.move({ token, date: d2, time: "09:00" }))).toMatchObject({
      code: "CONFLICT",
    });
    await h.caller().manage.move({ token, date: d4, time: "09:00" });
    const moved = await heldDays(booking.id);
    expect(moved.days).toEqual([d4, expect.stringMatching(/^2030-/)]);
    expect(moved.days[1]! > d4).toBe(true);
    await expect(book(portrait, d3, "10:00")).resolves.toBeTruthy();
    await admin.bookings.setStatus({ id: booking.id, status: "cancelled" });
    expect(await heldDays(booking.id)).toEqual({ days: [], units: 0 });
    await expect(book(portrait, d4, "10:00")).resolves.toBeTruthy();
  });

  it("the client's page names every day, cancelled too; a cancellation's invite and e-mail still span them", async () => {
    const [d1, d2, d3, d4] = [nextDay(), nextDay(), nextDay(), nextDay()];
    const shoot = await service("Two-day shoot F", 480, { days: 2 });
    const cancelledBy = async (who: "client" | "studio", date: string, next: string) => {
      const { booking } = await book(shoot, date, "09:00");
      const row = await h.deps.db.booking.findUniqueOrThrow({ where: { id: booking.id } });
      const token = (await issueManageUrl(h.deps.db, h.deps, row)).split("/manage/")[1] ?? "";
      if (who === "client") {
        const view = await h.caller().manage.get({ token });
        expect(view.booking.days).toEqual([date, next]);
        await h.caller().manage.cancel({ token });
      } else await admin.bookings.setStatus({ id: booking.id, status: "cancelled" });
      expect(await heldDays(booking.id)).toEqual({ days: [], units: 0 });
      // Its crew is free, yet its pages still name the days it was for.
      const after = await h.caller().manage.get({ token });
      expect(after.booking.status, who).toBe("cancelled");
      expect(after.booking.days, who).toEqual([date, next]);
      expect((await admin.bookings.history({ id: booking.id })).days, who).toEqual([date, next]);
      const mail = await h.deps.db.outgoingMail.findFirstOrThrow({
        where: { bookingId: booking.id, kind: "booking.cancelled" },
      });
      expect(JSON.stringify(mail.attachments), who).toContain(`"endDate":"${next}"`);
      expect(JSON.stringify(mail.content), who).toContain(`${formatDate(date)} to ${formatDate(next)}`);
    };
    await cancelledBy("client", d1, d2);
    await cancelledBy("studio", d3, d4);
  });

  it("is completed only after its last day; its invite spans every day", async () => {
    const [d1, d2] = [nextDay(), nextDay()];
    const shoot = await service("Two-day shoot E", 480, { days: 2 });
    const { booking } = await book(shoot, d1, "09:00");
    const mail = await h.deps.db.outgoingMail.findFirstOrThrow({
      where: { bookingId: booking.id, kind: "booking.received" },
    });
    expect(JSON.stringify(mail.attachments)).toContain(`"endDate":"${d2}"`);
    // The e-mail says the days: stored as its content, rendered when sent.
    const content = JSON.stringify(mail.content);
    expect(content).toContain(`${formatDate(d1)} to ${formatDate(d2)}`);
    expect(content).toContain("each day");
    try {
      // The end of the first day: not yet over.
      h.setNow(new Date(`${d1}T17:30:00-08:00`));
      // Signed in again: the clock moved past the first token's life.
      const later = (await h.admin()).caller;
      expect(await failure(later.bookings.setStatus({ id: booking.id, status: "completed" }))).toEqual({
        code: "CONFLICT",
        message: MESSAGES.booking.completedTooEarly,
      });
      // The end of the last day.
      expect((await h.setNowToSessionEnd(booking.id)).toISOString()).toBe(
        new Date(`${d2}T17:00:00-08:00`).toISOString(),
      );
      await expect(
        (await h.admin()).caller.bookings.setStatus({ id: booking.id, status: "completed" }),
      ).resolves.toMatchObject({ status: "completed" });
    } finally {
      h.setNow(NOW);
    }
  });
});

describe("half-hour starts", () => {
  it("a service starting every 30 minutes is offered :30 starts and books one; an hourly one refuses :30", async () => {
    const date = nextDay();
    const every30 = await service("Mini session", 60, { every: 30 });
    const portrait = await service("Portrait 30", 60);
    const view = await h.caller().bookings.availability({ date, service_id: every30 });
    expect(view.slots.map((s) => s.time)).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
      "17:00",
      "17:30",
    ]);
    expect(view.slots.find((s) => s.time === "17:30")?.reason).toBe("too_long");
    expect(view.slots.find((s) => s.time === "17:00")?.reason).toBeNull();
    const { booking } = await book(every30, date, "10:30");
    expect(booking.time).toBe("10:30");
    const row = await h.deps.db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(row.slotKey).toBe(`${date} 10:30`);
    expect((await heldDays(booking.id)).units).toBe(2);
    // The hourly session at 10:00 or 11:00 overlaps it; 09:00 and 12:00 do not.
    expect(await failure(book(portrait, date, "10:00"))).toMatchObject({ code: "CONFLICT" });
    expect(await failure(book(portrait, date, "11:00"))).toMatchObject({ code: "CONFLICT" });
    await expect(book(portrait, date, "12:00")).resolves.toBeTruthy();
    await expect(book(every30, date, "09:30")).resolves.toBeTruthy();
    const after = await h.caller().bookings.availability({ date, service_id: every30 });
    const free = after.slots.filter((s) => s.available).map((s) => s.time);
    expect(free.slice(0, 3)).toEqual(["13:00", "13:30", "14:00"]);
    // The hourly grid: :30 is refused with a clear 400, and never offered.
    expect(await failure(book(portrait, date, "13:30"))).toEqual({
      code: "BAD_REQUEST",
      message: MESSAGES.booking.startOnTheHour,
    });
    const hourly = await h.caller().bookings.availability({ date, service_id: portrait });
    expect(hourly.slots.map((s) => s.time)).not.toContain("13:30");
    expect(await failure(book(every30, date, "13:15"))).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("a reschedule to a :30 start for a service allowing it, refused for an hourly one", async () => {
    const date = nextDay();
    const every30 = await service("Mini session B", 60, { every: 30 });
    const portrait = await service("Portrait 30B", 60);
    const { booking } = await book(every30, date, "10:00");
    await expect(admin.bookings.reschedule({ id: booking.id, date, time: "14:30" })).resolves.toMatchObject({
      time: "14:30",
    });
    const hourly = await book(portrait, date, "09:00");
    expect(await failure(admin.bookings.reschedule({ id: hourly.booking.id, date, time: "15:30" }))).toEqual({
      code: "BAD_REQUEST",
      message: MESSAGES.booking.startOnTheHour,
    });
  });
});

describe("race-proof on ranges", () => {
  it.each([1, 2, 3])(
    "random services (lengths, buffers, days, :30 starts) and concurrent requests never overlap beyond a resource's count (seed %i)",
    async (seed) => {
      const next = seededRandom(seed);
      const capacity = 1 + next(3);
      await crews(capacity);
      const kit = await admin.equipment.create({ name: `Kit ${seed}-${Date.now()}`, count: 1 + next(2) });
      const services = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          service(
            `Random ${seed}-${i}`,
            [60, 90, 120, 240][next(4)]!,
            {
              before: [0, 30, 60][next(3)]!,
              after: [0, 30][next(2)]!,
              days: 1 + next(2),
              every: next(2) ? 30 : 60,
            },
            next(2) ? [{ id: kit.id }] : [],
          ),
        ),
      );
      // Sessions start on the first day; those of two days also hold the second.
      const date = nextDay();
      const second = nextDay();
      const times = ["10:00", "10:30", "11:00", "11:30", "12:00", "13:00", "13:30", "14:00"];
      const requests = Array.from({ length: 16 }, () => ({
        serviceId: services[next(services.length)]!,
        time: times[next(times.length)]!,
      }));
      const results = await Promise.allSettled(requests.map((r) => book(r.serviceId, date, r.time)));
      for (const result of results) {
        if (result.status === "rejected") {
          expect((result.reason as { code?: string }).code).toMatch(/CONFLICT|BAD_REQUEST/);
        }
      }
      // Judged from the bookings themselves, not from the holds: every minute of the day.
      const stored = await h.deps.db.booking.findMany({
        where: { date, status: { not: "cancelled" } },
        include: { service: { include: { equipment: true } } },
      });
      expect(stored.length).toBeGreaterThan(0);
      // Every booking starts on `date`: on `second` only those of two days are there, at the same hours.
      expect(await h.deps.db.booking.count({ where: { date: second } })).toBe(0);
      for (const onSecond of [false, true]) {
        for (let minute = 9 * 60; minute < 18 * 60; minute += 15) {
          const covering = stored.filter((b) => {
            const [hh, mm] = b.time.split(":").map(Number) as [number, number];
            const start = hh * 60 + mm;
            const s = b.service!;
            if (onSecond && s.durationDays < 2) return false;
            return (
              minute >= start - s.bufferBeforeMinutes &&
              minute < start + s.durationMinutes + s.bufferAfterMinutes
            );
          });
          expect(covering.length).toBeLessThanOrEqual(capacity);
          const kits = covering.filter((b) => b.service!.equipment.some((e) => e.equipmentId === kit.id));
          expect(kits.length).toBeLessThanOrEqual(kit.count);
        }
      }
      // A :30 start only for a service allowing it.
      for (const b of stored) if (b.time.endsWith(":30")) expect(b.service!.startEveryMinutes).toBe(30);
    },
  );
});
