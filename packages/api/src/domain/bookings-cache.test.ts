/**
 * The admin bookings page and stats are served through the read cache (every open back office polls them).
 * Every booking write and service change on this instance must show at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdCrewOf } from "../testing/fixtures";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
let serviceId: number;
const NOW = new Date("2030-01-15T20:00:00Z");

beforeAll(async () => {
  h = await createHarness({}, { cacheTtlMs: 60_000 });
  h.setNow(NOW);
  serviceId = (
    await h.deps.db.service.create({
      data: { title: "Portrait Session", description: "d", priceCents: 100, features: [] },
    })
  ).id;
});
afterAll(async () => {
  await h.close();
});

const booking = (time: string) => ({
  name: "Ana Ruiz",
  email: "ana@example.test",
  phone: "+1 555 0100",
  service_id: serviceId,
  date: "2030-02-01",
  time,
  message: "",
});

describe("bookings page and stats with the read cache on", () => {
  it("are cached: a row written behind the domain does not show until a domain write", async () => {
    const { caller: admin } = await h.admin();
    expect((await admin.bookings.stats()).total).toBe(0);
    expect((await admin.bookings.list({ limit: 10 })).total).toBe(0);
    await h.deps.db.booking.create({
      data: { name: "Behind", email: "b@x.test", phone: "1", date: "2030-02-02", time: "09:00" },
    });
    expect((await admin.bookings.stats()).total).toBe(0);
    expect((await admin.bookings.list({ limit: 10 })).items).toEqual([]);

    await h.caller().bookings.create(booking("10:00"));
    expect((await admin.bookings.stats()).total).toBe(2);
    expect((await admin.bookings.list({ limit: 10 })).items.map((b) => b.name)).toEqual([
      "Ana Ruiz",
      "Behind",
    ]);
  });

  it("show status changes, confirmations, deletions and admin-created bookings at once", async () => {
    const { caller: admin } = await h.admin();
    const created = await admin.bookings.adminCreate(booking("11:00"));
    let page = await admin.bookings.list({ limit: 10, status: "pending" });
    expect(page.items.map((b) => b.id)).toContain(created.booking.id);

    await admin.bookings.confirm({ id: created.booking.id });
    page = await admin.bookings.list({ limit: 10, status: "pending" });
    expect(page.items.map((b) => b.id)).not.toContain(created.booking.id);
    expect((await admin.bookings.list({ limit: 10, status: "confirmed" })).total).toBe(1);
    expect((await admin.bookings.stats()).confirmed).toBe(1);

    // A booking is completed once its session is over.
    await h.setNowToSessionEnd(created.booking.id);
    const later = (await h.admin()).caller;
    await later.bookings.setStatus({ id: created.booking.id, status: "completed" });
    h.setNow(NOW);
    expect((await admin.bookings.stats()).completed).toBe(1);
    expect((await admin.bookings.list({ limit: 10, status: "confirmed" })).items).toEqual([]);

    const before = (await admin.bookings.stats()).total;
    await admin.bookings.delete({ id: created.booking.id });
    expect((await admin.bookings.stats()).total).toBe(before - 1);
    expect((await admin.bookings.list({ limit: 10 })).items.map((b) => b.id)).not.toContain(
      created.booking.id,
    );
  });

  it("show a renamed or deleted service's title at once", async () => {
    const { caller: admin } = await h.admin();
    const titles = async () =>
      (await admin.bookings.list({ limit: 10, search: "ana" })).items.map((b) => b.service_title);
    expect(await titles()).toEqual(["Portrait Session"]);
    await admin.services.update({
      id: serviceId,
      data: { title: "Headshots", description: "d", price: 1, duration: "1h", category: "photography" },
    });
    expect(await titles()).toEqual(["Headshots"]);
    // Archived (its booking keeps it): the booking still shows its service.
    await admin.services.delete({ id: serviceId });
    expect(await titles()).toEqual(["Headshots"]);
  });
});

describe("availability with the read cache on", () => {
  const DAY = "2030-03-05";
  const free = async (service_id: number, from = DAY) =>
    (await h.caller().bookings.availabilityDays({ from, days: 2, service_id })).days[0]?.free_starts;
  const dayFree = async (service_id: number) =>
    (await h.caller().bookings.availability({ date: DAY, service_id })).slots
      .filter((slot) => slot.available)
      .map((slot) => slot.time);

  it("is cached, and every booking change, reschedule and change of hours shows at once", async () => {
    const { caller: admin } = await h.admin();
    const { id } = await h.deps.db.service.create({
      data: { title: "Availability Session", description: "d", priceCents: 100, features: [] },
    });
    expect(await free(id)).toHaveLength(9);
    expect(await dayFree(id)).toHaveLength(9);
    // Written behind the domain: the cached answers do not see it (so they are cached)…
    const behind = await h.deps.db.booking.create({
      data: {
        name: "Behind",
        email: "b@x.test",
        phone: "1",
        date: DAY,
        time: "09:00",
        slotKey: `${DAY} 09:00`,
      },
    });
    await holdCrewOf(h.deps.db, behind);
    expect(await free(id)).toContain("09:00");
    expect(await dayFree(id)).toContain("09:00");

    // …while a booking through the domain drops them, with what was behind them.
    const made = await h.caller().bookings.create({ ...booking("10:00"), service_id: id, date: DAY });
    expect(await free(id)).not.toContain("10:00");
    expect(await free(id)).not.toContain("09:00");
    expect(await dayFree(id)).not.toContain("10:00");

    await admin.bookings.reschedule({ id: made.booking.id, date: DAY, time: "14:00" });
    expect(await free(id)).toContain("10:00");
    expect(await free(id)).not.toContain("14:00");

    await admin.bookings.setStatus({ id: made.booking.id, status: "cancelled" });
    expect(await free(id)).toContain("14:00");

    const closure = await admin.schedule.addClosure({ start: DAY, end: DAY, reason: "Away" });
    expect(await free(id)).toEqual([]);
    await admin.schedule.removeClosure({ id: closure.id });
    expect(await free(id)).toContain("15:00");

    await admin.services.update({
      id,
      data: {
        title: "Availability Session",
        description: "d",
        price: 1,
        duration: "Half day",
        category: "photography",
      },
    });
    // Four hours from 15:00 end after closing.
    expect(await free(id)).not.toContain("15:00");
  });

  it("moves on with the clock: a start within the notice stops being offered a minute later", async () => {
    const { caller: admin } = await h.admin();
    const { id } = await h.deps.db.service.create({
      data: { title: "Notice Session", description: "d", priceCents: 100, features: [] },
    });
    const schedule = await admin.schedule.get();
    // 2030-03-06 09:00 in Los Angeles is 17:00Z; with 2 hours' notice it is offered until 15:00Z.
    await admin.schedule.update({ ...schedule, notice_hours: 2 });
    try {
      h.setNow(new Date("2030-03-06T14:59:30Z"));
      expect(await free(id, "2030-03-06")).toContain("09:00");
      h.setNow(new Date("2030-03-06T15:00:30Z"));
      expect(await free(id, "2030-03-06")).not.toContain("09:00");
    } finally {
      h.setNow(NOW);
      await admin.schedule.update(schedule);
    }
  });
});
