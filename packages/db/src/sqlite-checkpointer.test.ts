/**
 * WAL checkpoints run on the checkpointer's own thread (sqlite-checkpointer.ts): what the request connection
 * commits reaches the database file soon, without that connection checkpointing, and closing ends the thread.
 */
import { existsSync, statSync } from "node:fs";
import { createTestDatabase } from "@studio/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directAccess } from "./direct";
import { sqlitePath } from "./provider";
import { SAFETY_NET_PAGES } from "./sqlite-checkpointer";
import type { TestDatabase } from "./testing";

// SQLite's own machinery: tested on SQLite in the PostgreSQL run too.
const createSqliteDatabase = () => createTestDatabase({ provider: "sqlite" });
let db: TestDatabase;

beforeAll(async () => {
  db = await createSqliteDatabase();
});
afterAll(async () => {
  await db.drop();
});

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("WAL checkpoints", () => {
  it("copy committed pages into the database file from another thread", async () => {
    const file = sqlitePath(db.url);
    const sizeBefore = statSync(file).size;
    const access = directAccess(db.prisma);
    if (access.provider !== "sqlite") throw new Error("expected SQLite");
    // About 2 MB of messages: some 500 pages, far below the request connection's own checkpoint threshold.
    const body = "x".repeat(4_000);
    for (let batch = 0; batch < 10; batch++) {
      await access.transaction((sql) => {
        for (let i = 0; i < 50; i++) {
          sql.run(
            `INSERT INTO "ContactMessage" ("name", "email", "subject", "message", "createdAt") VALUES (?, ?, ?, ?, ?)`,
            ["N", "n@example.test", `s${batch}-${i}`, body, new Date().toISOString()],
          );
        }
      });
    }
    expect(500).toBeLessThan(SAFETY_NET_PAGES);
    await until(() => statSync(file).size >= sizeBefore + 1_500_000, "the pages in the database file");
    expect(await db.prisma.contactMessage.count()).toBe(500);
  });

  it("close their connection with the database: the last connection out removes the log", async () => {
    const other = await createSqliteDatabase();
    const file = sqlitePath(other.url);
    const sizeBefore = statSync(file).size;
    const body = "x".repeat(4_000);
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        other.prisma.contactMessage.create({
          data: { name: "N", email: "n@x.test", subject: `s${i}`, message: body },
        }),
      ),
    );
    // The checkpointer has its connection open: it has copied pages into the file.
    await until(() => statSync(file).size >= sizeBefore + 300_000, "a checkpoint");
    expect(existsSync(`${file}-wal`)).toBe(true);
    await other.close();
    // Had the checkpointer's connection stayed open, SQLite would have kept the log for it.
    expect(existsSync(`${file}-wal`)).toBe(false);
    await other.drop();
  });
});
