/**
 * The live-event cursor never passes an event still being written: ids are handed out at insert, but
 * transactions commit in any order, so a lower id can become visible after a higher one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";
import { createLiveCursor, LIVE_GAP_GRACE_MS, latestLiveEventId, liveStartPosition } from "./live";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const event = (id: number) => ({ id, type: "contact.created", entityId: id });

describe("live-event cursor", () => {
  // First: the explicit ids of the next test do not move PostgreSQL's sequence.
  // Only PostgreSQL commits concurrent transactions out of order (SQLite has a single writer).
  if (process.env.TEST_DATABASE_URL)
    it("PostgreSQL: a booking committed after a later contact message is still delivered, before it", async () => {
      const db = h.deps.db;
      const start = await latestLiveEventId(db);
      const cursor = createLiveCursor(db, start);
      let commit!: () => void;
      const held = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let inserted!: () => void;
      const insertedSignal = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      // A transaction takes the next id and holds it uncommitted…
      const slow = db.$transaction(async (tx) => {
        await tx.liveEvent.create({ data: { type: "booking.created", entityId: 1, status: "pending" } });
        inserted();
        await held;
      });
      await insertedSignal;
      // …while a later event commits first.
      await db.liveEvent.create({ data: { type: "contact.created", entityId: 2 } });
      expect(await cursor.next()).toEqual([]);
      commit();
      await slow;
      expect((await cursor.next()).map((e) => e.type)).toEqual(["booking.created", "contact.created"]);
    });

  if (process.env.TEST_DATABASE_URL)
    it("PostgreSQL: a reader that starts while a lower id is still uncommitted hears it once committed", async () => {
      const db = h.deps.db;
      const before = await latestLiveEventId(db);
      let commit!: () => void;
      const held = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let heldId!: (id: number) => void;
      const heldIdKnown = new Promise<number>((resolve) => {
        heldId = resolve;
      });
      const slow = db.$transaction(async (tx) => {
        heldId((await tx.liveEvent.create({ data: { type: "booking.created", entityId: 7 } })).id);
        await held;
      });
      const lower = await heldIdKnown;
      const higher = (await db.liveEvent.create({ data: { type: "contact.created", entityId: 8 } })).id;
      expect(higher).toBeGreaterThan(lower);
      // Starting at the newest id would pass over `lower` for good.
      const start = await liveStartPosition(db, h.deps.provider);
      expect(start).toBe(before);
      const cursor = createLiveCursor(db, start);
      expect(await cursor.next()).toEqual([]);
      commit();
      await slow;
      expect((await cursor.next()).map((e) => e.id)).toEqual([lower, higher]);
    });

  it("bookings written or deleted by one statement each leave their own event, in the order of their ids", async () => {
    const db = h.deps.db;
    const start = await latestLiveEventId(db);
    const guest = (n: number) => ({
      name: `Live ${n}`,
      email: `live${n}@example.test`,
      phone: "+1 555 0100",
      date: "2031-04-01",
      time: "10:00",
      status: n === 2 ? ("confirmed" as const) : ("pending" as const),
    });
    await db.booking.createMany({ data: [guest(1), guest(2), guest(3)] });
    const written = await db.booking.findMany({
      where: { email: { startsWith: "live" } },
      orderBy: { id: "asc" },
      select: { id: true, status: true },
    });
    await db.booking.deleteMany({ where: { id: { in: written.map((b) => b.id) } } });
    const events = await db.liveEvent.findMany({ where: { id: { gt: start } }, orderBy: { id: "asc" } });
    const expected = (type: string) => written.map((b) => ({ type, entityId: b.id, status: b.status }));
    expect(events.map(({ type, entityId, status }) => ({ type, entityId, status }))).toEqual([
      ...expected("booking.created"),
      ...expected("booking.deleted"),
    ]);
  });

  it("a reader starts at the newest id when no recent id is missing, even past an old rolled-back one", async () => {
    const db = h.deps.db;
    const latest = await latestLiveEventId(db);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    // latest+1 was rolled back a minute ago; latest+2 and latest+3 are committed.
    await db.liveEvent.create({ data: { ...event(latest + 2), createdAt: aMinuteAgo } });
    await db.liveEvent.create({ data: event(latest + 3) });
    expect(await liveStartPosition(db, h.deps.provider)).toBe(latest + 3);
    if (h.deps.provider === "postgresql") {
      // latest+4 is missing among this moment's events: it may still commit, so the reader waits below it.
      await db.liveEvent.create({ data: event(latest + 5) });
      expect(await liveStartPosition(db, h.deps.provider)).toBe(latest + 3);
    }
  });

  it("stops at a missing id, takes it once it appears, and passes over it only after the grace period", async () => {
    const start = await latestLiveEventId(h.deps.db);
    let clock = 1_000_000;
    const cursor = createLiveCursor(h.deps.db, start, () => clock);

    // start+2 is visible, start+1 not yet (its transaction has not committed).
    await h.deps.db.liveEvent.create({ data: event(start + 2) });
    expect(await cursor.next()).toEqual([]);
    expect(cursor.position()).toBe(start);

    // It commits: both are taken, in id order.
    await h.deps.db.liveEvent.create({ data: event(start + 1) });
    expect((await cursor.next()).map((e) => e.id)).toEqual([start + 1, start + 2]);
    expect(cursor.position()).toBe(start + 2);

    // start+3 never appears (rolled back): start+4 waits out the grace period, then is taken.
    await h.deps.db.liveEvent.create({ data: event(start + 4) });
    expect(await cursor.next()).toEqual([]);
    clock += LIVE_GAP_GRACE_MS - 1;
    expect(await cursor.next()).toEqual([]);
    clock += 1;
    expect((await cursor.next()).map((e) => e.id)).toEqual([start + 4]);
    expect(cursor.position()).toBe(start + 4);
  });
});
