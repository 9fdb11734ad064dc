/**
 * Every tRPC procedure (enumerated from appRouter._def.procedures, so a new one is covered automatically)
 * under random and boundary input, called as a visitor and as an admin through createHarness() callers, and
 * over HTTP at /trpc: never INTERNAL_SERVER_ERROR / 5xx, error messages free of internals, only valid rows
 * stored, no prototype pollution.
 */
import { appRouter } from "../../packages/api/src/index";
import { TRPCError } from "../../packages/api/src/trpc";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../apps/server/src/testing/test-app";
import { leakIn, mutatedJson, nastyObjectJson, nastyValue, runs } from "./arbitraries";
import { expectNoPrototypePollution, expectStoredDataValid } from "./invariants";

type AnyProc = (input?: unknown) => Promise<unknown>;
type ProcedureDefs = Record<string, { _def: { type: "query" | "mutation" | "subscription" } }>;

const PROCEDURES = (appRouter as unknown as { _def: { procedures: ProcedureDefs } })._def.procedures;
const PATHS = Object.keys(PROCEDURES).sort();

const FUTURE = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
const booking = {
  name: "Ada",
  email: "ada@x.test",
  phone: "555 0100",
  service_id: 1,
  date: FUTURE,
  time: "11:00",
  message: "m",
  image: null,
  user_id: null,
};
const service = {
  title: "T",
  description: "D",
  price: 10,
  duration: "1h",
  category: "event",
  features: "a,b",
};
const portfolio = {
  title: "T",
  description: "D",
  category: "vfx-post",
  tags: ["x"],
  featured: "true",
  status: "draft",
};

/** A valid input per procedure, mutated one field at a time by the property. */
const VALID: Record<string, Record<string, unknown>> = {
  "auth.register": { name: "N", email: "n@x.test", password: "secret12", invite_code: "nope-nope" },
  "auth.login": { email: "owner@studio.test", password: "owner-password" },
  "services.byCategory": { category: "drone" },
  "services.get": { id: 1 },
  "services.create": service,
  "services.update": { id: 1, data: service },
  "services.delete": { id: 2 },
  "portfolio.byCategory": { category: "commercial" },
  "portfolio.get": { id: 1 },
  "portfolio.adminList": { status: "draft", category: "commercial" },
  "portfolio.create": portfolio,
  "portfolio.update": { id: 1, data: portfolio },
  "portfolio.delete": { id: 2 },
  "bookings.create": booking,
  "bookings.adminCreate": { ...booking, time: "12:00" },
  "bookings.availability": { date: FUTURE },
  "bookings.list": { status: "pending", search: "ada", cursor: null, limit: 10 },
  "bookings.listChunk": { cursor: null, limit: 100 },
  "bookings.get": { id: 1 },
  "bookings.setStatus": { id: 1, status: "confirmed" },
  "bookings.confirm": { id: 1 },
  "bookings.delete": { id: 3 },
  "bookings.exportCsv": { status: "pending", search: "" },
  "bookings.exportCsvChunk": { status: "pending", search: "", cursor: null, limit: 100 },
  "schedule.update": {
    weekly: Array.from({ length: 7 }, () => ({ open: true, first: "09:00", last: "17:00" })),
    notice_hours: 0,
    horizon_days: null,
    capacity: 1,
    time_zone: "",
  },
  "schedule.addClosure": { start: "2031-12-24", end: "2031-12-26", reason: "Christmas" },
  "schedule.removeClosure": { id: 1 },
  "feedback.submit": {
    name: "F",
    email: "f@x.test",
    rating: 4,
    message: "ok",
    service_category: "commercial",
  },
  "feedback.approved": { limit: 10 },
  "feedback.byCategory": { category: "photography", limit: 5 },
  "feedback.list": { limit: 50, offset: 0, status: "pending" },
  "feedback.get": { id: 1 },
  "feedback.setStatus": { id: 1, status: "approved" },
  "feedback.delete": { id: 2 },
  "contact.send": {
    name: "C",
    email: "c@x.test",
    subject: "S",
    message: "M",
    phone: "",
    serviceType: "Other",
  },
  "contact.list": { limit: 50, offset: 0, unreadOnly: true },
  "contact.setRead": { id: 1, read: true },
  "contact.delete": { id: 2 },
  "uploads.bookingProof": { body: null, contentType: "multipart/form-data; boundary=x", contentLength: 10 },
  "uploads.serviceImage": { body: null, contentType: "multipart/form-data; boundary=x", contentLength: 10 },
  "uploads.portfolioMedia": { body: null, contentType: "multipart/form-data; boundary=x", contentLength: 10 },
};

/** Logging out (here or everywhere) would revoke the admin token every later run uses; logout gets its own test. */
const ADMIN_SKIP = new Set(["auth.logout", "auth.signOutEverywhere"]);
/** argon2 hashing makes these slow; fewer runs. */
const SLOW = new Set(["auth.register", "auth.login"]);

function inputArb(path: string): fc.Arbitrary<unknown> {
  const raw = fc.oneof(
    nastyValue,
    nastyObjectJson.map((j) => JSON.parse(j) as unknown),
    fc.constant(undefined),
  );
  const valid = VALID[path];
  if (!valid) return raw;
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(valid) },
    { weight: 4, arbitrary: mutatedJson(valid).map((j) => JSON.parse(j) as unknown) },
    { weight: 2, arbitrary: raw },
  );
}

