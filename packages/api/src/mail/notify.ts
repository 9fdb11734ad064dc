/**
 * Who hears of what. Every function here writes outbox rows with the caller's transaction client, in the same
 * transaction as the change the message is about, and sends nothing itself (see outbox.ts and worker.ts).
 */
import type { Db } from "@studio/db";
import {
  SESSION_LENGTH,
  adminBookingPath,
  FEEDBACK_CATEGORIES,
  MAIL_REMINDER_HOURS,
  type MailKind,
  serviceCategoryOf,
} from "@studio/validators";
import type { ApiConfig } from "../config";
import { issueManageUrl, newManageLink } from "../domain/bookings/manage-links";
import type { Tx } from "../domain/uploads/proof";
import { lastDayOf } from "../domain/bookings/session-days";
import type { ReadCache } from "../cache";
import { bookingUid } from "./ics";
import type { StoredContent } from "./layout";
import { type StoredAttachment, storedCalendar } from "./attachments";
import { enqueueMail, type MailRow, mailDomain, rowOf } from "./outbox";
import { sessionClock } from "./session-clock";
import { addressLine, type StudioDetails, studioDetailsFor } from "./studio";
import * as t from "./templates";

export type NotifyDeps = {
  config: Pick<ApiConfig, "mail" | "publicUrl" | "timeZone">;
  now: () => Date;
  cache: ReadCache;
};

/**
 * Options for a transaction that writes e-mails: it makes a dozen statements, so under a burst (50 bookings at
 * once on a 5- or 10-connection pool) it may wait longer than Prisma's default 2 s for a connection.
 */
export const MAIL_TRANSACTION = { maxWait: 10_000, timeout: 20_000 } as const;

export type BookingEvent = "confirmed" | "cancelled" | "moved" | "completed";

type Client = Tx | Db;

/** Client messages that carry a version of the booking's calendar event (their count is its SEQUENCE). */
const INVITE_KINDS: MailKind[] = [
  "booking.received",
  "booking.confirmed",
  "booking.cancelled",
  "booking.moved",
];

/** A message as the outbox keeps it: the subject, and what to render (later, off the request path). */
function compose(studio: StudioDetails, message: t.Message): { subject: string; content: StoredContent } {
  const { timeZone: _zone, ...contact } = studio;
  return { subject: message.subject, content: { studio: contact, email: message.content } };
}

const origin = (deps: NotifyDeps) => deps.config.publicUrl.replace(/\/+$/, "");

/**
 * Where the studio's own alerts go: STUDIO_NOTIFY_EMAIL, else every admin. Read through the cache ("team" tag,
 * dropped by every change to the admins) and through the caller's transaction on a miss (see studio.ts).
 */
export async function studioRecipients(tx: Client, deps: NotifyDeps): Promise<string[]> {
  if (deps.config.mail.notifyTo?.length) return deps.config.mail.notifyTo;
  return deps.cache.get("team", "alert-recipients", async () => {
    const admins = await tx.adminUser.findMany({ select: { email: true }, orderBy: { id: "asc" } });
    return admins.map((a) => a.email);
  });
}

/** What the messages about a booking say of the service. */
export const NOTIFY_SERVICE_SELECT = {
  title: true,
  priceCents: true,
  duration: true,
  durationMinutes: true,
  durationDays: true,
  category: true,
} as const;

async function loadBooking(tx: Client, bookingId: number) {
  const row = await tx.booking.findUnique({
    where: { id: bookingId },
    select: {
      id: true,
      name: true,
      email: true,
      phone: true,
      date: true,
      time: true,
      message: true,
      status: true,
      uploadId: true,
      image: true,
      service: { select: NOTIFY_SERVICE_SELECT },
    },
  });
  if (!row) return null;
  // A session of several days: its last day, which its messages and invite end with.
  const lastDate = await lastDayOf(tx, { ...row, days: row.service?.durationDays });
  return { ...row, lastDate };
}
/**
 * A booking as its messages need it (a caller that has just written it passes it, saving the read), with the last
 * day of a session of several days (absent or its date for one of one day).
 */
