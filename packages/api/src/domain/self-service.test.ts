import { randomBytes } from "node:crypto";
import { MESSAGES } from "@studio/validators";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { hashToken } from "../crypto/token-hash";
import { issueManageUrl } from "./bookings/manage-links";
import { holdCrewOf } from "../testing/fixtures";
import { createHarness, type Harness } from "../testing/harness";

const m = MESSAGES.manage;
/** 12:00 on 2030-01-15 in the studio's zone (America/Los_Angeles, UTC-8 in January). */
const NOW = new Date("2030-01-15T20:00:00Z");

let h: Harness;
let serviceId: number;

beforeAll(async () => {
  h = await createHarness();
  serviceId = (
    await h.deps.db.service.create({
      data: {
        title: "Portrait Session",
        description: "d",
        category: "photography",
        priceCents: 29_900,
        features: [],
      },
    })
  ).id;
});
beforeEach(() => h.setNow(NOW));
afterAll(async () => {
  await h.close();
});

/** A distinct future day per call (from 2030-02-01), so tests never compete for slots by accident. */
let dayCounter = 0;
function nextDay(): string {
  dayCounter += 1;
  return new Date(Date.UTC(2030, 1, 1) + dayCounter * 86_400_000).toISOString().slice(0, 10);
}

/** A booking of a plain hour with its slot and its crew's holds, as the domain writes one. */
async function booking(date: string, time: string, status: "pending" | "confirmed" = "pending") {
  const row = await h.deps.db.booking.create({
    data: {
      name: "Ada Lovelace",
      email: "ada@example.test",
      phone: "+1 555 0100",
      serviceId,
      date,
      time,
      status,
      slotKey: `${date} ${time}`,
    },
  });
  await holdCrewOf(h.deps.db, row);
  return row;
}

/** A booking and a manage token for it. */
async function managed(date = nextDay(), time = "10:00") {
  const row = await booking(date, time);
  const url = await issueManageUrl(h.deps.db, h.deps, row);
  const token = url.split("/manage/")[1] ?? "";
  return { row, url, token };
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    if (error.cause instanceof ZodError)
      return { code: error.code, message: error.cause.issues[0]?.message ?? "" };
    return { code: error.code, message: error.message };
  }
  throw new Error("expected the call to fail");
}

const visitor = () => h.caller();

