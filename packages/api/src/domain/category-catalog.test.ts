import { seedDemoContent } from "@studio/db";
import { CATEGORIES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";
import { getCategoryCatalog } from "./category-catalog";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { cacheTtlMs: 60_000 });
  await seedDemoContent(h.deps.db);
});
afterAll(async () => {
  await h.close();
});

describe("a category page's catalog", () => {
  it("on a fresh install, every category page has bookable services and published work from the seed", async () => {
    for (const category of CATEGORIES) {
      const catalog = await getCategoryCatalog(h.deps, { category });
      expect(catalog.services.length, category).toBeGreaterThanOrEqual(3);
      expect(catalog.portfolio.length, category).toBeGreaterThanOrEqual(3);
      expect(catalog.services.every((s) => s.category === category && !s.archived)).toBe(true);
    }
    const rows = await h.deps.db.service.findMany();
    expect(rows.every((row) => (CATEGORIES as readonly string[]).includes(row.category))).toBe(true);
    // The offers that once lived only in the pages' copy are the studio's own services now.
    const titles = new Map(rows.map((row) => [row.title, row.priceCents / 100]));
    expect(titles.get("Fashion Editorial")).toBe(599);
    expect(titles.get("Real Estate Photography")).toBe(399);
    expect(titles.get("3D Animation")).toBe(1999);
  });

  it("every seeded service can be booked on an open day: its session and buffers fit the default hours", async () => {
    const rows = await h.deps.db.service.findMany({
      where: { archivedAt: null },
      select: { id: true, title: true },
    });
    for (const row of rows) {
      const day = await h.caller().bookings.availability({ date: "2030-06-05", service_id: row.id });
      expect(
        day.slots.some((slot) => slot.available),
        row.title,
      ).toBe(true);
    }
  });

  it("section 7's slug mapping (photography 1, videography 2, vfx 3) names one-hour sessions of those categories", async () => {
    const first = await h.deps.db.service.findMany({
      where: { id: { in: [1, 2, 3] } },
      orderBy: { id: "asc" },
    });
    expect(first.map((s) => s.category)).toEqual(["photography", "videography", "vfx-post"]);
    for (const service of first) {
      const day = await h.caller().bookings.availability({ date: "2030-06-06", service_id: service.id });
      expect(
        day.slots.every((slot) => slot.available),
        service.title,
      ).toBe(true);
    }
  });

  it("follows the back office at once: renamed, repriced, archived, a portfolio item set to Draft", async () => {
    const { caller: admin } = await h.admin();
    const [first] = (await getCategoryCatalog(h.deps, { category: "photography" })).services;
    if (!first) throw new Error("no photography service");
    const { id, created_at: _c, archived: _a, ...data } = first;
    await admin.services.update({
      id,
      data: { ...data, duration: data.duration ?? "1 hour", title: "Portrait Hour", price: 349 },
    });
    let catalog = await getCategoryCatalog(h.deps, { category: "photography" });
    expect(catalog.services.find((s) => s.id === id)).toMatchObject({ title: "Portrait Hour", price: 349 });

    await h.deps.db.booking.deleteMany({ where: { serviceId: id } });
    await admin.services.delete({ id });
    catalog = await getCategoryCatalog(h.deps, { category: "photography" });
    expect(catalog.services.some((s) => s.id === id)).toBe(false);

    const [item] = catalog.portfolio;
    if (!item) throw new Error("no photography portfolio item");
    await admin.portfolio.update({
      id: item.id,
      data: { title: item.title, description: item.description, category: item.category, status: "draft" },
    });
    catalog = await getCategoryCatalog(h.deps, { category: "photography" });
    expect(catalog.portfolio.some((p) => p.id === item.id)).toBe(false);
  });
});
