/**
 * The write of a new booking, in plain SQL on the client's own connection (ADR 011): Prisma's query compiler
 * was half the CPU of `POST /api/bookings`. One transaction holds the booking, its proof file's claim, its manage
 * link, its e-mails, its jobs and its webhook event (when an endpoint wants it): SQLite runs it synchronously, alone on the connection; PostgreSQL as one statement once
 * the booking's id is drawn (its messages name it). Made by an admin, its audit entry is one more companion. Constraint errors keep their driver's shape; errors.ts
 * reads both (isUniqueViolation, isForeignKeyViolation).
 */
import {
  BOOKING_SEARCH_BATCH,
  type Db,
  directAccess,
  indexWaitingBookings,
  type PgQuery,
  pgStatementName,
  type SqlValue,
  sqlInstant,
} from "@studio/db";
import type { AuditColumns } from "../../audit/trail";
import type { DirectJobRow } from "../../jobs/queue";
import type { MailRow } from "../../mail/outbox";
import type { WebhookEventRow } from "../webhooks/events";
import { addHeld, type HeldSeats, type HoldPlanner, type HoldRow, heldQuery, heldSeatsOf } from "./holds";

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

/**
 * What is written with the booking once its id is known: its manage link, e-mails, jobs and webhook events, and,
 * made by an admin, its audit entry (ADR 017).
 */
export type BookingCompanions = {
  accessTokenHash: string;
  mails: MailRow[];
  jobs: DirectJobRow[];
  webhookEvents?: WebhookEventRow[];
  audit?: AuditColumns | null;
};

/**
 * The seats of the booking's start slot (schedule.ts: "date time", then "…#2" and on), in the order they are
 * taken, and the refusal when none is left.
 */
export type StartSlot = { keys: readonly string[]; full: () => Error };

/**
 * The booking with its start slot and the planner of the crew and equipment it holds (holds.ts): its slot's seat
 * and its holds are chosen where it is written, from what is taken then.
 */
export type SeatedBooking = NewBooking & { slot: StartSlot; holds: HoldPlanner };

/** What the booking's write makes with it, once its id and slot seat are known. */
export type Companions = (id: number, created: Date, slotKey: string) => BookingCompanions;

export type InsertedBooking = NewBooking & {
  slotKey: string;
  holds: HoldRow[];
  id: number;
  status: "pending";
  createdAt: Date;
};

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
  "sealedLinks",
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

const AUDIT_COLUMNS = [
  "createdAt",
  "actorId",
  "actorName",
  "apiKeyId",
  "entity",
  "entityId",
  "action",
  "before",
  "after",
] as const;
/** A job's own columns (the rest take their defaults); runAt, createdAt and updatedAt are its due time. */
const JOB_COLUMNS = ["kind", "payload", "key", "runAt", "createdAt", "updatedAt"] as const;
const HOLD_COLUMNS = ["resource", "unit", "seat", "bookingId"] as const;

/** A JSON record of the batch statement that belongs to a booking its first part wrote (pgStatement). */
const OF_WRITTEN = `(e->>'bookingId')::int IN (SELECT "id" FROM booking)`;

const columnList = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(", ");
const questionMarks = (columns: readonly string[]) => columns.map(() => "?").join(", ");

const SQLITE_BOOKING_INSERT = `INSERT INTO "Booking" (${columnList(BOOKING_COLUMNS)}) VALUES (${questionMarks(BOOKING_COLUMNS)}) RETURNING "id"`;
const SQLITE_ACCESS_INSERT = `INSERT INTO "BookingAccess" (${columnList(ACCESS_COLUMNS)}) VALUES (${questionMarks(ACCESS_COLUMNS)})`;
const SQLITE_MAIL_INSERT = `INSERT INTO "OutgoingMail" (${columnList(MAIL_COLUMNS)}) VALUES (${questionMarks(MAIL_COLUMNS)})`;
const SQLITE_AUDIT_INSERT = `INSERT INTO "AuditEntry" (${columnList(AUDIT_COLUMNS)}) VALUES (${questionMarks(AUDIT_COLUMNS)})`;
const SQLITE_HOLD_INSERT = `INSERT INTO "ResourceHold" (${columnList(HOLD_COLUMNS)}) VALUES (${questionMarks(HOLD_COLUMNS)})`;
const SQLITE_JOB_INSERT = `INSERT INTO "Job" (${columnList(JOB_COLUMNS)}) VALUES (?, ?, ?, ?, ?, ?)`;
const SQLITE_EVENT_INSERT = `INSERT INTO "WebhookEvent" ("payload", "createdAt") VALUES (?, ?)`;

