import { createTestDatabase } from "@studio/db/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { directAccess } from "./direct";
import { observeQueries } from "./query-timing";
import type { TestDatabase } from "./testing";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterEach(() => observeQueries(null));
afterAll(async () => {
  await db.drop();
});

describe("statement times for the metrics", () => {
  it("reports every Prisma statement, in and out of transactions, and plain-SQL writes", async () => {
    const seen: number[] = [];
    observeQueries((seconds) => seen.push(seconds));
    await db.prisma.contactMessage.count();
    expect(seen.length).toBeGreaterThanOrEqual(1);
    const before = seen.length;
    await db.prisma.$transaction(async (tx) => {
      await tx.contactMessage.create({ data: { name: "A", email: "a@x.test", subject: "s", message: "m" } });
      await tx.contactMessage.count();
    });
    expect(seen.length).toBeGreaterThanOrEqual(before + 2);
    const direct = directAccess(db.prisma);
    const beforeDirect = seen.length;
    if (direct.provider === "sqlite") await direct.transaction((sql) => sql.get("SELECT 1 AS one", []));
    else await direct.query("SELECT 1 AS one", []);
    expect(seen.length).toBe(beforeDirect + 1);
    expect(seen.every((s) => s >= 0 && s < 10)).toBe(true);
    observeQueries(null);
    await db.prisma.contactMessage.count();
    expect(seen.length).toBe(beforeDirect + 1);
  });
});