export type LoadedBooking = Omit<NonNullable<Awaited<ReturnType<typeof loadBooking>>>, "lastDate"> & {
  lastDate?: string | null;
};

const serviceTitle = (booking: LoadedBooking) => booking.service?.title ?? "Your session";

function factsOf(booking: LoadedBooking, studio: StudioDetails): t.BookingFacts {
  return {
    id: booking.id,
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    service: serviceTitle(booking),
    price: booking.service ? booking.service.priceCents / 100 : null,
    when: sessionClock(
      booking.date,
      booking.time,
      booking.service?.durationMinutes,
      studio.timeZone,
      booking.lastDate,
    ),
    message: booking.message,
    hasProof: Boolean(booking.uploadId ?? booking.image),
  };
}

async function inviteFor(
  tx: Client,
  deps: NotifyDeps,
  studio: StudioDetails,
  booking: LoadedBooking,
  status: "tentative" | "confirmed" | "cancelled",
  manageUrl: string | null,
): Promise<StoredAttachment> {
  // Every invite about the booking so far is an earlier version: this one must carry a higher SEQUENCE.
  const sequence = await tx.outgoingMail.count({
    where: { bookingId: booking.id, kind: { in: INVITE_KINDS } },
  });
  return inviteAttachment(deps, studio, booking, status, manageUrl, sequence);
}

/** The booking's calendar event, as the `sequence`-th version sent about it. */
function inviteAttachment(
  deps: NotifyDeps,
  studio: StudioDetails,
  booking: LoadedBooking,
  status: "tentative" | "confirmed" | "cancelled",
  manageUrl: string | null,
  sequence: number,
): StoredAttachment {
  const service = serviceTitle(booking);
  const method = status === "cancelled" ? "cancel" : "request";
  const calendar = storedCalendar({
    studioName: studio.name,
    organizerEmail: studio.emails[0] ?? `bookings@${mailDomain(deps.config.mail.from)}`,
    timeZone: studio.timeZone,
    method,
    stamp: deps.now(),
    events: [
      {
        uid: bookingUid(booking.id, mailDomain(deps.config.mail.from)),
        sequence,
        date: booking.date,
        time: booking.time,
        minutes: booking.service?.durationMinutes ?? SESSION_LENGTH.defaultMinutes,
        // A session of several days: one event from its first day's start to its last day's end.
        endDate: booking.lastDate ?? null,
        summary: `${service} with ${studio.name}`,
        description: [
          `Booking #${booking.id}: ${service}`,
          manageUrl ? `Manage your booking: ${manageUrl}` : null,
          studio.phones[0] ? `Phone: ${studio.phones[0]}` : null,
        ]
          .filter(Boolean)
          .join("\n"),
        location: addressLine(studio),
        url: manageUrl,
        status,
        attendee: { name: booking.name, email: booking.email },
      },
    ],
  });
  return {
    filename: status === "cancelled" ? "cancel.ics" : "invite.ics",
    contentType: `text/calendar; charset=utf-8; method=${method === "cancel" ? "CANCEL" : "REQUEST"}`,
    calendar,
  };
}

/** What a new booking's messages need besides the booking: the studio's details and alert recipients. */
export type ReceivedContext = { studio: StudioDetails; studioTo: string[] };

/** Read through the cache before the booking is written, so composing its messages needs no statement. */
export async function receivedContext(db: Db, deps: NotifyDeps): Promise<ReceivedContext> {
  const [studio, studioTo] = await Promise.all([studioDetailsFor(db, deps), studioRecipients(db, deps)]);
  return { studio, studioTo };
}

/**
 * A new booking's manage link (its URL, and the hash its BookingAccess row keeps) and its messages: the client's, with the
 * tentative invite as the event's first version, and the studio's alert. The caller writes them in the
 * booking's transaction.
 */
