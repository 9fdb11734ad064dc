/**
 * Moving a session to another date and time: the client's self-service move (self-service.ts) and the studio's
 * reschedule (reschedule.ts) share it. The new place is judged exactly like a new booking (schedule.ts: open day,
 * the held range inside the hours, notice, horizon) and claimed like one: a seat of the start slot (the unique
 * slot key) and a crew and the service's equipment for every unit of the new held range (holds.ts), in the same
 * transaction that releases the old ones. So concurrent moves and new bookings never hold a resource beyond its
 * count.
 */
import type { BookingStatus } from "@studio/validators";
import { MESSAGES } from "@studio/validators";
import type { AuditTx } from "../../audit/trail";
import { AppError } from "../../errors";
import { notifyBooking } from "../../mail/notify";
import { enqueueCalendarPush } from "../calendar-sync/push";
import { bookingEventData, emitWebhookEvent } from "../webhooks/events";
import type { BookingDeps } from "./dto";
import { type HoldRow, sessionFacts, withHolds } from "./holds";
import { claimSeat, type ScheduleRules, seatKeys } from "./schedule";

export type MoveActor = "client" | "admin";

/** The booking as the move was judged from: it moves only if it is still so. */
export type MovingBooking = {
  id: number;
  status: BookingStatus;
  date: string;
  time: string;
  serviceId: number | null;
};

export type MoveTarget = { date: string; time: string };

/** Runs the move's writes in one transaction (the studio's in an audited one). */
export type MoveTransaction = (write: (tx: AuditTx) => Promise<boolean>) => Promise<boolean>;

const slotTaken = () =>
  new AppError("CONFLICT", MESSAGES.booking.slotTaken, { fieldErrors: { time: MESSAGES.booking.slotTaken } });

/**
 * Moves the booking to `target` (already judged bookable under `rules`, with the days its session takes there). True when moved; false when the booking
 * changed meanwhile (the caller judges it again); a 409 when the target's slot, crews or equipment are taken.
 */
export async function moveBookingTo(
  deps: BookingDeps,
  booking: MovingBooking,
  target: MoveTarget,
  rules: ScheduleRules & { days?: string[] },
  actor: MoveActor,
  transaction: MoveTransaction,
): Promise<boolean> {
  const facts = await sessionFacts(deps, booking.serviceId);
  const by = actor === "admin" ? ("studio" as const) : ("client" as const);
  // The start slot's seat, once the range is planned (so a refusal names what is missing).
  const write = async (holds: HoldRow[]) =>
    claimSeat(seatKeys(target, rules.capacity), (slotKey) =>
      transaction(async (tx) => {
        const { count } = await tx.booking.updateMany({
          where: { id: booking.id, status: booking.status, date: booking.date, time: booking.time },
          data: { date: target.date, time: target.time, slotKey },
        });
        if (count !== 1) return false;
        await tx.resourceHold.deleteMany({ where: { bookingId: booking.id } });
        await tx.resourceHold.createMany({ data: holds.map((hold) => ({ ...hold, bookingId: booking.id })) });
        await tx.bookingChange.create({
          data: {
            bookingId: booking.id,
            actor,
            action: "moved",
            fromDate: booking.date,
            fromTime: booking.time,
            toDate: target.date,
            toTime: target.time,
            createdAt: deps.now(),
          },
        });
        // The client and the studio hear of it, in the same transaction (mail/notify.ts), and so do webhooks.
        await notifyBooking(tx, deps, booking.id, "moved", { by });
        await emitWebhookEvent(
          tx,
          deps,
          "booking.moved",
          bookingEventData(tx, booking.id, { previous: { date: booking.date, time: booking.time }, by }),
        );
        await enqueueCalendarPush(tx, deps, booking.id); // calendar sync (ADR 019): the event moves
        return true;
      }),
    );
  // Every day's holds move: the old ones are deleted with the booking's id, the new days' written.
  const done = await withHolds(deps.db, { ...target, days: rules.days }, facts, rules.capacity, write, {
    excludeBookingId: booking.id,
  });
  if (done === null) throw slotTaken();
  if (done) deps.cache.invalidate("bookings");
  return done;
}
