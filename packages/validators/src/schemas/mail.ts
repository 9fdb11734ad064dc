import { z } from "zod";
import { EMAIL_PATTERN } from "../rules";
import { MAX_ID } from "./common";

/** What an outgoing e-mail is about (OutgoingMail.kind). */
export const MAIL_KINDS = [
  "booking.received",
  "booking.confirmed",
  "booking.cancelled",
  "booking.moved",
  "booking.completed",
  "booking.reminder",
  "studio.booking",
  "studio.booking_changed",
  "studio.contact",
  "contact.reply",
  "auth.reset",
  "auth.email_confirm",
  "auth.email_changed",
  "gallery.link",
  "studio.gallery_selection",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  "booking.received": "Booking received",
  "booking.confirmed": "Booking confirmed",
  "booking.cancelled": "Booking cancelled",
  "booking.moved": "Booking moved",
  "booking.completed": "Session completed",
  "booking.reminder": "Session reminder",
  "studio.booking": "New booking (studio)",
  "studio.booking_changed": "Booking changed by client (studio)",
  "studio.contact": "New contact message (studio)",
  "contact.reply": "Reply to a message",
  "auth.reset": "Password reset",
  "auth.email_confirm": "New e-mail address to confirm",
  "auth.email_changed": "E-mail address change notice",
  "gallery.link": "Gallery link to client",
  "studio.gallery_selection": "Client selection (studio)",
};

/**
 * pending: waiting to be sent (or for its next attempt); sending: a worker holds it; sent; failed: given up,
 * with the last error; unsent: written while no mail server was configured; skipped: a reminder whose booking
 * was cancelled or moved.
 */
export const MAIL_STATUSES = ["pending", "sending", "sent", "failed", "unsent", "skipped"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pending: "Pending",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  unsent: "Not sent",
  skipped: "Skipped",
};

/**
 * Retries after a failure that may pass (connection refused, 4xx): about a minute, doubling, up to 6 hours.
 * After the last one the message is failed with its last error. A permanent refusal (5xx) fails at once.
 */
export const MAIL_RETRY_DELAYS_MINUTES = [1, 2, 4, 8, 16, 32, 64, 128, 256, 360] as const;

/** Reminders go out this many hours before a confirmed session. */
export const MAIL_REMINDER_HOURS = 24;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** "address" or "Display Name <address>" (a From header). */
export function isMailbox(value: string): boolean {
  const named = /^\s*([^<>]*?)\s*<([^<>\s]+)>\s*$/.exec(value);
  return named ? isEmailAddress(named[2] ?? "") : isEmailAddress(value.trim());
}

export const ZMailListInput = z.object({
  status: z.enum(MAIL_STATUSES, { error: "Choose one of the listed statuses" }).optional(),
  /** Keyset: the last id of the previous page. */
  cursor: z.coerce.number().int().positive().max(MAX_ID).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type MailListInput = z.output<typeof ZMailListInput>;

export const ZMailListItem = z.object({
  id: z.number(),
  kind: z.enum(MAIL_KINDS),
  status: z.enum(MAIL_STATUSES),
  recipients: z.string(),
  subject: z.string(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  /** Why it is not going out, in words (e.g. "Not sent: no mail server configured"); null when nothing to say. */
  note: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  booking_id: z.number().nullable(),
});
export type MailListItem = z.infer<typeof ZMailListItem>;

export const ZMailListResult = z.object({
  items: z.array(ZMailListItem),
  next_cursor: z.number().nullable(),
  /** Whether an SMTP server is configured on this server. */
  mail_enabled: z.boolean(),
  /** Finished messages are deleted after this many days (MAIL_RETENTION_DAYS). */
  retention_days: z.number().int(),
});
export type MailListResult = z.infer<typeof ZMailListResult>;

export const ZMailDetail = ZMailListItem.extend({
  message_id: z.string(),
  reply_to: z.string().nullable(),
  html: z.string(),
  text: z.string(),
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.number() })),
  /** True when the content is withheld from the back office (a password reset link). */
  redacted: z.boolean(),
});
export type MailDetail = z.infer<typeof ZMailDetail>;
