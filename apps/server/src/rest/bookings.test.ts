import { createHmac, randomUUID } from "node:crypto";
import { DEFAULT_SCHEDULE, MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { STREAM_CHUNK } from "./bookings";

const m = MESSAGES.booking;
/** 12:00 on 2030-01-15 in the studio's zone (America/Los_Angeles). */
const NOW = new Date("2030-01-15T20:00:00Z");

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  t.harness.setNow(NOW);
  token = await t.ownerToken();
  const base = { description: "d", category: "photography", priceCents: 10_000, features: [] };
  for (const [id, title] of [
    [1, "Photography"],
    [2, "Videography"],
    [3, "VFX"],
  ] as const) {
    await t.deps.db.service.create({ data: { ...base, id, title } });
  }
});
afterAll(async () => {
  await t.close();
});

/** A well-formed HS256 JWT signed with the given secret. */
function hs256(claims: Record<string, unknown>, secret: string): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  const unsigned = `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}`;
  return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
}

let dayCounter = 0;
function nextDay(): string {
  dayCounter += 1;
  return new Date(Date.UTC(2030, 5, 1) + dayCounter * 86_400_000).toISOString().slice(0, 10);
}

function body(overrides: Record<string, unknown> = {}) {
  return {
    name: "Ada Lovelace",
    email: "ada@example.test",
    phone: "+1 555 0100",
    date: nextDay(),
    time: "10:00",
    message: "Team portraits",
    image: null,
    service_id: 1,
    user_id: null,
    ...overrides,
  };
}

async function createBooking(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const res = await t.call("POST", "/api/bookings", { body: body(overrides) });
  expect(res.status).toBe(201);
  return res.body.data as Record<string, unknown>;
}

