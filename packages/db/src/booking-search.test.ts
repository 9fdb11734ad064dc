/**
 * SQLite's search index takes new bookings in batches (booking-search.ts, migration booking_search_in_batches):
 * bookings above the mark wait until a write leaves a batch of them or a search catches up; a change or deletion
 * of a waiting booking leaves the index alone, and FTS5's own integrity check passes through all of it.
 */
import { createTestDatabase } from "@studio/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_SEARCH_BATCH, catchUpBookingSearch, indexWaitingBookings } from "./booking-search";
import { directAccess } from "./direct";
import { observeQueries } from "./query-timing";
import type { TestDatabase } from "./testing";

// SQLite's own index: tested on SQLite in the PostgreSQL run too.
let db: TestDatabase;
let serviceId: number;
let made = 0;
beforeAll(async () => {
  db = await createTestDatabase({ provider: "sqlite" });
  serviceId = (
    await db.prisma.service.create({
      data: { title: "Portrait", description: "d", priceCents: 100, features: [] },
    })
  ).id;
});
afterAll(async () => {
  await db.drop();
});

async function book(name: string, email = `${name.toLowerCase().replace(/\W/g, "")}@search.test`) {
  made++;
  return db.prisma.booking.create({
    data: {
      name,
      email,
      phone: "+1 555 0100",
      serviceId,
      date: "2031-03-01",
      time: "09:00",
      slotKey: `2031-03-01 09:00#${made}`,
      status: "pending",
    },
  });
}

/** The ids the index answers for a fragment (FTS5 trigram phrase), whatever waits. */
async function indexed(fragment: string): Promise<number[]> {
  const rows = await db.prisma.$queryRawUnsafe<{ id: bigint | number }[]>(
    `SELECT "rowid" AS "id" FROM "BookingSearch" WHERE "BookingSearch" MATCH ? ORDER BY "rowid"`,
    `"${fragment}"`,
  );
  return rows.map((row) => Number(row.id));
}

async function mark(): Promise<number> {
  const [row] = await db.prisma.$queryRawUnsafe<{ mark: bigint | number }[]>(
    `SELECT "indexedUpTo" AS "mark" FROM "BookingSearchMark"`,
  );
  return Number(row?.mark);
}

/**
 * FTS5's own check of the index. Against the Booking rows too (`rank` 1, a drift raises SQLITE_CORRUPT_VTAB): that
 * one expects every booking in the index, so it runs with none waiting; the index's own structure is checked any time.
 */
const integrityCheck = (againstBookings = true) =>
  db.prisma.$executeRawUnsafe(
    `INSERT INTO "BookingSearch" ("BookingSearch", "rank") VALUES ('integrity-check', ${againstBookings ? 1 : 0})`,
  );

describe("the search index's batches on SQLite", () => {
  it("holds a new booking once a search catches up, and moves the mark to it", async () => {
    const zora = await book("Zora Waiting");
    expect(await indexed("Zora Wait")).toEqual([]);
    expect(await mark()).toBeLessThan(zora.id);
    await catchUpBookingSearch(db.prisma);
    expect(await indexed("Zora Wait")).toEqual([zora.id]);
    expect(await mark()).toBe(zora.id);
    await integrityCheck();
  });

  it("adds a waiting booking as it is when added: renamed or deleted while it waits, the index stays whole", async () => {
    const renamed = await book("Quentin Before");
    const removed = await book("Ulla Removed");
    await db.prisma.booking.update({ where: { id: renamed.id }, data: { name: "Quentin After" } });
    await db.prisma.booking.delete({ where: { id: removed.id } });
    await integrityCheck(false);
    await catchUpBookingSearch(db.prisma);
    expect(await indexed("Quentin After")).toEqual([renamed.id]);
    expect(await indexed("Quentin Before")).toEqual([]);
    expect(await indexed("Ulla Removed")).toEqual([]);
    await integrityCheck();
  });

  it("follows a change or deletion of a booking it holds at once", async () => {
    const held = await book("Ravi Held");
    const gone = await book("Sana Gone");
    await catchUpBookingSearch(db.prisma);
    await db.prisma.booking.update({ where: { id: held.id }, data: { email: "ravi.new@search.test" } });
    await db.prisma.booking.delete({ where: { id: gone.id } });
    expect(await indexed("ravi.new@")).toEqual([held.id]);
    expect(await indexed("Sana Gone")).toEqual([]);
    await integrityCheck();
  });

  it("adds nothing until a write leaves a batch waiting, then adds the whole batch", async () => {
    await catchUpBookingSearch(db.prisma);
    const first = await book("Batch Member 0");
    for (let i = 1; i < BOOKING_SEARCH_BATCH - 1; i++) await book(`Batch Member ${i}`);
    const access = directAccess(db.prisma);
    if (access.provider !== "sqlite") throw new Error("expected SQLite");
    const last = await book(`Batch Member ${BOOKING_SEARCH_BATCH - 1}`);
    // One short of a batch: nothing added.
    expect(
      await access.transaction((sql) => indexWaitingBookings(sql, last.id - 1, BOOKING_SEARCH_BATCH)),
    ).toBe(0);
    expect(await indexed("Batch Member")).toEqual([]);
    expect(await access.transaction((sql) => indexWaitingBookings(sql, last.id, BOOKING_SEARCH_BATCH))).toBe(
      BOOKING_SEARCH_BATCH,
    );
    const all = await indexed("Batch Member");
    expect(all).toHaveLength(BOOKING_SEARCH_BATCH);
    expect(all[0]).toBe(first.id);
    expect(await mark()).toBe(last.id);
    await integrityCheck();
  });

  it("reads once and writes nothing when no booking waits", async () => {
    await catchUpBookingSearch(db.prisma);
    const before = await mark();
    let statements = 0;
    observeQueries(() => statements++);
    try {
      await catchUpBookingSearch(db.prisma);
    } finally {
      observeQueries(null);
    }
    expect(statements).toBe(1);
    expect(await mark()).toBe(before);
  });
});
