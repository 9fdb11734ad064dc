/**
 * The plain-SQL write of a new booking (insert.ts, ADR 011), on SQLite and PostgreSQL: what it stores is what
 * Prisma reads back, it writes all or nothing, and its constraint errors are recognised.
 */
import { randomUUID } from "node:crypto";
import { directAccess } from "@studio/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isForeignKeyViolation, isUniqueViolation } from "../errors";
import { heldRangeInWords, MESSAGES } from "@studio/validators";
import { z } from "zod";
import { directJobRow } from "../jobs/queue";
import { rowOf } from "../mail/outbox";
import { createProofUpload, createTestService, seatedTestBooking } from "../testing/fixtures";
import { createHarness, type Harness } from "../testing/harness";
import { DEFAULT_TIMING, holdPlanner, isHoldTaken, type SessionFacts } from "./bookings/holds";
import {
  DRAW_IDS_STATEMENT,
  insertBooking,
  type NewBooking,
  type PgRow,
  pgStatement,
  type SeatedBooking,
  type StartSlot,
} from "./bookings/insert";

let h: Harness;
let serviceId: number;
let day = 0;

beforeAll(async () => {
  h = await createHarness();
  const service = await createTestService(h.deps.db);
  serviceId = service.id;
});
afterAll(async () => {
  await h.close();
});

/** The refusal of a start slot with no seat left (create.ts answers the REST contract's message). */
class SlotFull extends Error {}
const startSlot = (...keys: string[]): StartSlot => ({ keys, full: () => new SlotFull("no seat left") });
/** A booking's first (here: only) seat of its start slot. */
const keyOf = (booking: SeatedBooking | undefined) => booking?.slot.keys[0] ?? "";

function newBooking(overrides: Partial<NewBooking> = {}): SeatedBooking {
  day += 1;
  const date = `2031-03-${String(day).padStart(2, "0")}`;
  return { ...seatedTestBooking(date, serviceId), slot: startSlot(`${date} 10:00`), ...overrides };
}

const CONTENT = {
  studio: { name: "S", address: [], phones: [], emails: [], website: "" },
  email: { preview: "p", heading: "h", blocks: [{ kind: "text" as const, text: "t" }] },
};

/** A job written with each booking (as a webhook event is). */
const BOOKING_JOB = { kind: "test.booking-job", payload: z.object({ bookingId: z.number() }) };

/** A webhook event written with each booking, found again by its text. */
const eventPayload = (id: number) => JSON.stringify({ bookingId: id });

function companions(id: number) {
  return {
    accessTokenHash: `hash-${randomUUID()}`,
    jobs: [directJobRow(BOOKING_JOB, { bookingId: id }, new Date(), `booking:${id}`)],
    webhookEvents: [{ payload: eventPayload(id), createdAt: new Date() }],
    mails: [
      rowOf(h.deps, {
        kind: "booking.received",
        to: ["ada@example.test"],
        subject: `Booking #${id}`,
        content: CONTENT,
        attachments: [{ filename: "invite.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" }],
        bookingId: id,
      }),
      rowOf(h.deps, {
        kind: "studio.booking",
        to: ["owner@studio.test"],
        replyTo: "ada@example.test",
        subject: "New booking",
        content: CONTENT,
        bookingId: id,
      }),
    ],
  };
}

async function writtenFor(id: number) {
  const [access, mails, jobs, events] = await Promise.all([
    h.deps.db.bookingAccess.count({ where: { bookingId: id } }),
    h.deps.db.outgoingMail.findMany({ where: { bookingId: id }, orderBy: { id: "asc" } }),
    h.deps.db.job.findMany({ where: { key: `booking:${id}` } }),
    h.deps.db.webhookEvent.count({ where: { payload: eventPayload(id) } }),
  ]);
  return { access, mails, jobs, events };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the write to fail");
}

