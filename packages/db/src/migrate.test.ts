import { createTestDatabase } from "@studio/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMigrations, migrate } from "./migrate";
import type { TestDatabase } from "./testing";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe("migrations", () => {
  it("records every migration in Prisma's _prisma_migrations table with its checksum", async () => {
    const rows = await db.prisma.$queryRawUnsafe<{ migration_name: string; checksum: string }[]>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    const expected = listMigrations(db.provider).map((m) => ({
      migration_name: m.name,
      checksum: m.checksum,
    }));
    expect(rows).toEqual(expected);
    expect(rows.length).toBeGreaterThan(0);
  });

  it("is idempotent: a second run applies nothing", async () => {
    expect((await migrate(db.url)).applied).toEqual([]);
  });

  it("applies concurrently started runs exactly once", async () => {
    const results = await Promise.all([migrate(db.url), migrate(db.url), migrate(db.url)]);
    expect(results.flatMap((r) => r.applied)).toEqual([]);
  });

  it("enforces the booking slot key", async () => {
    const base = { name: "A", email: "a@x.test", phone: "1", date: "2030-01-01", time: "09:00" };
    await db.prisma.booking.create({ data: { ...base, slotKey: "2030-01-01 09:00" } });
    await expect(
      db.prisma.booking.create({ data: { ...base, slotKey: "2030-01-01 09:00" } }),
    ).rejects.toMatchObject({ code: "P2002" });
    // Released slots (null key) never collide.
    await db.prisma.booking.create({ data: { ...base, slotKey: null, status: "cancelled" } });
    await db.prisma.booking.create({ data: { ...base, slotKey: null, status: "cancelled" } });
  });
});
