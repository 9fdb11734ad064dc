/**
 * The studio moves a booking to another date and time (the booking's details in the back office). The new place
 * is judged exactly like a new booking and claimed like the client's own move (move.ts); the client and the
 * studio are told, webhooks hear "booking.moved" by the studio, the booking's history shows "moved by the studio",
 * and the change is in the Activity trail with the booking before and after.
 */
import { type BookingDto, BOOKING_TRANSITIONS, MESSAGES } from "@studio/validators";
import { auditedChange } from "../../audit/trail";
import { AppError } from "../../errors";
import { MAIL_TRANSACTION } from "../../mail/notify";
import { type BookingDeps, bookingSelect, type ImageView, toBookingDto } from "./dto";
import { sessionFacts } from "./holds";
import { moveBookingTo } from "./move";
import { bookingNotFound } from "./queries";
import { assertBookable } from "./schedule";

const MAX_ATTEMPTS = 5;
const m = MESSAGES.booking;

export async function rescheduleBooking(
  deps: BookingDeps,
  id: number,
  target: { date: string; time: string },
  view: ImageView,
): Promise<BookingDto> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const booking = await deps.db.booking.findUnique({ where: { id }, select: bookingSelect });
    if (!booking) throw bookingNotFound();
    // Only a session still to be held moves: one completed or cancelled is history.
    if (BOOKING_TRANSITIONS[booking.status].length === 0) {
      throw new AppError("CONFLICT", m.rescheduleRefused(booking.status));
    }
    if (booking.date === target.date && booking.time === target.time) {
      throw new AppError("BAD_REQUEST", m.sameTime, { fieldErrors: { time: m.sameTime } });
    }
    const rules = await assertBookable(deps, target, { timing: await sessionFacts(deps, booking.serviceId) });
    const moved = await moveBookingTo(deps, booking, target, rules, "admin", (write) =>
      auditedChange(deps, id, write, { transaction: MAIL_TRANSACTION, changed: (done) => done }),
    );
    if (moved) return toBookingDto({ ...booking, ...target }, view);
    // Changed meanwhile (by the client or another admin): judge it again as it is now.
  }
  throw new AppError("CONFLICT", m.statusUpdateFailed);
}
