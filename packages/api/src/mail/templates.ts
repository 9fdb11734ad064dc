/** The words of every message: pure functions from the facts to a subject and the layout's blocks. */
import {
  formatDate,
  formatDateTime,
  formatLongDateTime,
  formatSessionTime,
  formatShortDate,
  formatTime,
  formatUsd,
} from "@studio/validators";
import type { Block, EmailContent } from "./content";
import type { SessionClock } from "./session-clock";

export type Message = { subject: string; content: EmailContent };

/** A booking as the messages describe it. */
export type BookingFacts = {
  id: number;
  name: string;
  email: string;
  phone: string;
  service: string;
  price: number | null;
  /** The session's start and end on the studio's clock. */
  when: SessionClock;
  message: string | null;
  hasProof: boolean;
};

/** "10:00 AM – 11:00 AM PST (America/Los_Angeles)": the zone named, so nobody guesses. */
export function timeText(when: SessionClock): string {
  return formatSessionTime(when.start, when.end, when.timeZone);
}

function sessionRows(b: BookingFacts): [string, string][] {
  const { start, end } = b.when;
  // A session of several days: from its first day to its last, the same hours each day.
  const severalDays = start.year !== end.year || start.month !== end.month || start.day !== end.day;
  const rows: [string, string][] = [
    ["Service", b.service],
    ["Date", severalDays ? `${formatDate(start)} to ${formatDate(end)}` : formatDate(start)],
    ["Time", severalDays ? `${timeText(b.when)}, each day` : timeText(b.when)],
  ];
  if (b.price !== null) rows.splice(1, 0, ["Price", `${formatUsd(b.price)} (USD)`]);
  rows.push(["Reference", `Booking #${b.id}`]);
  return rows;
}

const manageBlocks = (url: string, label = "Manage your booking"): Block[] => [
  { kind: "button", label, href: url },
  {
    kind: "muted",
    text: "Use this link to see your booking, move it to another time or cancel it. Keep it to yourself: anyone with the link can change the booking.",
  },
];

export function bookingReceived(b: BookingFacts, manageUrl: string): Message {
  return {
    subject: `We received your booking: ${b.service} on ${formatShortDate(b.when.start)}`,
    content: {
      preview: `Your request for ${formatDate(b.when.start)} is in. We will confirm it shortly.`,
      heading: `Thank you, ${b.name}. We have your booking.`,
      blocks: [
        {
          kind: "text",
          text: "Your request is in and the time is held for you. Here is what you asked for:",
        },
        { kind: "details", rows: sessionRows(b) },
        { kind: "heading", text: "What happens next" },
        {
          kind: "text",
          text: "We review every request and confirm it by e-mail, usually within one working day. The calendar invite attached is marked tentative until then. Final pricing may vary based on specific requirements.",
        },
        ...manageBlocks(manageUrl),
      ],
    },
  };
}

/** `reminder`: whether a reminder will follow (not for a session less than a day away). */
export function bookingConfirmed(b: BookingFacts, manageUrl: string, reminder: boolean): Message {
  return {
    subject: `Confirmed: ${b.service} on ${formatShortDate(b.when.start)}`,
    content: {
      preview: `Your session on ${formatDate(b.when.start)} is confirmed.`,
      heading: "Your session is confirmed",
      blocks: [
        { kind: "text", text: `Good news, ${b.name}: we have confirmed your session. See you then!` },
        { kind: "details", rows: sessionRows(b) },
        {
          kind: "text",
          text: reminder
            ? "The attached calendar invite replaces the tentative one. We will send a reminder the day before."
            : "The attached calendar invite replaces the tentative one.",
        },
        ...manageBlocks(manageUrl),
      ],
    },
  };
}

