import { z } from "zod";
import { BOOKING_STATUSES, FIELD_LIMITS, TIME_SLOTS, type BookingStatus } from "../constants";
import { isCalendarDate } from "../dates";
import { MESSAGES } from "../messages";
import {
  emailField,
  idField,
  multiLine,
  offsetField,
  optionalText,
  pageLimit,
  phoneField,
  requiredText,
  searchText,
  singleLine,
} from "./common";

const m = MESSAGES.booking;

/**
 * Every start a session may have: the hourly slots and the half hours after them (09:00, 09:30, … 17:30). A
 * service starts on the hour unless it allows starts every 30 minutes (`start_every_minutes`); the REST
 * contract's `time` takes any of these, and a :30 one only for such a service. (Here, not in constants.ts: the
 * site's first bundle leaves it out.)
 */
export const START_TIMES: readonly string[] = TIME_SLOTS.flatMap((slot) => [slot, `${slot.slice(0, 2)}:30`]);

/** The grids a service's starts may lie on, in minutes. */
export const START_EVERY_MINUTES = [30, 60] as const;
export type StartEveryMinutes = (typeof START_EVERY_MINUTES)[number];

/** The starts of a service's grid: the hourly slots, or every half hour. */
export function startTimes(everyMinutes: number | null | undefined): readonly string[] {
  return everyMinutes === 30 ? START_TIMES : TIME_SLOTS;
}

/** Whether a start lies on the half hour ("10:30"). */
export const isHalfHour = (time: string): boolean => time.endsWith(":30");

export const ZBookingStatus = z.enum(BOOKING_STATUSES, { error: m.statusInvalid });

export const ZBookingDate = z
  .string({ error: m.dateRequired })
  .trim()
  .min(1, m.dateRequired)
  .refine(isCalendarDate, m.dateInvalid);

/**
 * A start on the studio's grid: an hourly slot (the specification's nine), or the half hour after one, which only
 * a service allowing starts every 30 minutes takes (judged with the service: schedule.ts, `assertBookable`).
 */
export const ZBookingTime = z
  .string({ error: m.timeRequired })
  .trim()
  .min(1, m.timeRequired)
  .refine((v) => START_TIMES.includes(v), m.timeInvalid);

/** Step 1 of the booking dialog. */
export const ZBookingContact = z.object({
  name: requiredText(m.nameRequired, FIELD_LIMITS.name, singleLine("Name")),
  email: emailField(m.emailRequired, m.emailInvalid),
  phone: phoneField(m.phoneRequired),
});

/** Step 2 of the booking dialog ("not in the past" is checked on submit, in the studio's time zone). */
export const ZBookingSchedule = z.object({
  service_id: idField(m.serviceRequired),
  date: ZBookingDate,
  time: ZBookingTime,
});

export const ZBookingCreateInput = ZBookingContact.extend(ZBookingSchedule.shape).extend({
  message: optionalText(FIELD_LIMITS.message, multiLine("Message")),
  /** URL of a file uploaded through the booking upload endpoint, or null. */
  image: z
    .string()
    .trim()
    .max(FIELD_LIMITS.url)
    .check(singleLine("Image"))
    .nullish()
    .transform((v) => (v ? v : null)),
  /** Always null: there are no customer accounts. */
  user_id: z.null({ error: "user_id must be null" }).optional(),
  idempotency_key: z
    .string()
    .trim()
    .min(8, "Idempotency key must be 8 to 100 characters")
    .max(100, "Idempotency key must be 8 to 100 characters")
    .regex(/^[\w-]+$/, "Idempotency key may only contain letters, digits, '-' and '_'")
    .optional(),
});
export type BookingCreateInput = z.input<typeof ZBookingCreateInput>;

export const ZBookingStatusChange = z.object({ id: idField(), status: ZBookingStatus });

