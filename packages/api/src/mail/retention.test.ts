/** Finished mail is deleted after MAIL_RETENTION_DAYS, in batches; waiting mail stays whatever its age. */
import { createTestDatabase, type TestDatabase } from "@studio/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pruneMail } from "./retention";

let database: TestDatabase;
const NOW = new Date("2031-06-01T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});
beforeEach(async () => {
  await database.prisma.outgoingMail.deleteMany({});
});

let n = 0;
async function message(status: string, age: number) {
  n += 1;
  return database.prisma.outgoingMail.create({
    data: {
      kind: "booking.received",
      status,
      recipients: "client@example.com",
      subject: `Message ${n}`,
      html: "",
      text: "",
      messageId: `<retention-${n}@studio.test>`,
      createdAt: daysAgo(age + 1),
      updatedAt: daysAgo(age),
    },
  });
}

describe("mail retention", () => {
  it("deletes finished messages older than the retention, keeps newer ones and every waiting one", async () => {
    const old = await Promise.all(
      ["sent", "failed", "skipped", "unsent"].map((status) => message(status, 91)),
    );
    const fresh = await Promise.all(["sent", "failed", "unsent"].map((status) => message(status, 89)));
    const waiting = [await message("pending", 400), await message("sending", 200)];
    expect(await pruneMail(database.prisma, NOW, 90)).toBe(old.length);
    const left = await database.prisma.outgoingMail.findMany({
      orderBy: { id: "asc" },
      select: { id: true },
    });
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [...fresh, ...waiting].map((r) => r.id).sort((a, b) => a - b),
    );
  });

  it("works through a large backlog a batch at a time, and stops at the first batch that is not all old", async () => {
    for (let i = 0; i < 25; i++) await message("sent", 120);
    for (let i = 0; i < 5; i++) await message("sent", 10);
    expect(await pruneMail(database.prisma, NOW, 90, 10)).toBe(25);
    expect(await database.prisma.outgoingMail.count()).toBe(5);
    expect(await pruneMail(database.prisma, NOW, 90, 10)).toBe(0);
  });
});
