/**
 * Every REST endpoint of /api under random and boundary input — bodies (random objects with `__proto__`
 * keys, valid payloads with one field made hostile, non-objects, broken JSON), path ids (negative,
 * fractional, huge, non-numeric, encoded) and query strings: never a 5xx, always the JSON error envelope
 * with a message, no internals in error answers, no invalid row stored, no prototype pollution.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../apps/server/src/testing/test-app";
import {
  leakIn,
  mutatedJson,
  nastyId,
  nastyObjectJson,
  nastyQueryValue,
  nastyString,
  nastyValue,
  runs,
} from "./arbitraries";
import { expectNoPrototypePollution, expectStoredDataValid } from "./invariants";

let t: TestApp;
const statusesSeen: string[] = [];
let token: string;
let serviceId: number;

const FUTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

const VALID = {
  service: {
    title: "Aerial shoot",
    description: "Drone footage",
    price: 499.99,
    duration: "2 hours",
    category: "drone",
    image: null,
    icon: "🚁",
    features: ["4K", "FPV"],
  },
  portfolio: {
    title: "Harbour at dawn",
    description: "A drone series",
    category: "drone-services",
    client: "Port",
    date: "2026-05-01",
    location: "Kolhapur",
    tags: "aerial, dawn",
    featured: true,
    status: "published",
    media_url: null,
  },
  booking: () => ({
    name: "Ada Client",
    email: "ada@client.test",
    phone: "+1 555 0100",
    service_id: serviceId,
    date: FUTURE,
    time: "10:00",
    message: "Hello",
    image: null,
    user_id: null,
  }),
  feedback: { name: "Fay", email: "fay@x.test", rating: 5, message: "Great", service_category: "" },
  contact: { name: "Cy", email: "cy@x.test", phone: "", subject: "Hi", message: "Hello", serviceType: "" },
  login: { email: "owner@studio.test", password: "owner-password" },
  register: { name: "New Admin", email: "new@x.test", password: "secret12", invite_code: "WRONG" },
  status: { status: "confirmed" },
  read: { read: true },
};

type Body = "none" | "object" | { valid: () => Record<string, unknown> };
type Route = { method: string; path: string; body: Body; admin?: boolean };

/** Every route of the REST layer except the multipart uploads (tests/props/uploads.test.ts) and logout. */
const ROUTES: Route[] = [
  { method: "GET", path: "/api/services", body: "none" },
  { method: "GET", path: "/api/services/category/:cat", body: "none" },
  { method: "GET", path: "/api/services/:id", body: "none" },
  { method: "POST", path: "/api/services", body: { valid: () => VALID.service }, admin: true },
  { method: "PUT", path: "/api/services/:id", body: { valid: () => VALID.service }, admin: true },
  { method: "DELETE", path: "/api/services/:id", body: "none", admin: true },
  { method: "GET", path: "/api/portfolio", body: "none" },
  { method: "GET", path: "/api/portfolio/category/:cat", body: "none" },
  { method: "GET", path: "/api/portfolio/:id", body: "none" },
  { method: "POST", path: "/api/portfolio", body: { valid: () => VALID.portfolio }, admin: true },
  { method: "PUT", path: "/api/portfolio/:id", body: { valid: () => VALID.portfolio }, admin: true },
  { method: "DELETE", path: "/api/portfolio/:id", body: "none", admin: true },
  { method: "POST", path: "/api/bookings", body: { valid: VALID.booking } },
  { method: "GET", path: "/api/bookings", body: "none", admin: true },
  { method: "GET", path: "/api/bookings/stats", body: "none", admin: true },
  { method: "GET", path: "/api/bookings/export.csv", body: "none", admin: true },
  { method: "GET", path: "/api/bookings/status/:cat", body: "none", admin: true },
  { method: "GET", path: "/api/bookings/user/bookings", body: "none", admin: true },
  { method: "GET", path: "/api/bookings/:id", body: "none", admin: true },
  { method: "PUT", path: "/api/bookings/:id", body: { valid: () => VALID.status }, admin: true },
  { method: "PATCH", path: "/api/bookings/:id/status", body: { valid: () => VALID.status }, admin: true },
  { method: "PATCH", path: "/api/bookings/:id/confirm", body: "none", admin: true },
  { method: "DELETE", path: "/api/bookings/:id", body: "none", admin: true },
  { method: "POST", path: "/api/feedback", body: { valid: () => VALID.feedback } },
  { method: "GET", path: "/api/feedback/approved", body: "none" },
  { method: "GET", path: "/api/feedback/category/:cat", body: "none" },
  { method: "GET", path: "/api/feedback", body: "none", admin: true },
  // Visitors get the figures of approved feedback; an admin token the full ones.
  { method: "GET", path: "/api/feedback/stats", body: "none" },
  { method: "GET", path: "/api/feedback/:id", body: "none", admin: true },
  {
    method: "PATCH",
    path: "/api/feedback/:id/status",
    body: { valid: () => ({ status: "approved" }) },
    admin: true,
  },
  { method: "DELETE", path: "/api/feedback/:id", body: "none", admin: true },
  { method: "POST", path: "/api/contact", body: { valid: () => VALID.contact } },
  { method: "GET", path: "/api/contact", body: "none", admin: true },
  { method: "PATCH", path: "/api/contact/:id/read", body: { valid: () => VALID.read }, admin: true },
  { method: "DELETE", path: "/api/contact/:id", body: "none", admin: true },
  { method: "POST", path: "/api/auth/login", body: { valid: () => VALID.login } },
  { method: "POST", path: "/api/auth/register", body: { valid: () => VALID.register } },
  { method: "GET", path: "/api/auth/me", body: "none", admin: true },
];

