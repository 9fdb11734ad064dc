import { type FeedbackInput, type FeedbackStatus, MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";
import { failure } from "../testing/rejection";

let h: Harness;
let admin: Awaited<ReturnType<Harness["admin"]>>["caller"];
const m = MESSAGES.feedback;
let clock = Date.parse("2030-03-01T10:00:00Z");

const valid = (overrides: Partial<FeedbackInput> = {}): FeedbackInput => ({
  name: "Maya",
  email: "maya@example.com",
  rating: 5,
  message: "Wonderful shoot",
  service_category: "photography",
  ...overrides,
});

/** Submits feedback one minute after the previous one and optionally moves it to a status. */
async function submit(overrides: Partial<FeedbackInput> = {}, status?: FeedbackStatus) {
  clock += 60_000;
  h.setNow(new Date(clock));
  const { id } = await h.caller().feedback.submit(valid(overrides));
  if (status === "approved" || status === "rejected") await admin.feedback.setStatus({ id, status });
  return id;
}

beforeAll(async () => {
  h = await createHarness();
  h.setNow(new Date(clock));
  admin = (await h.admin()).caller;
});
afterAll(async () => {
  await h.close();
});

describe("feedback: submit", () => {
  it("checks the rules of section 5 in order: name, email, rating, message", async () => {
    const steps: [Partial<FeedbackInput>, string][] = [
      [{}, m.nameRequired],
      [{ name: "  Maya " }, m.emailRequired],
      [{ name: "Maya", email: "maya@example.com" }, m.ratingRequired],
      [{ name: "Maya", email: "maya@example.com", rating: 4 }, m.messageRequired],
    ];
    for (const [input, message] of steps) {
      expect(await failure(h.caller().feedback.submit(input as FeedbackInput))).toEqual({
        code: "BAD_REQUEST",
        message,
      });
    }
  });

  it.each([
    [{ name: "   " }, m.nameRequired],
    [{ email: "  " }, m.emailRequired],
    [{ email: "not-an-email" }, m.emailInvalid],
    [{ rating: 0 }, m.ratingRequired],
    [{ rating: 3.5 }, m.ratingRequired],
    [{ rating: "five" }, m.ratingRequired],
    [{ rating: 6 }, "Rating must be from 1 to 5"],
    [{ message: " \n " }, m.messageRequired],
    [{ service_category: "weddings" }, m.categoryInvalid],
    [{ service_category: "drone" }, m.categoryInvalid],
  ] as const)("refuses %o with its message", async (overrides, message) => {
    expect(await failure(h.caller().feedback.submit(valid(overrides as Partial<FeedbackInput>)))).toEqual({
      code: "BAD_REQUEST",
      message,
    });
  });

  it("stores trimmed feedback as pending and answers the submitted message", async () => {
    const result = await h
      .caller()
      .feedback.submit(
        valid({ name: "  Ravi ", email: " Ravi@Example.com ", message: " Great ", rating: "4" as never }),
      );
    expect(result).toEqual({ id: expect.any(Number), message: m.submitted });
    expect(await admin.feedback.get({ id: result.id })).toMatchObject({
      name: "Ravi",
      email: "ravi@example.com",
      message: "Great",
      rating: 4,
      status: "pending",
      service_category: "photography",
    });
    expect((await h.caller().feedback.approved()).some((f) => f.id === result.id)).toBe(false);
    await admin.feedback.delete({ id: result.id });
  });

  it("accepts General ('' or missing) and each of the six categories", async () => {
    for (const category of [
      "",
      "photography",
      "videography",
      "cinematography",
      "drone-services",
      "vfx-post",
    ]) {
      const { id } = await h.caller().feedback.submit(valid({ service_category: category as never }));
      expect((await admin.feedback.get({ id })).service_category).toBe(category);
      await admin.feedback.delete({ id });
    }
    const { service_category: _omitted, ...general } = valid();
    const { id } = await h.caller().feedback.submit({ ...general, service_category: null });
    expect((await admin.feedback.get({ id })).service_category).toBe("");
    await admin.feedback.delete({ id });
  });
});

describe("feedback: status transitions and stats", () => {
  it("allows pending→approved, approved→pending, pending→rejected and updates the stats each time", async () => {
    const before = await admin.feedback.stats();
    expect(before).toEqual({ total_feedback: 0, average_rating: 0, pending_count: 0, approved_count: 0 });

    const a = await submit({ rating: 5 });
    const b = await submit({ rating: 2 });
    expect(await admin.feedback.stats()).toEqual({
      total_feedback: 2,
      average_rating: 3.5,
      pending_count: 2,
      approved_count: 0,
    });

    expect((await admin.feedback.setStatus({ id: a, status: "approved" })).status).toBe("approved");
    expect(await admin.feedback.stats()).toMatchObject({ pending_count: 1, approved_count: 1 });

    expect((await admin.feedback.setStatus({ id: a, status: "pending" })).status).toBe("pending");
    expect(await admin.feedback.stats()).toMatchObject({ pending_count: 2, approved_count: 0 });

    expect((await admin.feedback.setStatus({ id: b, status: "rejected" })).status).toBe("rejected");
    expect(await admin.feedback.stats()).toEqual({
      total_feedback: 2,
      average_rating: 3.5,
      pending_count: 1,
      approved_count: 0,
    });

    const c = await submit({ rating: 4 });
    expect((await admin.feedback.stats()).average_rating).toBe(3.7);

    await admin.feedback.delete({ id: b });
    expect(await admin.feedback.stats()).toEqual({
      total_feedback: 2,
      average_rating: 4.5,
      pending_count: 2,
      approved_count: 0,
    });
    await admin.feedback.delete({ id: a });
    await admin.feedback.delete({ id: c });
  });

  it.each([
    ["pending", "pending"],
    ["approved", "approved"],
    ["approved", "rejected"],
    ["rejected", "approved"],
    ["rejected", "pending"],
    ["rejected", "rejected"],
  ] as const)("refuses %s → %s with CONFLICT and a clear message, without writing", async (from, to) => {
    const id = await submit({}, from);
    expect(await failure(admin.feedback.setStatus({ id, status: to }))).toEqual({
      code: "CONFLICT",
      message: m.transitionRefused(from, to),
    });
    expect((await admin.feedback.get({ id })).status).toBe(from);
    await admin.feedback.delete({ id });
  });

  it("refuses an unknown status value and an unknown id", async () => {
    const id = await submit();
    expect((await failure(admin.feedback.setStatus({ id, status: "published" as never }))).code).toBe(
      "BAD_REQUEST",
    );
    expect(await failure(admin.feedback.setStatus({ id: 999_999, status: "approved" }))).toEqual({
      code: "NOT_FOUND",
      message: m.notFound,
    });
    await admin.feedback.delete({ id });
  });
});

describe("feedback: public lists", () => {
  let approved: number[];
  beforeAll(async () => {
    await h.deps.db.feedback.deleteMany();
    approved = [];
    for (let i = 0; i < 12; i++) {
      approved.push(
        await submit(
          { rating: i % 2 ? 4 : 5, service_category: i < 3 ? "videography" : "photography" },
          "approved",
        ),
      );
    }
    await submit({ rating: 1, service_category: "videography" }); // pending
    await submit({ rating: 1, service_category: "videography" }, "rejected");
  });

  it("lists approved feedback newest first, 10 by default, without e-mail or status", async () => {
    const list = await h.caller().feedback.approved();
    expect(list.map((f) => f.id)).toEqual([...approved].reverse().slice(0, 10));
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual([
        "created_at",
        "id",
        "message",
        "name",
        "rating",
        "service_category",
      ]);
    }
    expect(JSON.stringify(list)).not.toContain("@example.com");
  });

  it("honours limit (numbers or numeric strings) and refuses a bad one with a message", async () => {
    expect(await h.caller().feedback.approved({ limit: 3 })).toHaveLength(3);
    expect(await h.caller().feedback.approved({ limit: "20" })).toHaveLength(12);
    for (const limit of [0, -1, "abc", 2.5, 1000]) {
      const error = await failure(h.caller().feedback.approved({ limit }));
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toMatch(/^limit must be a whole number/);
    }
  });

  it("lists approved feedback of one category only", async () => {
    const videos = await h.caller().feedback.byCategory({ category: "videography" });
    expect(videos.map((f) => f.id)).toEqual(approved.slice(0, 3).reverse());
    expect(videos.every((f) => !("email" in f))).toBe(true);
    expect(await h.caller().feedback.byCategory({ category: "videography", limit: 1 })).toHaveLength(1);
    expect(await failure(h.caller().feedback.byCategory({ category: "general" as never }))).toEqual({
      code: "BAD_REQUEST",
      message: m.categoryInvalid,
    });
  });

  it("summarises approved feedback only: average with one decimal and count", async () => {
    expect(await h.caller().feedback.summary()).toEqual({ average_rating: 4.5, count: 12 });
    await admin.feedback.setStatus({ id: approved[0]!, status: "pending" });
    expect(await h.caller().feedback.summary()).toEqual({ average_rating: 4.5, count: 11 });
    await admin.feedback.setStatus({ id: approved[2]!, status: "pending" });
    expect(await h.caller().feedback.summary()).toEqual({ average_rating: 4.4, count: 10 });
    expect(await admin.feedback.stats()).toEqual({
      total_feedback: 14,
      average_rating: 4,
      pending_count: 3,
      approved_count: 10,
    });
  });
});

