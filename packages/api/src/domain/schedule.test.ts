import {
  type BookingCreateInput,
  DEFAULT_SCHEDULE,
  MESSAGES,
  type ScheduleUpdateInput,
  TIME_SLOTS,
} from "@studio/validators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookingInput, createTestService } from "../testing/fixtures";
import { createHarness, type Harness } from "../testing/harness";
import { failure } from "../testing/rejection";

const m = MESSAGES.schedule;
/** 12:00 on Tuesday 2030-01-15 in the studio's zone (America/Los_Angeles, UTC-8 in January). */
const NOW = new Date("2030-01-15T20:00:00Z");
/** Sunday 2030-01-20 and the Monday after. */
const SUNDAY = "2030-01-20";
const MONDAY = "2030-01-21";

let h: Harness;
let admin: Awaited<ReturnType<Harness["admin"]>>["caller"];
let serviceId: number;

beforeAll(async () => {
  h = await createHarness();
  h.setNow(NOW);
  admin = (await h.admin()).caller;
  const service = await createTestService(h.deps.db);
  serviceId = service.id;
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.deps.db.booking.deleteMany();
  await h.deps.db.closure.deleteMany();
  await admin.schedule.update(DEFAULT_SCHEDULE);
});

function booking(
  date: string,
  time: string,
  overrides: Partial<BookingCreateInput> = {},
): BookingCreateInput {
  return bookingInput(serviceId, date, time, overrides);
}

function rules(overrides: Partial<ScheduleUpdateInput>): ScheduleUpdateInput {
  return { ...DEFAULT_SCHEDULE, weekly: DEFAULT_SCHEDULE.weekly.map((d) => ({ ...d })), ...overrides };
}

function withDay(
  weekday: number,
  day: { open: boolean; first?: string; last?: string },
): ScheduleUpdateInput {
  const weekly = DEFAULT_SCHEDULE.weekly.map((d, i) => (i === weekday ? { ...d, ...day } : { ...d }));
  return rules({ weekly } as Partial<ScheduleUpdateInput>);
}

/** The audit trail is append-only: each test reads the entries written after this mark. */
let mark = 0;
beforeEach(async () => {
  mark = (await h.deps.db.auditEntry.aggregate({ _max: { id: true } }))._max.id ?? 0;
});

async function auditRows(entity: string) {
  return h.deps.db.auditEntry.findMany({ where: { entity, id: { gt: mark } }, orderBy: { id: "asc" } });
}

describe("defaults", () => {
  it("are today's rules: every day 09:00–17:00, no notice, no horizon, one booking per slot", async () => {
    const schedule = await admin.schedule.get();
    expect(schedule.weekly).toHaveLength(7);
    expect(schedule.weekly.every((d) => d.open && d.first === "09:00" && d.last === "17:00")).toBe(true);
    expect(schedule).toMatchObject({ notice_hours: 0, horizon_days: null, capacity: 1, time_zone: null });
    const day = await h.caller().bookings.availability({ date: SUNDAY });
    expect(day.closed_reason).toBeNull();
    expect(day.slots.map((s) => s.time)).toEqual([...TIME_SLOTS]);
    expect(day.slots.every((s) => s.available && s.reason === null && s.remaining === 1)).toBe(true);
    // Christmas included, and a slot of today that has already begun (the date alone is judged).
    await h.caller().bookings.create(booking("2030-12-25", "09:00"));
    await h.caller().bookings.create(booking("2030-01-15", "09:00"));
  });
});

