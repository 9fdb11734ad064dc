/**
 * The booking counts behind stats and list totals are kept by database triggers (migration
 * booking_counts). They must equal a real COUNT after any write, including writes that bypass the domain
 * (bulk loads, scripts, foreign-key actions), and concurrent opposite changes must not deadlock.
 */
import { BOOKING_STATUSES, type BookingStatus } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProofUpload } from "../testing/fixtures";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

let seq = 0;
const booking = (status: BookingStatus = "pending", uploadId: string | null = null) => {
  seq += 1;
  return {
    name: `Guest ${seq}`,
    email: `guest${seq}@example.test`,
    phone: "+1 555 0100",
    date: "2031-03-01",
    time: "10:00",
    status,
    uploadId,
  };
};

async function newUpload(): Promise<string> {
  seq += 1;
  const upload = await createProofUpload(h.deps.db, {
    id: `upload-${seq}`,
    storageKey: `proofs/upload-${seq}.pdf`,
  });
  return upload.id;
}

/** What the counts should be, counted the slow way. */
async function counted() {
  const db = h.deps.db;
  const byStatus = Object.fromEntries(
    await Promise.all(
      BOOKING_STATUSES.map(async (status) => [status, await db.booking.count({ where: { status } })]),
    ),
  ) as Record<BookingStatus, number>;
  return {
    total: await db.booking.count(),
    ...byStatus,
    withProof: await db.booking.count({ where: { uploadId: { not: null } } }),
  };
}

async function expectCountsExact() {
  const admin = (await h.admin()).caller;
  expect(await admin.bookings.stats()).toEqual(await counted());
}

describe("trigger-kept booking counts", () => {
  it("follow bulk inserts, bulk status changes and bulk deletes made outside the domain", async () => {
    const db = h.deps.db;
    await db.booking.createMany({
      data: [
        booking("pending"),
        booking("pending"),
        booking("confirmed"),
        booking("completed"),
        booking("cancelled"),
      ],
    });
    await db.booking.create({ data: booking("pending", await newUpload()) });
    await expectCountsExact();

    await db.booking.updateMany({ where: { status: "pending" }, data: { status: "confirmed" } });
    await expectCountsExact();
    // An update that touches the columns without changing them leaves the counts alone.
    await db.booking.updateMany({ where: { status: "confirmed" }, data: { status: "confirmed" } });
    await expectCountsExact();

    await db.booking.deleteMany({ where: { status: "cancelled" } });
    await expectCountsExact();
  });

  it("follow one statement that inserts, then deletes, bookings of several statuses with and without a proof", async () => {
    const db = h.deps.db;
    // PostgreSQL counts a statement's new rows together (migration booking_counts_per_statement); SQLite per row.
    const data = [
      booking("pending", await newUpload()),
      booking("pending"),
      booking("confirmed", await newUpload()),
      booking("completed"),
      booking("cancelled", await newUpload()),
    ];
    await db.booking.createMany({ data });
    await expectCountsExact();
    // Nothing written: nothing counted.
    await db.booking.createMany({ data: [] });
    await db.booking.deleteMany({ where: { id: -1 } });
    await expectCountsExact();
    await db.booking.deleteMany({ where: { email: { in: data.map((row) => row.email) } } });
    await expectCountsExact();
  });

  it("follow an attached upload being removed (the foreign key sets uploadId to null)", async () => {
    const uploadId = await newUpload();
    await h.deps.db.booking.create({ data: booking("confirmed", uploadId) });
    const before = (await counted()).withProof;
    await h.deps.db.upload.delete({ where: { id: uploadId } });
    expect((await counted()).withProof).toBe(before - 1);
    await expectCountsExact();
  });

  it("follow attaching and detaching uploads, and the list totals use them", async () => {
    const db = h.deps.db;
    const created = await db.booking.create({ data: booking("pending") });
    await db.booking.update({ where: { id: created.id }, data: { uploadId: await newUpload() } });
    await expectCountsExact();
    await db.booking.update({ where: { id: created.id }, data: { uploadId: null, status: "completed" } });
    await expectCountsExact();

    const admin = (await h.admin()).caller;
    const expected = await counted();
    expect((await admin.bookings.list({ limit: 5 })).total).toBe(expected.total);
    for (const status of BOOKING_STATUSES)
      expect((await admin.bookings.list({ limit: 5, status })).total).toBe(expected[status]);
    // A page past the last one still knows the total.
    const beyond = await admin.bookings.list({ limit: 5, offset: 10_000, status: "completed" });
    expect(beyond).toEqual({ items: [], nextCursor: null, total: expected.completed });
  });

  it("do not deadlock when concurrent transactions move bookings in opposite directions", async () => {
    const db = h.deps.db;
    const pending = await Promise.all(
      Array.from({ length: 10 }, () => db.booking.create({ data: booking("pending") })),
    );
    const confirmed = await Promise.all(
      Array.from({ length: 10 }, () => db.booking.create({ data: booking("confirmed", null) })),
    );
    const flip = (id: number, status: BookingStatus) =>
      db.$transaction(async (tx) => {
        await tx.booking.update({ where: { id }, data: { status } });
        await tx.booking.findUnique({ where: { id } });
      });
    const results = await Promise.allSettled([
      ...pending.map((b) => flip(b.id, "confirmed")),
      ...confirmed.map((b) => flip(b.id, "pending")),
    ]);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    await expectCountsExact();
  });
});