describe("feedback: admin list, get, delete", () => {
  it("lists newest first with e-mail and status, 50 by default, with offset and status filter", async () => {
    const all = await admin.feedback.list();
    expect(all).toHaveLength(14);
    expect(all[0]).toHaveProperty("email", "maya@example.com");
    const ids = all.map((f) => f.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await admin.feedback.list({ limit: 5, offset: 5 })).map((f) => f.id)).toEqual(ids.slice(5, 10));
    const pending = await admin.feedback.list({ status: "pending" });
    expect(pending).toHaveLength(3);
    expect(pending.every((f) => f.status === "pending")).toBe(true);
    expect(await admin.feedback.list({ status: "rejected" })).toHaveLength(1);
    expect((await failure(admin.feedback.list({ offset: -1 }))).code).toBe("BAD_REQUEST");
  });

  it("gets one item and answers NOT_FOUND for an unknown id", async () => {
    const [first] = await admin.feedback.list({ limit: 1 });
    expect(await admin.feedback.get({ id: first!.id })).toEqual(first);
    expect(await failure(admin.feedback.get({ id: 999_999 }))).toEqual({
      code: "NOT_FOUND",
      message: m.notFound,
    });
  });

  it("deletes an item once", async () => {
    const id = await submit();
    expect(await admin.feedback.delete({ id })).toEqual({ id });
    expect(await failure(admin.feedback.delete({ id }))).toEqual({ code: "NOT_FOUND", message: m.notFound });
  });

  it("requires an admin token for list, get, stats, setStatus and delete", async () => {
    for (const caller of [h.caller(), h.caller({ token: "garbage" })]) {
      const calls = [
        caller.feedback.list(),
        caller.feedback.get({ id: 1 }),
        caller.feedback.stats(),
        caller.feedback.setStatus({ id: 1, status: "approved" }),
        caller.feedback.delete({ id: 1 }),
      ];
      for (const call of calls) {
        expect(await failure(call)).toEqual({ code: "UNAUTHORIZED", message: MESSAGES.auth.unauthorized });
      }
    }
  });
});