describe("weekly hours", () => {
  it("a closed Sunday refuses bookings with 400 'The studio is closed on that day.' and availability says why", async () => {
    await admin.schedule.update(withDay(0, { open: false }));
    expect(await failure(h.caller().bookings.create(booking(SUNDAY, "10:00")))).toEqual({
      code: "BAD_REQUEST",
      message: m.closedDay,
    });
    // The admin's Create Booking obeys the same rules.
    expect((await failure(admin.bookings.adminCreate(booking(SUNDAY, "10:00")))).message).toBe(m.closedDay);
    expect(await h.deps.db.booking.count()).toBe(0);
    const day = await h.caller().bookings.availability({ date: SUNDAY });
    expect(day.closed_reason).toBe("Closed on Sundays");
    expect(day.slots.every((s) => !s.available && s.reason === "closed")).toBe(true);
    await h.caller().bookings.create(booking(MONDAY, "10:00"));
  });

  it("a slot outside the day's first and last slot is refused; the ones inside are taken", async () => {
    await admin.schedule.update(withDay(1, { open: true, first: "10:00", last: "12:00" }));
    for (const time of ["09:00", "13:00", "17:00"]) {
      expect(await failure(h.caller().bookings.create(booking(MONDAY, time)))).toEqual({
        code: "BAD_REQUEST",
        message: m.outsideHours("10:00", "12:00"),
      });
    }
    await h.caller().bookings.create(booking(MONDAY, "10:00"));
    await h.caller().bookings.create(booking(MONDAY, "12:00"));
    const day = await h.caller().bookings.availability({ date: MONDAY });
    expect(day.slots.filter((s) => s.available).map((s) => s.time)).toEqual(["11:00"]);
    expect(day.slots.find((s) => s.time === "09:00")?.reason).toBe("closed");
    expect(day.slots.find((s) => s.time === "10:00")?.reason).toBe("full");
  });
});

describe("notice and horizon", () => {
  it("a minimum notice of 24 hours refuses sooner slots with the configured number", async () => {
    await admin.schedule.update(rules({ notice_hours: 24 }));
    expect(await failure(h.caller().bookings.create(booking("2030-01-16", "11:00")))).toEqual({
      code: "BAD_REQUEST",
      message: "Please book at least 24 hours ahead.",
    });
    await h.caller().bookings.create(booking("2030-01-16", "12:00"));
    const day = await h.caller().bookings.availability({ date: "2030-01-16" });
    expect(day.slots.filter((s) => s.reason === "too_soon").map((s) => s.time)).toEqual([
      "09:00",
      "10:00",
      "11:00",
    ]);
    expect(day.slots.find((s) => s.time === "12:00")?.reason).toBe("full");
    expect(day.slots.find((s) => s.time === "13:00")?.available).toBe(true);
  });

  it("a horizon of 30 days takes the 30th day and refuses the 31st", async () => {
    await admin.schedule.update(rules({ horizon_days: 30 }));
    await h.caller().bookings.create(booking("2030-02-14", "10:00"));
    expect(await failure(h.caller().bookings.create(booking("2030-02-15", "10:00")))).toEqual({
      code: "BAD_REQUEST",
      message: m.beyondHorizon(30),
    });
    const day = await h.caller().bookings.availability({ date: "2030-02-15" });
    expect(day.closed_reason).toBe(m.beyondHorizon(30));
    expect(day.slots.every((s) => s.reason === "horizon")).toBe(true);
    expect((await h.caller().site.schedule()).last_date).toBe("2030-02-14");
  });

  it("the past stays refused with its own message", async () => {
    expect((await failure(h.caller().bookings.create(booking("2030-01-14", "10:00")))).message).toBe(
      MESSAGES.booking.dateInPast,
    );
  });

  it("a time zone override moves 'today' (Tokyo is already on the 16th)", async () => {
    await admin.schedule.update(rules({ time_zone: "Asia/Tokyo" }));
    expect((await failure(h.caller().bookings.create(booking("2030-01-15", "16:00")))).message).toBe(
      MESSAGES.booking.dateInPast,
    );
    expect((await h.caller().site.schedule()).today).toBe("2030-01-16");
    expect((await admin.schedule.get()).default_time_zone).toBe("America/Los_Angeles");
    // The web app shows every date and time in the zone site.config answers: the override, not STUDIO_TIMEZONE.
    expect(await h.caller().site.config()).toMatchObject({ timeZone: "Asia/Tokyo", today: "2030-01-16" });
  });
});

