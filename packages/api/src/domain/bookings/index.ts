export { type BookingCreateData, createBooking } from "./create";
export { csvCell, exportBookingsCsv } from "./csv";
export { adminImage, type BookingDeps, plainImage, toBookingDto } from "./dto";
export {
  bookingAvailability,
  bookingStats,
  getBooking,
  listBookings,
  listBookingsPage,
} from "./queries";
export { confirmBooking, deleteBooking, setBookingStatus } from "./status";
