import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itRequiresAdmin } from "../testing/admin-only";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let token: string;
const m = MESSAGES.feedback;

const feedback = {
  name: "Maya",
  email: "maya@example.com",
  rating: 5,
  message: "Wonderful shoot",
  service_category: "photography",
};

async function submit(body: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call("POST", "/api/feedback", { body: { ...feedback, ...body } });
  expect(res.status).toBe(201);
  return (res.body.data as { id: number }).id;
}

const setStatus = (id: number, status: unknown) =>
  t.call("PATCH", `/api/feedback/${id}/status`, { body: { status }, token });

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
});
afterAll(async () => {
  await t.close();
});

describe("REST POST /api/feedback", () => {
  it("answers 201 { success, message, data: { id } } and stores pending feedback", async () => {
    const res = await t.call("POST", "/api/feedback", { body: feedback });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: m.submitted, data: { id: expect.any(Number) } });
    const stored = await t.call("GET", `/api/feedback/${(res.body.data as { id: number }).id}`, { token });
    expect(stored.body).toMatchObject({ success: true, data: { status: "pending", email: feedback.email } });
  });

  it.each([
    ["an empty body", {}, m.nameRequired, "name"],
    ["no e-mail", { name: "Maya" }, m.emailRequired, "email"],
    ["no rating", { name: "Maya", email: "maya@example.com" }, m.ratingRequired, "rating"],
    ["no message", { name: "Maya", email: "maya@example.com", rating: 4 }, m.messageRequired, "message"],
    ["a rating as an array", { ...feedback, rating: [5] }, m.ratingRequired, "rating"],
    ["a name as a number", { ...feedback, name: 5 }, m.nameRequired, "name"],
    [
      "an unknown category",
      { ...feedback, service_category: "weddings" },
      m.categoryInvalid,
      "service_category",
    ],
  ])("refuses %s with 400, the message and the field", async (_label, body, message, field) => {
    const res = await t.call("POST", "/api/feedback", { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message, errors: { [field]: message } });
  });

  it("answers malformed JSON and a 200 KB message with 400, a 1 MB body with 413", async () => {
    const malformed = await t.call("POST", "/api/feedback", {
      raw: "{'single': 'quotes'}",
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ success: false, message: MESSAGES.common.invalidJson });
    const long = await t.call("POST", "/api/feedback", {
      body: { ...feedback, message: "x".repeat(200 * 1024) },
    });
    expect(long.status).toBe(400);
    expect(long.body.success).toBe(false);
    const huge = await t.call("POST", "/api/feedback", {
      body: { ...feedback, message: "x".repeat(1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ success: false, message: MESSAGES.common.jsonTooLarge(256) });
  });
});

