/** Rows many test files need as a starting point, written straight to the database. */
import { randomUUID } from "node:crypto";
import type { Db } from "@studio/db";
import { type BookingCreateInput, CREW_RESOURCE, heldRange, holdUnits } from "@studio/validators";
import { DEFAULT_TIMING, holdPlanner } from "../domain/bookings/holds";
import type { SeatedBooking } from "../domain/bookings/insert";

/** A photography service, "Portrait Session" unless told otherwise (an hour, no buffers, unless told otherwise). */
export function createTestService(
  db: Db,
  overrides: {
    title?: string;
    category?: string;
    priceCents?: number;
    durationMinutes?: number;
    bufferBeforeMinutes?: number;
    bufferAfterMinutes?: number;
    durationDays?: number;
    startEveryMinutes?: number;
  } = {},
) {
  return db.service.create({
    data: {
      title: "Portrait Session",
      description: "d",
      category: "photography",
      priceCents: 100,
      features: [],
      ...overrides,
    },
  });
}

/**
 * What a booking written straight to the database with a slot key holds, as the domain writes it (ADR 022): the
 * first free crew seat for each half hour of a plain hour from its start. Availability judges from the holds.
 */
export async function holdCrewOf(db: Db, booking: { id: number; date: string; time: string }) {
  for (const unit of holdUnits(booking.date, heldRange(booking.time, DEFAULT_TIMING))) {
    const seat = 1 + (await db.resourceHold.count({ where: { resource: CREW_RESOURCE, unit } }));
    await db.resourceHold.create({ data: { resource: CREW_RESOURCE, unit, seat, bookingId: booking.id } });
  }
}

/** A pending five-star feedback from "Bo". */
export function createTestFeedback(db: Db) {
  return db.feedback.create({
    data: {
      name: "Bo",
      email: "bo@client.test",
      rating: 5,
      message: "Lovely",
      serviceCategory: "photography",
    },
  });
}

/** A stored PDF proof of payment, not yet claimed by a booking unless `attachedAt` is given. */
export function createProofUpload(
  db: Db,
  overrides: { id?: string; storageKey?: string; attachedAt?: Date } = {},
) {
  const id = overrides.id ?? randomUUID();
  return db.upload.create({
    data: {
      id,
      purpose: "booking_proof",
      kind: "document",
      mimeType: "application/pdf",
      extension: "pdf",
      size: 10,
      originalName: "proof.pdf",
      storageKey: overrides.storageKey ?? `private/${id}.pdf`,
      attachedAt: overrides.attachedAt ?? null,
    },
  });
}

/** What a visitor's booking dialog sends for a session of `serviceId` on `date` at `time`. */
export function bookingInput(
  serviceId: number,
  date: string,
  time: string,
  overrides: Partial<BookingCreateInput> = {},
): BookingCreateInput {
  return {
    name: "Ada Lovelace",
    email: "ada@example.test",
    phone: "+1 555 0100",
    service_id: serviceId,
    date,
    time,
    message: null,
    image: null,
    ...overrides,
  };
}

/**
 * A plain hour at 10:00 on `date` as insertBooking takes it: one seat of its start slot (refused with the Error
 * "no seat left") and one crew, seat 1 in 10:00 and 10:30.
 */
export function seatedTestBooking(date: string, serviceId: number): SeatedBooking {
  return {
    name: "Ada Lovelace",
    email: "ada@example.test",
    phone: "+1 555 0100",
    serviceId,
    date,
    time: "10:00",
    message: "A note, with 'quotes' and ünïcödé",
    idempotencyKey: null,
    image: null,
    uploadId: null,
    slot: { keys: [`${date} 10:00`], full: () => new Error("no seat left") },
    holds: holdPlanner({ date, time: "10:00" }, { ...DEFAULT_TIMING, equipment: [] }, 1),
  };
}
