export { calendarSyncStatus, connectCalendar, disconnectCalendar, syncCalendarNow } from "./connection";
export { OWN_UID_PREFIX } from "./ical";
export { calendarSyncJobHandlers } from "./jobs";
export { calendarPushJobRow, enqueueCalendarPush, pushesBookings } from "./push";
export { calendarBusyRanges } from "./busy";
export { pullBusyTime } from "./sync";
