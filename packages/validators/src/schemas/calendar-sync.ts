/**
 * Two-way calendar sync (CalDAV; issue 27, item 6, ADR 019): the owner's form and what the back office shows.
 * The app password goes in and is never answered back.
 */
import { z } from "zod";
import { CALENDAR_SYNC_MESSAGES as m } from "../calendar-sync-messages";
import { FIELD_LIMITS } from "../constants";
import { requiredText, singleLine } from "./common";

/** The calendar collection's address: http(s), no credentials in it; kept with a trailing "/". */
export const ZCalendarUrl = z
  .string({ error: m.urlRequired })
  .trim()
  .min(1, m.urlRequired)
  .max(FIELD_LIMITS.url, m.urlInvalid)
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, m.urlInvalid)
  .transform((v) => {
    const url = new URL(v);
    url.hash = "";
    if (!url.pathname.endsWith("/")) url.pathname = `${url.pathname}/`;
    return url.toString();
  });

export const CALENDAR_PASSWORD_MAX = 500;

export const ZCalendarConnectInput = z.object({
  url: ZCalendarUrl,
  username: requiredText(m.usernameRequired, FIELD_LIMITS.shortText, singleLine("User name")),
  // Not trimmed: a password is what it is.
  password: z
    .string({ error: m.passwordRequired })
    .min(1, m.passwordRequired)
    .max(CALENDAR_PASSWORD_MAX, m.tooLong(CALENDAR_PASSWORD_MAX)),
});
export type CalendarConnectInput = z.input<typeof ZCalendarConnectInput>;

/** The Hours page's "Calendar sync" section. */
export const ZCalendarSyncStatus = z.object({
  connected: z.boolean(),
  url: z.string().nullable(),
  username: z.string().nullable(),
  /** The calendar's own name, as its server gives it. */
  display_name: z.string().nullable(),
  connected_at: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  /** Busy events (or occurrences) the last pull found, which block bookings. */
  busy_events: z.number().int(),
});
export type CalendarSyncStatus = z.output<typeof ZCalendarSyncStatus>;

/** The status while no calendar is connected. */
export const CALENDAR_DISCONNECTED: CalendarSyncStatus = {
  connected: false,
  url: null,
  username: null,
  display_name: null,
  connected_at: null,
  last_synced_at: null,
  last_error: null,
  last_error_at: null,
  busy_events: 0,
};

export const ZCalendarSyncResult = z.object({ status: ZCalendarSyncStatus, message: z.string() });
export type CalendarSyncResult = z.output<typeof ZCalendarSyncResult>;