describe("POST /api/bookings (public)", () => {
  it("creates a pending booking: 201 { success, message, data }", async () => {
    const res = await t.call("POST", "/api/bookings", { body: body() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: m.submitted,
      data: {
        name: "Ada Lovelace",
        service_id: 1,
        service_title: "Photography",
        status: "pending",
        image: null,
      },
    });
    expect(Object.keys(res.body.data as object).sort()).toEqual(
      [
        "created_at",
        "date",
        "email",
        "id",
        "image",
        "message",
        "name",
        "phone",
        "service_id",
        "service_title",
        "status",
        "time",
      ].sort(),
    );
  });

  it.each([
    ["missing name", { name: "" }, "name", m.nameRequired],
    ["invalid email", { email: "nope" }, "email", m.emailInvalid],
    ["missing phone", { phone: undefined }, "phone", m.phoneRequired],
    ["missing service", { service_id: undefined }, "service_id", m.serviceRequired],
    ["missing date", { date: undefined }, "date", m.dateRequired],
    ["missing time", { time: undefined }, "time", m.timeRequired],
    ["slot outside hours", { time: "19:00" }, "time", m.timeInvalid],
    ["time off the half-hour grid", { time: "10:15" }, "time", m.timeInvalid],
    // Services 1–3 start on the hour: the half hour is refused with its own message.
    ["a :30 start of a service starting on the hour", { time: "10:30" }, "time", m.startOnTheHour],
    ["date in the past", { date: "2030-01-14" }, "date", m.dateInPast],
    ["unknown service", { service_id: 404 }, "service_id", m.serviceNotFound],
    ["foreign proof URL", { image: "https://evil.example/x.pdf" }, "image", m.proofInvalid],
    ["wrong JSON type", { name: 42 }, "name", m.nameRequired],
  ])("400 for %s", async (_label, overrides, field, message) => {
    const res = await t.call("POST", "/api/bookings", { body: body(overrides) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message, errors: { [field]: message } });
  });

  it("400 for malformed JSON and for a body that is not an object", async () => {
    const bad = await t.call("POST", "/api/bookings", {
      raw: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: MESSAGES.common.invalidJson });
    const list = await t.call("POST", "/api/bookings", { body: [1, 2] });
    expect(list.status).toBe(400);
  });

  it("a :30 start of a service allowing starts every half hour is booked with date and time alone", async () => {
    const every30 = await t.deps.db.service.create({
      data: {
        // An id of its own: the ones above were given explicitly, so PostgreSQL's sequence still starts at 1.
        id: 40,
        title: "Mini session",
        description: "d",
        category: "photography",
        priceCents: 100,
        features: [],
        startEveryMinutes: 30,
      },
    });
    const res = await t.call("POST", "/api/bookings", {
      body: body({ service_id: every30.id, time: "10:30" }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ data: { time: "10:30", service_id: every30.id } });
  });

  it("409 when the slot is taken", async () => {
    const first = await createBooking();
    const res = await t.call("POST", "/api/bookings", {
      body: body({ date: first.date, time: first.time, email: "late@example.test" }),
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: m.slotTaken });
  });

  it("400 with the schedule's message on a closed day (Sundays closed, then reopened)", async () => {
    const week = DEFAULT_SCHEDULE.weekly.map((day, i) => (i === 0 ? { ...day, open: false } : day));
    const owner = t.harness.caller({ token });
    await owner.schedule.update({ ...DEFAULT_SCHEDULE, weekly: week });
    try {
      const res = await t.call("POST", "/api/bookings", { body: body({ date: "2031-03-02" }) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.schedule.closedDay,
        errors: { date: MESSAGES.schedule.closedDay },
      });
      expect(await t.deps.db.booking.count({ where: { date: "2031-03-02" } })).toBe(0);
    } finally {
      await owner.schedule.update(DEFAULT_SCHEDULE);
    }
  });

  it("honours Idempotency-Key: the replay answers 200 with the same booking", async () => {
    const key = randomUUID();
    const payload = body();
    const first = await t.call("POST", "/api/bookings", {
      body: payload,
      headers: { "Idempotency-Key": key },
    });
    const retry = await t.call("POST", "/api/bookings", {
      body: payload,
      headers: { "Idempotency-Key": key },
    });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await t.deps.db.booking.count({ where: { idempotencyKey: key } })).toBe(1);

    const other = await t.call("POST", "/api/bookings", {
      body: body({ email: "someone-else@example.test" }),
      headers: { "Idempotency-Key": key },
    });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(m.idempotencyKeyReused);
    const malformed = await t.call("POST", "/api/bookings", {
      body: body(),
      headers: { "Idempotency-Key": "no spaces allowed" },
    });
    expect(malformed.status).toBe(400);
  });

  it("concurrent retries with one Idempotency-Key create one booking", async () => {
    const key = randomUUID();
    const payload = body();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call("POST", "/api/bookings", { body: payload, headers: { "Idempotency-Key": key } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => (r.body.data as { id: number }).id)).size).toBe(1);
  });

  it.each([
    ["photography", 1],
    ["videography", 2],
    ["vfx", 3],
    ["graphic-design", 1],
    ["cinematography", 2],
    ["commercial-drone", 2],
    ["fpv-drones", 2],
    ["post-production", 3],
    ["broadcasting", 2],
  ])("maps the legacy service slug %s to service %i", async (slug, id) => {
    const payload: Record<string, unknown> = body({ service: slug });
    delete payload.service_id;
    const res = await t.call("POST", "/api/bookings", { body: payload });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ service_id: id });
  });

  it("prefers service_id over the slug and ignores unknown slugs", async () => {
    const both = await t.call("POST", "/api/bookings", {
      body: body({ service_id: 3, service: "photography" }),
    });
    expect(both.body.data).toMatchObject({ service_id: 3 });
    for (const slug of ["constructor", "unknown-thing"]) {
      const payload: Record<string, unknown> = body({ service: slug });
      delete payload.service_id;
      const res = await t.call("POST", "/api/bookings", { body: payload });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(m.serviceRequired);
    }
  });
});