describe("manage links", () => {
  it("are unguessable URLs under PUBLIC_URL; only the token's hash is stored, never the booking id", async () => {
    const { row, url, token } = await managed();
    expect(url).toMatch(/^http:\/\/studio\.test\/manage\/[A-Za-z0-9_-]{43}$/);
    // No path segment is the booking id (a random token may itself begin with the id's digits).
    expect(new URL(url).pathname.split("/")).not.toContain(String(row.id));
    const stored = await h.deps.db.bookingAccess.findMany({ where: { bookingId: row.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(hashToken(token));
    expect(stored[0]?.tokenHash).not.toContain(token);
  });

  it("keep working when another link is issued for the same booking", async () => {
    const { row, token } = await managed();
    const second = (await issueManageUrl(h.deps.db, h.deps, row)).split("/manage/")[1] ?? "";
    expect(second).not.toBe(token);
    expect((await visitor().manage.get({ token })).state).toBe("active");
    expect((await visitor().manage.get({ token: second })).state).toBe("active");
  });

  it("show that one booking and nothing else of it (no e-mail, phone, id or proof)", async () => {
    const { token } = await managed("2030-03-10", "14:00");
    const view = await visitor().manage.get({ token });
    expect(view).toMatchObject({
      state: "active",
      booking: { name: "Ada Lovelace", service_title: "Portrait Session", date: "2030-03-10", time: "14:00" },
      time_zone: "America/Los_Angeles",
      can_change: true,
      cutoff_hours: 24,
      changes: [],
    });
    expect(JSON.stringify(view)).not.toMatch(/ada@example|555 0100|"id"/);
    // 14:00 in Los Angeles on 2030-03-10 is PDT (UTC-7; DST starts that morning): the deadline is 24 h earlier.
    expect(view.change_deadline).toBe("2030-03-09T21:00:00.000Z");
  });

  it("a forged token gets the same clear 'not valid' answer whether well-formed or not", async () => {
    const forged = randomBytes(32).toString("base64url");
    expect(await failure(visitor().manage.get({ token: forged }))).toEqual({
      code: "NOT_FOUND",
      message: m.linkInvalid,
    });
    expect(await failure(visitor().manage.get({ token: "123" }))).toEqual({
      code: "BAD_REQUEST",
      message: m.linkInvalid,
    });
    expect(await failure(visitor().manage.cancel({ token: forged }))).toEqual({
      code: "NOT_FOUND",
      message: m.linkInvalid,
    });
  });

  it("a link of a deleted booking is not valid any more", async () => {
    const { row, token } = await managed();
    await h.deps.db.booking.delete({ where: { id: row.id } });
    expect((await failure(visitor().manage.get({ token }))).message).toBe(m.linkInvalid);
  });

  it("expire when the session is over, and nothing changes through them", async () => {
    const { row, token } = await managed("2030-01-20", "10:00");
    // 10:00–11:00 PST = 18:00–19:00 UTC.
    h.setNow(new Date("2030-01-20T18:59:59Z"));
    expect((await visitor().manage.get({ token })).state).toBe("active");
    h.setNow(new Date("2030-01-20T19:00:00Z"));
    expect(await failure(visitor().manage.get({ token }))).toEqual({
      code: "NOT_FOUND",
      message: m.linkExpired,
    });
    expect((await failure(visitor().manage.cancel({ token }))).message).toBe(m.linkExpired);
    expect((await failure(visitor().manage.move({ token, date: "2030-02-20", time: "10:00" }))).message).toBe(
      m.linkExpired,
    );
    const after = await h.deps.db.booking.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({
      status: "pending",
      date: "2030-01-20",
      time: "10:00",
      slotKey: "2030-01-20 10:00",
    });
  });
});

describe("the change cut-off", () => {
  it("closes online changes 24 hours before the session; the view says so and nothing changes", async () => {
    // Session 2030-01-16 11:00 PST = 19:00 UTC; now is 2030-01-15 20:00 UTC: 23 hours ahead.
    const { row, token } = await managed("2030-01-16", "11:00");
    const view = await visitor().manage.get({ token });
    expect(view).toMatchObject({ state: "active", can_change: false });
    expect(await failure(visitor().manage.cancel({ token }))).toEqual({
      code: "CONFLICT",
      message: m.cutoffPassed(24),
    });
    expect((await failure(visitor().manage.move({ token, date: "2030-02-20", time: "12:00" }))).message).toBe(
      m.cutoffPassed(24),
    );
    expect(await h.deps.db.booking.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "pending",
      date: "2030-01-16",
      time: "11:00",
    });
    expect(await h.deps.db.bookingChange.count({ where: { bookingId: row.id } })).toBe(0);
  });

  it("follows BOOKING_CHANGE_CUTOFF_HOURS", async () => {
    const t = await createHarness({ bookingChangeCutoffHours: 2 });
    try {
      t.setNow(NOW);
      const row = await t.deps.db.booking.create({
        data: {
          name: "B",
          email: "b@x.test",
          phone: "5550100",
          date: "2030-01-16",
          time: "11:00",
          slotKey: "x",
        },
      });
      const token = (await issueManageUrl(t.deps.db, t.deps, row)).split("/manage/")[1] ?? "";
      expect(await t.caller().manage.get({ token })).toMatchObject({ can_change: true, cutoff_hours: 2 });
    } finally {
      await t.close();
    }
  });
});

describe("cancelling", () => {
  it("frees the slot, records the change on the booking, and a repeat answers the same without changing anything", async () => {
    const day = nextDay();
    const { row, token } = await managed(day, "10:00");
    const first = await visitor().manage.cancel({ token });
    expect(first).toMatchObject({
      message: m.cancelled,
      replayed: false,
      view: { state: "cancelled", can_change: false },
    });
    expect(await h.deps.db.booking.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "cancelled",
      slotKey: null,
    });
    const again = await visitor().manage.cancel({ token });
    expect(again).toMatchObject({ message: m.cancelled, replayed: true, view: { state: "cancelled" } });
    const changes = await h.deps.db.bookingChange.findMany({ where: { bookingId: row.id } });
    expect(changes).toEqual([
      expect.objectContaining({ actor: "client", action: "cancelled", fromDate: day, fromTime: "10:00" }),
    ]);
    // The slot is free for someone else.
    await expect(booking(day, "10:00")).resolves.toBeTruthy();
    // The link is used up: the page shows the cancellation; moving is refused.
    expect((await visitor().manage.get({ token })).state).toBe("cancelled");
    expect(await failure(visitor().manage.move({ token, date: nextDay(), time: "10:00" }))).toEqual({
      code: "CONFLICT",
      message: m.bookingCancelled,
    });
  });

  it("a confirmed booking can be cancelled too; a completed one cannot", async () => {
    const a = await managed();
    await h.deps.db.booking.update({ where: { id: a.row.id }, data: { status: "confirmed" } });
    expect((await visitor().manage.cancel({ token: a.token })).view.state).toBe("cancelled");
    const b = await managed();
    await h.deps.db.booking.update({ where: { id: b.row.id }, data: { status: "completed" } });
    expect((await failure(visitor().manage.cancel({ token: b.token }))).message).toBe(m.linkExpired);
  });

  it("concurrent cancels of one booking: one change, every answer the same", async () => {
    const { row, token } = await managed();
    const results = await Promise.all(Array.from({ length: 6 }, () => visitor().manage.cancel({ token })));
    expect(results.every((r) => r.view.state === "cancelled" && r.message === m.cancelled)).toBe(true);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await h.deps.db.bookingChange.count({ where: { bookingId: row.id } })).toBe(1);
  });
});

