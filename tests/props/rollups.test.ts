/**
 * The analytics roll-ups (table BookingRollup, kept by database triggers; ADR 008) stay exact under any mix of
 * writes: after random inserts (single and multi-row), deletes, status changes (one and many at once), moves,
 * proof files attached and removed, creation times changed and services deleted (a foreign-key action), the
 * roll-ups recounted from the raw rows are equal to the stored ones, and the analytics overview built from
 * them equals the same figures computed from the raw rows. Runs on SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL is set. The studio zone is Asia/Kolkata (UTC+05:30), so every week starts inside a UTC
 * day and the per-week edge correction is exercised.
 */
import { BOOKING_STATUSES, type BookingStatus, TIME_SLOTS } from "@studio/validators";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weekStarts, zonedMidnight } from "../../packages/api/src/domain/analytics";
import { createHarness, type Harness } from "../../packages/api/src/testing/harness";
import { runs } from "./arbitraries";

const TIME_ZONE = "Asia/Kolkata";
const NOW = new Date("2026-03-18T12:00:00Z");
const TODAY = "2026-03-18";
const WEEKS = weekStarts(TODAY, 12).map((d) => zonedMidnight(d, TIME_ZONE));
const DATES = [
  "2026-03-16",
  "2026-03-17",
  "2026-03-22",
  "2026-04-01",
  "2025-12-31",
  "2024-02-29",
  "2026-01-04",
];
const HOUR = 3_600_000;

let h: Harness;
let admin: Awaited<ReturnType<Harness["admin"]>>["caller"];

beforeAll(async () => {
  h = await createHarness({ timeZone: TIME_ZONE });
  h.setNow(NOW);
  admin = (await h.admin()).caller;
});
afterAll(async () => {
  await h.close();
});

/** A creation time: around a week's start (inside the UTC day it begins in), or anywhere in the 12 weeks. */
const arbCreatedAt = fc.oneof(
  fc
    .tuple(
      fc.integer({ min: 0, max: WEEKS.length - 1 }),
      fc.oneof(fc.constant(0), fc.constant(-1), fc.integer({ min: -7 * HOUR, max: 7 * HOUR })),
    )
    .map(([w, offset]) => new Date(WEEKS[w]!.getTime() + offset)),
  fc.integer({ min: WEEKS[0]!.getTime() - 86_400_000, max: NOW.getTime() }).map((t) => new Date(t)),
);
const arbStatus = fc.constantFrom<BookingStatus>(...BOOKING_STATUSES);
const arbBooking = fc.record({
  date: fc.constantFrom(...DATES),
  time: fc.constantFrom(...TIME_SLOTS),
  service: fc.integer({ min: -1, max: 2 }),
  status: arbStatus,
  proof: fc.boolean(),
  createdAt: arbCreatedAt,
});
const pick = fc.nat();
const arbCommand = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant("insert" as const),
      rows: fc.array(arbBooking, { minLength: 1, maxLength: 4 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ op: fc.constant("delete" as const), pick }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("status" as const), pick, status: arbStatus }), weight: 2 },
  {
    arbitrary: fc.record({ op: fc.constant("statusAll" as const), from: arbStatus, to: arbStatus }),
    weight: 1,
  },
  { arbitrary: fc.record({ op: fc.constant("adminStatus" as const), pick, status: arbStatus }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("adminDelete" as const), pick }), weight: 1 },
  {
    arbitrary: fc.record({
      op: fc.constant("move" as const),
      pick,
      date: fc.constantFrom(...DATES),
      time: fc.constantFrom(...TIME_SLOTS),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ op: fc.constant("proof" as const), pick }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("created" as const), pick, createdAt: arbCreatedAt }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("deleteService" as const), pick }), weight: 1 },
);
type Command = typeof arbCommand extends fc.Arbitrary<infer C> ? C : never;

async function newService(i: number): Promise<number> {
  const service = await h.deps.db.service.create({
    data: {
      title: `Service ${i}`,
      description: "d",
      priceCents: 10_000 + i * 100,
      features: [],
      category: "photography",
    },
  });
  return service.id;
}

