export { type BookingCreateData, createBooking } from "./create";
export { exportBookingsCsv, exportBookingsCsvChunk } from "./csv";
export { adminImage, type BookingDeps, toBookingDto } from "./dto";
export { availabilityDays, bookingAvailability } from "./availability";
export {
  bookingStats,
  chunkFloors,
  getBooking,
  listBookings,
  listBookingsPage,
} from "./queries";
export {
  addClosure,
  assertBookable,
  claimSeat,
  getSchedule,
  publicSchedule,
  removeClosure,
  type ScheduleDeps,
  type ScheduleRules,
  scheduleRules,
  seatKeys,
  updateSchedule,
} from "./schedule";
export { confirmBooking, deleteBooking, setBookingStatus } from "./status";
export { listBookingsJsonChunk } from "./stream";
