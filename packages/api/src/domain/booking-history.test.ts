/**
 * A booking's history and its client's other bookings (issue 27, item 7), on a real database (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): made on the site or in the back office, statuses set by the studio, moves
 * and cancellations by the client on their manage page.
 */
import { type BookingCreateInput, MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestService } from "../testing/fixtures";
import { createHarness, type Harness } from "../testing/harness";
import { failure } from "../testing/rejection";

/** 12:00 on 2030-01-15 in the studio's zone (America/Los_Angeles). */
const NOW = new Date("2030-01-15T20:00:00Z");

let h: Harness;
let serviceId: number;
let owner: Awaited<ReturnType<Harness["admin"]>>["caller"];

beforeAll(async () => {
  h = await createHarness();
  h.setNow(NOW);
  serviceId = (await createTestService(h.deps.db)).id;
  owner = (await h.admin()).caller;
});
beforeEach(() => h.setNow(NOW));
afterAll(async () => {
  await h.close();
});

let day = 0;
const nextDay = () => {
  day += 1;
  return new Date(Date.UTC(2030, 1, 1) + day * 86_400_000).toISOString().slice(0, 10);
};

const input = (overrides: Partial<BookingCreateInput> = {}): BookingCreateInput => ({
  name: "Ada Lovelace",
  email: "ada.history@example.test",
  phone: "+1 555 0100",
  service_id: serviceId,
  date: nextDay(),
  time: "10:00",
  message: null,
  image: null,
  user_id: null,
  ...overrides,
});

describe("a booking's history", () => {
  it("says who made it, each status the studio set, and the client's move and cancellation, in order", async () => {
    const made = await h.caller().bookings.create(input());
    const token = made.manage_url?.split("/manage/")[1] ?? "";
    const id = made.booking.id;
    h.setNow(new Date(NOW.getTime() + 60_000));
    await owner.bookings.setStatus({ id, status: "confirmed" });
    h.setNow(new Date(NOW.getTime() + 120_000));
    const to = { date: nextDay(), time: "14:00" };
    await h.caller().manage.move({ token, ...to });
    h.setNow(new Date(NOW.getTime() + 180_000));
    await h.caller().manage.cancel({ token });

    const history = await owner.bookings.history({ id });
    expect(
      history.entries.map(({ kind, by, status, from, to: where }) => ({ kind, by, status, from, to: where })),
    ).toEqual([
      { kind: "created", by: null, status: null, from: null, to: null },
      { kind: "status", by: "Studio Owner", status: "confirmed", from: null, to: null },
      {
        kind: "moved",
        by: null,
        status: null,
        from: { date: made.booking.date, time: "10:00" },
        to,
      },
      { kind: "cancelled", by: null, status: null, from: null, to: null },
    ]);
    const times = history.entries.map((e) => e.at);
    expect(times).toEqual([...times].sort());
  });

  it("names the admin who made a booking in the back office", async () => {
    const made = await owner.bookings.adminCreate(input({ email: "grace@example.test" }));
    const history = await owner.bookings.history({ id: made.booking.id });
    expect(history.entries).toEqual([expect.objectContaining({ kind: "created", by: "Studio Owner" })]);
  });

  it("lists the client's other bookings by e-mail, newest first, and counts them all", async () => {
    const email = "lin.other@example.test";
    const first = await h.caller().bookings.create(input({ email }));
    const second = await h.caller().bookings.create(input({ email }));
    await h.caller().bookings.create(input({ email: "someone.else@example.test" }));
    const third = await h.caller().bookings.create(input({ email }));
    const history = await owner.bookings.history({ id: second.booking.id });
    expect(history.other_bookings.map((b) => b.id)).toEqual([third.booking.id, first.booking.id]);
    expect(history.other_bookings[0]).toEqual({
      id: third.booking.id,
      service_title: "Portrait Session",
      date: third.booking.date,
      time: "10:00",
      status: "pending",
    });
    expect(history.other_bookings_total).toBe(2);
  });

  it("is for admins only, and answers NOT_FOUND for a booking that does not exist", async () => {
    expect((await failure(h.caller().bookings.history({ id: 1 }))).code).toBe("UNAUTHORIZED");
    expect(await failure(owner.bookings.history({ id: 999_999 }))).toEqual({
      code: "NOT_FOUND",
      message: MESSAGES.booking.notFound,
    });
  });
});