describe("insertBooking", () => {
  it("stores the booking, its manage link and its messages as Prisma reads them", async () => {
    const admin = (await h.admin()).caller;
    const statsBefore = await admin.bookings.stats();
    const booking = newBooking({ idempotencyKey: `key-${randomUUID()}` });
    let composedFor: number | null = null;
    const inserted = await insertBooking(h.deps.db, booking, new Date(), (id) => {
      composedFor = id;
      return companions(id);
    });
    expect(composedFor).toBe(inserted.id);

    const stored = await h.deps.db.booking.findUniqueOrThrow({ where: { id: inserted.id } });
    expect(stored).toMatchObject({
      name: booking.name,
      email: booking.email,
      message: booking.message,
      serviceId,
      date: booking.date,
      time: "10:00",
      status: "pending",
      slotKey: keyOf(booking),
      idempotencyKey: booking.idempotencyKey,
      image: null,
      uploadId: null,
    });
    expect(stored.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(stored.createdAt.getTime() - inserted.createdAt.getTime())).toBeLessThan(1_000);

    const { access, mails, jobs, events } = await writtenFor(inserted.id);
    expect(access).toBe(1);
    expect(events).toBe(1);
    expect(jobs.map((j) => [j.kind, j.payload, j.status])).toEqual([
      [BOOKING_JOB.kind, { bookingId: inserted.id }, "pending"],
    ]);
    expect(mails.map((m) => m.kind)).toEqual(["booking.received", "studio.booking"]);
    expect(mails[0]).toMatchObject({ subject: `Booking #${inserted.id}`, recipients: "ada@example.test" });
    expect(mails[0]?.attachments).toEqual([
      { filename: "invite.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" },
    ]);
    expect(mails[1]).toMatchObject({ replyTo: "ada@example.test", attachments: null });
    expect(mails[1]?.content).toEqual(CONTENT);
    // The counts are kept by the table's triggers, whoever writes.
    const statsAfter = await admin.bookings.stats();
    expect(statsAfter.pending).toBe(statsBefore.pending + 1);
  });

  it("writes nothing when every seat of its start slot is taken, and answers the slot's refusal", async () => {
    const first = newBooking();
    await insertBooking(h.deps.db, first, new Date(), companions);
    const mailsBefore = await h.deps.db.outgoingMail.count();
    const accessBefore = await h.deps.db.bookingAccess.count();

    const error = await failureOf(
      insertBooking(h.deps.db, { ...newBooking(), slot: startSlot(keyOf(first)) }, new Date(), companions),
    );
    expect(error).toBeInstanceOf(SlotFull);
    expect(await h.deps.db.outgoingMail.count()).toBe(mailsBefore);
    expect(await h.deps.db.bookingAccess.count()).toBe(accessBefore);
  });

  it("takes the first free seat of its start slot, and composes its messages for that seat", async () => {
    const first = newBooking();
    await insertBooking(h.deps.db, first, new Date(), companions);
    const second = `${keyOf(first)}#2`;
    let composedWith = "";
    const inserted = await insertBooking(
      h.deps.db,
      { ...newBooking(), slot: startSlot(keyOf(first), second, `${keyOf(first)}#3`) },
      new Date(),
      (id, _created, slotKey) => {
        composedWith = slotKey;
        return companions(id);
      },
    );
    expect(inserted.slotKey).toBe(second);
    expect(composedWith).toBe(second);
    expect((await h.deps.db.booking.findUniqueOrThrow({ where: { id: inserted.id } })).slotKey).toBe(second);
  });

  it("recognises a reused idempotency key", async () => {
    const key = `key-${randomUUID()}`;
    await insertBooking(h.deps.db, newBooking({ idempotencyKey: key }), new Date(), companions);
    const error = await failureOf(
      insertBooking(h.deps.db, newBooking({ idempotencyKey: key }), new Date(), companions),
    );
    expect(isUniqueViolation(error, "idempotencyKey")).toBe(true);
    expect(isUniqueViolation(error, "slotKey")).toBe(false);
  });

  it("a proof file that no longer exists fails on the foreign key and writes nothing", async () => {
    const before = await h.deps.db.booking.count();
    const error = await failureOf(
      insertBooking(
        h.deps.db,
        newBooking({ uploadId: randomUUID(), image: "/uploads/private/x.pdf" }),
        new Date(),
        companions,
      ),
    );
    expect(isForeignKeyViolation(error)).toBe(true);
    expect(isUniqueViolation(error)).toBe(false);
    expect(await h.deps.db.booking.count()).toBe(before);
  });

  it("a deleted service fails on the foreign key", async () => {
    const error = await failureOf(
      insertBooking(h.deps.db, newBooking({ serviceId: 999_999 }), new Date(), companions),
    );
    expect(isForeignKeyViolation(error)).toBe(true);
  });

  it("claims the proof file with the booking: attached, and no second booking can take it", async () => {
    const upload = await createProofUpload(h.deps.db);
    const attachedAt = new Date("2030-01-15T20:00:00Z");
    const image = `/uploads/${upload.storageKey}`;
    const inserted = await insertBooking(
      h.deps.db,
      newBooking({ uploadId: upload.id, image }),
      attachedAt,
      companions,
    );
    const stored = await h.deps.db.upload.findUniqueOrThrow({ where: { id: upload.id } });
    expect(stored.attachedAt?.toISOString()).toBe(attachedAt.toISOString());
    expect((await h.deps.db.booking.findUniqueOrThrow({ where: { id: inserted.id } })).uploadId).toBe(
      upload.id,
    );

    const error = await failureOf(
      insertBooking(h.deps.db, newBooking({ uploadId: upload.id, image }), new Date(), companions),
    );
    expect(isUniqueViolation(error, "uploadId")).toBe(true);
  });

  it("an error while composing rolls the booking back", async () => {
    const booking = newBooking();
    await expect(
      insertBooking(h.deps.db, booking, new Date(), () => {
        throw new Error("composition failed");
      }),
    ).rejects.toThrow("composition failed");
    expect(await h.deps.db.booking.count({ where: { slotKey: keyOf(booking) } })).toBe(0);
  });
});