export function receivedMessages(
  deps: NotifyDeps,
  context: ReceivedContext,
  booking: LoadedBooking,
): { accessTokenHash: string; manageUrl: string; mails: MailRow[] } {
  const { studio, studioTo } = context;
  const link = newManageLink(deps);
  const facts = factsOf(booking, studio);
  const render = (m: t.Message) => compose(studio, m);
  const mails = [
    rowOf(deps, {
      kind: "booking.received",
      to: [booking.email],
      bookingId: booking.id,
      attachments: [inviteAttachment(deps, studio, booking, "tentative", link.url, 0)],
      ...render(t.bookingReceived(facts, link.url)),
      secretLinks: [link.url],
    }),
  ];
  if (studioTo.length) {
    const adminUrl = `${origin(deps)}${adminBookingPath(booking.id)}`;
    mails.push(
      rowOf(deps, {
        kind: "studio.booking",
        to: studioTo,
        replyTo: booking.email,
        bookingId: booking.id,
        ...render(t.studioNewBooking(facts, adminUrl)),
      }),
    );
  }
  return { accessTokenHash: link.tokenHash, manageUrl: link.url, mails };
}

/** The public site's feedback dialog, opened with the client's name, e-mail and category filled in. */
export function feedbackUrl(
  deps: NotifyDeps,
  booking: { name: string; email: string },
  category: string,
): string {
  const params = new URLSearchParams({ feedback: "1", name: booking.name, email: booking.email, category });
  return `${origin(deps)}/?${params.toString()}`;
}

/** The feedback category that matches a service's category: the site's category it belongs to ("" = General). */
export function feedbackCategoryOf(serviceCategory: string | null | undefined): string {
  const category = serviceCategoryOf(serviceCategory) ?? "";
  return (FEEDBACK_CATEGORIES as readonly string[]).includes(category) ? category : "";
}

/** Pending reminders of the booking will not go out (cancelled, moved, completed, or replaced). */
async function voidReminders(tx: Client, bookingId: number): Promise<void> {
  await tx.outgoingMail.updateMany({
    where: { bookingId, kind: "booking.reminder", status: { in: ["pending", "unsent"] } },
    data: { status: "skipped", lastError: null },
  });
}

/** When a confirmed session's reminder goes out, or null when the session is too close for one. */
function reminderTime(deps: NotifyDeps, facts: t.BookingFacts): Date | null {
  const at = new Date(facts.when.start.instant.getTime() - MAIL_REMINDER_HOURS * 3_600_000);
  return at.getTime() > deps.now().getTime() ? at : null;
}

/** A reminder MAIL_REMINDER_HOURS before a confirmed session, stored now and sent by whichever worker claims it. */
async function scheduleReminder(
  tx: Client,
  deps: NotifyDeps,
  studio: StudioDetails,
  booking: LoadedBooking,
): Promise<void> {
  await voidReminders(tx, booking.id);
  const facts = factsOf(booking, studio);
  const at = reminderTime(deps, facts);
  if (!at) return; // less than a day ahead: the confirmation is the reminder
  const manageUrl = await issueManageUrl(tx, deps, booking);
  const message = t.bookingReminder(facts, manageUrl);
  await enqueueMail(tx, deps, {
    kind: "booking.reminder",
    to: [booking.email],
    ...compose(studio, message),
    bookingId: booking.id,
    slot: `${booking.date} ${booking.time}`,
    notBefore: at,
    secretLinks: [manageUrl],
  });
}

async function lastMove(tx: Client, bookingId: number): Promise<{ date: string; time: string } | null> {
  const change = await tx.bookingChange.findFirst({
    where: { bookingId, action: "moved" },
    orderBy: { id: "desc" },
    select: { fromDate: true, fromTime: true },
  });
  return change?.fromDate && change.fromTime ? { date: change.fromDate, time: change.fromTime } : null;
}

/**
 * The messages a change to a booking causes (a new booking's: receivedMessages): always the client's; the
 * studio's for a client's own cancel or move. Confirming schedules the reminder; cancelling, moving and
 * completing void it (moving a confirmed booking schedules a new one for the new time). `by` says who made the
 * change (default: the studio).
 */