describe("admin calls need the bearer token", () => {
  const adminCalls: [string, string, unknown?][] = [
    ["GET", "/api/bookings"],
    ["GET", "/api/bookings?limit=5"],
    ["GET", "/api/bookings/stats"],
    ["GET", "/api/bookings/status/pending"],
    ["GET", "/api/bookings/user/bookings"],
    ["GET", "/api/bookings/1"],
    ["GET", "/api/bookings/abc"],
    ["PUT", "/api/bookings/1", { status: "confirmed" }],
    ["PATCH", "/api/bookings/1/status", { status: "confirmed" }],
    ["PATCH", "/api/bookings/1/confirm"],
    ["DELETE", "/api/bookings/1"],
  ];

  async function freshToken(): Promise<string> {
    const session = await t.harness.admin();
    return session.token;
  }

  it.each(adminCalls)("%s %s: 401 without a token", async (method, path, payload) => {
    const res = await t.call(method, path, { body: payload });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: MESSAGES.auth.unauthorized });
  });

  it.each(adminCalls)(
    "%s %s: 401 with a garbage, forged or alg:none token",
    async (method, path, payload) => {
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${Buffer.from(
        JSON.stringify({ sub: "1", jti: "x", iss: "studio", aud: "studio-admin", exp: 4_102_444_800 }),
      ).toString("base64url")}.`;
      const forged = hs256(
        { sub: "1", jti: "whatever", iss: "studio", aud: "studio-admin", exp: 4_102_444_800 },
        "not-the-server-secret-not-the-server-secret",
      );
      for (const bad of ["garbage", "a.b.c", none, forged]) {
        const res = await t.call(method, path, { body: payload, token: bad });
        expect(res.status).toBe(401);
      }
    },
  );

  it("401 with an expired token", async () => {
    const stale = await freshToken();
    try {
      t.harness.setNow(new Date(NOW.getTime() + 13 * 3600_000));
      for (const [method, path, payload] of adminCalls) {
        const res = await t.call(method, path, { body: payload, token: stale });
        expect(res.status).toBe(401);
      }
    } finally {
      t.harness.setNow(NOW);
    }
    expect((await t.call("GET", "/api/bookings/stats", { token: stale })).status).toBe(200);
  });
});

describe("GET lists", () => {
  let total: number;
  beforeAll(async () => {
    // Enough rows to cross stream chunks twice, so the next one is read while one is written.
    await t.deps.db.booking.createMany({
      data: Array.from({ length: 2 * STREAM_CHUNK + 3 }, (_, i) => ({
        name: `Bulk ${i}`,
        email: `bulk${i}@example.test`,
        phone: "555",
        serviceId: 2,
        date: "2030-12-01",
        time: "09:00",
        status: "cancelled" as const,
      })),
    });
    total = await t.deps.db.booking.count();
  });

  it("GET /api/bookings streams the whole list as one valid JSON document, newest first", async () => {
    const res = await t.app.request("/api/bookings", { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const parsed = JSON.parse(await res.text()) as { success: boolean; data: { id: number }[] };
    expect(parsed.success).toBe(true);
    expect(parsed.data).toHaveLength(total);
    const ids = parsed.data.map((b) => b.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(total);
  });

  it("streams an empty filter result as an empty list", async () => {
    const res = await t.call("GET", "/api/bookings?search=nobody-at-all", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [] });
  });

  it("GET /api/bookings/export.csv streams every booking as a CSV download, newest first", async () => {
    const res = await t.app.request("/api/bookings/export.csv", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="bookings-2030-01-15.csv"');
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toBe(
      "id,name,email,phone,service_id,service_title,date,time,status,message,has_proof,created_at",
    );
    expect(lines.at(-1)).toBe("");
    const ids = lines.slice(1, -1).map((line) => Number(line.split(",")[0]));
    expect(ids).toHaveLength(total);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(total);
  });

  it("GET /api/bookings/export.csv filters like the list, needs the token and checks the filter", async () => {
    const res = await t.app.request("/api/bookings/export.csv?status=cancelled&search=bulk1", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="bookings-cancelled-2030-01-15.csv"',
    );
    const rows = (await res.text()).trimEnd().split("\r\n").slice(1);
    const expected = await t.call("GET", "/api/bookings?status=cancelled&search=bulk1", { token });
    expect(rows.map((r) => Number(r.split(",")[0]))).toEqual(
      (expected.body as { data: { id: number }[] }).data.map((b) => b.id),
    );
    expect((await t.call("GET", "/api/bookings/export.csv")).status).toBe(401);
    expect((await t.call("GET", "/api/bookings/export.csv?status=lost", { token })).status).toBe(400);
  });

  it("GET /api/bookings/user/bookings answers the admin's view (no customer accounts)", async () => {
    const all = await t.call("GET", "/api/bookings", { token });
    const mine = await t.call("GET", "/api/bookings/user/bookings", { token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(all.body);
  });

  it("with limit/offset answers one page with total and next_cursor", async () => {
    const res = await t.call("GET", "/api/bookings?limit=10&offset=5", { token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.total).toBe(total);
    const next = await t.call("GET", `/api/bookings?limit=10&cursor=${res.body.next_cursor}`, { token });
    const firstIds = (res.body.data as { id: number }[]).map((b) => b.id);
    const nextIds = (next.body.data as { id: number }[]).map((b) => b.id);
    expect(Math.max(...nextIds)).toBeLessThan(Math.min(...firstIds));
  });

  it.each([
    ["/api/bookings?limit=abc", "limit must be a whole number from 1 to 200"],
    ["/api/bookings?limit=0", "limit must be a whole number from 1 to 200"],
    ["/api/bookings?limit=100000", "limit must be a whole number from 1 to 200"],
    ["/api/bookings?limit=10&offset=-1", "offset must be a whole number of at least 0"],
    ["/api/bookings?status=lost", m.statusInvalid],
    ["/api/bookings/status/lost", m.statusInvalid],
  ])("400 for %s", async (path, message) => {
    const res = await t.call("GET", path, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it("GET /api/bookings/status/:status and ?status= filter on the server", async () => {
    const pending = await createBooking();
    const res = await t.call("GET", "/api/bookings/status/pending", { token });
    expect(res.status).toBe(200);
    const data = res.body.data as { id: number; status: string }[];
    expect(data.every((b) => b.status === "pending")).toBe(true);
    expect(data.map((b) => b.id)).toContain(pending.id);
    const viaQuery = await t.call("GET", "/api/bookings?status=pending", { token });
    expect(viaQuery.body).toEqual(res.body);
    const all = await t.call("GET", "/api/bookings?status=all&limit=1", { token });
    expect(all.body.total).toBe(await t.deps.db.booking.count());
    const cancelled = await t.call("GET", "/api/bookings/status/cancelled?limit=5", { token });
    expect(cancelled.body.total).toBe(await t.deps.db.booking.count({ where: { status: "cancelled" } }));
  });

  it("GET /api/bookings/stats answers { success, data } with every count", async () => {
    const res = await t.call("GET", "/api/bookings/stats", { token });
    expect(res.status).toBe(200);
    const db = t.deps.db.booking;
    expect(res.body).toEqual({
      success: true,
      data: {
        total: await db.count(),
        pending: await db.count({ where: { status: "pending" } }),
        confirmed: await db.count({ where: { status: "confirmed" } }),
        completed: await db.count({ where: { status: "completed" } }),
        cancelled: await db.count({ where: { status: "cancelled" } }),
        withProof: await db.count({ where: { image: { not: null } } }),
      },
    });
  });
});

describe("one booking by id", () => {
  it("GET /api/bookings/:id answers { success, data }", async () => {
    const created = await createBooking();
    const res = await t.call("GET", `/api/bookings/${created.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: created });
  });

  it.each([
    ["abc", 400],
    ["1.5", 400],
    ["-3", 400],
    ["0", 400],
    ["99999999999999999999", 400],
    ["987654", 404],
  ])("GET /api/bookings/%s → %i JSON", async (id, status) => {
    const res = await t.call("GET", `/api/bookings/${id}`, { token });
    expect(res.status).toBe(status);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(status === 404 ? m.notFound : MESSAGES.common.invalidId);
  });

  it("PUT /api/bookings/:id { status } changes the status", async () => {
    const created = await createBooking();
    const res = await t.call("PUT", `/api/bookings/${created.id}`, { token, body: { status: "confirmed" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: m.statusUpdated,
      data: { id: created.id, status: "confirmed" },
    });
  });

  it("PATCH /api/bookings/:id/status follows the transitions and refuses with 409", async () => {
    const created = await createBooking();
    const path = `/api/bookings/${created.id}/status`;
    // Completed only once the session is over (its own test is below).
    await t.harness.setNowToSessionEnd(Number(created.id));
    const later = (await t.harness.admin()).token;
    expect((await t.call("PATCH", path, { token: later, body: { status: "completed" } })).status).toBe(200);
    t.harness.setNow(NOW);
    const refused = await t.call("PATCH", path, { token, body: { status: "pending" } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ success: false, message: m.transitionRefused("completed", "pending") });
    const invalid = await t.call("PATCH", path, { token, body: { status: "done" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(m.statusInvalid);
    const missing = await t.call("PATCH", path, { token, body: {} });
    expect(missing.status).toBe(400);
    const malformed = await t.call("PATCH", path, {
      token,
      raw: "{status:",
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(MESSAGES.common.invalidJson);
    const unknown = await t.call("PATCH", "/api/bookings/987654/status", {
      token,
      body: { status: "confirmed" },
    });
    expect(unknown.status).toBe(404);
  });

  it("PATCH …/status and PUT refuse completed before the session's end with 409, and accept it after", async () => {
    const created = await createBooking({ date: "2030-12-02", time: "15:00" });
    const tooEarly = { success: false, message: m.completedTooEarly };
    for (const [method, path] of [
      ["PATCH", `/api/bookings/${created.id}/status`],
      ["PUT", `/api/bookings/${created.id}`],
    ] as const) {
      const refused = await t.call(method, path, { token, body: { status: "completed" } });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual(tooEarly);
    }
    // 15:00–16:00 in Los Angeles on 2 December: the session ends at 00:00 UTC on the 3rd.
    const end = new Date("2030-12-03T00:00:00Z");
    try {
      t.harness.setNow(new Date(end.getTime() - 1000));
      const before = await t.call("PATCH", `/api/bookings/${created.id}/status`, {
        token: (await t.harness.admin()).token,
        body: { status: "completed" },
      });
      expect(before.status).toBe(409);
      expect(before.body).toEqual(tooEarly);
      t.harness.setNow(end);
      const after = await t.call("PATCH", `/api/bookings/${created.id}/status`, {
        token: (await t.harness.admin()).token,
        body: { status: "completed" },
      });
      expect(after.status).toBe(200);
      expect(after.body).toMatchObject({ success: true, data: { id: created.id, status: "completed" } });
    } finally {
      t.harness.setNow(NOW);
    }
    const row = await t.deps.db.booking.findUniqueOrThrow({ where: { id: Number(created.id) } });
    expect(row.status).toBe("completed");
  });

  it("cancelling through REST frees the slot", async () => {
    const created = await createBooking();
    await t.call("PATCH", `/api/bookings/${created.id}/status`, { token, body: { status: "cancelled" } });
    const again = await t.call("POST", "/api/bookings", {
      body: body({ date: created.date, time: created.time }),
    });
    expect(again.status).toBe(201);
  });

  it("PATCH /api/bookings/:id/confirm confirms a pending booking", async () => {
    const created = await createBooking();
    const res = await t.call("PATCH", `/api/bookings/${created.id}/confirm`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: m.confirmed, data: { status: "confirmed" } });
    expect((await t.call("PATCH", "/api/bookings/abc/confirm", { token })).status).toBe(400);
  });

  it("DELETE /api/bookings/:id removes it; a second delete is 404", async () => {
    const created = await createBooking();
    const res = await t.call("DELETE", `/api/bookings/${created.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: m.deleted, data: { id: created.id } });
    expect((await t.call("GET", `/api/bookings/${created.id}`, { token })).status).toBe(404);
    expect((await t.call("DELETE", `/api/bookings/${created.id}`, { token })).status).toBe(404);
  });

  it("unknown booking sub-paths are a JSON 404", async () => {
    const res = await t.call("GET", "/api/bookings/1/unknown", { token });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});
