export { type BookingCreateData, createBooking } from "./create";
export { csvCell, exportBookingsCsv } from "./csv";
export { adminImage, type BookingDeps, plainImage, toBookingDto } from "./dto";
export {
  bookingAvailability,
  bookingStats,
  bookingWhere,
  getBooking,
  listBookings,
} from "./queries";
export { confirmBooking, deleteBooking, setBookingStatus } from "./status";
