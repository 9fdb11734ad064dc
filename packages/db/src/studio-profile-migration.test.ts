import { readFileSync } from "node:fs";
import path from "node:path";
import { createTestDatabase } from "@studio/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMigrations, migrate } from "./migrate";
import { REPO_ROOT } from "./provider";
import type { TestDatabase } from "./testing";

/**
 * The migration that made the About text part of the studio profile and the free-text hours line a note (issue
 * 26), run on a database as it was before it: the profile table of its first migration, with a row in it.
 */
const MIGRATION = "studio_profile_about_hours";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

/** The StudioProfile table as its first migration created it. */
function originalTable(): string {
  const dir = path.join(REPO_ROOT, "prisma", "migrations", db.provider);
  const first = listMigrations(db.provider).find((m) => m.name.endsWith("_studio_profile"));
  if (!first) throw new Error("no studio_profile migration");
  const sql = readFileSync(path.join(dir, first.name, "migration.sql"), "utf8");
  const create = /CREATE TABLE "StudioProfile" \([\s\S]*?\n\);/.exec(sql)?.[0];
  if (!create) throw new Error("no CREATE TABLE in the studio_profile migration");
  return create;
}

/** Puts the table back as it was before the migration, with one row, and runs the migration again. */
async function migrateFrom(row: { updatedAt: string | null; businessHours: string }) {
  const name = listMigrations(db.provider).find((m) => m.name.endsWith(MIGRATION))?.name;
  expect(name).toBeDefined();
  await db.prisma.$executeRawUnsafe(`DROP TABLE "StudioProfile"`);
  await db.prisma.$executeRawUnsafe(originalTable());
  const json = db.provider === "postgresql" ? "::jsonb" : "";
  const stamp = db.provider === "postgresql" ? "::timestamp" : "";
  const [p1, p2] = db.provider === "postgresql" ? ["$1", "$2"] : ["?", "?"];
  await db.prisma.$executeRawUnsafe(
    `INSERT INTO "StudioProfile" ("id", "name", "tagline", "addressLines", "city", "region", "country", "phones", "emails", "instagram", "youtube", "facebook", "twitter", "linkedin", "latitude", "longitude", "zoom", "businessHours", "replyPromise", "logo", "updatedAt")
     VALUES (1, 'Lakeside Films', 'Stories.', '["Rua Nova 1"]'${json}, 'Lisbon', '', 'Portugal', '["+1 (555) 010-2040"]'${json}, '["hi@lakeside.example"]'${json}, 'https://www.instagram.com/lakeside/', '', '', 'https://x.com/lakeside', '', 38.7, -9.1, 13, ${p1}, 'Soon.', NULL, ${p2}${stamp})`,
    row.businessHours,
    row.updatedAt,
  );
  await db.prisma.$executeRawUnsafe(`DELETE FROM "_prisma_migrations" WHERE "migration_name" = ${p1}`, name);
  expect((await migrate(db.url)).applied).toEqual([name]);
  return db.prisma.studioProfile.findUniqueOrThrow({ where: { id: 1 } });
}

describe("migration studio_profile_about_hours", () => {
  it("keeps an admin's own hours line as the note, and their phones and social links", async () => {
    const row = await migrateFrom({
      updatedAt: db.provider === "postgresql" ? "2026-11-20 10:00:00" : "2026-11-20T10:00:00.000+00:00",
      businessHours: "Tue-Sat by appointment",
    });
    expect(row.hoursNote).toBe("Tue-Sat by appointment");
    expect(row.about).toMatch(/^Studio began in 2018 .* in Kolhapur\.\n\nWe have filmed weddings/s);
    expect(row.phones).toEqual(["+1 (555) 010-2040"]);
    expect([row.instagram, row.twitter]).toEqual([
      "https://www.instagram.com/lakeside/",
      "https://x.com/lakeside",
    ]);
    expect(row.name).toBe("Lakeside Films");
  });

  it("a profile never saved takes the coherent defaults: no contradicting hours line, Indian numbers, no socials", async () => {
    const row = await migrateFrom({ updatedAt: null, businessHours: "Mon-Fri 9AM-6PM PST" });
    expect(row.hoursNote).toBe("");
    expect(row.phones).toEqual(["+91 231 255 0140", "+91 231 255 0141"]);
    expect([row.instagram, row.youtube, row.facebook, row.twitter, row.linkedin]).toEqual([
      "",
      "",
      "",
      "",
      "",
    ]);
    expect(row.updatedAt).toBeNull();
  });
});
