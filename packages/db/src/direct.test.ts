import { createTestDatabase } from "@studio/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directAccess, directQuery, directRead, PREPARED_MAX, pgStatementName } from "./direct";
import { Prisma } from "./generated/sqlite/client";
import type { TestDatabase } from "./testing";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.prisma.contactMessage.createMany({
    data: ["first", "second", "third"].map((subject) => ({
      name: "A",
      email: "a@x.test",
      subject,
      message: "m",
    })),
  });
});
afterAll(async () => {
  await db.drop();
});

describe("directQuery", () => {
  it("reads a statement composed from parts, its values bound on either database", async () => {
    const subjects = ["first", "third"];
    const rows = await directQuery<{ subject: string; n: number | string }>(
      db.prisma,
      Prisma.sql`SELECT "subject", (SELECT COUNT(*) FROM "ContactMessage") AS "n"
        FROM "ContactMessage" WHERE "subject" IN (${Prisma.join(subjects)}) ORDER BY "subject"`,
    );
    expect(rows.map((row) => row.subject)).toEqual(["first", "third"]);
    expect(Number(rows[0]?.n)).toBe(3);
  });

  it("refuses a value that is not text, a number or null, before anything runs", () => {
    expect(() => directQuery(db.prisma, Prisma.sql`SELECT 1 WHERE ${new Date(0)} IS NOT NULL`)).toThrow(
      "A direct statement takes text, numbers or null, not object",
    );
  });
});

describe("prepared statements on SQLite", () => {
  it("keeps at most PREPARED_MAX texts, and a dropped one is prepared again", async () => {
    const sqlite = await createTestDatabase({ provider: "sqlite" });
    try {
      const access = directAccess(sqlite.prisma);
      if (access.provider !== "sqlite") throw new Error("expected SQLite");
      const read = (n: number) => access.all<{ n: number }>(`SELECT ${n} AS "n"`, []);
      for (let n = 0; n < PREPARED_MAX + 50; n++) expect(await read(n)).toEqual([{ n }]);
      expect(access.preparedCount()).toBe(PREPARED_MAX);
      // The first texts were the least recently used: dropped, and prepared again when asked.
      expect(await read(0)).toEqual([{ n: 0 }]);
      expect(access.preparedCount()).toBe(PREPARED_MAX);
    } finally {
      await sqlite.drop();
    }
  });
});

describe("statement names on PostgreSQL", () => {
  it("names each text once, the same name every time, and none past the cap", async () => {
    const first = pgStatementName("SELECT $1::int AS n");
    expect(first).toMatch(/^direct-\d+$/);
    expect(pgStatementName("SELECT $1::int AS n")).toBe(first);
    expect(pgStatementName("SELECT $1::int + 1 AS n")).not.toBe(first);
    // A named read answers like any other, again and again on the same connections.
    for (let n = 0; n < 12; n++) {
      const rows = await directRead<{ n: number | string }>(
        db.prisma,
        `SELECT COUNT(*) AS "n" FROM "ContactMessage" WHERE "subject" <> ?`,
        [`x${n}`],
      );
      expect(Number(rows[0]?.n)).toBe(3);
    }
    let last: string | undefined = "";
    for (let n = 0; n < 600 && last !== undefined; n++) last = pgStatementName(`SELECT ${n} AS n`);
    expect(last).toBeUndefined();
    expect(pgStatementName("SELECT $1::int AS n")).toBe(first);
  });
});