export function bookingCancelled(b: BookingFacts, byClient: boolean, contactEmail: string | null): Message {
  return {
    subject: `Cancelled: ${b.service} on ${formatShortDate(b.when.start)}`,
    content: {
      preview: `Your session on ${formatDate(b.when.start)} has been cancelled.`,
      heading: "Your booking has been cancelled",
      blocks: [
        {
          kind: "text",
          text: byClient
            ? `As you asked, ${b.name}, we have cancelled this session:`
            : `We are sorry, ${b.name}: we had to cancel this session.`,
        },
        { kind: "details", rows: sessionRows(b) },
        {
          kind: "text",
          text: `The attached file removes it from your calendar. To book another time, visit our website${
            contactEmail ? ` or write to ${contactEmail}` : ""
          }.`,
        },
      ],
    },
  };
}

export function bookingMoved(
  b: BookingFacts,
  from: { date: string; time: string } | null,
  manageUrl: string,
): Message {
  const blocks: Block[] = [
    { kind: "text", text: `Your session has a new time, ${b.name}. Here are the details:` },
    { kind: "details", rows: sessionRows(b) },
  ];
  if (from)
    blocks.push({ kind: "muted", text: `It was on ${formatLongDateTime(from.date, from.time)} before.` });
  blocks.push(
    { kind: "text", text: "The attached calendar invite updates the event in your calendar." },
    ...manageBlocks(manageUrl),
  );
  return {
    subject: `New time: ${b.service} on ${formatShortDate(b.when.start)}`,
    content: {
      preview: `Your session moved to ${formatDate(b.when.start)}.`,
      heading: "Your session has been moved",
      blocks,
    },
  };
}

export function bookingCompleted(b: BookingFacts, feedbackUrl: string): Message {
  return {
    subject: `Thank you for your session with us`,
    content: {
      preview: "Thank you! Tell us how it went.",
      heading: `Thank you, ${b.name}`,
      blocks: [
        {
          kind: "text",
          text: `It was a pleasure working with you on your ${b.service} session on ${formatDate(b.when.start)}. We will be in touch about the delivery of your files.`,
        },
        {
          kind: "text",
          text: "Would you tell us how it went? It takes a minute, and your words help other clients choose.",
        },
        { kind: "button", label: "Share your feedback", href: feedbackUrl },
      ],
    },
  };
}

export function bookingReminder(b: BookingFacts, manageUrl: string): Message {
  return {
    subject: `Reminder: ${b.service} tomorrow at ${formatTime(b.when.start)}`,
    content: {
      preview: `See you on ${formatDate(b.when.start)} at ${formatTime(b.when.start)} ${b.when.start.zone}.`,
      heading: "See you tomorrow",
      blocks: [
        { kind: "text", text: `A quick reminder, ${b.name}: your session is coming up.` },
        { kind: "details", rows: sessionRows(b) },
        {
          kind: "text",
          text: "Please arrive a few minutes early. If something came up, let us know as soon as you can.",
        },
        ...manageBlocks(manageUrl),
      ],
    },
  };
}

export function studioNewBooking(b: BookingFacts, adminUrl: string): Message {
  return {
    subject: `New booking #${b.id}: ${b.name}, ${b.service} on ${formatDateTime(b.when.start, b.when.start)}`,
    content: {
      preview: `${b.name} booked ${b.service} for ${formatDate(b.when.start)}.`,
      heading: "New booking request",
      blocks: [
        {
          kind: "details",
          rows: [
            ["Client", b.name],
            ["E-mail", b.email],
            ["Phone", b.phone],
            ...sessionRows(b),
            ["Proof file", b.hasProof ? "Attached (open it in the back office)" : "None"],
          ],
        },
        ...(b.message
          ? ([
              { kind: "heading", text: "Message" },
              { kind: "quote", text: b.message },
            ] as Block[])
          : []),
        { kind: "button", label: "Open in the back office", href: adminUrl },
        { kind: "muted", text: "Reply to this e-mail to write to the client." },
      ],
    },
  };
}

