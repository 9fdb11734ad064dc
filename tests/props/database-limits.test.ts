/**
 * Regression cases found by the property tests on PostgreSQL (they pass on SQLite, whose INTEGER is 64-bit
 * and whose TEXT takes NUL): input the database cannot store must be refused as invalid input (400) or
 * answered like any unknown id (404) — never a 500.
 * - ids above 2,147,483,647 (PostgreSQL INTEGER) in paths, bodies and cursors;
 * - the NUL character (U+0000) in any text field (PostgreSQL text and jsonb reject it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../apps/server/src/testing/test-app";

let t: TestApp;
let token: string;
const FUTURE = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
});
afterAll(async () => {
  await t.close();
});

const BIG = "2147483648"; // INT4 max + 1
const NUL = "a\u0000b";

describe("ids beyond the database's integer range", () => {
  it.each([
    ["GET", `/api/services/${BIG}`],
    ["GET", `/api/portfolio/${BIG}`],
    ["GET", `/api/bookings/${BIG}`],
    ["PATCH", `/api/bookings/${BIG}/confirm`],
    ["GET", `/api/feedback/${BIG}`],
    ["DELETE", `/api/contact/${BIG}`],
    ["PATCH", `/api/contact/${BIG}/read`],
  ])("%s %s → 400 or 404, not 500", async (method, path) => {
    const res = await t.call(method, path, { token, body: method === "PATCH" ? {} : undefined });
    expect([400, 404]).toContain(res.status);
  });

  it("a list cursor of 2147483648 → a page or 400, not 500", async () => {
    const res = await t.call("GET", `/api/bookings?cursor=${BIG}`, { token });
    expect(res.status).toBeLessThan(500);
  });

  it("a booking for service 2147483648 → 400", async () => {
    const res = await t.call("POST", "/api/bookings", {
      body: {
        name: "A",
        email: "a@x.test",
        phone: "555 0100",
        service_id: Number(BIG),
        date: FUTURE,
        time: "10:00",
      },
    });
    expect(res.status).toBe(400);
  });
});

describe("the NUL character in text", () => {
  it.each([
    ["POST", "/api/contact", { name: NUL, email: "c@x.test", subject: "S", message: "M" }],
    ["POST", "/api/feedback", { name: "F", email: "f@x.test", rating: 5, message: NUL }],
    [
      "POST",
      "/api/bookings",
      { name: NUL, email: "b@x.test", phone: "555 0100", service_id: 1, date: FUTURE, time: "11:00" },
    ],
    ["GET", "/api/bookings?search=a%00b"],
    ["POST", "/api/services", { title: "T", description: "D", price: 1, duration: "1h", features: [NUL] }],
    ["POST", "/api/portfolio", { title: NUL, description: "D" }],
  ])("%s %s → answered (400, or stored without harm), not 500", async (method, path, body?: unknown) => {
    const res = await t.call(method, path, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  });
});
