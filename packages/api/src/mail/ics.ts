/**
 * Calendar files (RFC 5545) for bookings: the one writer of .ics text, used by the invites attached to the
 * client's mails and by the owner's calendar feed. Times are written in the studio's zone (DTSTART;TZID=…) with
 * the zone's VTIMEZONE definition, so a calendar shows the right hour on both sides of a daylight-saving change.
 * One UID per booking; every new version of the invite carries a higher SEQUENCE, so calendars replace the
 * earlier one (confirmed, moved) or remove it (METHOD:CANCEL).
 *
 * Every value goes through one of three writers, whatever its source (the studio's name and address, a client's
 * name and message): TEXT escaped (icsText), a parameter quoted without what a quoted string cannot hold
 * (icsParam), a URI or an identifier without control characters (icsValue); and every line is folded at 75
 * octets (foldLine). So no value can end its line and start a property or a component of its own.
 */
import { zonedInstant } from "@studio/validators";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
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
  /** The session's length (of each day, for a session of several days). */
  minutes: number;
  /**
   * The last day of a session of several days: the event spans from the first day's start to the last day's end
   * (one event, one UID per booking, so moves and cancellations keep updating it in every calendar).
   */
  endDate?: string | null;
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

/** RFC 5545 allows 75 octets a line (CRLF not counted); a longer one continues on lines starting with a space. */
const LINE_OCTETS = 75;

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, every line break (CR LF, CR, LF, and
 * the Unicode line and paragraph separators) written as `\n`, any other control character left out.
 */
export function icsText(value: string): string {
  return value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, "\\n")
    .replace(/\p{Cc}/gu, "");
}

/**
 * A parameter value (CN=…), quoted: a quoted string holds no control character and no DQUOTE (RFC 5545 3.1),
 * so a line break becomes a space and a double quote a single one.
 */
export function icsParam(value: string): string {
  return `"${value.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").replaceAll('"', "'")}"`;
}

/** A URI or an identifier (UID, mailto:, URL): no escaping applies, and no control character may stay. */
export function icsValue(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]/gu, "");
}

const encoder = new TextEncoder();

/**
 * One content line folded at 75 octets (RFC 5545 3.1): CRLF and a space before each continuation, which counts
 * towards its 75; a break never falls inside a UTF-8 character (the line is cut between code points).
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= LINE_OCTETS) return line;
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > LINE_OCTETS) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join("\r\n");
}

const STATUS = { tentative: "TENTATIVE", confirmed: "CONFIRMED", cancelled: "CANCELLED" } as const;

const utcStamp = (date: Date) => DateTime.fromJSDate(date, { zone: "utc" }).toFormat("yyyyMMdd'T'HHmmss'Z'");
const localTime = (time: DateTime) => time.toFormat("yyyyMMdd'T'HHmmss");

/** The zone's VTIMEZONE component as lines (none when the zone database does not know the zone). */
function timeZoneLines(timeZone: string): string[] {
  const component = getVtimezoneComponent(timeZone);
  return component ? component.split(/\r?\n/).filter((line) => line.length > 0) : [];
}

/** The start of the event's last day (its first, unless it spans several). */
function endStart(event: CalendarEvent, timeZone: string, start: DateTime): DateTime {
  return event.endDate && event.endDate !== event.date
    ? sessionStart(event.endDate, event.time, timeZone)
    : start;
}

function eventLines(event: CalendarEvent, input: CalendarInput): string[] {
  const start = sessionStart(event.date, event.time, input.timeZone);
  const zone = icsValue(input.timeZone);
  const lines = [
    "BEGIN:VEVENT",
    `UID:${icsValue(event.uid)}`,
    `SEQUENCE:${Math.max(0, Math.trunc(event.sequence))}`,
    `DTSTAMP:${utcStamp(input.stamp)}`,
    `DTSTART;TZID=${zone}:${localTime(start)}`,
    `DTEND;TZID=${zone}:${localTime(endStart(event, input.timeZone, start).plus({ minutes: event.minutes }))}`,
    `SUMMARY:${icsText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${icsText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${icsText(event.description)}`);
  lines.push(`ORGANIZER;CN=${icsParam(input.studioName)}:mailto:${icsValue(input.organizerEmail)}`);
  if (event.attendee)
    lines.push(
      `ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=FALSE;CN=${icsParam(event.attendee.name)}:mailto:${icsValue(event.attendee.email)}`,
    );
  if (event.url) lines.push(`URL;VALUE=URI:${icsValue(event.url)}`);
  lines.push(`STATUS:${STATUS[event.status]}`, "END:VEVENT");
  return lines;
}

/** The text of a VCALENDAR holding these events (CRLF line ends, every line folded). */
export function buildCalendar(input: CalendarInput): string {
  const name = icsText(input.studioName);
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:-//${name}//Bookings//EN`];
  if (input.method) lines.push(`METHOD:${input.method === "cancel" ? "CANCEL" : "REQUEST"}`);
  lines.push(`NAME:${name}`, `X-WR-CALNAME:${name}`);
  // No calendar-wide zone (DTSTAMP stays UTC): the events name theirs, defined once here.
  if (input.events.length > 0) lines.push(...timeZoneLines(input.timeZone));
  for (const event of input.events) lines.push(...eventLines(event, input));
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
