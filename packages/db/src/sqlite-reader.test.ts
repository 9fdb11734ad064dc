/**
 * Plain-SQL reads run on the reader's own thread and connection (sqlite-reader.ts): the same rows as on the request
 * connection, every commit acknowledged before them seen, SQLite's errors as SQLite gave them, and, when the thread
 * is gone, the reads it had not answered (and every later one) answered on the request connection.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestDatabase } from "@studio/db/testing";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directAccess, directRead, type SqlValue } from "./direct";
import { observeQueries, timedSync } from "./query-timing";
import { READER_SOURCE, startReader } from "./sqlite-reader";
import type { TestDatabase } from "./testing";

// SQLite's own machinery: tested on SQLite in the PostgreSQL run too.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ provider: "sqlite" });
});
afterAll(async () => {
  await db.drop();
});

const INSERT = `INSERT INTO "ContactMessage" ("name", "email", "subject", "message", "createdAt") VALUES (?, 'r@example.test', ?, 'm', '2026-01-01T00:00:00.000+00:00')`;

describe("directRead on SQLite", () => {
  it("answers the rows the request connection answers, with text, numbers and null as parameters", async () => {
    const access = directAccess(db.prisma);
    if (access.provider !== "sqlite") throw new Error("expected SQLite");
    const text = `SELECT ? AS "text", ? AS "number", ? AS "nothing", 2.5 * ? AS "product", length(?) AS "chars"`;
    const params: SqlValue[] = ["Zoë ✓", 42, null, 4, "Kolhapur"];
    const expected = [{ text: "Zoë ✓", number: 42, nothing: null, product: 10, chars: 8 }];
    expect(await access.all(text, params)).toEqual(expected);
    expect(await directRead(db.prisma, text, params)).toEqual(expected);
  });

  it("sees every write committed before it, read after read", async () => {
    const access = directAccess(db.prisma);
    if (access.provider !== "sqlite") throw new Error("expected SQLite");
    const count = async () =>
      (
        await directRead<{ n: number }>(
          db.prisma,
          `SELECT COUNT(*) AS "n" FROM "ContactMessage" WHERE "name" = ?`,
          ["seen"],
        )
      )[0]?.n;
    for (let i = 1; i <= 30; i++) {
      await access.transaction((sql) => sql.run(INSERT, ["seen", `s${i}`]));
      expect(await count()).toBe(i);
    }
    // Prisma's writes share the request connection: seen as well.
    await db.prisma.contactMessage.create({
      data: { name: "seen", email: "p@example.test", subject: "prisma", message: "m" },
    });
    expect(await count()).toBe(31);
  });

  it("answers many reads at once, each with its own rows", async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => directRead<{ n: number }>(db.prisma, `SELECT ? * 3 AS "n"`, [i])),
    );
    expect(answers.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 200 }, (_, i) => i * 3));
  });

  it("rejects with SQLite's own message and code", async () => {
    const failed = await directRead(db.prisma, `SELECT * FROM "NoSuchTable"`, []).catch(
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toBe("no such table: NoSuchTable");
    expect((failed as Error & { code?: string }).code).toBe("SQLITE_ERROR");
    // The reader goes on answering after an error.
    expect(await directRead(db.prisma, `SELECT 1 AS "one"`, [])).toEqual([{ one: 1 }]);
  });

  it("runs on a read-only connection of its own: a write is refused there", async () => {
    const refused = (text: string) =>
      directRead(db.prisma, text, []).then(
        () => "answered",
        (error: Error) => error.message,
      );
    expect(await refused(`DELETE FROM "ContactMessage"`)).toBe("The reader thread runs read statements only");
    // A write that answers rows passes that check; the connection itself refuses it.
    expect(await refused(`DELETE FROM "ContactMessage" RETURNING "id"`)).toBe(
      "attempt to write a readonly database",
    );
    expect(await db.prisma.contactMessage.count({ where: { name: "seen" } })).toBe(31);
  });
});

describe("the reader's thread", () => {
  let dir: string;
  let connection: Database.Database;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "studio-reader-"));
    connection = new Database(path.join(dir, "reader.db"));
    connection.pragma("journal_mode = WAL");
    connection.exec(`CREATE TABLE "T" ("n" INTEGER); INSERT INTO "T" VALUES (1), (2), (3)`);
  });
  afterAll(() => {
    connection.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Reads on the request connection, counted: the fallback. */
  function fallbackCounting() {
    const calls: string[] = [];
    const fallback = async <T>(text: string, params: readonly SqlValue[]): Promise<T[]> => {
      calls.push(text);
      return connection.prepare(text).all(...params) as T[];
    };
    return { calls, fallback };
  }

  it("once it dies, answers its unanswered reads and every later one on the request connection", async () => {
    const { calls, fallback } = fallbackCounting();
    // The reader's own code, made to end its thread when a statement says so, before answering it.
    const dying = READER_SOURCE.replace(
      "const { id, text, params } = message;",
      `const { id, text, params } = message; if (text.includes("/* die */")) process.exit(1);`,
    );
    expect(dying).not.toBe(READER_SOURCE);
    const reader = startReader(connection, fallback, dying);
    expect(await reader.all(`SELECT SUM("n") AS "s" FROM "T"`, [])).toEqual([{ s: 6 }]);
    expect(calls).toEqual([]);
    const [before, dies] = await Promise.all([
      reader.all(`SELECT COUNT(*) AS "c" FROM "T"`, []),
      reader.all(`SELECT MAX("n") AS "m" FROM "T" /* die */`, []),
    ]);
    expect(before).toEqual([{ c: 3 }]);
    expect(dies).toEqual([{ m: 3 }]);
    expect(calls).toEqual([`SELECT MAX("n") AS "m" FROM "T" /* die */`]);
    expect(reader.running()).toBe(false);
    expect(await reader.all(`SELECT MIN("n") AS "m" FROM "T"`, [])).toEqual([{ m: 1 }]);
    expect(calls).toHaveLength(2);
  });

  it("reports each read's database time once, on the thread and after a failover", async () => {
    const timedFallback = async <T>(text: string, params: readonly SqlValue[]): Promise<T[]> =>
      timedSync(() => connection.prepare(text).all(...params) as T[]);
    const reader = startReader(connection, timedFallback);
    const seconds: number[] = [];
    observeQueries((s) => seconds.push(s));
    try {
      expect(await reader.all(`SELECT SUM("n") AS "s" FROM "T"`, [])).toEqual([{ s: 6 }]);
      expect(seconds).toHaveLength(1);
      await reader.close();
      expect(await reader.all(`SELECT MAX("n") AS "m" FROM "T"`, [])).toEqual([{ m: 3 }]);
      expect(seconds).toHaveLength(2);
      expect(seconds.every((s) => s >= 0)).toBe(true);
    } finally {
      observeQueries(null);
    }
  });

  it("closes: its thread ends and later reads run on the request connection", async () => {
    const { calls, fallback } = fallbackCounting();
    const reader = startReader(connection, fallback);
    const pending = reader.all(`SELECT COUNT(*) AS "c" FROM "T"`, []);
    await reader.close();
    // A read asked for before closing is still answered by the thread.
    expect(await pending).toEqual([{ c: 3 }]);
    expect(calls).toEqual([]);
    expect(reader.running()).toBe(false);
    expect(await reader.all(`SELECT 7 AS "n"`, [])).toEqual([{ n: 7 }]);
    expect(calls).toEqual([`SELECT 7 AS "n"`]);
  });
});
