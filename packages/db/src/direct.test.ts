import { createTestDatabase } from "@studio/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  directAccess,
  directQuery,
  directRead,
  PREPARED_MAX,
  pgStatementName,
  type SqliteTransaction,
  sqlInstant,
} from "./direct";
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

describe("sqlInstant", () => {
  it("writes each instant as Prisma stores it, however the calls alternate", () => {
    const first = new Date(Date.UTC(2031, 2, 14, 9, 30, 0, 125));
    const second = new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 999));
    expect([first, first, second, new Date(first.getTime()), second].map(sqlInstant)).toEqual([
      "2031-03-14T09:30:00.125+00:00",
      "2031-03-14T09:30:00.125+00:00",
      "1999-12-31T23:59:59.999+00:00",
      "2031-03-14T09:30:00.125+00:00",
      "1999-12-31T23:59:59.999+00:00",
    ]);
  });
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

  it("named, answers again and again with other values; on PostgreSQL the connection keeps the text prepared", async () => {
    const query = (subject: string) =>
      Prisma.sql`SELECT COUNT(*) AS "n" FROM "ContactMessage" WHERE "subject" <> ${subject} AND "id" > ${0}`;
    // More than five calls: PostgreSQL then plans the named text once for any values (its generic plan).
    for (const [n, subject] of [
      "first",
      "second",
      "none",
      "third",
      "first",
      "none",
      "second",
      "x",
    ].entries()) {
      const rows = await directQuery<{ n: number | string }>(db.prisma, query(subject), { named: true });
      const stored = ["first", "second", "third"].includes(subject);
      expect(Number(rows[0]?.n), `call ${n + 1}`).toBe(stored ? 2 : 3);
    }
    if (db.provider !== "postgresql") return;
    // One call after another takes the pool's same idle connection: it holds the text under its name.
    const text = query("x").text;
    const prepared = await directQuery<{ name: string }>(
      db.prisma,
      Prisma.sql`SELECT "name" FROM pg_prepared_statements WHERE "statement" = ${text}`,
    );
    expect(prepared.map((row) => row.name)).toEqual([pgStatementName(text)]);
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

describe("group commit on SQLite", () => {
  const INSERT = `INSERT INTO "ContactMessage" ("name", "email", "subject", "message", "createdAt") VALUES ('G', 'g@x.test', ?, 'm', '2026-01-01T00:00:00.000+00:00')`;
  let sqlite: TestDatabase;
  beforeAll(async () => {
    sqlite = await createTestDatabase({ provider: "sqlite" });
  });
  afterAll(async () => {
    await sqlite.drop();
  });

  const subjects = async (prefix: string) =>
    (
      await sqlite.prisma.contactMessage.findMany({
        where: { subject: { startsWith: prefix } },
        orderBy: { id: "asc" },
      })
    ).map((row) => row.subject);
  /** Transactions asked for in one turn: one group. */
  const together = (works: ((sql: SqliteTransaction) => void)[]) => {
    const access = directAccess(sqlite.prisma);
    if (access.provider !== "sqlite") throw new Error("expected SQLite");
    return Promise.allSettled(works.map((work) => access.transaction(work)));
  };
  /** A transaction that counts its runs in `runs[index]`, writes a message with `subject`, then fails if told. */
  const counted =
    (runs: number[], index: number, subject: string, failure?: Error) => (sql: SqliteTransaction) => {
      runs[index] = (runs[index] ?? 0) + 1;
      sql.run(INSERT, [subject]);
      if (failure) throw failure;
    };

  it("a transaction that fails after writing undoes only its own writes; the others run again and are kept", async () => {
    const runs: number[] = [];
    const failure = new Error("b fails after writing");
    const results = await together([
      counted(runs, 0, "undo-a"),
      counted(runs, 1, "undo-b", failure),
      counted(runs, 2, "undo-c"),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toBe(failure);
    expect(await subjects("undo-")).toEqual(["undo-a", "undo-c"]);
    // The first ran again after the group was undone; the last ran once, in the second run.
    expect(runs).toEqual([2, 2, 1]);
  });

  it("a transaction that fails before writing, or on a write SQLite refused, fails alone and runs once", async () => {
    const runs: number[] = [];
    const results = await together([
      counted(runs, 0, "alone-a"),
      (sql) => {
        runs[1] = 1;
        sql.all(`SELECT "id" FROM "ContactMessage"`, []);
        throw new Error("refused by what it read");
      },
      (sql) => {
        runs[2] = 1;
        const { id } = sql.get<{ id: number }>(`SELECT min("id") AS "id" FROM "ContactMessage"`, []) ?? {
          id: 0,
        };
        sql.run(
          `INSERT INTO "ContactMessage" ("id", "name", "email", "subject", "message") VALUES (?, 'x', 'x', 'x', 'x')`,
          [id],
        );
      },
      counted(runs, 3, "alone-d"),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed/);
    expect(await subjects("alone-")).toEqual(["alone-a", "alone-d"]);
    expect(runs).toEqual([1, 1, 1, 1]);
  });

  it("a transaction alone in its group that fails after writing keeps nothing", async () => {
    const [result] = await together([counted([], 0, "single-a", new Error("fails after writing"))]);
    expect(result?.status).toBe("rejected");
    expect(await subjects("single-")).toEqual([]);
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