async function apply(command: Command, services: number[]): Promise<void> {
  const { db } = h.deps;
  const ids = (await db.booking.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((b) => b.id);
  const chosen = "pick" in command && ids.length ? ids[command.pick % ids.length]! : null;
  switch (command.op) {
    case "insert":
      // One statement for all rows: PostgreSQL's statement-level triggers see them together.
      await db.booking.createMany({
        data: command.rows.map((r, i) => ({
          name: `Customer ${i}`,
          email: `c${i}@example.test`,
          phone: "555 0100",
          serviceId: r.service < 0 ? null : (services[r.service % services.length] ?? null),
          date: r.date,
          time: r.time,
          status: r.status,
          image: r.proof ? `/uploads/private/p${i}.pdf` : null,
          createdAt: r.createdAt,
        })),
      });
      return;
    case "delete":
      if (chosen !== null) await db.booking.delete({ where: { id: chosen } });
      return;
    case "status":
      if (chosen !== null)
        await db.booking.update({ where: { id: chosen }, data: { status: command.status } });
      return;
    case "statusAll":
      await db.booking.updateMany({ where: { status: command.from }, data: { status: command.to } });
      return;
    case "adminStatus":
      // Through the domain; taking a cancelled booking back may be refused (its slot is taken): no write.
      if (chosen !== null)
        await admin.bookings.setStatus({ id: chosen, status: command.status }).catch((error: unknown) => {
          if ((error as { code?: string }).code !== "CONFLICT") throw error;
        });
      return;
    case "adminDelete":
      if (chosen !== null) await admin.bookings.delete({ id: chosen });
      return;
    case "move":
      if (chosen !== null)
        await db.booking.update({ where: { id: chosen }, data: { date: command.date, time: command.time } });
      return;
    case "proof":
      if (chosen !== null) {
        const row = await db.booking.findUniqueOrThrow({ where: { id: chosen }, select: { image: true } });
        await db.booking.update({
          where: { id: chosen },
          data: { image: row.image ? null : "/uploads/private/later.pdf" },
        });
      }
      return;
    case "created":
      if (chosen !== null)
        await db.booking.update({ where: { id: chosen }, data: { createdAt: command.createdAt } });
      return;
    case "deleteService": {
      const index = command.pick % services.length;
      await db.service.delete({ where: { id: services[index]! } });
      services[index] = await newService(100 + (command.pick % 100));
      return;
    }
  }
}

type Rollup = Record<string, { n: number; withProof: number }>;

/** The roll-ups recounted from the raw rows, as ADR 008 defines them. */
async function recount(): Promise<Rollup> {
  const rows = await h.deps.db.booking.findMany({
    select: { date: true, time: true, serviceId: true, status: true, image: true, createdAt: true },
  });
  const out: Rollup = {};
  const add = (kind: string, key: string, status: string, proof: boolean) => {
    const id = `${kind}|${key}|${status}`;
    const entry = out[id] ?? { n: 0, withProof: 0 };
    entry.n += 1;
    entry.withProof += proof ? 1 : 0;
    out[id] = entry;
  };
  for (const b of rows) {
    const proof = b.image !== null;
    add("date", b.date, "", proof);
    add("created", b.createdAt.toISOString().slice(0, 10), "", proof);
    add("service", b.serviceId === null ? "" : String(b.serviceId), b.status, proof);
    add("slot", b.time, b.status, proof);
  }
  return out;
}

async function stored(): Promise<Rollup> {
  const rows = await h.deps.db.$queryRaw<
    { kind: string; key: string; status: string; n: number | bigint; withProof: number | bigint }[]
  >`SELECT "kind", "key", "status", "n", "withProof" FROM "BookingRollup"`;
  const out: Rollup = {};
  for (const r of rows) {
    // Rows whose bookings are all gone stay with zeros; nothing may go negative.
    expect(Number(r.n)).toBeGreaterThanOrEqual(0);
    expect(Number(r.withProof)).toBeGreaterThanOrEqual(0);
    if (Number(r.n) !== 0 || Number(r.withProof) !== 0)
      out[`${r.kind}|${r.key}|${r.status}`] = { n: Number(r.n), withProof: Number(r.withProof) };
  }
  return out;
}

/** The overview's booking figures computed from the raw rows. */
async function overviewFromRows() {
  const { db } = h.deps;
  const rows = await db.booking.findMany({
    select: { date: true, time: true, serviceId: true, status: true, image: true, createdAt: true },
  });
  const services = await db.service.findMany({ select: { id: true, priceCents: true } });
  const price = new Map(services.map((s) => [s.id, s.priceCents]));
  const byStatus = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0]));
  const byService: Record<string, number> = {};
  const weekday = [0, 0, 0, 0, 0, 0, 0];
  const slot = Object.fromEntries(TIME_SLOTS.map((t) => [t, 0]));
  let revenueCents = 0;
  for (const b of rows) {
    byStatus[b.status]! += 1;
    byService[String(b.serviceId)] = (byService[String(b.serviceId)] ?? 0) + 1;
    weekday[(new Date(`${b.date}T00:00:00Z`).getUTCDay() + 6) % 7]! += 1;
    slot[b.time] = (slot[b.time] ?? 0) + 1;
    if ((b.status === "confirmed" || b.status === "completed") && b.serviceId !== null)
      revenueCents += price.get(b.serviceId) ?? 0;
  }
  const perWeek = WEEKS.slice(0, -1).map(
    (from, i) => rows.filter((b) => b.createdAt >= from && b.createdAt < WEEKS[i + 1]!).length,
  );
  return {
    total: rows.length,
    byStatus,
    withProof: rows.filter((b) => b.image !== null).length,
    byService,
    weekday,
    slot,
    revenue: revenueCents / 100,
    perWeek,
  };
}