describe("notifications", () => {
  it("the client and the studio are e-mailed once per change, never for a repeat or a refusal", async () => {
    await h.admin(); // the studio's alerts go to every admin by default
    const { row, token } = await managed();
    const mails = () =>
      h.deps.db.outgoingMail.findMany({
        where: { bookingId: row.id },
        orderBy: { id: "asc" },
        select: { kind: true },
      });
    const to = nextDay();
    await visitor().manage.move({ token, date: to, time: "16:00" });
    await visitor().manage.move({ token, date: to, time: "16:00" });
    expect((await mails()).map((x) => x.kind)).toEqual(["booking.moved", "studio.booking_changed"]);
    await failure(visitor().manage.move({ token, date: to, time: "07:00" }));
    await visitor().manage.cancel({ token });
    await visitor().manage.cancel({ token });
    expect((await mails()).map((x) => x.kind)).toEqual([
      "booking.moved",
      "studio.booking_changed",
      "booking.cancelled",
      "studio.booking_changed",
    ]);
  });
});

describe("moving", () => {
  it("moves to a free slot, frees the old one, records the change; a repeat answers the same", async () => {
    const from = nextDay();
    const to = nextDay();
    const { row, token } = await managed(from, "10:00");
    const first = await visitor().manage.move({ token, date: to, time: "15:00" });
    expect(first).toMatchObject({
      message: m.moved,
      replayed: false,
      view: { state: "active", booking: { date: to, time: "15:00" } },
    });
    expect(await h.deps.db.booking.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      date: to,
      time: "15:00",
      slotKey: `${to} 15:00`,
      status: "pending",
    });
    await expect(booking(from, "10:00")).resolves.toBeTruthy(); // the old slot is free
    const again = await visitor().manage.move({ token, date: to, time: "15:00" });
    expect(again).toMatchObject({ message: m.moved, replayed: true });
    const changes = await h.deps.db.bookingChange.findMany({ where: { bookingId: row.id } });
    expect(changes).toEqual([
      expect.objectContaining({
        actor: "client",
        action: "moved",
        fromDate: from,
        fromTime: "10:00",
        toDate: to,
        toTime: "15:00",
      }),
    ]);
    expect(again.view.changes).toEqual([
      expect.objectContaining({
        action: "moved",
        from_date: from,
        from_time: "10:00",
        to_date: to,
        to_time: "15:00",
      }),
    ]);
  });

  it("refuses a taken slot, the current slot, a slot inside the cut-off and bad input; nothing changes", async () => {
    const day = nextDay();
    const { row, token } = await managed(day, "10:00");
    await booking(day, "11:00");
    expect(await failure(visitor().manage.move({ token, date: day, time: "11:00" }))).toEqual({
      code: "CONFLICT",
      message: MESSAGES.booking.slotTaken,
    });
    expect(await failure(visitor().manage.move({ token, date: day, time: "10:00" }))).toEqual({
      code: "BAD_REQUEST",
      message: m.sameSlot,
    });
    // 2030-01-16 11:00 PST is 23 hours from now.
    expect(await failure(visitor().manage.move({ token, date: "2030-01-16", time: "11:00" }))).toEqual({
      code: "BAD_REQUEST",
      message: m.targetTooSoon(24),
    });
    expect((await failure(visitor().manage.move({ token, date: "2030-02-30", time: "11:00" }))).message).toBe(
      MESSAGES.booking.dateInvalid,
    );
    expect((await failure(visitor().manage.move({ token, date: day, time: "08:30" }))).message).toBe(
      MESSAGES.booking.timeInvalid,
    );
    expect(await h.deps.db.booking.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      date: day,
      time: "10:00",
      slotKey: `${day} 10:00`,
    });
    expect(await h.deps.db.bookingChange.count({ where: { bookingId: row.id } })).toBe(0);
  });

  it("N concurrent moves into one free slot: exactly one wins, the others keep their own slots", async () => {
    const target = nextDay();
    const n = 8;
    const clients = await Promise.all(Array.from({ length: n }, () => managed(nextDay(), "09:00")));
    const results = await Promise.allSettled(
      clients.map((c) => visitor().manage.move({ token: c.token, date: target, time: "13:00" })),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost.map((r) => (r.reason as Error).message)).toEqual(
      Array(n - 1).fill(MESSAGES.booking.slotTaken),
    );
    expect(await h.deps.db.booking.count({ where: { date: target, time: "13:00" } })).toBe(1);
    for (const c of clients) {
      const now = await h.deps.db.booking.findUniqueOrThrow({ where: { id: c.row.id } });
      expect(now.slotKey).toBe(`${now.date} ${now.time}`);
    }
    expect(
      await h.deps.db.bookingChange.count({ where: { bookingId: { in: clients.map((c) => c.row.id) } } }),
    ).toBe(1);
  });

  it("is judged by the studio's hours like a new booking: a closed day is refused and shown closed", async () => {
    const day = nextDay();
    const closedDay = nextDay();
    const { row, token } = await managed(day, "10:00");
    await h.deps.db.closure.create({
      data: { startDate: closedDay, endDate: closedDay, reason: "Shoot away" },
    });
    expect(await failure(visitor().manage.move({ token, date: closedDay, time: "10:00" }))).toEqual({
      code: "BAD_REQUEST",
      message: MESSAGES.schedule.closedDay,
    });
    const slots = await visitor().manage.availability({ token, date: closedDay });
    expect(slots.closed_reason).toBe("Closed: Shoot away");
    expect(slots.slots.every((s) => !s.available && s.reason === "Closed: Shoot away")).toBe(true);
    expect(await h.deps.db.booking.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ date: day });
  });

  it("availability shows the booking's own slot, taken slots and slots inside the cut-off", async () => {
    const day = nextDay();
    const { token } = await managed(day, "10:00");
    await booking(day, "12:00");
    const slots = (await visitor().manage.availability({ token, date: day })).slots;
    expect(slots.find((s) => s.time === "10:00")).toEqual({
      time: "10:00",
      available: false,
      reason: MESSAGES.manage.currentTime,
    });
    expect(slots.find((s) => s.time === "12:00")).toEqual({
      time: "12:00",
      available: false,
      reason: "Fully booked",
    });
    expect(slots.find((s) => s.time === "09:00")).toEqual({ time: "09:00", available: true, reason: null });
    const tomorrow = (await visitor().manage.availability({ token, date: "2030-01-16" })).slots;
    expect(tomorrow.find((s) => s.time === "11:00")?.reason).toBe("Too soon");
    expect(tomorrow.find((s) => s.time === "13:00")?.available).toBe(true);
  });
});

describe("rate limit", () => {
  it("cancel and move count against the IP's form limit like other public forms", async () => {
    const t = await createHarness({}, { formLimits: true });
    try {
      const forged = randomBytes(32).toString("base64url");
      const caller = t.caller({ ip: "198.51.100.7" });
      for (let i = 0; i < 20; i++) {
        expect((await failure(caller.manage.cancel({ token: forged }))).code).toBe("NOT_FOUND");
      }
      expect(
        await failure(caller.manage.move({ token: forged, date: "2030-02-01", time: "10:00" })),
      ).toMatchObject({
        code: "TOO_MANY_REQUESTS",
        message: MESSAGES.common.tooManyRequests,
      });
    } finally {
      await t.close();
    }
  });
});
