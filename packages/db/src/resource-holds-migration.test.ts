import { createTestDatabase } from "@studio/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMigrations, migrate } from "./migrate";
import type { TestDatabase } from "./testing";

/**
 * The migration that made bookings hold their crew for their whole range (issue 27), run on a database as it was
 * before it, with bookings in it: active ones of days to come hold their half-hour units (service minutes and
 * buffers), cancelled and long-past ones hold nothing, and bookings that overlapped before keep their place.
 */
const MIGRATION = "resources_and_holds";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

async function migrateAgain(): Promise<void> {
  const name = listMigrations(db.provider).find((m) => m.name.endsWith(MIGRATION))?.name;
  expect(name).toBeDefined();
  for (const table of ["ResourceHold", "ServiceEquipment", "Equipment"]) {
    await db.prisma.$executeRawUnsafe(`DROP TABLE "${table}"`);
  }
  const p1 = db.provider === "postgresql" ? "$1" : "?";
  await db.prisma.$executeRawUnsafe(`DELETE FROM "_prisma_migrations" WHERE "migration_name" = ${p1}`, name);
  expect((await migrate(db.url)).applied).toEqual([name]);
}

describe("migration resources_and_holds", () => {
  it("gives every active booking of the days to come its crew for the session and its buffers", async () => {
    const service = (minutes: number, before: number, after: number) =>
      db.prisma.service.create({
        data: {
          title: `S${minutes}`,
          description: "d",
          priceCents: 1,
          features: [],
          durationMinutes: minutes,
          bufferBeforeMinutes: before,
          bufferAfterMinutes: after,
        },
      });
    const fullDay = await service(480, 0, 0);
    const travel = await service(60, 30, 30);
    const booking = (serviceId: number | null, date: string, time: string, status = "pending" as const) =>
      db.prisma.booking.create({
        data: {
          name: "A",
          email: "a@example.test",
          phone: "1",
          serviceId,
          date,
          time,
          status,
          slotKey: status === "pending" ? `${date} ${time}` : null,
        },
      });
    const wedding = await booking(fullDay.id, "2099-06-06", "09:00");
    // Overlapped the wedding before ranges existed: it keeps its place, in a second seat.
    const portrait = await booking(null, "2099-06-06", "10:00");
    const withBuffers = await booking(travel.id, "2099-06-07", "10:00");
    const cancelled = await db.prisma.booking.create({
      data: {
        name: "C",
        email: "c@example.test",
        phone: "1",
        date: "2099-06-08",
        time: "10:00",
        status: "cancelled",
      },
    });
    const past = await booking(null, "2001-01-01", "10:00");

    await migrateAgain();

    const holds = await db.prisma.resourceHold.findMany({ orderBy: [{ bookingId: "asc" }, { unit: "asc" }] });
    const of = (id: number) => holds.filter((h) => h.bookingId === id).map((h) => `${h.unit}#${h.seat}`);
    expect(of(wedding.id)).toEqual(
      Array.from({ length: 16 }, (_, i) => {
        const minutes = 9 * 60 + i * 30;
        const clock = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
        return `2099-06-06 ${clock}#1`;
      }),
    );
    expect(of(portrait.id)).toEqual(["2099-06-06 10:00#2", "2099-06-06 10:30#2"]);
    expect(of(withBuffers.id)).toEqual([
      "2099-06-07 09:30#1",
      "2099-06-07 10:00#1",
      "2099-06-07 10:30#1",
      "2099-06-07 11:00#1",
    ]);
    expect(holds.every((h) => h.resource === "crew")).toBe(true);
    expect(of(cancelled.id)).toEqual([]);
    expect(of(past.id)).toEqual([]);
  });
});
