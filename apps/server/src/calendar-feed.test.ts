import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  t.harness.setNow(new Date("2030-01-15T20:00:00Z"));
  await t.deps.db.booking.create({
    data: {
      name: "Ada",
      email: "a@x.test",
      phone: "5550100",
      date: "2030-02-01",
      time: "10:00",
      slotKey: "k",
    },
  });
});
afterAll(async () => {
  await t.close();
});

const pathOf = (url: string) => new URL(url).pathname;

describe("GET /calendar/<token>.ics", () => {
  it("answers text/calendar, not cached; the old URL 404s after regeneration", async () => {
    const { caller } = await t.harness.admin();
    const old = await caller.calendarFeed.regenerate();
    const res = await t.app.request(pathOf(old.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const text = await res.text();
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).toContain("SUMMARY:[Pending] Session – Ada");

    const fresh = await caller.calendarFeed.regenerate();
    expect((await t.app.request(pathOf(old.url))).status).toBe(404);
    expect((await t.app.request(pathOf(fresh.url))).status).toBe(200);
  });

  it("404s for forged tokens and other file names", async () => {
    expect((await t.app.request(`/calendar/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await t.app.request("/calendar/whatever")).status).toBe(404);
    expect((await t.app.request("/calendar/")).status).toBe(404);
  });
});
