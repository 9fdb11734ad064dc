/**
 * Calendar files (RFC 5545) for bookings, made with ical-generator. Times are written in the studio's zone
 * (DTSTART;TZID=…) with the zone's VTIMEZONE definition, so a calendar shows the right hour on both sides of a
 * daylight-saving change. One UID per booking; every new version of the invite carries a higher SEQUENCE, so
 * calendars replace the earlier one (confirmed, moved) or remove it (METHOD:CANCEL).
 *
 * Exported for the owner's calendar feed as well (buildCalendar with several events and no method).
 */
import { zonedInstant } from "@studio/validators";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { DateTime } from "luxon";

/**
 * A session's start on the studio's wall clock ("YYYY-MM-DD", "HH:MM") in an IANA zone: the instant the
 * e-mails, the schedule and the calendar feed use (zonedInstant), so an invite never disagrees with them.
 */
export function sessionStart(date: string, time: string, timeZone: string): DateTime {
  const start = DateTime.fromMillis(zonedInstant(date, time, timeZone).getTime(), { zone: timeZone });
  if (!start.isValid) throw new Error(`Not a valid session time: ${date} ${time} (${timeZone})`);
  return start;
}

/** The calendar UID of a booking: the same in every invite about it, so calendars update one event. */
export function bookingUid(bookingId: number, domain: string): string {
  return `booking-${bookingId}@${domain}`;
}

export type CalendarEvent = {
  uid: string;
  /** Higher for every new version of the same event. */
  sequence: number;
  date: string;
  time: string;
  hours: number;
  summary: string;
  description: string;
  location: string;
  url?: string | null;
  status: "tentative" | "confirmed" | "cancelled";
  attendee?: { name: string; email: string } | null;
};

export type CalendarInput = {
  /** The studio's name (calendar name and organizer). */
  studioName: string;
  organizerEmail: string;
  timeZone: string;
  /** REQUEST for an invite, CANCEL to withdraw it; null for a subscribed feed. */
  method: "request" | "cancel" | null;
  events: CalendarEvent[];
  /** DTSTAMP: when this version was made. */
  stamp: Date;
};

const STATUS = {
  tentative: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
} as const;

/** The text of a VCALENDAR holding these events. */
export function buildCalendar(input: CalendarInput): string {
  const calendar = ical({
    name: input.studioName,
    prodId: { company: input.studioName, product: "Bookings", language: "EN" },
    // No calendar-wide zone (DTSTAMP must stay UTC); the events name theirs, and the generator adds VTIMEZONE.
    timezone: { name: null, generator: getVtimezoneComponent },
    ...(input.method
      ? { method: input.method === "cancel" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST }
      : {}),
  });
  for (const event of input.events) {
    const start = sessionStart(event.date, event.time, input.timeZone);
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      stamp: input.stamp,
      start,
      end: start.plus({ hours: event.hours }),
      timezone: input.timeZone,
      summary: event.summary,
      description: event.description,
      location: event.location,
      url: event.url ?? null,
      status: STATUS[event.status],
      organizer: { name: input.studioName, email: input.organizerEmail },
      attendees: event.attendee
        ? [{ name: event.attendee.name, email: event.attendee.email, rsvp: false }]
        : [],
    });
  }
  return calendar.toString();
}