describe("booking roll-ups", () => {
  it("equal a recount from the raw rows after any sequence of writes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbCommand, { minLength: 1, maxLength: 25 }), async (commands) => {
        const { db } = h.deps;
        await db.booking.deleteMany();
        const services = [await newService(1), await newService(2), await newService(3)];
        try {
          for (const command of commands) await apply(command, services);
          expect(await stored()).toEqual(await recount());

          const expected = await overviewFromRows();
          const o = (await admin.analytics.overview()).bookings;
          expect(o.total).toBe(expected.total);
          expect(o.by_status).toEqual(expected.byStatus);
          expect(o.with_proof).toBe(expected.withProof);
          expect(Object.fromEntries(o.by_service.map((s) => [String(s.service_id), s.count]))).toEqual(
            expected.byService,
          );
          expect(o.by_weekday.map((d) => d.count)).toEqual(expected.weekday);
          expect(Object.fromEntries(o.by_slot.map((s) => [s.time, s.count]))).toEqual(expected.slot);
          expect(o.estimated_revenue).toBeCloseTo(expected.revenue, 2);
          expect(o.per_week.map((w) => w.count)).toEqual(expected.perWeek);
        } finally {
          await db.booking.deleteMany();
          await db.service.deleteMany();
        }
      }),
      { numRuns: runs(40) },
    );
  });

  it("are filled from existing rows by the migration's backfill", async () => {
    // The migration's backfill statements, run on rows written while the table was empty, give the same
    // rows as the triggers (the bench times the same statements at 1,000,000 bookings).
    const { db } = h.deps;
    const services = [await newService(7)];
    await apply(
      {
        op: "insert",
        rows: TIME_SLOTS.map((time, i) => ({
          date: DATES[i % DATES.length]!,
          time,
          service: i % 3 === 0 ? -1 : 0,
          status: BOOKING_STATUSES[i % BOOKING_STATUSES.length]!,
          proof: i % 2 === 0,
          createdAt: new Date(WEEKS[i]!.getTime() - HOUR),
        })),
      },
      services,
    );
    const byTriggers = await stored();
    const { backfillStatements } = await import("../../bench/rollup-backfill");
    await db.$executeRawUnsafe(`DELETE FROM "BookingRollup"`);
    for (const statement of backfillStatements(h.deps.provider)) await db.$executeRawUnsafe(statement);
    expect(await stored()).toEqual(byTriggers);
    expect(await stored()).toEqual(await recount());
    await db.booking.deleteMany();
    await db.service.deleteMany();
  });
});