describe("closures", () => {
  it("a closed range refuses bookings on each of its days and availability gives its reason", async () => {
    const closure = await admin.schedule.addClosure({
      start: "2030-12-24",
      end: "2030-12-26",
      reason: "Christmas",
    });
    for (const date of ["2030-12-24", "2030-12-25", "2030-12-26"]) {
      expect((await failure(h.caller().bookings.create(booking(date, "10:00")))).message).toBe(m.closedDay);
    }
    await h.caller().bookings.create(booking("2030-12-27", "10:00"));
    const day = await h.caller().bookings.availability({ date: "2030-12-25" });
    expect(day.closed_reason).toBe("Closed: Christmas");
    const pub = await h.caller().site.schedule();
    expect(pub.closures).toEqual([{ start: "2030-12-24", end: "2030-12-26", reason: "Christmas" }]);
    await admin.schedule.removeClosure({ id: closure.id });
    await h.caller().bookings.create(booking("2030-12-25", "10:00"));
  });

  it("refuses overlapping and reversed ranges with clear messages, storing nothing", async () => {
    await admin.schedule.addClosure({ start: "2030-08-01", end: "2030-08-10", reason: "Shoot in Lisbon" });
    for (const range of [
      { start: "2030-08-10", end: "2030-08-12" },
      { start: "2030-07-25", end: "2030-08-01" },
      { start: "2030-07-01", end: "2030-09-01" },
      { start: "2030-08-05", end: "2030-08-05" },
    ]) {
      expect(await failure(admin.schedule.addClosure({ ...range, reason: null }))).toEqual({
        code: "BAD_REQUEST",
        message: m.closureOverlaps("1 Aug 2030", "10 Aug 2030"),
      });
    }
    expect(await failure(admin.schedule.addClosure({ start: "2030-09-10", end: "2030-09-09" }))).toEqual({
      code: "BAD_REQUEST",
      message: m.rangeReversed,
    });
    expect(await failure(admin.schedule.addClosure({ start: "2030-02-30", end: "2030-03-01" }))).toEqual({
      code: "BAD_REQUEST",
      message: m.dateInvalid,
    });
    expect(await failure(admin.schedule.addClosure({ start: "", end: "2030-03-01" }))).toEqual({
      code: "BAD_REQUEST",
      message: m.startRequired,
    });
    expect(
      await failure(
        admin.schedule.addClosure({ start: "2030-10-01", end: "2030-10-01", reason: "x".repeat(121) }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: m.reasonTooLong });
    expect(await h.deps.db.closure.count()).toBe(1);
    // Adjacent ranges do not overlap.
    await admin.schedule.addClosure({ start: "2030-08-11", end: "2030-08-11" });
    expect(await h.deps.db.closure.count()).toBe(2);
  });

  it("two admins adding overlapping closures at once store one of them", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        admin.schedule.addClosure({ start: "2030-06-01", end: `2030-06-0${i + 2}`, reason: null }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await h.deps.db.closure.count()).toBe(1);
  });

  it("removing a closure that no longer exists says so", async () => {
    expect(await failure(admin.schedule.removeClosure({ id: 999_999 }))).toEqual({
      code: "NOT_FOUND",
      message: m.closureNotFound,
    });
  });
});

describe("bad settings change nothing", () => {
  it.each([
    ["a time zone that does not exist", rules({ time_zone: "Mars/Olympus_Mons" }), m.timeZoneInvalid],
    [
      "a last slot before the first",
      withDay(3, { open: true, first: "14:00", last: "10:00" }),
      m.lastBeforeFirst,
    ],
    [
      "a slot that is not an hourly slot",
      withDay(3, { open: true, first: "08:00", last: "10:00" }),
      m.slotInvalid,
    ],
    ["six days", rules({ weekly: DEFAULT_SCHEDULE.weekly.slice(0, 6) }), m.weeklyInvalid],
    ["a negative notice", rules({ notice_hours: -1 }), m.noticeInvalid],
    ["a fractional notice", rules({ notice_hours: 1.5 }), m.noticeInvalid],
    ["a horizon of 0 days", rules({ horizon_days: 0 }), m.horizonInvalid],
    ["a capacity of 0", rules({ capacity: 0 }), m.capacityInvalid],
    ["a capacity of 51", rules({ capacity: 51 }), m.capacityInvalid],
  ])("%s", async (_name, input, message) => {
    const before = await h.deps.db.studioSchedule.findUnique({ where: { id: 1 } });
    const audited = await h.deps.db.auditEntry.count();
    expect(await failure(admin.schedule.update(input))).toEqual({ code: "BAD_REQUEST", message });
    expect(await h.deps.db.studioSchedule.findUnique({ where: { id: 1 } })).toEqual(before);
    expect(await h.deps.db.auditEntry.count()).toBe(audited);
  });

  it("visitors cannot read or change the rules", async () => {
    expect((await failure(h.caller().schedule.get())).code).toBe("UNAUTHORIZED");
    expect((await failure(h.caller().schedule.update(DEFAULT_SCHEDULE))).code).toBe("UNAUTHORIZED");
    expect(
      (await failure(h.caller().schedule.addClosure({ start: "2030-05-01", end: "2030-05-01" }))).code,
    ).toBe("UNAUTHORIZED");
  });
});