const instant = sqlInstant;

type BookingColumns = NewBooking & { slotKey: string };

function bookingValues(booking: BookingColumns, created: Date): SqlValue[] {
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

/** The booking's row as this write stores it (for its audit entry). */
export function writtenBooking(booking: BookingColumns, id: number, created: Date): Record<string, unknown> {
  const values = bookingValues(booking, created);
  return {
    id,
    ...Object.fromEntries(BOOKING_COLUMNS.map((column, i) => [column, values[i]])),
    heldDays: null,
    createdAt: created.toISOString(),
    updatedAt: created.toISOString(),
  };
}

function auditValues(entry: AuditColumns): SqlValue[] {
  return [
    instant(entry.createdAt),
    entry.actorId,
    entry.actorName,
    entry.apiKeyId,
    entry.entity,
    entry.entityId,
    entry.action,
    entry.before,
    entry.after,
  ];
}

function jobValues(job: DirectJobRow): SqlValue[] {
  const at = instant(job.runAt);
  return [job.kind, job.payload, job.key, at, at, at];
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
    mail.content,
    mail.attachments,
    mail.sealedLinks,
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

/** A row of `columns` holding `values` (in the same order), as jsonb_populate_record reads it. */
function recordOf(columns: readonly string[], values: readonly SqlValue[]): Record<string, SqlValue> {
  const record: Record<string, SqlValue> = {};
  for (const [i, column] of columns.entries()) record[column] = values[i] ?? null;
  return record;
}

/**
 * `record` as JSON, with `json`'s entries spliced in as they are: they are JSON texts already (an e-mail's content
 * and attachments, a job's payload, an audit entry's before and after), so they are not parsed and written again.
 */
function jsonRecord(record: Record<string, SqlValue>, json: Record<string, string | null>): string {
  const spliced = Object.entries(json).map(([key, text]) => `,${JSON.stringify(key)}:${text ?? "null"}`);
  return `${JSON.stringify(record).slice(0, -1)}${spliced.join("")}}`;
}

/** An e-mail as a JSON record of its table, its content and attachments (links sealed) spliced in. */
function mailRecordJson(mail: MailRow): string {
  const {
    content: _content,
    attachments: _attachments,
    ...scalars
  } = recordOf(MAIL_COLUMNS, mailValues(mail));
  return jsonRecord(scalars, { content: mail.content, attachments: mail.attachments });
}

/**
 * Writes the booking in the first free seat of its start slot, the holds its planner plans from what is held at
 * that moment, and what `companions` makes for it (called once, with the booking's id and seat), or nothing. A
 * resource with no seat left refuses it (the planner's error), then a start slot with no seat left (the slot's).
 * A reused key or a claimed proof file fails on its unique index, as does a slot seat or a hold that a writer
 * elsewhere took between the read and the write; a deleted service or proof file on its foreign key.
 */
export async function insertBooking(
  db: Db,
  booking: SeatedBooking,
  attachedAt: Date,
  companions: Companions,
): Promise<InsertedBooking> {
  const access = directAccess(db);
  const created = new Date();

  if (access.provider === "sqlite") {
    return access.transaction((sql) => {
      // Inside the transaction: no other write runs between these reads and the booking's.
      const read = heldQuery(booking.holds.resources, booking.holds.units);
      const holds = booking.holds.plan(heldSeatsOf(sql.all<HoldRow>(read.text, read.params)));
      const keys = booking.slot.keys;
      const taken = sql.all<{ slotKey: string }>(
        `SELECT "slotKey" FROM "Booking" WHERE "slotKey" IN (${questionMarks(keys)})`,
        keys,
      );
      const slotKey = freeSeat(booking.slot, new Set(taken.map((row) => row.slotKey)));
      if (booking.uploadId)
        sql.run(`UPDATE "Upload" SET "attachedAt" = ? WHERE "id" = ?`, [
          instant(attachedAt),
          booking.uploadId,
        ]);
      const row = sql.get<{ id: number }>(
        SQLITE_BOOKING_INSERT,
        bookingValues({ ...booking, slotKey }, created),
      );
      if (!row) throw new Error("The booking insert returned no id");
      // The search index takes new bookings a batch at a time (ADR 025): this write adds them once enough wait.
      indexWaitingBookings(sql, row.id, BOOKING_SEARCH_BATCH);
      for (const hold of holds) sql.run(SQLITE_HOLD_INSERT, [hold.resource, hold.unit, hold.seat, row.id]);
      const { accessTokenHash, mails, jobs, webhookEvents, audit } = companions(row.id, created, slotKey);
      sql.run(SQLITE_ACCESS_INSERT, [accessTokenHash, row.id, instant(created)]);
      for (const mail of mails) sql.run(SQLITE_MAIL_INSERT, mailValues(mail));
      for (const job of jobs) sql.run(SQLITE_JOB_INSERT, jobValues(job));
      for (const event of webhookEvents ?? [])
        sql.run(SQLITE_EVENT_INSERT, [event.payload, instant(event.createdAt)]);
      if (audit) sql.run(SQLITE_AUDIT_INSERT, auditValues(audit));
      return inserted(booking, { id: row.id, slotKey, holds, created });
    });
  }

  return postgresBatcher(db, access.query).insert({ booking, attachedAt, companions, created });
}

function inserted(
  booking: SeatedBooking,
  written: { id: number; slotKey: string; holds: HoldRow[]; created: Date },
): InsertedBooking {
  const { slot: _slot, holds: _planner, ...fields } = booking;
  const { id, slotKey, holds, created } = written;
  return { ...fields, id, slotKey, holds, status: "pending", createdAt: created };
}

/** The first seat of the start slot that is not taken; the slot's refusal when every one is. */
function freeSeat(slot: StartSlot, taken: ReadonlySet<string>): string {
  const key = slot.keys.find((seat) => !taken.has(seat));
  if (key === undefined) throw slot.full();
  return key;
}

/* ------------------------------------------------------------------------------------------------ */
/* PostgreSQL: bookings written together                                                            */

type PgRequest = {
  booking: SeatedBooking;
  attachedAt: Date;
  companions: Companions;
  created: Date;
};

/** A request with its id drawn, its slot's seat and its holds chosen and its companions made. */
export type PgRow = PgRequest & { id: number; slotKey: string; holds: HoldRow[]; made: BookingCompanions };

/** Bookings one statement writes at most. */
const PG_BATCH_MAX = 64;

type Pending = PgRequest & { resolve: (row: InsertedBooking) => void; reject: (error: unknown) => void };

/** Answers a booking's caller with how its write ended. */
type Settle = () => void;

type PgBatcher = { insert: (request: PgRequest) => Promise<InsertedBooking> };

const batchers = new WeakMap<Db, PgBatcher>();

/** The name DRAW_IDS_AND_READ_TAKEN is prepared under on each connection. */
export const DRAW_IDS_STATEMENT = "booking-ids-taken";

/**
 * The batch's ids, what is held in its bookings' units and which of their start slots' seats are taken, in one
 * round trip. The lists come as JSON text (one statement text, named, whatever their length). The count goes
 * through a sub-select: given `generate_series(1, $1)`, the planner estimated each value's exact row count, found a
 * plan for the values cheaper than the generic one, and so planned the statement again for every batch (0.15-0.26
 * ms, a twentieth of PostgreSQL's busy time in a creation run), only to make the same plan.
 */
const DRAW_IDS_AND_READ_TAKEN = `SELECT 'id' AS "kind", nextval(pg_get_serial_sequence('"Booking"', 'id'))::text AS "value", NULL AS "unit", NULL::int AS "seat" FROM generate_series(1, (SELECT $1::int))
  UNION ALL
  SELECT 'held', "resource", "unit", "seat" FROM "ResourceHold"
  WHERE "resource" = ANY(ARRAY(SELECT jsonb_array_elements_text($2::jsonb)))
    AND "unit" = ANY(ARRAY(SELECT jsonb_array_elements_text($3::jsonb)))
  UNION ALL
  SELECT 'slot', "slotKey", NULL, NULL FROM "Booking"
  WHERE "slotKey" = ANY(ARRAY(SELECT jsonb_array_elements_text($4::jsonb)))`;

type DrawnRow = { kind: "id" | "held" | "slot"; value: string; unit: string | null; seat: number | null };

/**
 * Bookings that arrive while the previous batch is written (or within one turn of the event loop) are written
 * together, one batch at a time: their ids drawn and their units' holds read in one round trip, each booking's
 * seats planned in turn (a seat planned for one counts as held for the next), then every booking, hold, manage
 * link, proof claim and e-mail written by a second statement. So a burst pays for two round trips, one plan and
 * one commit, and bookings of one instance never plan the same seat. A booking the statement skips (its slot,
 * idempotency key or proof file taken meanwhile: ON CONFLICT DO NOTHING) is written again on its own, and so
 * fails with its own unique violation; a statement that fails as a whole (a seat taken by another instance, a
 * service or proof file deleted meanwhile) is retried one booking at a time, so each caller gets the error that
 * is its own.
 */
function postgresBatcher(db: Db, query: PgQuery): PgBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createPostgresBatcher(query);
    batchers.set(db, batcher);
  }
  return batcher;
}

