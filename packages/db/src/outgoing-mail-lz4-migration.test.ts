import { createTestDatabase } from "@studio/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMigrations, migrate } from "./migrate";
import type { TestDatabase } from "./testing";

/**
 * The migration that compresses e-mails with lz4 on PostgreSQL (issue 27): messages written before it keep their
 * pglz values and read the same, messages written after it are compressed with lz4. SQLite compresses nothing,
 * and has no such migration.
 */
const MIGRATION = "outgoing_mail_lz4";
const COLUMNS = ["content", "attachments", "html", "text"] as const;

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

/** A message whose content, invite, HTML and text are each past the size PostgreSQL compresses. */
function bigMail(n: number) {
  const paragraph = (i: number) => `Paragraph ${i} of message ${n}: your session is booked with the studio. `;
  const blocks = Array.from({ length: 60 }, (_, i) => ({ kind: "text", text: paragraph(i) }));
  return {
    kind: "booking.received",
    recipients: `client${n}@example.test`,
    subject: `Booking ${n}`,
    html: `<p>${blocks.map((b) => b.text).join("</p><p>")}</p>`,
    text: blocks.map((b) => b.text).join("\n"),
    content: { studio: { name: "Studio" }, email: { blocks } },
    attachments: [
      { filename: "invite.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR\n".repeat(200) },
    ],
    messageId: `<lz4-${n}@example.test>`,
  };
}

async function compressionOf(id: number): Promise<Record<string, string | null>> {
  const rows = await db.prisma.$queryRawUnsafe<Record<string, string | null>[]>(
    `SELECT ${COLUMNS.map((c) => `pg_column_compression("${c}") AS "${c}"`).join(", ")} FROM "OutgoingMail" WHERE "id" = $1`,
    id,
  );
  return rows[0] ?? {};
}

describe("migration outgoing_mail_lz4", () => {
  it("compresses new e-mails with lz4 on PostgreSQL, and every e-mail reads back as written", async () => {
    const name = listMigrations(db.provider).find((m) => m.name.endsWith(MIGRATION))?.name;
    if (db.provider === "sqlite") {
      expect(name).toBeUndefined();
      const mail = bigMail(0);
      const { id } = await db.prisma.outgoingMail.create({ data: mail });
      expect(await db.prisma.outgoingMail.findUnique({ where: { id } })).toMatchObject(mail);
      return;
    }
    expect(name).toBeDefined();
    // Back to before the migration: PostgreSQL's default method, and the migration not yet applied.
    await db.prisma.$executeRawUnsafe(
      `ALTER TABLE "OutgoingMail" ${COLUMNS.map((c) => `ALTER COLUMN "${c}" SET COMPRESSION pglz`).join(", ")}`,
    );
    await db.prisma.$executeRawUnsafe(`DELETE FROM "_prisma_migrations" WHERE "migration_name" = $1`, name);
    const before = bigMail(1);
    const { id: beforeId } = await db.prisma.outgoingMail.create({ data: before });

    expect((await migrate(db.url)).applied).toEqual([name]);
    const after = bigMail(2);
    const { id: afterId } = await db.prisma.outgoingMail.create({ data: after });

    const [{ lz4 } = { lz4: false }] = await db.prisma.$queryRawUnsafe<{ lz4: boolean }[]>(
      `SELECT 'lz4' = ANY("enumvals") AS "lz4" FROM pg_settings WHERE "name" = 'default_toast_compression'`,
    );
    const all = (method: string) => Object.fromEntries(COLUMNS.map((c) => [c, method]));
    expect(await compressionOf(beforeId)).toEqual(all("pglz"));
    expect(await compressionOf(afterId)).toEqual(all(lz4 ? "lz4" : "pglz"));
    expect(await db.prisma.outgoingMail.findUnique({ where: { id: beforeId } })).toMatchObject(before);
    expect(await db.prisma.outgoingMail.findUnique({ where: { id: afterId } })).toMatchObject(after);
  });
});
