import { directRead, type Prisma } from "@studio/db";
import {
  type BookingCreateResult,
  MESSAGES,
  type ZBookingCreateInput,
  ZIdempotencyKey,
} from "@studio/validators";
import type { z } from "zod";
import { auditColumns } from "../../audit/trail";
import { AppError, isForeignKeyViolation, isUniqueViolation } from "../../errors";
import { NOTIFY_SERVICE_SELECT, receivedContext, receivedMessages } from "../../mail/notify";
import { calendarPushJobRow, pushesBookings } from "../calendar-sync/push";
import { invalidProof, issuedProofFile } from "../uploads/proof";
import { isSubscribed, webhookBooking, webhookEventRow } from "../webhooks/events";
import { type BookingDeps, type BookingRow, bookingSelect, type ImageView, toBookingDto } from "./dto";
import { holdPlanner, isHoldTaken, type SessionFacts, sessionFacts } from "./holds";
import {
  type InsertedBooking,
  insertBooking,
  type NewBooking,
  type SeatedBooking,
  writtenBooking,
} from "./insert";
import { assertBookable, seatKeys } from "./schedule";

export type BookingCreateData = z.output<typeof ZBookingCreateInput>;

const m = MESSAGES.booking;

const slotTaken = () => new AppError("CONFLICT", m.slotTaken, { fieldErrors: { time: m.slotTaken } });
const serviceNotFound = () =>
  new AppError("BAD_REQUEST", m.serviceNotFound, { fieldErrors: { service_id: m.serviceNotFound } });
const serviceNotOffered = () =>
  new AppError("BAD_REQUEST", MESSAGES.service.notOffered, {
    fieldErrors: { service_id: MESSAGES.service.notOffered },
  });

/** The body's key wins; otherwise the Idempotency-Key header, validated like the body field. */
function idempotencyKeyOf(input: BookingCreateData, header: string | null | undefined): string | null {
  if (input.idempotency_key) return input.idempotency_key;
  if (header == null || header === "") return null;
  const parsed = ZIdempotencyKey.safeParse(header);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? MESSAGES.common.invalidInput;
    throw new AppError("BAD_REQUEST", message, { fieldErrors: { idempotency_key: message } });
  }
  return parsed.data;
}

const STORED_UNDER_KEY = `SELECT "id", "email", "date", "time", "serviceId" FROM "Booking" WHERE "idempotencyKey" = ?`;
type StoredUnderKey = { id: number; email: string; date: string; time: string; serviceId: number };

/**
 * A retry returns the first booking (null: no key, or nothing stored under it yet). A key reused for a
 * different booking is refused, so a key alone never reveals somebody else's booking.
 */
async function replayOf(
  deps: BookingDeps,
  key: string | null,
  input: BookingCreateData,
  view: ImageView,
): Promise<BookingCreateResult | null> {
  if (!key) return null;
  // Plain SQL, as a refusal mostly finds nothing here and Prisma's query compiler cost more than the lookup (ADR 011).
  // Not Prisma's findUnique either: it sends the calls of one tick as one `IN (…)` read, which SQLite, with
  // statistics taken while most bookings had no key, plans as a scan of the whole key index (ADR 026).
  const [stored] = await directRead<StoredUnderKey>(deps.db, STORED_UNDER_KEY, [key]);
  if (!stored) return null;
  const same =
    stored.email === input.email &&
    stored.date === input.date &&
    stored.time === input.time &&
    stored.serviceId === input.service_id;
  if (!same) {
    throw new AppError("CONFLICT", m.idempotencyKeyReused, {
      fieldErrors: { idempotency_key: m.idempotencyKeyReused },
    });
  }
  const existing = await deps.db.booking.findUnique({ where: { id: stored.id }, select: bookingSelect });
  // Deleted by an admin since: the key is free again, and the submission is judged as a new one.
  if (!existing) return null;
  return { booking: toBookingDto(existing, view), message: m.submitted, replayed: true, manage_url: null };
}

type NotifyService = Prisma.ServiceGetPayload<{ select: typeof NOTIFY_SERVICE_SELECT }>;

/**
 * What a booking and its e-mails need of its service, through the read cache (dropped by every service write).
 * One entry holds every service: a studio has a few dozen, and one read a second beats one per service.
 */
async function notifyService(
  deps: BookingDeps,
  id: number,
): Promise<{ service: NotifyService; offered: boolean } | null> {
  const services = await deps.cache.get("services", "booking-facts", async () => {
    const rows = await deps.db.service.findMany({
      select: { id: true, archivedAt: true, ...NOTIFY_SERVICE_SELECT },
    });
    return new Map(rows.map(({ id, archivedAt, ...service }) => [id, { service, offered: !archivedAt }]));
  });
  return services.get(id) ?? null;
}

/** Writes of a booking that lost a slot seat or a hold to a writer elsewhere, before it is refused. */
const WRITE_ATTEMPTS = 5;

/**
 * Runs the booking's write again (reading what is taken again) when a writer elsewhere (another instance) took
 * its slot seat or a hold between the write's read and its insert; refuses once every attempt lost one.
 */
async function writeUntilSeated(
  seated: SeatedBooking,
  write: () => Promise<InsertedBooking>,
): Promise<InsertedBooking> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      const lostHold = isHoldTaken(error);
      if (!lostHold && !isUniqueViolation(error, "slotKey")) throw error;
      if (attempt >= WRITE_ATTEMPTS) throw lostHold ? seated.holds.exhausted() : seated.slot.full();
    }
  }
}