export function studioBookingChanged(
  b: BookingFacts,
  change: "cancelled" | "moved",
  from: { date: string; time: string } | null,
  adminUrl: string,
): Message {
  const moved = change === "moved";
  return {
    subject: `Booking #${b.id} ${moved ? "moved" : "cancelled"} by ${b.name}`,
    content: {
      preview: `${b.name} ${moved ? "moved" : "cancelled"} their ${b.service} session.`,
      heading: moved ? "A client moved their session" : "A client cancelled their session",
      blocks: [
        {
          kind: "details",
          rows: [
            ["Client", `${b.name} (${b.email})`],
            ...sessionRows(b),
            ...(from ? ([["Was", formatLongDateTime(from.date, from.time)]] as [string, string][]) : []),
          ],
        },
        { kind: "button", label: "Open in the back office", href: adminUrl },
      ],
    },
  };
}

export type ContactFacts = {
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  serviceType: string | null;
};

export function studioContactMessage(c: ContactFacts, inboxUrl: string): Message {
  const rows: [string, string][] = [
    ["From", `${c.name} (${c.email})`],
    ["Subject", c.subject],
  ];
  if (c.phone) rows.push(["Phone", c.phone]);
  if (c.serviceType) rows.push(["Interested in", c.serviceType]);
  return {
    subject: `New message from ${c.name}: ${c.subject}`,
    content: {
      preview: c.message.slice(0, 120),
      heading: "New contact message",
      blocks: [
        { kind: "details", rows },
        { kind: "quote", text: c.message },
        { kind: "button", label: "Open the inbox", href: inboxUrl },
        { kind: "muted", text: `Reply to this e-mail to answer ${c.name} directly.` },
      ],
    },
  };
}

export function contactReply(input: {
  name: string;
  subject: string;
  body: string;
  original: string | null;
}): Message {
  const blocks: Block[] = [{ kind: "text", text: input.body }];
  if (input.original) {
    blocks.push({ kind: "muted", text: "You wrote:" }, { kind: "quote", text: input.original });
  }
  return {
    subject: /^re:/i.test(input.subject) ? input.subject : `Re: ${input.subject}`,
    content: { preview: input.body.slice(0, 120), heading: `Hello ${input.name},`, blocks },
  };
}

export function passwordReset(input: { name: string; url: string; minutes: number }): Message {
  return {
    subject: "Reset your password",
    content: {
      preview: "A link to choose a new password for the back office.",
      heading: "Reset your password",
      blocks: [
        {
          kind: "text",
          text: `Hello ${input.name}, someone (we hope you) asked to reset the password of your back-office account.`,
        },
        { kind: "button", label: "Choose a new password", href: input.url },
        {
          kind: "muted",
          text: `The link works once, for ${input.minutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
        },
      ],
    },
  };
}

/** To the new address of an e-mail change: confirm it before it is used for sign-in and resets. */
export function emailChangeConfirm(input: { name: string; url: string; hours: number }): Message {
  return {
    subject: "Confirm your new e-mail address",
    content: {
      preview: "One click to start using this address for the back office.",
      heading: "Confirm your new e-mail address",
      blocks: [
        {
          kind: "text",
          text: `Hello ${input.name}, this address was entered as the new e-mail of your back-office account. Until you confirm it, the account keeps its current address for signing in and password resets.`,
        },
        { kind: "button", label: "Confirm this address", href: input.url },
        {
          kind: "muted",
          text: `The link works once, for ${input.hours} hours. If you did not expect this, ignore this e-mail: nothing changes.`,
        },
      ],
    },
  };
}

/** To the old address of an e-mail change: what happened, and a link to undo it. */
export function emailChangeNotice(input: {
  name: string;
  newEmail: string;
  url: string;
  days: number;
}): Message {
  return {
    subject: "Your e-mail address is being changed",
    content: {
      preview: `Your back-office account's e-mail is being changed to ${input.newEmail}.`,
      heading: "Your e-mail address is being changed",
      blocks: [
        {
          kind: "text",
          text: `Hello ${input.name}, someone signed in to your back-office account asked to change its e-mail address to ${input.newEmail}. It takes effect once that address is confirmed.`,
        },
        {
          kind: "text",
          text: "If this was not you, undo it: your account gets this address back and every session of it ends at once.",
        },
        { kind: "button", label: "Undo the change", href: input.url },
        {
          kind: "muted",
          text: `The link works once, for ${input.days} days. If you asked for the change, there is nothing to do.`,
        },
      ],
    },
  };
}