describe("capacity", () => {
  it("capacity 2: 20 concurrent requests for one slot give exactly 2 bookings", async () => {
    await admin.schedule.update(rules({ capacity: 2 }));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        h.caller().bookings.create(booking(MONDAY, "15:00", { email: `guest${i}@example.test` })),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(2);
    for (const r of results) {
      if (r.status === "rejected") {
        expect(r.reason).toMatchObject({ code: "CONFLICT", message: MESSAGES.booking.slotTaken });
      }
    }
    const rows = await h.deps.db.booking.findMany({
      where: { date: MONDAY, time: "15:00" },
      orderBy: { slotKey: "asc" },
    });
    expect(rows.map((r) => r.slotKey)).toEqual([`${MONDAY} 15:00`, `${MONDAY} 15:00#2`]);
    const slot = (await h.caller().bookings.availability({ date: MONDAY })).slots.find(
      (s) => s.time === "15:00",
    );
    expect(slot).toMatchObject({ available: false, reason: "full", remaining: 0 });
  });

  it("a cancelled booking frees its seat; a lowered capacity keeps existing bookings and stays full", async () => {
    await admin.schedule.update(rules({ capacity: 3 }));
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push((await h.caller().bookings.create(booking(MONDAY, "11:00"))).booking);
    expect((await h.caller().bookings.availability({ date: MONDAY })).slots[2]).toMatchObject({
      reason: "full",
    });
    await admin.bookings.setStatus({ id: made[0]?.id ?? 0, status: "cancelled" });
    const again = await h.caller().bookings.create(booking(MONDAY, "11:00"));
    const row = await h.deps.db.booking.findUniqueOrThrow({ where: { id: again.booking.id } });
    expect(row.slotKey).toBe(`${MONDAY} 11:00`);

    await admin.schedule.update(rules({ capacity: 1 }));
    expect((await failure(h.caller().bookings.create(booking(MONDAY, "11:00")))).code).toBe("CONFLICT");
    const held = await h.deps.db.booking.count({
      where: { date: MONDAY, time: "11:00", slotKey: { not: null } },
    });
    expect(held).toBe(3);
    const slot = (await h.caller().bookings.availability({ date: MONDAY })).slots[2];
    expect(slot).toMatchObject({ time: "11:00", available: false, reason: "full", remaining: 0 });
    await admin.schedule.update(rules({ capacity: 4 }));
    await h.caller().bookings.create(booking(MONDAY, "11:00"));
    expect((await failure(h.caller().bookings.create(booking(MONDAY, "11:00")))).code).toBe("CONFLICT");
  });
});

describe("audit trail", () => {
  it("every change of hours and closures leaves its entry with the record before and after", async () => {
    await admin.schedule.update(withDay(0, { open: false }));
    const closure = await admin.schedule.addClosure({
      start: "2030-12-25",
      end: "2030-12-25",
      reason: "Christmas",
    });
    await admin.schedule.removeClosure({ id: closure.id });

    const [hours] = await auditRows("hours");
    expect(hours).toMatchObject({ action: "updated", entityId: "1", actorName: "Studio Owner" });
    expect(hours?.before).toMatchObject({ sunday: "09:00-17:00" });
    expect(hours?.after).toMatchObject({ sunday: "closed" });

    const closures = await auditRows("closure");
    expect(closures.map((e) => [e.action, e.entityId])).toEqual([
      ["created", String(closure.id)],
      ["deleted", String(closure.id)],
    ]);
    expect(closures[0]?.after).toMatchObject({
      startDate: "2030-12-25",
      endDate: "2030-12-25",
      reason: "Christmas",
    });
    expect(closures[1]?.before).toMatchObject({ reason: "Christmas" });
    expect(closures[1]?.after).toBeNull();
  });

  it("a created invite code is named by its id", async () => {
    const invite = await admin.auth.createInvite();
    const [entry] = await auditRows("invite");
    expect(entry).toMatchObject({ action: "created", entityId: String(invite.id) });
    expect(entry?.after).toMatchObject({ id: invite.id });
    expect(entry?.after).not.toHaveProperty("codeHash");
  });
});
