import { z } from "zod";
import { BOOKING_STATUSES, FIELD_LIMITS } from "../constants";
import { MESSAGES } from "../messages";
import { ZBookingDate, ZBookingTime } from "./booking";
import { idField, multiLine, requiredText } from "./common";

const m = MESSAGES.manage;

/** A manage-link token: 32 random bytes, base64url (43 characters). Anything else is refused unread. */
export const MANAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The token from the URL. A malformed one gets the same "not valid" answer as an unknown one, so the page
 * shows one clear message whatever was pasted.
 */
export const ZManageToken = z
  .string({ error: m.tokenRequired })
  .trim()
  .min(1, { error: m.tokenRequired, abort: true })
  .regex(MANAGE_TOKEN_PATTERN, m.linkInvalid);

export const ZManageGetInput = z.object({ token: ZManageToken });
export const ZManageAvailabilityInput = z.object({ token: ZManageToken, date: ZBookingDate });
export const ZManageCancelInput = z.object({ token: ZManageToken });
export const ZManageMoveInput = z.object({ token: ZManageToken, date: ZBookingDate, time: ZBookingTime });
export type ManageMoveInput = z.input<typeof ZManageMoveInput>;

export const BOOKING_CHANGE_ACTIONS = ["cancelled", "moved"] as const;
export type BookingChangeAction = (typeof BOOKING_CHANGE_ACTIONS)[number];
export const BOOKING_CHANGE_ACTORS = ["client", "admin"] as const;

export const ZBookingChangeDto = z.object({
  action: z.enum(BOOKING_CHANGE_ACTIONS),
  actor: z.enum(BOOKING_CHANGE_ACTORS),
  from_date: z.string().nullable(),
  from_time: z.string().nullable(),
  to_date: z.string().nullable(),
  to_time: z.string().nullable(),
  at: z.string(),
});
export type BookingChangeDto = z.infer<typeof ZBookingChangeDto>;

/**
 * What the manage page may show: the one booking, nothing of anyone else's (no proof file, no other
 * bookings). `state`: "active" (changeable until `change_deadline` when `can_change`), "cancelled" (the link is
 * used up), "expired" (the session is over).
 */
export const ZManageView = z.object({
  state: z.enum(["active", "cancelled", "expired"]),
  booking: z.object({
    name: z.string(),
    service_title: z.string().nullable(),
    date: z.string(),
    time: z.string(),
    /** Minutes each day. */
    duration_minutes: z.number().int(),
    /** The session's days in order: its date alone, or each day of a session of several days (same hours each). */
    days: z.array(z.string()),
    status: z.enum(BOOKING_STATUSES),
  }),
  time_zone: z.string(),
  can_change: z.boolean(),
  /** ISO instant until which the client may cancel or move online. */
  change_deadline: z.string(),
  cutoff_hours: z.number().int(),
  changes: z.array(ZBookingChangeDto),
});
export type ManageView = z.infer<typeof ZManageView>;

export const ZManageActionResult = z.object({
  view: ZManageView,
  message: z.string(),
  /** true when the same action had already been done (nothing changed this time). */
  replayed: z.boolean(),
});
export type ManageActionResult = z.infer<typeof ZManageActionResult>;

export const ZManageAvailability = z.object({
  date: z.string(),
  /** Why the whole day is unavailable (closed, past, beyond the horizon), or null. */
  closed_reason: z.string().nullable(),
  slots: z.array(
    z.object({
      time: z.string(),
      available: z.boolean(),
      /** Why not, in words ("Your current time", "Taken", "Too soon", …); null when available. */
      reason: z.string().nullable(),
    }),
  ),
});
export type ManageAvailability = z.infer<typeof ZManageAvailability>;

/* The owner's calendar feed */

export const ZCalendarFeedDto = z.object({
  url: z.string(),
  created_at: z.string(),
});
export type CalendarFeedDto = z.infer<typeof ZCalendarFeedDto>;
/** A new feed link, and whether it replaced one (which then stopped working) or is the first. */
export const ZCalendarFeedMade = ZCalendarFeedDto.extend({ replaced: z.boolean() });
export type CalendarFeedMade = z.infer<typeof ZCalendarFeedMade>;

/* Replies to contact messages */

export const ZContactReplyInput = z.object({
  id: idField(),
  body: requiredText(MESSAGES.contactReply.bodyRequired, FIELD_LIMITS.message, multiLine("Reply")),
});
export type ContactReplyInput = z.input<typeof ZContactReplyInput>;

export const ZContactReplyDto = z.object({
  id: z.number().int(),
  body: z.string(),
  admin_name: z.string().nullable(),
  message_id: z.string(),
  created_at: z.string(),
});
export type ContactReplyDto = z.infer<typeof ZContactReplyDto>;

export const ZContactThread = z.object({
  id: z.number().int(),
  replies: z.array(ZContactReplyDto),
});
export type ContactThread = z.infer<typeof ZContactThread>;