export async function notifyBooking(
  tx: Client,
  deps: NotifyDeps,
  bookingOrId: number | LoadedBooking,
  event: BookingEvent,
  options: { by?: "client" | "studio" } = {},
): Promise<void> {
  const booking = typeof bookingOrId === "number" ? await loadBooking(tx, bookingOrId) : bookingOrId;
  if (!booking) return;
  const bookingId = booking.id;
  const by = options.by ?? "studio";
  const studio = await studioDetailsFor(tx, deps);
  const facts = factsOf(booking, studio);
  const adminUrl = `${origin(deps)}${adminBookingPath(bookingId)}`;
  const to = [booking.email];
  const render = (m: t.Message) => compose(studio, m);

  switch (event) {
    case "confirmed": {
      const manageUrl = await issueManageUrl(tx, deps, booking);
      const attachments = [await inviteFor(tx, deps, studio, booking, "confirmed", manageUrl)];
      await enqueueMail(tx, deps, {
        kind: "booking.confirmed",
        to,
        bookingId,
        attachments,
        ...render(t.bookingConfirmed(facts, manageUrl, reminderTime(deps, facts) !== null)),
        secretLinks: [manageUrl],
      });
      await scheduleReminder(tx, deps, studio, booking);
      return;
    }
    case "cancelled": {
      await voidReminders(tx, bookingId);
      const attachments = [await inviteFor(tx, deps, studio, booking, "cancelled", null)];
      await enqueueMail(tx, deps, {
        kind: "booking.cancelled",
        to,
        bookingId,
        attachments,
        ...render(t.bookingCancelled(facts, by === "client", studio.emails[0] ?? null)),
      });
      if (by === "client") await notifyStudioOfChange(tx, deps, facts, "cancelled", null, adminUrl, render);
      return;
    }
    case "moved": {
      await voidReminders(tx, bookingId);
      const from = await lastMove(tx, bookingId);
      const manageUrl = await issueManageUrl(tx, deps, booking);
      const status = booking.status === "confirmed" ? "confirmed" : "tentative";
      const attachments = [await inviteFor(tx, deps, studio, booking, status, manageUrl)];
      await enqueueMail(tx, deps, {
        kind: "booking.moved",
        to,
        bookingId,
        attachments,
        ...render(t.bookingMoved(facts, from, manageUrl)),
        secretLinks: [manageUrl],
      });
      if (booking.status === "confirmed") await scheduleReminder(tx, deps, studio, booking);
      if (by === "client") await notifyStudioOfChange(tx, deps, facts, "moved", from, adminUrl, render);
      return;
    }
    case "completed": {
      await voidReminders(tx, bookingId);
      const url = feedbackUrl(deps, booking, feedbackCategoryOf(booking.service?.category));
      await enqueueMail(tx, deps, {
        kind: "booking.completed",
        to,
        bookingId,
        ...render(t.bookingCompleted(facts, url)),
      });
      return;
    }
  }
}

async function notifyStudioOfChange(
  tx: Client,
  deps: NotifyDeps,
  facts: t.BookingFacts,
  change: "cancelled" | "moved",
  from: { date: string; time: string } | null,
  adminUrl: string,
  render: (m: t.Message) => { subject: string; content: StoredContent },
): Promise<void> {
  const studioTo = await studioRecipients(tx, deps);
  if (!studioTo.length) return;
  await enqueueMail(tx, deps, {
    kind: "studio.booking_changed",
    to: studioTo,
    replyTo: facts.email,
    bookingId: facts.id,
    ...render(t.studioBookingChanged(facts, change, from, adminUrl)),
  });
}

/** A new contact message: the studio hears of it, and a reply goes straight to the sender (Reply-To). */
export async function notifyContactMessage(
  tx: Client,
  deps: NotifyDeps,
  contactMessageId: number,
): Promise<void> {
  const message = await tx.contactMessage.findUnique({ where: { id: contactMessageId } });
  if (!message) return;
  const studioTo = await studioRecipients(tx, deps);
  if (!studioTo.length) return;
  const studio = await studioDetailsFor(tx, deps);
  const m = t.studioContactMessage(message, `${origin(deps)}/admin/messages`);
  await enqueueMail(tx, deps, {
    kind: "studio.contact",
    to: studioTo,
    replyTo: message.email,
    ...compose(studio, m),
  });
}

