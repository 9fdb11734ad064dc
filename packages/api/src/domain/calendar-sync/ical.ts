/**
 * iCalendar for calendar sync. Reading: the busy ranges of the events the calendar server sent (node-ical parses
 * DTSTART/DTEND with TZID, all-day dates and DURATION; recurring events are expanded, with EXDATE and RECURRENCE-ID
 * overrides, inside the window). Writing: one booking as one event, times in UTC (no VTIMEZONE needed), no
 * ORGANIZER or ATTENDEE (a calendar server must not read it as an invitation to send to the client).
 */
import { addDays, zonedInstant } from "@studio/validators";
import ical, { type VEvent } from "node-ical";
import { foldLine, icsText, icsValue } from "../../mail/ics";

/** Every event the studio writes has a UID starting with this; such events are never read back as busy time. */
export const OWN_UID_PREFIX = "studio-booking-";

/** The UID (and object name) of a booking's event: the same for its whole life, so a move replaces it. */
export function bookingEventUid(bookingId: number, host: string): string {
  return `${OWN_UID_PREFIX}${bookingId}@${host}`;
}
export const bookingObjectName = (bookingId: number) => `${OWN_UID_PREFIX}${bookingId}`;

export type BusyRange = { uid: string; start: Date; end: Date };

const DAY_MS = 86_400_000;

/** A date-only value (all-day event) as the studio's day: node-ical makes it local midnight of the process. */
function dayOf(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/**
 * An instance's busy range. All-day events take the studio's whole days (midnight to midnight in its zone),
 * whatever zone the calendar app was in. A timed event with no end (and no duration) takes no time (RFC 5545).
 */
function rangeOf(
  start: Date & { dateOnly?: true },
  end: (Date & { dateOnly?: true }) | undefined,
  fullDay: boolean,
  timeZone: string,
): { start: Date; end: Date } | null {
  if (fullDay || start.dateOnly) {
    const first = dayOf(start);
    const last = end ? dayOf(end) : addDays(first, 1);
    const after = last > first ? last : addDays(first, 1);
    return { start: zonedInstant(first, "00:00", timeZone), end: zonedInstant(after, "00:00", timeZone) };
  }
  if (!end || end.getTime() <= start.getTime()) return null;
  return { start: new Date(start.getTime()), end: new Date(end.getTime()) };
}

/** Free time ("show as available"), cancelled events and our own bookings block nothing. */
function blocks(event: VEvent): boolean {
  if (typeof event.uid === "string" && event.uid.startsWith(OWN_UID_PREFIX)) return false;
  if (event.transparency === "TRANSPARENT") return false;
  if (event.status === "CANCELLED") return false;
  return true;
}

/**
 * The busy ranges of one calendar object's events that overlap [from, to). Recurring events are expanded here
 * (the server only chose the objects): a yearly birthday is one range in the window, not every year.
 */
export function busyRangesOf(text: string, window: { from: Date; to: Date }, timeZone: string): BusyRange[] {
  const parsed = ical.sync.parseICS(text);
  const ranges: BusyRange[] = [];
  for (const component of Object.values(parsed)) {
    if (component?.type !== "VEVENT") continue;
    const event = component as VEvent;
    if (!blocks(event) || !event.start) continue;
    const uid = String(event.uid ?? "");
    if (event.rrule) {
      // Widened by a day each side: an all-day instance is judged in the studio's zone afterwards.
      const instances = ical.expandRecurringEvent(event, {
        from: new Date(window.from.getTime() - DAY_MS),
        to: new Date(window.to.getTime() + DAY_MS),
        expandOngoing: true,
      });
      for (const instance of instances) {
        if (instance.isOverride && !blocks(instance.event)) continue;
        const range = rangeOf(instance.start, instance.end, instance.isFullDay, timeZone);
        if (range) ranges.push({ uid, ...range });
      }
    } else {
      const range = rangeOf(event.start, event.end, event.datetype === "date", timeZone);
      if (range) ranges.push({ uid, ...range });
    }
  }
  return ranges.filter((r) => r.start < window.to && r.end > window.from);
}

const utc = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

export type BookingEvent = {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  status: "tentative" | "confirmed";
  /** When the booking last changed: calendars take the newest version by SEQUENCE. */
  updatedAt: Date;
  stamp: Date;
};

/** A booking as a calendar object (one VEVENT in a VCALENDAR; CRLF line ends, every line folded). */
export function bookingEventIcs(event: BookingEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Studio//Calendar sync//EN",
    "BEGIN:VEVENT",
    `UID:${icsValue(event.uid)}`,
    `SEQUENCE:${Math.max(0, Math.floor((event.updatedAt.getTime() - Date.UTC(2020, 0, 1)) / 1000))}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `STATUS:${event.status === "confirmed" ? "CONFIRMED" : "TENTATIVE"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
