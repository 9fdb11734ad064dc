import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { cacheTtlMs: 60_000 });
});
afterAll(async () => {
  await h.close();
});

describe("public lists with the read cache on", () => {
  it("show a new service, portfolio item and approved feedback at once", async () => {
    const { caller: admin } = await h.admin();
    const visitor = h.caller();
    expect(await visitor.services.list()).toEqual([]);
    expect(await visitor.portfolio.list()).toEqual([]);
    expect(await visitor.feedback.approved({})).toEqual([]);

    await admin.services.create({
      title: "Drone",
      description: "Aerial",
      price: 10,
      duration: "1h",
      category: "drone",
    });
    expect((await visitor.services.list()).map((s) => s.title)).toEqual(["Drone"]);
    expect((await visitor.services.byCategory({ category: "drone" })).length).toBe(1);

    const item = await admin.portfolio.create({ title: "Reel", description: "Clips" });
    expect((await visitor.portfolio.list()).map((p) => p.id)).toEqual([item.id]);
    await admin.portfolio.update({
      id: item.id,
      data: { title: "Reel", description: "Clips", status: "draft" },
    });
    expect(await visitor.portfolio.list()).toEqual([]);

    const { id } = await visitor.feedback.submit({
      name: "A",
      email: "a@x.test",
      rating: 4,
      message: "Great",
    });
    expect(await visitor.feedback.approved({})).toEqual([]);
    await admin.feedback.setStatus({ id, status: "approved" });
    expect((await visitor.feedback.approved({})).map((f) => f.id)).toEqual([id]);
    expect(await visitor.feedback.summary()).toEqual({ average_rating: 4, count: 1 });
    await admin.feedback.delete({ id });
    expect(await visitor.feedback.approved({})).toEqual([]);

    await admin.services.delete({ id: (await visitor.services.list())[0]!.id });
    expect(await visitor.services.list()).toEqual([]);
  });
});
