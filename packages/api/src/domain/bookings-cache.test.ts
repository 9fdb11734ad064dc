/**
 * The admin bookings page and stats are served through the read cache (every open back office polls them).
 * Every booking write and service change on this instance must show at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
