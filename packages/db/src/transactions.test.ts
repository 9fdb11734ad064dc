import { createTestDatabase } from "@studio/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "./testing";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const contact = (subject: string) => ({ name: "A", email: "a@x.test", subject, message: "m" });

describe("transactions and concurrent statements", () => {
  it("a write acknowledged outside a transaction survives that transaction's rollback", async () => {
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const rolledBack = db.prisma
      .$transaction(async (tx) => {
        await tx.contactMessage.create({ data: contact("inside") });
        entered();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error("roll back");
      })
      .catch((error: Error) => error.message);
    await inside;
    // Another request writes while the transaction is open.
    await db.prisma.contactMessage.create({ data: contact("outside") });
    expect(await rolledBack).toBe("roll back");
    const subjects = (await db.prisma.contactMessage.findMany()).map((m) => m.subject);
    expect(subjects).toEqual(["outside"]);
  });

  it("committed transactions and plain writes all persist under concurrency", async () => {
    await db.prisma.contactMessage.deleteMany();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? db.prisma.$transaction(async (tx) => {
              await tx.contactMessage.create({ data: contact(`tx-${i}`) });
            })
          : db.prisma.contactMessage.create({ data: contact(`plain-${i}`) }),
      ),
    );
    expect(await db.prisma.contactMessage.count()).toBe(20);
  });
});
