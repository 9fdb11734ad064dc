import { createTestDatabase } from "@studio/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMigrations } from "./migrate";
import type { TestDatabase } from "./testing";

/**
 * The migration that keeps PostgreSQL's planner statistics of the outbox to the columns its queries filter or sort
 * on (issue 27): analyzing the table, which the server does whenever it has grown by a tenth (ADR 024), no longer
 * reads every message's content, HTML and text. SQLite has no such migration.
 */
const MIGRATION = "outgoing_mail_statistics";
/** What the outbox's queries filter or sort on (mail/worker.ts, admin.ts, notify.ts, retention.ts). */
const PLANNED = ["id", "kind", "status", "notBefore", "leaseUntil", "bookingId", "claimToken"];

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe("migration outgoing_mail_statistics", () => {
  it("on PostgreSQL, analyzing the outbox keeps statistics of the planned columns only", async () => {
    const names = listMigrations(db.provider).map((m) => m.name);
    const name = names.find((m) => m.endsWith(MIGRATION));
    if (db.provider === "sqlite") {
      expect(name).toBeUndefined();
      expect(names.find((m) => m.endsWith("outgoing_mail_sample"))).toBeUndefined();
      return;
    }
    expect(name).toBeDefined();
    for (let n = 0; n < 40; n += 1) {
      await db.prisma.outgoingMail.create({
        data: {
          kind: n % 2 ? "booking.received" : "booking.new",
          status: n % 3 ? "pending" : "sent",
          recipients: `client${n}@example.test`,
          subject: `Booking ${n}`,
          html: `<p>Message ${n}</p>`,
          text: `Message ${n}`,
          content: { blocks: [{ kind: "text", text: `Message ${n}` }] },
          messageId: `<statistics-${n}@example.test>`,
          bookingId: null,
          notBefore: new Date(Date.UTC(2026, 11, 3, 10, n)),
        },
      });
    }
    await db.prisma.$executeRawUnsafe(`ANALYZE "OutgoingMail"`);

    const columns = await db.prisma.$queryRawUnsafe<{ name: string }[]>(
      `SELECT "attname"::text AS "name" FROM pg_attribute
        WHERE "attrelid" = '"OutgoingMail"'::regclass AND "attnum" > 0 AND NOT "attisdropped"`,
    );
    const analyzed = await db.prisma.$queryRawUnsafe<{ name: string }[]>(
      `SELECT "attname"::text AS "name" FROM pg_stats WHERE "schemaname" = current_schema() AND "tablename" = 'OutgoingMail'`,
    );
    const all = columns.map((c) => c.name);
    expect(all).toEqual(expect.arrayContaining(["html", "text", "content", "subject", ...PLANNED]));
    expect(analyzed.map((c) => c.name).sort()).toEqual([...PLANNED].sort());
    // Migration outgoing_mail_sample: those seven from a sample of 3,000 rows (target 10), not 30,000.
    const targets = await db.prisma.$queryRawUnsafe<{ name: string; target: number }[]>(
      `SELECT "attname"::text AS "name", "attstattarget"::int AS "target" FROM pg_attribute
        WHERE "attrelid" = '"OutgoingMail"'::regclass AND "attnum" > 0 AND NOT "attisdropped" AND "attstattarget" <> 0`,
    );
    expect(targets.map((t) => t.name).sort()).toEqual([...PLANNED].sort());
    expect(new Set(targets.map((t) => t.target))).toEqual(new Set([10]));
  });
});