/** The batcher of postgresBatcher on `query` (exported for its tests, which script the database's answers). */
export function createPostgresBatcher(query: PgQuery): PgBatcher {
  let queue: Pending[] = [];
  let scheduled = false;
  let writing = false;

  const planned = async (batch: Pending[]): Promise<(PgRow & Pending)[]> => {
    const resources = new Set<string>();
    const units = new Set<string>();
    const seats = new Set<string>();
    for (const { booking } of batch) {
      for (const resource of booking.holds.resources) resources.add(resource);
      for (const unit of booking.holds.units) units.add(unit);
      for (const key of booking.slot.keys) seats.add(key);
    }
    const drawn = await query<DrawnRow>(
      DRAW_IDS_AND_READ_TAKEN,
      [batch.length, JSON.stringify([...resources]), JSON.stringify([...units]), JSON.stringify([...seats])],
      DRAW_IDS_STATEMENT,
    );
    const ids: number[] = [];
    const heldRows: HoldRow[] = [];
    const taken = new Set<string>();
    for (const row of drawn) {
      if (row.kind === "id") ids.push(Number(row.value));
      else if (row.kind === "slot") taken.add(row.value);
      else heldRows.push({ resource: row.value, unit: row.unit ?? "", seat: Number(row.seat) });
    }
    const held: HeldSeats = heldSeatsOf(heldRows);
    const rows: (PgRow & Pending)[] = [];
    for (const [i, item] of batch.entries()) {
      const id = ids[i]!;
      try {
        // The holds first, so a refusal names the missing resource rather than the full slot.
        const holds = item.booking.holds.plan(held);
        const slotKey = freeSeat(item.booking.slot, taken);
        const made = item.companions(id, item.created, slotKey);
        addHeld(held, holds);
        taken.add(slotKey);
        rows.push({ ...item, id, slotKey, holds, made });
      } catch (error) {
        item.reject(error);
      }
    }
    return rows;
  };

  /**
   * Writes the batch and returns how to answer each caller, without answering yet: the writer sends the next
   * batch's read first, as the answers (tRPC or REST, then HTTP) share this event loop and PostgreSQL would idle
   * behind them.
   */
  const flush = async (batch: Pending[]): Promise<Settle[]> => {
    let rows: (PgRow & Pending)[];
    try {
      rows = await planned(batch);
    } catch (error) {
      return batch.map((item) => () => item.reject(error));
    }
    const one = async (row: PgRow & Pending): Promise<Settle> => {
      try {
        await query(...pgStatement([row], false));
        return () => row.resolve(insertedOf(row));
      } catch (error) {
        return () => row.reject(error);
      }
    };
    if (rows.length === 1) return [await one(rows[0]!)];
    if (rows.length === 0) return [];
    let written: Set<number>;
    try {
      const returned = await query<{ id: string | number }>(...pgStatement(rows, true));
      written = new Set(returned.map((r) => Number(r.id)));
    } catch {
      return Promise.all(rows.map(one));
    }
    return Promise.all(
      rows.map((row) => (written.has(row.id) ? () => row.resolve(insertedOf(row)) : one(row))),
    );
  };

  /** One batch at a time: the next one reads what this one holds. */
  const writeNext = () => {
    if (writing || queue.length === 0) return;
    writing = true;
    const batch = queue.slice(0, PG_BATCH_MAX);
    queue = queue.slice(PG_BATCH_MAX);
    const release = () => {
      writing = false;
      writeNext();
    };
    void flush(batch).then(
      (settles) => {
        // The next batch's read goes out first: its callers' answers then run while PostgreSQL reads.
        release();
        setImmediate(() => {
          for (const settle of settles) settle();
        });
      },
      (error: unknown) => {
        for (const item of batch) item.reject(error);
        release();
      },
    );
  };

  return {
    insert(request) {
      return new Promise<InsertedBooking>((resolve, reject) => {
        queue.push({ ...request, resolve, reject });
        if (scheduled || writing) return;
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          writeNext();
        });
      });
    },
  };
}