const categoryish = fc.oneof(
  fc.constantFrom("photography", "drone", "drone-services", "pending", "all", "", "PHOTOGRAPHY", "__proto__"),
  nastyString.map((s) => encodeURIComponent(s.slice(0, 100))),
);
const QUERY_KEYS = ["limit", "offset", "status", "search", "cursor", "category", "unread", "__proto__"];
const query = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), nastyQueryValue), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ""));

function bodyArb(body: Body): fc.Arbitrary<string | undefined> {
  const raw = fc.oneof(
    nastyObjectJson,
    nastyValue.map((v) => JSON.stringify(v) ?? "null"),
    fc.constantFrom("", "{", "null", "[]", '"text"', "42", '{"a":}', "\u0000", "{}".repeat(1000)),
  );
  if (body === "none") return fc.option(raw, { nil: undefined, freq: 4 });
  if (body === "object") return raw;
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(JSON.stringify(body.valid())) },
    { weight: 4, arbitrary: mutatedJson(body.valid()) },
    { weight: 2, arbitrary: raw },
  );
}

function requestArb(route: Route): fc.Arbitrary<Req> {
  return fc.record({
    id: nastyId,
    cat: categoryish,
    query,
    body: bodyArb(route.body),
    contentType: fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      undefined,
    ),
    withToken: route.admin ? fc.boolean() : fc.constant(false),
  });
}

type Req = {
  id: string;
  cat: string;
  query: string;
  body: string | undefined;
  contentType: string | undefined;
  withToken: boolean;
};

async function send(route: Route, r: Req) {
  const path = route.path.replace(":id", r.id).replace(":cat", r.cat) + r.query;
  const headers: Record<string, string> = {};
  if (r.contentType) headers["Content-Type"] = r.contentType;
  if (r.withToken) headers.Authorization = `Bearer ${token}`;
  const canHaveBody = route.method !== "GET" && route.method !== "HEAD";
  const res = await t.app.request(path, {
    method: route.method,
    headers,
    body: canHaveBody ? r.body : undefined,
  });
  return { path, status: res.status, text: await res.text(), headers: res.headers };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
  const created = await t.call("POST", "/api/services", { token, body: VALID.service });
  expect(created.status).toBe(201);
  serviceId = (created.body.data as { id: number }).id;
});
afterAll(async () => {
  console.info(`[props] statuses per route:\n${statusesSeen.join("\n")}`);
  await t.close();
});

/** Deletes last, so the rows the other routes work on exist while they run. */
const ORDERED = [
  ...ROUTES.filter((r) => r.method !== "DELETE"),
  ...ROUTES.filter((r) => r.method === "DELETE"),
];

describe("REST endpoints under hostile input", () => {
  it.each(ORDERED.map((r) => [`${r.method} ${r.path}`, r] as const))("%s", async (_label, route) => {
    const seen: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(requestArb(route), async (r) => {
        const res = await send(route, r);
        seen[res.status] = (seen[res.status] ?? 0) + 1;
        expect(
          res.status,
          `${route.method} ${res.path} → ${res.status} ${res.text.slice(0, 300)}`,
        ).toBeLessThan(500);
        if (route.path === "/api/bookings" && route.method === "GET" && res.status === 200) return; // streamed list
        if (route.path === "/api/bookings/export.csv" && res.status === 200) {
          // The streamed CSV download: a header row, then CRLF-ended rows.
          expect(res.text.startsWith("id,name,email,")).toBe(true);
          return;
        }
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(res.text) as Record<string, unknown>;
        } catch {
          throw new Error(
            `${route.method} ${res.path} answered non-JSON ${res.status}: ${res.text.slice(0, 200)}`,
          );
        }
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        expect(typeof body.success).toBe("boolean");
        if (res.status >= 400) {
          expect(body.success).toBe(false);
          expect(typeof body.message).toBe("string");
          expect((body.message as string).length).toBeGreaterThan(0);
          expect(Object.keys(body).every((k) => ["success", "message", "errors"].includes(k))).toBe(true);
          expect(leakIn(res.text), res.text.slice(0, 300)).toBeNull();
        }
        // Without a token an admin route never succeeds (401, or 400 for a body that is not even JSON).
        if (route.admin && !r.withToken) expect(res.status).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: runs(route.body === "none" ? 30 : 60) },
    );
    statusesSeen.push(`${route.method} ${route.path} ${JSON.stringify(seen)}`);
  });

  it("stored only valid data, and polluted no prototype", async () => {
    const counts = await expectStoredDataValid(t.deps.db);
    expectNoPrototypePollution();
    // The mutated-valid payloads did create rows: the checks above ran over real data.
    expect(counts.bookings + counts.feedback + counts.messages).toBeGreaterThan(0);
  });

  it("a huge JSON body is refused with 413, a deep one with a 4xx", async () => {
    const huge = JSON.stringify({ ...VALID.feedback, message: "x".repeat(2 * 1024 * 1024) });
    const res = await t.app.request("/api/feedback", {
      method: "POST",
      body: huge,
      headers: { "Content-Type": "application/json" },
    });
    expect([400, 413]).toContain(res.status);
    const deep = `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
    const res2 = await t.app.request("/api/contact", {
      method: "POST",
      body: deep,
      headers: { "Content-Type": "application/json" },
    });
    expect(res2.status).toBe(400);
  });
});
