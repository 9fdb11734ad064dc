import { issueManageUrl } from "@studio/api";
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactPath } from "../middleware/request-log";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const m = MESSAGES.manage;
/** 12:00 on 2030-01-15 in Los Angeles. */
const NOW = new Date("2030-01-15T20:00:00Z");

beforeAll(async () => {
  t = await createTestApp();
  t.harness.setNow(NOW);
});
afterAll(async () => {
  await t.close();
});

async function managed(date: string, time: string): Promise<{ id: number; token: string }> {
  const row = await t.deps.db.booking.create({
    data: {
      name: "Ada",
      email: "ada@example.test",
      phone: "5550100",
      date,
      time,
      slotKey: `${date} ${time}`,
    },
  });
  const url = await issueManageUrl(t.deps.db, t.deps, row);
  return { id: row.id, token: url.split("/manage/")[1] ?? "" };
}

describe("REST /api/manage/:token", () => {
  it("GET answers the booking; an unknown token 404 with the message; a malformed one 400", async () => {
    const { token } = await managed("2030-02-01", "10:00");
    const res = await t.call("GET", `/api/manage/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toMatchObject({
      success: true,
      data: { state: "active", booking: { date: "2030-02-01" } },
    });
    const forged = await t.call("GET", `/api/manage/${"A".repeat(43)}`);
    expect(forged).toMatchObject({ status: 404, body: { success: false, message: m.linkInvalid } });
    const malformed = await t.call("GET", "/api/manage/abc");
    expect(malformed).toMatchObject({ status: 400, body: { success: false, message: m.linkInvalid } });
  });

  it("availability, move and cancel; repeats answer the same", async () => {
    const { id, token } = await managed("2030-02-02", "10:00");
    const day = await t.call("GET", `/api/manage/${token}/availability?date=2030-02-03`);
    expect(day.status).toBe(200);
    expect((day.body.data as { slots: unknown[] }).slots).toHaveLength(9);
    const bad = await t.call("POST", `/api/manage/${token}/move`, {
      body: { date: "2030-02-03", time: "7pm" },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: MESSAGES.booking.timeInvalid, errors: { time: MESSAGES.booking.timeInvalid } },
    });
    const moved = await t.call("POST", `/api/manage/${token}/move`, {
      body: { date: "2030-02-03", time: "14:00" },
    });
    expect(moved).toMatchObject({ status: 200, body: { success: true, message: m.moved, replayed: false } });
    const again = await t.call("POST", `/api/manage/${token}/move`, {
      body: { date: "2030-02-03", time: "14:00" },
    });
    expect(again).toMatchObject({ status: 200, body: { message: m.moved, replayed: true } });
    const cancelled = await t.call("POST", `/api/manage/${token}/cancel`);
    expect(cancelled).toMatchObject({
      status: 200,
      body: { message: m.cancelled, replayed: false, data: { state: "cancelled" } },
    });
    const twice = await t.call("POST", `/api/manage/${token}/cancel`);
    expect(twice).toMatchObject({ status: 200, body: { message: m.cancelled, replayed: true } });
    expect(await t.deps.db.booking.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "cancelled",
      slotKey: null,
    });
    expect(await t.deps.db.bookingChange.count({ where: { bookingId: id } })).toBe(2);
  });

  it("an expired link answers 404 with the message and changes nothing", async () => {
    const { id, token } = await managed("2030-01-10", "10:00");
    const res = await t.call("POST", `/api/manage/${token}/cancel`);
    expect(res).toMatchObject({ status: 404, body: { success: false, message: m.linkExpired } });
    expect(await t.deps.db.booking.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "pending" });
  });
});

describe("request logs", () => {
  it("never hold a manage or calendar token", () => {
    const token = "A".repeat(43);
    expect(redactPath(`/manage/${token}`)).toBe("/manage/[token]");
    expect(redactPath(`/api/manage/${token}/move`)).toBe("/api/manage/[token]/move");
    expect(redactPath(`/calendar/${token}.ics`)).toBe("/calendar/[token].ics");
    expect(redactPath("/api/bookings/12")).toBe("/api/bookings/12");
  });
});