function procedureOf(caller: unknown, path: string): AnyProc {
  const [router, name] = path.split(".") as [string, string];
  return (caller as Record<string, Record<string, AnyProc>>)[router]![name]!;
}

let t: TestApp;
let adminToken: string;
const outcomes: Record<string, Record<string, number>> = {};

async function expectSafe(path: string, as: string, call: () => Promise<unknown>) {
  let code = "OK";
  try {
    await call();
  } catch (error) {
    expect(error, `${path} threw a non-tRPC error`).toBeInstanceOf(TRPCError);
    const e = error as TRPCError;
    code = e.code;
    expect(e.code, `${path} (${as}) → ${e.code}: ${e.message}\n${String(e.cause)}`).not.toBe(
      "INTERNAL_SERVER_ERROR",
    );
    expect(e.message.length).toBeGreaterThan(0);
    expect(leakIn(e.message), e.message).toBeNull();
  }
  outcomes[path] ??= {};
  outcomes[path]![`${as}:${code}`] = (outcomes[path]![`${as}:${code}`] ?? 0) + 1;
}

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.ownerToken();
  const admin = t.harness.caller({ token: adminToken });
  // Some rows for the id-based procedures to find.
  for (let i = 0; i < 3; i++) {
    await admin.services.create(service as never);
    await admin.portfolio.create(portfolio as never);
    await t.harness.caller().feedback.submit(VALID["feedback.submit"] as never);
    await t.harness.caller().contact.send(VALID["contact.send"] as never);
  }
  await t.harness.caller().bookings.create(booking as never);
});
afterAll(async () => {
  const lines = Object.entries(outcomes).map(([p, o]) => `${p} ${JSON.stringify(o)}`);
  console.info(`[props] tRPC outcomes:\n${lines.join("\n")}`);
  await t.close();
});

describe("every tRPC procedure under hostile input (callers)", () => {
  it("covers the whole router", () => {
    expect(PATHS.length).toBeGreaterThanOrEqual(45);
    for (const path of PATHS) expect(PROCEDURES[path]!._def.type).not.toBe("subscription");
  });

  it.each(PATHS)("%s", async (path) => {
    const visitor = t.harness.caller({ ip: "198.51.100.23" });
    const admin = t.harness.caller({ token: adminToken, ip: "198.51.100.24" });
    await fc.assert(
      fc.asyncProperty(inputArb(path), fc.boolean(), async (input, asAdmin) => {
        if (asAdmin && !ADMIN_SKIP.has(path)) {
          await expectSafe(path, "admin", () => procedureOf(admin, path)(input));
        } else {
          await expectSafe(path, "visitor", () => procedureOf(visitor, path)(input));
        }
      }),
      { numRuns: runs(SLOW.has(path) ? 12 : 45) },
    );
  });

  it("auth.logout with hostile input revokes only the caller's own session", async () => {
    const { token } = await t.harness
      .caller()
      .auth.login({ email: "owner@studio.test", password: "owner-password" });
    await fc.assert(
      fc.asyncProperty(inputArb("auth.logout"), async (input) => {
        await expectSafe("auth.logout", "admin", () =>
          procedureOf(t.harness.caller({ token }), "auth.logout")(input),
        );
      }),
      { numRuns: runs(10) },
    );
    // The main admin token still works.
    await expect(t.harness.caller({ token: adminToken }).auth.me()).resolves.toMatchObject({ role: "owner" });
  });
});

describe("every tRPC procedure over HTTP /trpc", () => {
  it.each(PATHS)("%s", async (path) => {
    const type = PROCEDURES[path]!._def.type;
    await fc.assert(
      fc.asyncProperty(
        inputArb(path),
        fc.boolean(),
        fc.constantFrom("plain", "batch", "garbage"),
        async (input, withToken, shape) => {
          if (ADMIN_SKIP.has(path) && withToken) return;
          const headers: Record<string, string> = { "Content-Type": "application/json" };
          if (withToken) headers.Authorization = `Bearer ${adminToken}`;
          const json =
            shape === "garbage" ? "{not json" : JSON.stringify(shape === "batch" ? { 0: input } : input);
          const suffix = shape === "batch" ? "?batch=1" : "";
          const res =
            type === "query"
              ? await t.app.request(
                  `/trpc/${path}${suffix}${suffix ? "&" : "?"}input=${encodeURIComponent(json)}`,
                  {
                    headers,
                  },
                )
              : await t.app.request(`/trpc/${path}${suffix}`, { method: "POST", headers, body: json });
          const text = await res.text();
          expect(res.status, `${path} ${shape} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400) expect(leakIn(text), text.slice(0, 300)).toBeNull();
        },
      ),
      { numRuns: runs(SLOW.has(path) ? 5 : 12) },
    );
  });

  it("stored only valid data, and polluted no prototype", async () => {
    const counts = await expectStoredDataValid(t.deps.db);
    expect(counts.feedback + counts.messages + counts.bookings).toBeGreaterThan(3);
    expectNoPrototypePollution();
  });
});
