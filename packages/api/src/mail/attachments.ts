/**
 * Attachments as the outbox keeps them. A file is stored whole; a calendar invite is stored as what it says
 * (CalendarInput) and written out as .ics when the message is sent or viewed: building it (time-zone
 * definitions, RFC 5545 folding) is the costliest part of a message, and it stays off the request path.
 */
import { z } from "zod";
import { buildCalendar, type CalendarInput } from "./ics";

/** A file as it goes to the SMTP server. */
export type MailAttachment = { filename: string; contentType: string; content: string };

/** A calendar as stored: its stamp as an ISO string (the column is JSON). */
export type StoredCalendar = Omit<CalendarInput, "stamp"> & { stamp: string };

export type StoredAttachment =
  | MailAttachment
  | { filename: string; contentType: string; calendar: StoredCalendar };

export function storedCalendar(input: CalendarInput): StoredCalendar {
  return { ...input, stamp: input.stamp.toISOString() };
}

/** Invites queued before sessions had minutes stored whole hours: read as minutes. */
const withMinutes = (value: unknown) =>
  value && typeof value === "object" && "hours" in value && !("minutes" in value)
    ? { ...value, minutes: Number((value as { hours: unknown }).hours) * 60 }
    : value;

const ZCalendarEvent = z.preprocess(
  withMinutes,
  z.object({
    uid: z.string(),
    sequence: z.number().int().min(0),
    date: z.string(),
    time: z.string(),
    minutes: z.number(),
    endDate: z.string().nullish(),
    summary: z.string(),
    description: z.string(),
    location: z.string(),
    url: z.string().nullish(),
    status: z.enum(["tentative", "confirmed", "cancelled"]),
    attendee: z.object({ name: z.string(), email: z.string() }).nullish(),
  }),
);

const ZStoredAttachment = z.union([
  z.object({ filename: z.string(), contentType: z.string(), content: z.string() }),
  z.object({
    filename: z.string(),
    contentType: z.string(),
    calendar: z.object({
      studioName: z.string(),
      organizerEmail: z.string(),
      timeZone: z.string(),
      method: z.enum(["request", "cancel"]).nullable(),
      events: z.array(ZCalendarEvent),
      stamp: z.iso.datetime(),
    }),
  }),
]);

/** The files of a stored message (an OutgoingMail.attachments value); what cannot be read is left out. */
export function attachmentFiles(value: unknown): MailAttachment[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = ZStoredAttachment.safeParse(item);
    if (!parsed.success) return [];
    const { filename, contentType } = parsed.data;
    if ("content" in parsed.data) return [{ filename, contentType, content: parsed.data.content }];
    const { stamp, ...calendar } = parsed.data.calendar;
    return [{ filename, contentType, content: buildCalendar({ ...calendar, stamp: new Date(stamp) }) }];
  });
}