export const ZBookingListInput = z.object({
  status: ZBookingStatus.optional(),
  search: searchText(),
  /** Id of the last row already shown; the next page starts below it (newest first). */
  cursor: idField().nullish(),
  limit: pageLimit(50),
});

/**
 * A day's slots, judged for a service's session (its minutes, buffers and equipment) when `service_id` names
 * one, else for a plain hour with one crew.
 */
export const ZAvailabilityInput = z.object({
  date: ZBookingDate,
  service_id: z.number().int().positive().optional(),
});
/** A run of days (a month view, at most 62): per day, the starts still free for the service. */
export const ZAvailabilityDaysInput = z.object({
  from: ZBookingDate,
  days: z.number().int().min(1).max(62),
  service_id: z.number().int().positive().optional(),
});
export const ZAvailabilityDays = z.object({
  today: z.string(),
  days: z.array(
    z.object({ date: z.string(), closed_reason: z.string().nullable(), free_starts: z.array(z.string()) }),
  ),
});
export type AvailabilityDays = z.output<typeof ZAvailabilityDays>;
/** The studio's view when rescheduling: the booking's own holds do not count against it. */
export const ZAdminAvailabilityInput = ZAvailabilityInput.extend({
  exclude_booking_id: z.number().int().positive().optional(),
});
/** The studio moves a booking to another date and time (judged like a new booking). */
export const ZBookingReschedule = z.object({
  id: idField(),
  date: ZBookingDate,
  time: ZBookingTime,
});

export type BookingDto = {
  id: number;
  name: string;
  email: string;
  phone: string;
  service_id: number | null;
  service_title: string | null;
  date: string;
  time: string;
  message: string | null;
  image: string | null;
  status: BookingStatus;
  created_at: string;
};

export type BookingStats = {
  total: number;
  pending: number;
  confirmed: number;
  completed: number;
  cancelled: number;
  withProof: number;
};

/** The idempotency key alone (REST sends it as the Idempotency-Key header). */
export const ZIdempotencyKey = ZBookingCreateInput.shape.idempotency_key.unwrap();

/** Admin list: keyset (`cursor`) or offset pagination, newest first. */
export const ZBookingListPageInput = ZBookingListInput.extend({ offset: offsetField.optional() });
export type BookingListPageInput = z.input<typeof ZBookingListPageInput>;

export const ZBookingExportInput = z.object({
  status: ZBookingStatus.optional(),
  search: searchText(),
});

/**
 * Legacy clients send a service slug instead of service_id (specification, section 7 notes);
 * the slug maps to these ids.
 */
export const LEGACY_SERVICE_SLUG_IDS: Readonly<Record<string, number>> = {
  photography: 1,
  videography: 2,
  vfx: 3,
  "graphic-design": 1,
  cinematography: 2,
  "commercial-drone": 2,
  "fpv-drones": 2,
  "post-production": 3,
  broadcasting: 2,
};

export const ZBookingDto = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  service_id: z.number().int().nullable(),
  service_title: z.string().nullable(),
  date: z.string(),
  time: z.string(),
  message: z.string().nullable(),
  image: z.string().nullable(),
  status: ZBookingStatus,
  created_at: z.string(),
}) satisfies z.ZodType<BookingDto>;

export const ZBookingStats = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  confirmed: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  withProof: z.number().int(),
}) satisfies z.ZodType<BookingStats>;

export const ZBookingCreateResult = z.object({
  booking: ZBookingDto,
  message: z.string(),
  replayed: z.boolean(),
  /**
   * The client's link to see, move or cancel the booking (also sent by e-mail), for the booking form's
   * confirmation; null on a replay (only its hash is kept, so it cannot be shown twice).
   */
  manage_url: z.string().nullable(),
});
export type BookingCreateResult = z.output<typeof ZBookingCreateResult>;

export const ZBookingListResult = z.object({
  items: z.array(ZBookingDto),
  nextCursor: z.number().int().nullable(),
  total: z.number().int(),
});
export type BookingListResult = z.output<typeof ZBookingListResult>;

