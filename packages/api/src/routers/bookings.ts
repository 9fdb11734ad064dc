import {
  ZAdminAvailabilityInput,
  ZBookingHistory,
  ZBookingReschedule,
  ZAvailability,
  type ZAvailabilityDays,
  ZAvailabilityDaysInput,
  ZAvailabilityInput,
  ZBookingChunkFloors,
  ZBookingChunkFloorsInput,
  ZBookingChunkInput,
  type ZBookingChunkResult,
  ZBookingCreateInput,
  type ZBookingCreateResult,
  ZBookingCsv,
  type ZBookingCsvChunk,
  ZBookingDto,
  ZBookingExportInput,
  ZBookingListPageInput,
  type ZBookingListResult,
  ZBookingStats,
  ZBookingStatusChange,
  ZId,
} from "@studio/validators";
import type { z } from "zod";
import {
  adminImage,
  availabilityDays,
  bookingAvailability,
  bookingStats,
  chunkFloors,
  confirmBooking,
  createBooking,
  deleteBooking,
  exportBookingsCsv,
  exportBookingsCsvChunk,
  getBooking,
  listBookingsJsonChunk,
  listBookingsPage,
  setBookingStatus,
} from "../domain/bookings";
import { bookingHistory } from "../domain/bookings/history";
import { rescheduleBooking } from "../domain/bookings/reschedule";
import { adminProcedure, formProcedure, publicProcedure, router } from "../trpc";

export const bookingsRouter = router({
  /**
   * The public booking dialog (and POST /api/bookings): the proof comes back as the same short-lived signed link
   * the admin list gives (the visitor uploaded that file; an unsigned path opens for nobody). Both create
   * procedures check their output's shape at compile time only (`satisfies`): the booking is built field by
   * field (toBookingDto), and parsing it again was about 3% of a new booking's CPU.
   */
  create: formProcedure("booking")
    .input(ZBookingCreateInput)
    .mutation(
      async ({ ctx, input }) =>
        (await createBooking(ctx, input, adminImage(ctx))) satisfies z.output<typeof ZBookingCreateResult>,
    ),
  availability: publicProcedure
    .input(ZAvailabilityInput)
    .output(ZAvailability)
    .query(({ ctx, input }) => bookingAvailability(ctx, input.date, { serviceId: input.service_id })),
  /**
   * A month view: per day, the starts still free for the service (one read for every day). Its output's shape is
   * checked at compile time only (`satisfies`), like the admin list's: parsing sixty days again on every call was
   * a few per cent of an uncached view's CPU, for an answer built field by field here.
   */
  availabilityDays: publicProcedure.input(ZAvailabilityDaysInput).query(
    async ({ ctx, input }) =>
      (await availabilityDays(ctx, input.from, input.days, {
        serviceId: input.service_id,
      })) satisfies z.output<typeof ZAvailabilityDays>,
  ),
  /** The back office's view of a day (create and reschedule): a rescheduled booking's own holds do not count. */
  adminAvailability: adminProcedure
    .input(ZAdminAvailabilityInput)
    .output(ZAvailability)
    .query(({ ctx, input }) =>
      bookingAvailability(ctx, input.date, {
        serviceId: input.service_id,
        excludeBookingId: input.exclude_booking_id,
      }),
    ),

  /** The admin "Create New Booking" dialog: the same rules as the public dialog. */
  adminCreate: adminProcedure
    .input(ZBookingCreateInput)
    .mutation(
      async ({ ctx, input }) =>
        (await createBooking(ctx, input, adminImage(ctx))) satisfies z.output<typeof ZBookingCreateResult>,
    ),
  /**
   * The admin page, polled by every open back office: its output's shape is checked at compile time only
   * (`satisfies`), like the chunks below. Parsing 50 bookings again on every call, most of them answered by
   * the read cache, was 13% of the page's CPU; the page is built field by field from its own statement.
   */
  list: adminProcedure
    .input(ZBookingListPageInput)
    .query(
      async ({ ctx, input }) =>
        (await listBookingsPage(ctx, input)) satisfies z.output<typeof ZBookingListResult>,
    ),
  /**
   * Chunks of the full list for streaming, as JSON text written by the database; no total count. The chunk
   * procedures check their output's shape at compile time only (`satisfies`): they are the hot loop of a
   * million-row stream, and their output is our own.
   */
  listChunk: adminProcedure
    .input(ZBookingChunkInput)
    .query(
      async ({ ctx, input }) =>
        (await listBookingsJsonChunk(ctx, input, adminImage(ctx))) satisfies z.output<
          typeof ZBookingChunkResult
        >,
    ),
  /** Where the next chunks of a stream end, so that its reader can ask for several at once. */
  chunkFloors: adminProcedure
    .input(ZBookingChunkFloorsInput)
    .output(ZBookingChunkFloors)
    .query(({ ctx, input }) => chunkFloors(ctx, input)),
  get: adminProcedure
    .input(ZId)
    .output(ZBookingDto)
    .query(({ ctx, input }) => getBooking(ctx, input.id, adminImage(ctx))),
  /** A booking's own history and its client's other bookings (its details in the back office). */
  history: adminProcedure
    .input(ZId)
    .output(ZBookingHistory)
    .query(({ ctx, input }) => bookingHistory(ctx, input.id)),
  stats: adminProcedure.output(ZBookingStats).query(({ ctx }) => bookingStats(ctx)),
  setStatus: adminProcedure
    .input(ZBookingStatusChange)
    .output(ZBookingDto)
    .mutation(({ ctx, input }) => setBookingStatus(ctx, input.id, input.status, adminImage(ctx))),
  /** Moves a booking to another date and time, judged like a new booking (crews, equipment, hours). */
  reschedule: adminProcedure
    .input(ZBookingReschedule)
    .output(ZBookingDto)
    .mutation(({ ctx, input }) =>
      rescheduleBooking(ctx, input.id, { date: input.date, time: input.time }, adminImage(ctx)),
    ),
  confirm: adminProcedure
    .input(ZId)
    .output(ZBookingDto)
    .mutation(({ ctx, input }) => confirmBooking(ctx, input.id, adminImage(ctx))),
  delete: adminProcedure.input(ZId).mutation(({ ctx, input }) => deleteBooking(ctx, input.id)),
  exportCsv: adminProcedure
    .input(ZBookingExportInput)
    .output(ZBookingCsv)
    .query(({ ctx, input }) => exportBookingsCsv(ctx, input)),
  /** Chunks of the CSV export for streaming (REST GET /api/bookings/export.csv). */
  exportCsvChunk: adminProcedure
    .input(ZBookingChunkInput)
    .query(
      async ({ ctx, input }) =>
        (await exportBookingsCsvChunk(ctx, input)) satisfies z.output<typeof ZBookingCsvChunk>,
    ),
});