function insertedOf(row: PgRow): InsertedBooking {
  return inserted(row.booking, row);
}

/**
 * One statement that writes the rows' bookings and, for each booking written, its holds, proof's claim, manage
 * link, e-mails, jobs, webhook events and audit entry. `skipTaken`: a booking whose unique key is taken is skipped
 * (with everything of its own), and the statement answers the ids it wrote; otherwise such a booking fails the
 * statement. Each table's rows are one jsonb parameter, however many: the text depends only on which tables the
 * batch writes to and on skipTaken, not on how many bookings it holds. So a burst names two or three texts, each
 * parsed and planned once per connection, where a VALUES row per booking made one text per batch size (128 for
 * batches of 1 to 64, the longest 33,867 characters with 3,457 values) and used up the names the hot reads share.
 */
export function pgStatement(rows: PgRow[], skipTaken: boolean): [string, SqlValue[], string | undefined] {
  const values: SqlValue[] = [];
  /**
   * The records as one jsonb parameter: each one `e`, and `v` the row of `table`'s own type it makes (its columns'
   * types, enums and JSON columns as the table has them; keys that are no column, a booking's id, stay in `e`).
   */
  const tableRows = (table: string, records: string[]) => {
    values.push(`[${records.join(",")}]`);
    return `jsonb_array_elements($${values.length}::jsonb) AS e, jsonb_populate_record(NULL::"${table}", e) AS v`;
  };
  /** Inserts of `table`'s `columns` from the records that belong to a booking the first part wrote. */
  const insertOfWritten = (name: string, table: string, columns: readonly string[], records: string[]) =>
    `${name} AS (INSERT INTO "${table}" (${columnList(columns)}) SELECT ${columnList(columns)} FROM ${tableRows(table, records)} WHERE ${OF_WRITTEN})`;

  const bookings = rows.map((r) =>
    JSON.stringify(
      recordOf(
        ["id", ...BOOKING_COLUMNS],
        [r.id, ...bookingValues({ ...r.booking, slotKey: r.slotKey }, r.created)],
      ),
    ),
  );
  const parts = [
    `booking AS (INSERT INTO "Booking" ("id", ${columnList(BOOKING_COLUMNS)}) SELECT "id", ${columnList(BOOKING_COLUMNS)} FROM ${tableRows("Booking", bookings)}${
      skipTaken ? " ON CONFLICT DO NOTHING" : ""
    } RETURNING "id")`,
    insertOfWritten(
      "access",
      "BookingAccess",
      ACCESS_COLUMNS,
      rows.map((r) =>
        JSON.stringify(recordOf(ACCESS_COLUMNS, [r.made.accessTokenHash, r.id, instant(r.created)])),
      ),
    ),
  ];
  const holds = rows.flatMap((r) => r.holds.map((hold) => JSON.stringify({ ...hold, bookingId: r.id })));
  // No ON CONFLICT: a seat taken meanwhile fails the statement, and each booking is then written alone.
  if (holds.length) parts.push(insertOfWritten("hold", "ResourceHold", HOLD_COLUMNS, holds));
  const proofs = rows
    .filter((r) => r.booking.uploadId)
    .map((r) =>
      JSON.stringify({ id: r.booking.uploadId, attachedAt: instant(r.attachedAt), bookingId: r.id }),
    );
  if (proofs.length) {
    parts.push(
      `proof AS (UPDATE "Upload" SET "attachedAt" = v."attachedAt" FROM ${tableRows("Upload", proofs)} WHERE "Upload"."id" = v."id" AND ${OF_WRITTEN})`,
    );
  }
  const mails = rows.flatMap((r) => r.made.mails.map(mailRecordJson));
  if (mails.length) parts.push(insertOfWritten("mail", "OutgoingMail", MAIL_COLUMNS, mails));
  const jobs = rows.flatMap((r) =>
    r.made.jobs.map((job) => {
      const at = instant(job.runAt);
      const record = {
        kind: job.kind,
        key: job.key,
        runAt: at,
        createdAt: at,
        updatedAt: at,
        bookingId: r.id,
      };
      return jsonRecord(record, { payload: job.payload });
    }),
  );
  if (jobs.length) parts.push(insertOfWritten("job", "Job", JOB_COLUMNS, jobs));
  const events = rows.flatMap((r) =>
    (r.made.webhookEvents ?? []).map((event) =>
      JSON.stringify({ payload: event.payload, createdAt: instant(event.createdAt), bookingId: r.id }),
    ),
  );
  if (events.length) parts.push(insertOfWritten("event", "WebhookEvent", ["payload", "createdAt"], events));
  const audits = rows.flatMap((r) => {
    if (!r.made.audit) return [];
    const { before, after, ...entry } = r.made.audit;
    return [
      jsonRecord({ ...entry, createdAt: instant(entry.createdAt), bookingId: r.id }, { before, after }),
    ];
  });
  if (audits.length) parts.push(insertOfWritten("audit", "AuditEntry", AUDIT_COLUMNS, audits));
  // A statement is one transaction: every part is written, or none.
  const text = `WITH ${parts.join(", ")} SELECT "id" FROM booking`;
  return [text, values, pgStatementName(text)];
}