/**
 * Why a slot cannot be booked: a crew or equipment held (or every seat), outside the day's hours (or a closed
 * day), too soon, past, beyond the horizon, a session (with its buffers) that would not end before closing, one
 * whose set-up (its buffer before) would begin before opening ("too_early"), a session of several days whose range
 * does not fit the hours of one of its later days ("later_day"), or "busy": an event in the studio's connected
 * calendar overlaps its held range (calendar sync, ADR 019).
 */
export const SLOT_REFUSALS = [
  "full",
  "closed",
  "too_soon",
  "past",
  "horizon",
  "too_long",
  "too_early",
  "later_day",
  "busy",
] as const;
export type SlotRefusal = (typeof SLOT_REFUSALS)[number];

/** What a slot that cannot be booked says about itself, wherever it is shown (dialog, manage page, admin). */
export const SLOT_REFUSAL_NOTES: Readonly<Record<SlotRefusal, string>> = {
  full: MESSAGES.schedule.fullyBooked,
  closed: MESSAGES.schedule.slotClosed,
  too_soon: MESSAGES.schedule.slotTooSoon,
  past: MESSAGES.schedule.slotTooSoon,
  horizon: MESSAGES.schedule.slotTooFar,
  too_long: MESSAGES.schedule.slotTooLong,
  too_early: MESSAGES.schedule.slotTooEarly,
  later_day: MESSAGES.schedule.slotLaterDayHours,
  // Taken by an event in the studio's own calendar: said like a full slot, without details.
  busy: MESSAGES.calendarSync.slotBusy,
};

export const ZAvailability = z.object({
  date: z.string(),
  today: z.string(),
  /** Why the whole day cannot be booked ("Closed: Christmas", "Closed on Sundays", …), or null. */
  closed_reason: z.string().nullable(),
  slots: z.array(
    z.object({
      time: z.string(),
      available: z.boolean(),
      reason: z.enum(SLOT_REFUSALS).nullable(),
      /** Bookings the slot can still take (0 when it cannot be booked). */
      remaining: z.number().int(),
    }),
  ),
});
export type Availability = z.output<typeof ZAvailability>;

export const ZBookingCsv = z.object({ filename: z.string(), csv: z.string() });
/** One chunk of the streamed CSV export (REST GET /api/bookings/export.csv): the header comes with the first. */
export const ZBookingCsvChunk = ZBookingCsv.extend({ nextCursor: z.number().int().nullable() });

/** One chunk of the streamed full list (REST GET /api/bookings without limit/offset): no count, bigger pages. */
export const ZBookingChunkInput = z.object({
  status: ZBookingStatus.optional(),
  search: searchText(),
  cursor: idField().nullish(),
  /** The chunk's oldest id, when the reader knows it already (ZBookingChunkFloors): the chunk is the range. */
  floor: idField().nullish(),
  limit: pageLimit(500, 10_000),
});
/**
 * Where the next `count` chunks after `cursor` end: the ids of the limit-th, 2·limit-th, … bookings after it,
 * newest first. Knowing them, a reader asks for several chunks at once instead of each after the one before.
 */
export const ZBookingChunkFloorsInput = ZBookingChunkInput.omit({ floor: true }).extend({
  count: z.number().int().min(1).max(64),
});
/** Fewer floors than asked for: the bookings end before them (the chunk after the last floor is the last). */
export const ZBookingChunkFloors = z.object({ floors: z.array(z.number().int()) });
/**
 * The chunk's bookings as JSON text, as the client receives them, in pieces to be joined: BookingDto objects
 * joined by commas, with no brackets (no piece for none). Built by the database, so a million rows never become
 * objects on the server; the pieces are its text and, between them, the proof links the server signs.
 */
export const ZBookingChunkResult = z.object({
  parts: z.array(z.string()),
  nextCursor: z.number().int().nullable(),
});