describe("bookings written together (SQLite: one group commit; PostgreSQL: one statement)", () => {
  it("writes every booking of a burst, each with its own link and messages", async () => {
    const bookings = Array.from({ length: 12 }, () => newBooking());
    const inserted = await Promise.all(
      bookings.map((b) => insertBooking(h.deps.db, b, new Date(), companions)),
    );
    expect(new Set(inserted.map((b) => b.id)).size).toBe(12);
    for (const [i, booking] of inserted.entries()) {
      expect(booking.slotKey).toBe(keyOf(bookings[i]));
      const stored = await h.deps.db.booking.findUniqueOrThrow({ where: { id: booking.id } });
      expect(stored.slotKey).toBe(booking.slotKey);
      const { access, mails, jobs, events } = await writtenFor(booking.id);
      expect(access).toBe(1);
      expect(events).toBe(1);
      expect(jobs.map((j) => j.payload)).toEqual([{ bookingId: booking.id }]);
      expect(mails.map((m) => m.subject)).toEqual([`Booking #${booking.id}`, "New booking"]);
    }
  });

  it("refuses only the bookings that lose their seat, key or proof file; the others are written", async () => {
    const taken = newBooking();
    await insertBooking(h.deps.db, taken, new Date(), companions);
    const upload = await createProofUpload(h.deps.db);
    const image = `/uploads/${upload.storageKey}`;
    const key = `key-${randomUUID()}`;
    const twin = newBooking();
    const jobsBefore = await h.deps.db.job.count({ where: { kind: BOOKING_JOB.kind } });
    const eventsBefore = await h.deps.db.webhookEvent.count();
    const burst = [
      newBooking(),
      { ...newBooking(), slot: startSlot(keyOf(taken)) }, // a seat taken before
      newBooking({ idempotencyKey: key }),
      newBooking({ idempotencyKey: key }), // the same key within the burst
      newBooking({ uploadId: upload.id, image }),
      newBooking({ uploadId: upload.id, image }), // the same proof within the burst
      twin,
      { ...newBooking(), slot: startSlot(keyOf(twin)) }, // the same seat within the burst
      newBooking(),
    ];
    const outcomes = await Promise.allSettled(
      burst.map((b) => insertBooking(h.deps.db, b, new Date(), companions)),
    );
    const refusedBy = outcomes.map((o) => {
      if (o.status === "fulfilled") return "written";
      if (o.reason instanceof SlotFull) return "slotKey";
      if (isUniqueViolation(o.reason, "idempotencyKey")) return "idempotencyKey";
      if (isUniqueViolation(o.reason, "uploadId")) return "uploadId";
      return String(o.reason);
    });
    expect(refusedBy).toEqual([
      "written",
      "slotKey",
      "written",
      "idempotencyKey",
      "written",
      "uploadId",
      "written",
      "slotKey",
      "written",
    ]);
    for (const [i, outcome] of outcomes.entries()) {
      const stored = await h.deps.db.booking.findMany({ where: { slotKey: keyOf(burst[i]) } });
      if (outcome.status === "fulfilled") {
        expect(stored.map((b) => b.id)).toEqual([outcome.value.id]);
        expect((await writtenFor(outcome.value.id)).mails).toHaveLength(2);
      }
    }
    // A refused booking left no link or message behind: one of each per written booking.
    const written = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value.id] : []));
    expect(await h.deps.db.bookingAccess.count({ where: { bookingId: { in: written } } })).toBe(5);
    expect((await h.deps.db.job.count({ where: { kind: BOOKING_JOB.kind } })) - jobsBefore).toBe(5);
    expect((await h.deps.db.webhookEvent.count()) - eventsBefore).toBe(5);
    const attached = await h.deps.db.booking.findMany({ where: { uploadId: upload.id } });
    expect(attached).toHaveLength(1);
  });

  it("plans each booking's seats from what is held when it is written, counting those of the burst before it", async () => {
    const date = "2031-05-20";
    const drone = await h.deps.db.equipment.create({ data: { name: `Drone ${randomUUID()}`, count: 1 } });
    const plainHour: SessionFacts = { ...DEFAULT_TIMING, equipment: [] };
    const withDrone: SessionFacts = {
      ...DEFAULT_TIMING,
      equipment: [{ resource: `equipment:${drone.id}`, name: "Drone kit", count: 1, quantity: 1 }],
    };
    const at = (time: string, facts: SessionFacts, crews: number): SeatedBooking => ({
      ...newBooking(),
      date,
      time,
      slot: startSlot(`${date} ${time} ${randomUUID()}`),
      holds: holdPlanner({ date, time }, facts, crews),
    });
    // Held before the burst: crew seat 1 at 10:00–11:00.
    await insertBooking(h.deps.db, at("10:00", plainHour, 2), new Date(), companions);
    const burst = [
      at("10:00", plainHour, 2), // seat 2 (seat 1 is held before)
      at("10:30", plainHour, 2), // 10:30 is full: seat 1 held before, seat 2 by the first of the burst
      at("11:00", withDrone, 2), // seat 1 of the crew and the drone
      at("11:30", withDrone, 3), // a crew is free, the drone is not: the one before holds it at 11:30
    ];
    const outcomes = await Promise.allSettled(
      burst.map((b) => insertBooking(h.deps.db, b, new Date(), companions)),
    );
    const seats = outcomes.map((o) =>
      o.status === "fulfilled"
        ? o.value.holds.map((hold) => `${hold.resource} ${hold.unit.slice(11)} #${hold.seat}`)
        : o.reason instanceof Error
          ? o.reason.message
          : String(o.reason),
    );
    const equipment = `equipment:${drone.id}`;
    expect(seats).toEqual([
      ["crew 10:00 #2", "crew 10:30 #2"],
      MESSAGES.booking.slotTaken,
      ["crew 11:00 #1", "crew 11:30 #1", `${equipment} 11:00 #1`, `${equipment} 11:30 #1`],
      MESSAGES.booking.resourceTaken("Drone kit", heldRangeInWords(date, { from: 690, to: 750 })),
    ]);
    for (const o of outcomes) if (o.status === "rejected") expect(isHoldTaken(o.reason)).toBe(false);
    const stored = await h.deps.db.resourceHold.findMany({
      where: { unit: { startsWith: date } },
      orderBy: [{ resource: "asc" }, { unit: "asc" }, { seat: "asc" }],
    });
    expect(stored.map((hold) => `${hold.resource} ${hold.unit.slice(11)} #${hold.seat}`)).toEqual([
      "crew 10:00 #1",
      "crew 10:00 #2",
      "crew 10:30 #1",
      "crew 10:30 #2",
      "crew 11:00 #1",
      "crew 11:30 #1",
      `${equipment} 11:00 #1`,
      `${equipment} 11:30 #1`,
    ]);
  });

  it("never plans a seat twice when a burst spans several batches and more requests arrive while it is written", async () => {
    const date = "2031-06-11";
    // Two crews and 150 requests for the same hour, in two waves: the first fills more than one PostgreSQL batch
    // (64 bookings), and the second arrives while it is written. Each batch must read what the one before holds.
    const sameHour = (): SeatedBooking => ({
      ...newBooking(),
      date,
      time: "14:00",
      slot: startSlot(`${date} 14:00 ${randomUUID()}`),
      holds: holdPlanner({ date, time: "14:00" }, { ...DEFAULT_TIMING, equipment: [] }, 2),
    });
    const write = (booking: SeatedBooking) => insertBooking(h.deps.db, booking, new Date(), companions);
    const first = Array.from({ length: 100 }, () => write(sameHour()));
    await Promise.race(first.map((p) => p.catch(() => undefined)));
    const second = Array.from({ length: 50 }, () => write(sameHour()));
    const outcomes = await Promise.allSettled([...first, ...second]);
    const written = outcomes.filter((o) => o.status === "fulfilled");
    expect(written).toHaveLength(2);
    for (const o of outcomes) {
      if (o.status === "fulfilled") continue;
      // Refused by the plan, never by a hold's unique index (a seat planned twice).
      expect(isHoldTaken(o.reason)).toBe(false);
      expect((o.reason as Error).message).toBe(MESSAGES.booking.slotTaken);
    }
    const stored = await h.deps.db.resourceHold.findMany({ where: { unit: { startsWith: date } } });
    expect(stored.map((hold) => `${hold.unit.slice(11)} #${hold.seat}`).sort()).toEqual([
      "14:00 #1",
      "14:00 #2",
      "14:30 #1",
      "14:30 #2",
    ]);
  });

  it("a booking whose service or proof file is gone fails alone; the rest of the burst is written", async () => {
    const burst = [
      newBooking(),
      newBooking({ serviceId: 999_999 }),
      newBooking(),
      newBooking({ uploadId: randomUUID(), image: "/uploads/private/gone.pdf" }),
      newBooking(),
    ];
    const outcomes = await Promise.allSettled(
      burst.map((b) => insertBooking(h.deps.db, b, new Date(), companions)),
    );
    expect(outcomes.map((o) => o.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    for (const o of outcomes) if (o.status === "rejected") expect(isForeignKeyViolation(o.reason)).toBe(true);
    expect(await h.deps.db.booking.count({ where: { slotKey: { in: burst.map(keyOf) } } })).toBe(3);
  });

  it("a message that cannot be composed fails its own booking only", async () => {
    const burst = [newBooking(), newBooking(), newBooking()];
    const outcomes = await Promise.allSettled(
      burst.map((b, i) =>
        insertBooking(h.deps.db, b, new Date(), (id) => {
          if (i === 1) throw new Error("composition failed");
          return companions(id);
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await h.deps.db.booking.count({ where: { slotKey: keyOf(burst[1]) } })).toBe(0);
    expect(await h.deps.db.booking.count({ where: { slotKey: { in: burst.map(keyOf) } } })).toBe(2);
  });
});

describe("the batch statement of PostgreSQL", () => {
  it("has one text whatever the batch's size and however many units its sessions hold (one name, planned once)", () => {
    const row = (id: number, units: number): PgRow => {
      const booking = newBooking();
      return {
        booking,
        attachedAt: new Date(),
        companions,
        created: new Date(),
        id,
        slotKey: keyOf(booking),
        holds: Array.from({ length: units }, (_, unit) => ({
          resource: "crew",
          unit: `${booking.date} ${String(9 + Math.floor(unit / 2)).padStart(2, "0")}:${unit % 2 ? "30" : "00"}`,
          seat: 1,
        })),
        made: companions(id),
      };
    };
    const [hourText, hourValues] = pgStatement([row(1, 2), row(2, 2)], true);
    const [dayText, dayValues] = pgStatement([row(3, 18), row(4, 2)], true);
    expect(dayText).toBe(hourText);
    expect(dayValues).toHaveLength(hourValues.length);
    // Every hold is in the one parameter that carries them.
    const holdsOf = (values: readonly unknown[]) =>
      values.filter((value) => typeof value === "string" && value.startsWith('[{"resource"'));
    expect(JSON.parse(String(holdsOf(dayValues)[0]))).toHaveLength(20);
    // The bookings, manage links and e-mails are one parameter each too: a batch of one has the same text.
    const [oneText, oneValues] = pgStatement([row(5, 2)], true);
    expect(oneText).toBe(hourText);
    expect(oneValues).toHaveLength(hourValues.length);
    const bookingsOf = (values: readonly unknown[]) =>
      values.filter((value) => typeof value === "string" && value.startsWith('[{"id"'));
    expect(JSON.parse(String(bookingsOf(dayValues)[0])).map((b: { id: number }) => b.id)).toEqual([3, 4]);
  });
});

describe("the batch read of PostgreSQL", () => {
  it("is planned once for any batch: after its first runs PostgreSQL keeps one generic plan", async () => {
    // One booking after another: each is a batch of its own, its read and write on the pool's same idle connection.
    for (let n = 0; n < 8; n++) {
      const inserted = await insertBooking(h.deps.db, newBooking(), new Date(), companions);
      expect(await h.deps.db.booking.count({ where: { id: inserted.id } })).toBe(1);
    }
    const access = directAccess(h.deps.db);
    if (access.provider !== "postgresql") return;
    const [plans] = await access.query<{ generic: string; custom: string }>(
      `SELECT "generic_plans"::text AS "generic", "custom_plans"::text AS "custom" FROM pg_prepared_statements WHERE "name" = $1`,
      [DRAW_IDS_STATEMENT],
    );
    // PostgreSQL tries a plan for the values five times, then compares: a read it finds cheaper that way would be
    // planned again on every batch.
    expect(Number(plans?.generic)).toBeGreaterThan(0);
    expect(Number(plans?.custom)).toBeLessThanOrEqual(5);
  });
});

describe("direct access", () => {
  it("never reads another transaction's uncommitted writes (SQLite: waits for it; PostgreSQL: isolated)", async () => {
    const access = directAccess(h.deps.db);
    const email = `locked-${randomUUID()}@example.test`;
    const countSql = `SELECT count(*) AS n FROM "ContactMessage" WHERE "email" = `;
    const count = async () =>
      access.provider === "sqlite"
        ? access.transaction((sql) => sql.get<{ n: number }>(`${countSql}?`, [email])?.n)
        : Number((await access.query<{ n: string }>(`${countSql}$1`, [email]))[0]?.n);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const written = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const prismaTx = h.deps.db.$transaction(async (tx) => {
      await tx.contactMessage.create({ data: { name: "N", email, subject: "S", message: "M" } });
      inserted();
      await gate;
    });
    await written;
    const during = count();
    let settled = false;
    void during.then(() => {
      settled = true;
    });
    // SQLite's one connection is the transaction's until it ends (a few turns of the event loop would let an
    // unlocked read through); PostgreSQL answers from another connection.
    if (access.provider === "sqlite") for (let turn = 0; turn < 5; turn++) await new Promise(setImmediate);
    if (access.provider === "sqlite") expect(settled).toBe(false);
    else expect(await during).toBe(0);
    release();
    await prismaTx;
    if (access.provider === "sqlite") expect(await during).toBe(1);
    expect(await count()).toBe(1);
  });
});
