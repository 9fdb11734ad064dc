import { createTestDatabase } from "@studio/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMigrations, migrate } from "./migrate";
import type { TestDatabase } from "./testing";

/**
 * The migration that gave services days and a start grid (issue 27), run on a database as it was before it: the
 * duration texts naming several days that the first migration left unread ("2 shoot days", flagged, 60 minutes)
 * become that many days of a full day's minutes; a service the owner has set since, and every other one, keeps
 * what it has.
 */
const MIGRATION = "service_days";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const ids: Record<string, number> = {};

/** Takes the database back to before the migration, runs `write` there, then migrates again. */
async function migrateAgainWith(write: () => Promise<void>): Promise<void> {
  const name = listMigrations(db.provider).find((m) => m.name.endsWith(MIGRATION))?.name;
  expect(name).toBeDefined();
  for (const column of ["durationDays", "startEveryMinutes"]) {
    await db.prisma.$executeRawUnsafe(`ALTER TABLE "Service" DROP COLUMN "${column}"`);
  }
  const p1 = db.provider === "postgresql" ? "$1" : "?";
  await db.prisma.$executeRawUnsafe(`DELETE FROM "_prisma_migrations" WHERE "migration_name" = ${p1}`, name);
  await write();
  expect((await migrate(db.url)).applied).toEqual([name]);
}

describe("migration service_days", () => {
  it("reads texts naming several days into days of 480 minutes, and leaves the rest as they were", async () => {
    const service = async (duration: string, minutes: number, unread: boolean) => {
      // Raw SQL: the columns this migration adds are gone while the rows are written.
      const p = (n: number) => (db.provider === "postgresql" ? `$${n}` : "?");
      const rows = await db.prisma.$queryRawUnsafe<{ id: number }[]>(
        `INSERT INTO "Service" ("title", "description", "priceCents", "duration", "durationMinutes", "durationUnread", "features", "updatedAt") VALUES (${p(1)}, 'd', 1, ${p(2)}, ${p(3)}, ${p(4)}, '[]', ${p(5)}) RETURNING "id"`,
        duration,
        duration,
        minutes,
        db.provider === "postgresql" ? unread : unread ? 1 : 0,
        new Date(),
      );
      return Number(rows[0]!.id);
    };
    // The rows are written as the old schema had them, then the migration runs.
    await migrateAgainWith(async () => {
      ids.shoot = await service("2 shoot days", 60, true);
      ids.three = await service(" Three Days ", 60, true);
      ids.week = await service("5-day shoot", 60, true);
      ids.set = await service("2 days", 300, false);
      ids.vague = await service("A few days", 60, true);
      ids.hour = await service("1 hour", 60, false);
    });

    const rows = await db.prisma.service.findMany({ orderBy: { id: "asc" } });
    const of = (id: number | undefined) => {
      const row = rows.find((r) => r.id === id)!;
      return [row.durationDays, row.durationMinutes, row.durationUnread, row.startEveryMinutes];
    };
    expect(of(ids.shoot)).toEqual([2, 480, false, 60]);
    expect(of(ids.three)).toEqual([3, 480, false, 60]);
    expect(of(ids.week)).toEqual([5, 480, false, 60]);
    expect(of(ids.set)).toEqual([1, 300, false, 60]);
    expect(of(ids.vague)).toEqual([1, 60, true, 60]);
    expect(of(ids.hour)).toEqual([1, 60, false, 60]);
  });
});
