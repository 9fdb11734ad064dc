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
  /** The Hours page's section (owner only). */
  admin: {
    title: "Calendar sync",
    hint: "Connect the studio's CalDAV calendar (Nextcloud, iCloud, Fastmail, Radicale…): its busy events block booking times, and every booking is written to it as an event, moved and removed with the booking.",
    url: "Calendar address (URL)",
    urlHint:
      "The calendar's own CalDAV address, e.g. https://cloud.example.com/remote.php/dav/calendars/studio/work/",
    username: "User name",
    password: "App password",
    passwordHint: "Stored encrypted. It is never shown again.",
    connect: "Connect calendar",
    connecting: "Connecting...",
    syncNow: "Sync now",
    syncing: "Syncing...",
    disconnect: "Disconnect",
    disconnectTitle: "Disconnect calendar",
    disconnectConfirm:
      "Stop syncing with this calendar? Its events no longer block bookings, and new bookings are not written to it. Events already written stay there.",
    connectedTo: "Connected to",
    lastSynced: (when: string) => `Last synced ${when}`,
    neverSynced: "Not synced yet",
    busyEvents: (count: number) =>
      `${count} busy ${count === 1 ? "event blocks" : "events block"} booking times`,
    lastError: (when: string) => `Last error (${when}):`,
    loadFailed: "Failed to load the calendar sync settings",
    failed: "The calendar could not be changed. Please try again.",
  },
} as const;