/**
 * An admin's reply to a contact message (stored by the Messages inbox as a ContactReply), sent in the thread:
 * its Message-ID is the reply's own, In-Reply-To the previous reply's, References every earlier one.
 */
export async function notifyContactReply(
  tx: Client,
  deps: NotifyDeps,
  input: { contactMessageId: number; replyId: number },
): Promise<{ id: number; messageId: string }> {
  const [message, reply] = await Promise.all([
    tx.contactMessage.findUnique({ where: { id: input.contactMessageId } }),
    tx.contactReply.findUnique({ where: { id: input.replyId } }),
  ]);
  if (!message || !reply || reply.contactMessageId !== message.id) {
    throw new Error(`Contact reply ${input.replyId} of message ${input.contactMessageId} not found`);
  }
  const earlier = await tx.contactReply.findMany({
    where: { contactMessageId: message.id, id: { lt: reply.id } },
    orderBy: { id: "asc" },
    select: { messageId: true },
  });
  const studio = await studioDetailsFor(tx, deps);
  const m = t.contactReply({
    name: message.name,
    subject: message.subject,
    body: reply.body,
    original: message.message,
  });
  const ids = earlier.map((r) => r.messageId);
  const queued = await enqueueMail(tx, deps, {
    kind: "contact.reply",
    to: [message.email],
    replyTo: studio.emails[0] ?? null,
    ...compose(studio, m),
    messageId: reply.messageId,
    inReplyTo: ids.at(-1) ?? null,
    references: ids.length ? ids.join(" ") : null,
  });
  return { id: queued.id, messageId: queued.messageId };
}

/** "Forgot password?": the link by e-mail (only written when mail is configured; see routers/auth.ts). */
export async function notifyPasswordReset(
  tx: Client,
  deps: NotifyDeps,
  input: { email: string; name: string; token: string; minutes: number },
): Promise<void> {
  const studio = await studioDetailsFor(tx, deps);
  const url = `${origin(deps)}/admin/reset-password?token=${encodeURIComponent(input.token)}`;
  const m = t.passwordReset({ name: input.name, url, minutes: input.minutes });
  await enqueueMail(tx, deps, {
    kind: "auth.reset",
    to: [input.email],
    ...compose(studio, m),
    secretLinks: [url],
  });
}

/**
 * An e-mail change of an admin (auth/email-change.ts): the confirm link to the new address, and a notice with the
 * undo link to the old one, written in the transaction that records the change.
 */
export async function notifyEmailChange(
  tx: Client,
  deps: NotifyDeps,
  input: {
    name: string;
    oldEmail: string;
    newEmail: string;
    confirmToken: string;
    undoToken: string;
    confirmHours: number;
    undoDays: number;
  },
): Promise<void> {
  const studio = await studioDetailsFor(tx, deps);
  const link = (page: string, token: string) =>
    `${origin(deps)}/admin/${page}?token=${encodeURIComponent(token)}`;
  const confirmUrl = link("confirm-email", input.confirmToken);
  const undoUrl = link("undo-email-change", input.undoToken);
  await enqueueMail(tx, deps, {
    kind: "auth.email_confirm",
    to: [input.newEmail],
    ...compose(
      studio,
      t.emailChangeConfirm({
        name: input.name,
        url: confirmUrl,
        hours: input.confirmHours,
      }),
    ),
    secretLinks: [confirmUrl],
  });
  await enqueueMail(tx, deps, {
    kind: "auth.email_changed",
    to: [input.oldEmail],
    ...compose(
      studio,
      t.emailChangeNotice({
        name: input.name,
        newEmail: input.newEmail,
        url: undoUrl,
        days: input.undoDays,
      }),
    ),
    secretLinks: [undoUrl],
  });
}
