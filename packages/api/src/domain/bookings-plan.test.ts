/**
 * How a page of one status is read (queries.ts, bookingSource, pageRows): through the (status, id) index,
 * whatever the planner's statistics say. With the statistics of a long history (most bookings completed, the
 * newest ones not yet), SQLite walked the table backwards from the cursor for the common status, stepping over
 * every newer booking of another status: 90 ms for a page at 1,000,000 bookings. PostgreSQL's planner chooses
 * for itself (at this size it walks the primary key; at 1,000,000 bookings the index), so there only the
 * page's rows are checked.
 */
import { Prisma } from "@studio/db";
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

describe("a page of one status", () => {
  it("seeks the status index, even from a cursor among newer bookings of other statuses", async () => {
    const newest = await h.deps.db.booking.findFirstOrThrow({
      orderBy: { id: "desc" },
      select: { id: true },
    });
    const source = bookingSource(h.deps.provider, { status: "completed" });
    const page = pageRows(source, { limit: 51, cursor: newest.id });
    if (h.deps.provider === "sqlite") {
      const plan = await h.deps.db.$queryRaw<{ detail: string }[]>(
        Prisma.sql`EXPLAIN QUERY PLAN SELECT x."id" ${page}`,
      );
      const steps = plan.map((step) => step.detail);
      expect(
        steps.some((step) => step.includes("INDEX Booking_status_id_idx")),
        steps.join("\n"),
      ).toBe(true);
    }
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
