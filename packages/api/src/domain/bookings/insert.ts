/**
 * The write of a new booking, in plain SQL on the client's own connection (ADR 011): Prisma's query compiler
 * was half the CPU of `POST /api/bookings`. One transaction holds the booking, its proof file's claim, its manage
 * link and its e-mails: SQLite runs it synchronously, alone on the connection; PostgreSQL as one statement once
 * the booking's id is drawn (its messages name it). Constraint errors keep their driver's shape; errors.ts
 * reads both (isUniqueViolation, isForeignKeyViolation).
 */
import { type Db, directAccess, type SqlValue } from "@studio/db";
import type { MailRow } from "../../mail/outbox";

export type NewBooking = {
  name: string;
  email: string;
  phone: string;
  serviceId: number;
  date: string;
  time: string;
  message: string | null;
  idempotencyKey: string | null;
  image: string | null;
  uploadId: string | null;
};

/** What is written with the booking once its id is known. */
export type BookingCompanions = { accessTokenHash: string; mails: MailRow[] };

/** The booking in one of its slot's seats (schedule.ts). */
type SeatedBooking = NewBooking & { slotKey: string };

export type InsertedBooking = SeatedBooking & { id: number; status: "pending"; createdAt: Date };

const BOOKING_COLUMNS = [
  "name",
  "email",
  "phone",
  "serviceId",
  "date",
  "time",
  "message",
  "image",
  "uploadId",
  "status",
  "slotKey",
  "idempotencyKey",
  "createdAt",
  "updatedAt",
] as const;

const MAIL_COLUMNS = [
  "kind",
  "status",
  "recipients",
  "replyTo",
  "subject",
  "html",
  "text",
  "content",
  "attachments",
  "messageId",
  "inReplyTo",
  "references",
  "bookingId",
  "slot",
  "notBefore",
  "createdAt",
  "updatedAt",
] as const;

const ACCESS_COLUMNS = ["tokenHash", "bookingId", "createdAt"] as const;

const columnList = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(", ");
const questionMarks = (columns: readonly string[]) => columns.map(() => "?").join(", ");

const SQLITE_BOOKING_INSERT = `INSERT INTO "Booking" (${columnList(BOOKING_COLUMNS)}) VALUES (${questionMarks(BOOKING_COLUMNS)}) RETURNING "id"`;
const SQLITE_ACCESS_INSERT = `INSERT INTO "BookingAccess" (${columnList(ACCESS_COLUMNS)}) VALUES (${questionMarks(ACCESS_COLUMNS)})`;
const SQLITE_MAIL_INSERT = `INSERT INTO "OutgoingMail" (${columnList(MAIL_COLUMNS)}) VALUES (${questionMarks(MAIL_COLUMNS)})`;

/** Timestamps as Prisma stores them: ISO text on SQLite, and a UTC wall time PostgreSQL's TIMESTAMP reads. */
const instant = (date: Date) => date.toISOString().replace("Z", "+00:00");

function bookingValues(booking: SeatedBooking, created: Date): SqlValue[] {
  const at = instant(created);
  return [
    booking.name,
    booking.email,
    booking.phone,
    booking.serviceId,
    booking.date,
    booking.time,
    booking.message,
    booking.image,
    booking.uploadId,
    "pending",
    booking.slotKey,
    booking.idempotencyKey,
    at,
    at,
  ];
}

function mailValues(mail: MailRow): SqlValue[] {
  return [
    mail.kind,
    mail.status,
    mail.recipients,
    mail.replyTo,
    mail.subject,
    mail.html,
    mail.text,
    JSON.stringify(mail.content),
    mail.attachments ? JSON.stringify(mail.attachments) : null,
    mail.messageId,
    mail.inReplyTo,
    mail.references,
    mail.bookingId,
    mail.slot,
    instant(mail.notBefore),
    instant(mail.createdAt),
    instant(mail.createdAt),
  ];
}

/**
 * Writes the booking and what `companions` makes for it (called once, with the booking's id), or nothing. A
 * taken slot, a reused key or a claimed proof file fails on its unique index; a deleted service or proof file on
 * its foreign key.
 */
export async function insertBooking(
  db: Db,
  booking: SeatedBooking,
  attachedAt: Date,
  companions: (id: number) => BookingCompanions,
): Promise<InsertedBooking> {
  const access = directAccess(db);
  const created = new Date();
  const done = (id: number): InsertedBooking => ({ ...booking, id, status: "pending", createdAt: created });

  if (access.provider === "sqlite") {
    return access.transaction((sql) => {
      if (booking.uploadId)
        sql.run(`UPDATE "Upload" SET "attachedAt" = ? WHERE "id" = ?`, [
          instant(attachedAt),
          booking.uploadId,
        ]);
      const row = sql.get<{ id: number }>(SQLITE_BOOKING_INSERT, bookingValues(booking, created));
      if (!row) throw new Error("The booking insert returned no id");
      const { accessTokenHash, mails } = companions(row.id);
      sql.run(SQLITE_ACCESS_INSERT, [accessTokenHash, row.id, instant(created)]);
      for (const mail of mails) sql.run(SQLITE_MAIL_INSERT, mailValues(mail));
      return done(row.id);
    });
  }

  const [drawn] = await access.query<{ id: string | number }>(
    `SELECT nextval(pg_get_serial_sequence('"Booking"', 'id')) AS "id"`,
    [],
  );
  const id = Number(drawn?.id);
  const { accessTokenHash, mails } = companions(id);
  const values: SqlValue[] = [];
  const placeholders = (row: SqlValue[]) => {
    const start = values.length;
    values.push(...row);
    return `(${row.map((_, i) => `$${start + i + 1}`).join(", ")})`;
  };
  const parts = [
    `booking AS (INSERT INTO "Booking" ("id", ${columnList(BOOKING_COLUMNS)}) VALUES ${placeholders([id, ...bookingValues(booking, created)])})`,
    `access AS (INSERT INTO "BookingAccess" (${columnList(ACCESS_COLUMNS)}) VALUES ${placeholders([accessTokenHash, id, instant(created)])})`,
  ];
  if (booking.uploadId) {
    parts.push(
      `proof AS (UPDATE "Upload" SET "attachedAt" = ${placeholders([instant(attachedAt)])}::TIMESTAMP(3) WHERE "id" = ${placeholders([booking.uploadId])})`,
    );
  }
  const mailRows = mails.map((mail) => placeholders(mailValues(mail))).join(", ");
  // One statement, so one transaction: every part is written, or none.
  await access.query(
    `WITH ${parts.join(", ")} INSERT INTO "OutgoingMail" (${columnList(MAIL_COLUMNS)}) VALUES ${mailRows}`,
    values,
  );
  return done(id);
}