describe("REST feedback review flow", () => {
  let approvedIds: number[];
  let pendingId: number;

  beforeAll(async () => {
    await t.deps.db.feedback.deleteMany();
    approvedIds = [];
    for (let i = 0; i < 12; i++) {
      const id = await submit({ rating: 4, service_category: i < 2 ? "videography" : "photography" });
      expect((await setStatus(id, "approved")).status).toBe(200);
      approvedIds.push(id);
    }
    pendingId = await submit({ rating: 1, service_category: "videography" });
  });

  it("GET /approved lists 10 approved items by default, newest first, without e-mail", async () => {
    const res = await t.call("GET", "/api/feedback/approved");
    expect(res.status).toBe(200);
    const data = res.body.data as { id: number }[];
    expect(data.map((f) => f.id)).toEqual([...approvedIds].reverse().slice(0, 10));
    expect(JSON.stringify(res.body)).not.toContain("@example.com");
    expect(JSON.stringify(res.body)).not.toContain('"status"');
    const three = await t.call("GET", "/api/feedback/approved?limit=3");
    expect(three.body.data).toHaveLength(3);
  });

  it.each(["abc", "0", "-1", "2.5", "100000"])(
    "GET /approved?limit=%s → 400 with a message",
    async (limit) => {
      const res = await t.call("GET", `/api/feedback/approved?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(/^limit must be/) });
    },
  );

  it("GET /category/:category lists approved items of the category only", async () => {
    const res = await t.call("GET", "/api/feedback/category/videography?limit=10");
    expect(res.status).toBe(200);
    expect((res.body.data as { id: number }[]).map((f) => f.id)).toEqual(approvedIds.slice(0, 2).reverse());
    expect(JSON.stringify(res.body)).not.toContain("@example.com");
    const bad = await t.call("GET", "/api/feedback/category/general");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: m.categoryInvalid });
  });

  it("GET /stats answers the four figures", async () => {
    const res = await t.call("GET", "/api/feedback/stats", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { total_feedback: 13, average_rating: 3.8, pending_count: 1, approved_count: 12 },
    });
  });

  it("GET /stats answers a visitor (no token) with the figures of approved feedback only", async () => {
    const res = await t.call("GET", "/api/feedback/stats");
    expect(res.status).toBe(200);
    const approved = await t.deps.db.feedback.aggregate({
      where: { status: "approved" },
      _avg: { rating: true },
      _count: { _all: true },
    });
    expect(res.body).toEqual({
      success: true,
      data: {
        total_feedback: approved._count._all,
        average_rating: Math.round((approved._avg.rating ?? 0) * 10) / 10,
        pending_count: 0,
        approved_count: approved._count._all,
      },
    });
    // A bad token is still refused: the original frontend then signs the stale admin out.
    expect((await t.call("GET", "/api/feedback/stats", { token: "garbage" })).status).toBe(401);
  });

  it("GET / lists everything for admins with limit, offset and an optional (possibly empty) status", async () => {
    const all = await t.call("GET", "/api/feedback?limit=50&offset=0&status=", { token });
    expect(all.status).toBe(200);
    const data = all.body.data as { id: number; email: string }[];
    expect(data).toHaveLength(13);
    expect(data[0]).toMatchObject({ id: pendingId, email: feedback.email });
    const page = await t.call("GET", "/api/feedback?limit=2&offset=1", { token });
    expect((page.body.data as { id: number }[]).map((f) => f.id)).toEqual(data.slice(1, 3).map((f) => f.id));
    const pending = await t.call("GET", "/api/feedback?status=pending", { token });
    expect((pending.body.data as { id: number }[]).map((f) => f.id)).toEqual([pendingId]);
    expect((await t.call("GET", "/api/feedback?status=bogus", { token })).status).toBe(400);
    expect((await t.call("GET", "/api/feedback?limit=ten", { token })).status).toBe(400);
    expect((await t.call("GET", "/api/feedback?offset=-5", { token })).status).toBe(400);
  });

  it("GET /:id answers the item, 404 for unknown, 400 for malformed ids", async () => {
    const res = await t.call("GET", `/api/feedback/${pendingId}`, { token });
    expect(res.body).toMatchObject({ success: true, data: { id: pendingId, status: "pending" } });
    const missing = await t.call("GET", "/api/feedback/999999", { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: m.notFound });
    expect((await t.call("GET", "/api/feedback/1.5", { token })).status).toBe(400);
  });

  it("PATCH /:id/status applies allowed transitions and refuses others with 409", async () => {
    const approved = await setStatus(pendingId, "approved");
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      success: true,
      message: m.statusUpdated,
      data: { id: pendingId, status: "approved" },
    });
    expect((await t.call("GET", "/api/feedback/stats", { token })).body.data).toMatchObject({
      pending_count: 0,
      approved_count: 13,
    });
    expect((await setStatus(pendingId, "pending")).status).toBe(200);
    expect((await setStatus(pendingId, "rejected")).status).toBe(200);
    const refused = await setStatus(pendingId, "approved");
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ success: false, message: m.transitionRefused("rejected", "approved") });
    expect((await setStatus(pendingId, "published")).status).toBe(400);
    expect((await setStatus(pendingId, 5)).status).toBe(400);
    expect((await setStatus(999_999, "approved")).status).toBe(404);
    const malformed = await t.call("PATCH", `/api/feedback/${pendingId}/status`, {
      raw: "status=approved",
      headers: { "Content-Type": "application/json" },
      token,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ success: false, message: MESSAGES.common.invalidJson });
  });

  it("DELETE /:id removes the item: 200 then 404", async () => {
    const res = await t.call("DELETE", `/api/feedback/${pendingId}`, { token });
    expect(res.body).toEqual({ success: true, data: { id: pendingId }, message: m.deleted });
    expect((await t.call("DELETE", `/api/feedback/${pendingId}`, { token })).status).toBe(404);
    expect((await t.call("GET", "/api/feedback/stats", { token })).body.data).toMatchObject({
      total_feedback: 12,
    });
  });
});

describe("REST /api/feedback auth", () => {
  itRequiresAdmin(
    () => t,
    [
      ["GET", "/api/feedback?limit=50&offset=0"],
      ["GET", "/api/feedback/1"],
      ["GET", "/api/feedback/abc"],
      ["PATCH", "/api/feedback/1/status", { status: "approved" }],
      ["DELETE", "/api/feedback/1"],
    ],
  );
});

describe("tRPC over HTTP", () => {
  it("serves feedback.approved and feedback.summary without input, with no e-mail in the body", async () => {
    await submit();
    const approved = await t.call("GET", "/trpc/feedback.approved");
    expect(approved.status).toBe(200);
    expect(Array.isArray((approved.body.result as { data: unknown }).data)).toBe(true);
    expect(JSON.stringify(approved.body)).not.toContain("@example.com");
    const summary = await t.call("GET", "/trpc/feedback.summary");
    expect((summary.body.result as { data: unknown }).data).toEqual({
      average_rating: expect.any(Number),
      count: expect.any(Number),
    });
  });

  it("reports the first validation message of a submission", async () => {
    const res = await t.call("POST", "/trpc/feedback.submit", { body: { name: "Maya" } });
    expect(res.status).toBe(400);
    expect((res.body.error as { message: string }).message).toBe(m.emailRequired);
  });
});
