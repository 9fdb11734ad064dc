/**
 * Messages of two-way calendar sync (CalDAV; issue 27, item 6). Part of MESSAGES (messages.ts) as
 * `calendarSync`; kept in a file of their own, as messages.ts is to be split by domain.
 */
export const CALENDAR_SYNC_MESSAGES = {
  urlRequired: "Please enter the calendar's address",
  urlInvalid:
    "Please enter the calendar's http:// or https:// address (without a user name or password in it)",
  usernameRequired: "Please enter the user name",
  passwordRequired: "Please enter the app password",
  tooLong: (limit: number) => `Please keep this under ${limit} characters`,
  /** Connecting: what the calendar server answered, in words. */
  unreachable: (detail: string) =>
    `The calendar server could not be reached (${detail}). Please check the address.`,
  credentialsRefused:
    "The calendar server refused this user name and app password. Please check them (an app password, not your usual password, for most providers).",
  notFound:
    "There is no calendar at this address. Please copy the calendar's own address from your calendar app.",
  notCalendar:
    "This address is not a calendar (it may be your account's address: open the calendar itself and copy its address).",
  serverRefused: (status: number) => `The calendar server answered ${status}. Please check the address.`,
  privateAddress:
    "This address is on a private, loopback or link-local network. Set CALDAV_ALLOW_PRIVATE_NETWORKS=true to sync with a calendar there.",
  unresolvable: "This host name could not be found",
  notConnected: "No calendar is connected",
  connected: "Calendar connected. Its busy times now block bookings, and new bookings are written to it.",
  disconnected:
    "Calendar disconnected. Bookings are no longer written to it, and its events no longer block times.",
  synced: "Calendar synced",
  /** The slot a busy event in the studio's calendar takes (booking dialog, move page). */
  slotBusy: "Unavailable",
} as const;
