import { z } from "zod";
import { BOOKING_STATUSES } from "../constants";

/**
 * A booking's own history on its details in the back office: when it was made and by whom (the client on the
 * site, or an admin or API key), each status the studio set, and each move or cancellation (by the client on
 * their manage page, or by the studio); and the client's other bookings, matched by e-mail.
 */
export const BOOKING_HISTORY_KINDS = ["created", "status", "moved", "cancelled"] as const;

const ZSlot = z.object({ date: z.string(), time: z.string() });

export const ZBookingHistoryEntry = z.object({
  at: z.string(),
  kind: z.enum(BOOKING_HISTORY_KINDS),
  /** Who: an admin's or API key's name; null for the client. */
  by: z.string().nullable(),
  /** The status set (kind "status"). */
  status: z.enum(BOOKING_STATUSES).nullable(),
  /** Where a move went from and to (kind "moved"). */
  from: ZSlot.nullable(),
  to: ZSlot.nullable(),
});
export type BookingHistoryEntry = z.infer<typeof ZBookingHistoryEntry>;

export const ZClientBooking = z.object({
  id: z.number().int(),
  service_title: z.string().nullable(),
  date: z.string(),
  time: z.string(),
  status: z.enum(BOOKING_STATUSES),
});
export type ClientBooking = z.infer<typeof ZClientBooking>;

export const ZBookingHistory = z.object({
  entries: z.array(ZBookingHistoryEntry),
  /** The days the session takes (YYYY-MM-DD): its date alone, or several for a service of several days. */
  days: z.array(z.string()),
  /** Newest first, at most CLIENT_BOOKINGS_SHOWN. */
  other_bookings: z.array(ZClientBooking),
  /** How many other bookings the client has in all. */
  other_bookings_total: z.number().int(),
});
export type BookingHistory = z.infer<typeof ZBookingHistory>;

/** The client's other bookings listed on a booking's details. */
export const CLIENT_BOOKINGS_SHOWN = 10;