/**
 * Creates a pending booking (public dialog and admin dialog share it). Rules: a slot the studio's schedule
 * allows (open day and hours, the session with its buffers inside them, notice, horizon: schedule.ts), an
 * existing service, a free seat of the slot (the unique slot key) and a crew and the service's equipment for
 * every unit of the held range (the unique hold keys: holds.ts; both decide races, at any count), an issued
 * and unused proof file, and at most one booking per idempotency key.
 */
export async function createBooking(
  deps: BookingDeps & { idempotencyKey?: string | null },
  input: BookingCreateData,
  view: ImageView,
): Promise<BookingCreateResult> {
  const key = idempotencyKeyOf(input, deps.idempotencyKey);
  // A retry is answered with its first booking wherever it stops: a refusal below (its slot may have passed
  // meanwhile), a full slot (its own seat), or the key's unique index at the insert. So a first submission,
  // the common case, never pays for the lookup.
  const refusedUnlessRetry = async (error: unknown): Promise<BookingCreateResult> => {
    const replay = await replayOf(deps, key, input, view);
    if (replay) return replay;
    throw error;
  };

  let service: NotifyService;
  let facts: SessionFacts;
  let crews: number;
  let days: string[];
  let proof: { uploadId: string; image: string } | null = null;
  try {
    // The service's minutes, buffers and equipment (a plain hour when the id names none: refused below).
    facts = await sessionFacts(deps, input.service_id);
    const bookable = await assertBookable(deps, input, { timing: facts });
    crews = bookable.capacity;
    days = bookable.days;
    const found = await notifyService(deps, input.service_id);
    if (!found) throw serviceNotFound();
    // An archived service keeps its bookings, but takes no new one.
    if (!found.offered) throw serviceNotOffered();
    service = found.service;
    if (input.image) proof = await issuedProofFile(deps.db, input.image);
  } catch (error) {
    return refusedUnlessRetry(error);
  }

  let row: BookingRow;
  // The link of the seat that was written (each seat tried writes its own, inside its own transaction).
  let manageUrl: string | null = null;
  try {
    // Read through the cache before the write, so composing the messages inside it needs no statement; the
    // same for whether a webhook endpoint wants the event (nothing is written when none does).
    const [context, announce, pushToCalendar] = await Promise.all([
      receivedContext(deps.db, deps),
      isSubscribed(deps, "booking.created"),
      // Calendar sync (ADR 019): a connected calendar gets the booking as an event.
      pushesBookings(deps),
    ]);
    const booking: NewBooking = {
      name: input.name,
      email: input.email,
      phone: input.phone,
      serviceId: input.service_id,
      date: input.date,
      time: input.time,
      message: input.message,
      idempotencyKey: key,
      image: proof?.image ?? null,
      uploadId: proof?.uploadId ?? null,
    };
    const { audit } = deps;
    // The start slot's seat and the range's crew and equipment are chosen where the booking is written
    // (insert.ts), from what is taken then; a refusal names what is missing (the holds are judged first).
    const seated: SeatedBooking = {
      ...booking,
      slot: { keys: seatKeys(input, crews), full: slotTaken },
      holds: holdPlanner({ ...input, days }, facts, crews),
    };
    const write = () =>
      insertBooking(deps.db, seated, deps.now(), (id, createdAt, slotKey) => {
        const { manageUrl: url, ...messages } = receivedMessages(deps, context, {
          ...booking,
          id,
          status: "pending",
          service,
          lastDate: days[days.length - 1] ?? null,
        });
        manageUrl = url;
        const webhookEvents = announce
          ? [
              webhookEventRow(
                "booking.created",
                webhookBooking({ ...booking, id, status: "pending", createdAt, service }),
                deps.now(),
              ),
            ]
          : [];
        const jobs = pushToCalendar ? [calendarPushJobRow(id, deps.now())] : [];
        return {
          ...messages,
          jobs,
          webhookEvents,
          // The admin dialog's booking is in the trail, written with it (ADR 017).
          audit: audit
            ? auditColumns(
                audit.entry({
                  entityId: id,
                  before: null,
                  after: writtenBooking({ ...booking, slotKey }, id, createdAt),
                }),
              )
            : null,
        };
      });
    let created: InsertedBooking;
    try {
      created = await writeUntilSeated(seated, write);
    } catch (error) {
      // No crew, equipment or seat of the slot left (or a retry of this submission took it: answer with it).
      if (error instanceof AppError && error.code === "CONFLICT") return refusedUnlessRetry(error);
      throw error;
    }
    row = { ...created, service: { title: service.title } };
    deps.cache.invalidate("bookings");
  } catch (error) {
    if (isUniqueViolation(error)) {
      // Two retries of one submission raced: the loser answers with the winner's booking.
      const replay = await replayOf(deps, key, input, view);
      if (replay) return replay;
      if (isUniqueViolation(error, "slotKey")) throw slotTaken();
      if (isUniqueViolation(error, "uploadId")) throw invalidProof();
    }
    // The service (or the proof file) was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) {
      const still = await deps.db.service.count({ where: { id: input.service_id } });
      throw still ? invalidProof() : serviceNotFound();
    }
    throw error;
  }
  return { booking: toBookingDto(row, view), message: m.submitted, replayed: false, manage_url: manageUrl };
}
