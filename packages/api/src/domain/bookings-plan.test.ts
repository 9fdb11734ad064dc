/**
 * How SQLite reads a page of one status (queries.ts, bookingSource): through the (status, id) index, whatever
 * its statistics say. With planner statistics of a long history (most bookings completed, the newest ones not
 * yet), SQLite walked the table backwards from the cursor for the common status, stepping over every newer
 * booking of another status: 90 ms for a page at 1,000,000 bookings.
 */
import { Prisma } from "@studio/db";
import { testDatabaseProvider } from "@studio/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";
import { bookingSource, pageRows } from "./bookings/queries";

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  const old = Array.from({ length: 3_000 }, (_, i) => ({
    name: `Past ${i}`,
    email: `past${i}@example.test`,
    phone: "555 0100",
    date: "2029-01-01",
    time: "10:00",
    status: "completed" as const,
  }));
  const recent = Array.from({ length: 600 }, (_, i) => ({
    name: `Ahead ${i}`,
    email: `ahead${i}@example.test`,
    phone: "555 0100",
    date: "2031-01-01",
    time: "10:00",
    status: (i % 2 ? "pending" : "confirmed") as "pending" | "confirmed",
  }));
  await h.deps.db.booking.createMany({ data: [...old, ...recent] });
  await h.deps.db.$executeRawUnsafe("ANALYZE");
});
afterAll(async () => {
  await h.close();
});

describe.runIf(testDatabaseProvider() === "sqlite")("a page of one status on SQLite", () => {
  it("seeks the status index, even from a cursor among newer bookings of other statuses", async () => {
    const newest = await h.deps.db.booking.findFirstOrThrow({
      orderBy: { id: "desc" },
      select: { id: true },
    });
    const page = pageRows(bookingSource("sqlite", { status: "completed" }), { limit: 51, cursor: newest.id });
    const plan = await h.deps.db.$queryRaw<{ detail: string }[]>(
      Prisma.sql`EXPLAIN QUERY PLAN SELECT x."id" ${page}`,
    );
    const details = plan.map((step) => step.detail);
    expect(details.some((d) => d.includes("INDEX Booking_status_id_idx"))).toBe(true);
    // And the page is right: the 51 newest completed bookings.
    const rows = await h.deps.db.$queryRaw<{ id: number | bigint }[]>(
      Prisma.sql`SELECT x."id" ${page} ORDER BY x."id" DESC`,
    );
    const expected = await h.deps.db.booking.findMany({
      where: { status: "completed" },
      orderBy: { id: "desc" },
      take: 51,
      select: { id: true },
    });
    expect(rows.map((r) => Number(r.id))).toEqual(expected.map((b) => b.id));
  });
});
