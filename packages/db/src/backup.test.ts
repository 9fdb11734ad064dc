import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestDatabase } from "@studio/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackupError, backupDatabase, backupFileProvider, restoreDatabase } from "./backup";
import type { TestDatabase } from "./testing";

let db: TestDatabase;
let dir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), "studio-backup-test-"));
});
afterAll(async () => {
  await db.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Everything a restore must bring back, in a stable order. */
async function snapshot() {
  const [services, bookings, feedback, messages, admins] = await Promise.all([
    db.prisma.service.findMany({ orderBy: { id: "asc" } }),
    db.prisma.booking.findMany({ orderBy: { id: "asc" } }),
    db.prisma.feedback.findMany({ orderBy: { id: "asc" } }),
    db.prisma.contactMessage.findMany({ orderBy: { id: "asc" } }),
    db.prisma.adminUser.findMany({ orderBy: { id: "asc" } }),
  ]);
  return { services, bookings, feedback, messages, admins };
}

describe("db:backup and db:restore", () => {
  let file: string;
  let before: Awaited<ReturnType<typeof snapshot>>;

  it("backs up real data into a file of the provider's format", async () => {
    await db.prisma.adminUser.create({
      data: { name: "Owner", email: "owner@x.test", passwordHash: "$argon2id$stub", role: "owner" },
    });
    const service = await db.prisma.service.create({
      data: {
        title: "Drone — 4K «aerial» 🚁",
        description: "Line one\nLine two",
        priceCents: 129_999,
        features: ["FPV", "Mapping"],
      },
    });
    for (let i = 0; i < 25; i++) {
      await db.prisma.booking.create({
        data: {
          name: `Client ${i} Ünïcødé`,
          email: `c${i}@x.test`,
          phone: "+1 555 0100",
          serviceId: service.id,
          date: `2031-03-0${(i % 9) + 1}`,
          time: `${String(9 + (i % 9)).padStart(2, "0")}:00`,
          slotKey: `2031-03-0${(i % 9) + 1} ${String(9 + (i % 9)).padStart(2, "0")}:00#${i}`,
          idempotencyKey: `key-${i}`,
          status: i % 4 === 0 ? "confirmed" : "pending",
        },
      });
    }
    await db.prisma.feedback.create({
      data: { name: "Fay", email: "f@x.test", rating: 5, message: "<b>Great</b>", status: "approved" },
    });
    await db.prisma.contactMessage.create({
      data: { name: "Cy", email: "c@x.test", subject: "Hi", message: "Hello 'quoted' \"text\"" },
    });
    before = await snapshot();

    file = path.join(dir, db.provider === "sqlite" ? "studio.db" : "studio.dump");
    const result = await backupDatabase(db.url, file);
    expect(result.provider).toBe(db.provider);
    expect(result.bytes).toBeGreaterThan(0);
    expect(result.rows).toMatchObject({
      Booking: 25,
      Service: 1,
      Feedback: 1,
      ContactMessage: 1,
      AdminUser: 1,
    });
    expect(backupFileProvider(file)).toBe(db.provider);
  });

  it("refuses to overwrite an existing backup file without force", async () => {
    await expect(backupDatabase(db.url, file)).rejects.toBeInstanceOf(BackupError);
  });

  it("refuses to restore over a database that holds data without force", async () => {
    await expect(restoreDatabase(db.url, file)).rejects.toThrow(/--force/);
  });

  it("refuses a file that is not a backup, and a backup of the other provider", async () => {
    const junk = path.join(dir, "junk.bin");
    writeFileSync(junk, "definitely not a database");
    await expect(restoreDatabase(db.url, junk, { force: true })).rejects.toThrow(/neither/);
    const other =
      db.provider === "sqlite" ? "postgresql://postgres@127.0.0.1:5432/nope" : "file:/tmp/nope.db";
    await expect(restoreDatabase(other, file, { force: true })).rejects.toThrow(/backup but DATABASE_URL/);
  });

  it("restores exactly the backed-up data after later changes (round trip)", async () => {
    await db.prisma.booking.deleteMany({ where: { status: "confirmed" } });
    await db.prisma.booking.updateMany({ data: { name: "overwritten" } });
    await db.prisma.feedback.create({
      data: { name: "Late", email: "l@x.test", rating: 1, message: "after" },
    });
    await db.prisma.service.update({ where: { id: before.services[0]!.id }, data: { priceCents: 1 } });
    expect(await snapshot()).not.toEqual(before);

    const result = await restoreDatabase(db.url, file, { force: true });
    expect(result.rows.Booking).toBe(25);
    expect(await snapshot()).toEqual(before);

    // Autoincrement counters come back too: the next row does not reuse a restored id.
    const next = await db.prisma.feedback.create({
      data: { name: "Next", email: "n@x.test", rating: 4, message: "new" },
    });
    expect(next.id).toBeGreaterThan(before.feedback.at(-1)!.id);
  });
});
