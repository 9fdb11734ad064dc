/**
 * The days a booked session takes. Most take their date alone; a service of several days (`durationDays`) holds
 * the same range on each of its days (holds.ts), and its crew's hold rows say which days they are, as they were
 * chosen when it was booked or moved (sessionDays: the next open days), whatever closures were added since.
 * Invites, the calendar feed, the calendar sync, the completion rule and the client's link end with the last day.
 * A cancelled session lets go of its holds, and keeps its days on the booking (`heldDays`) for its pages.
 */
import { CREW_RESOURCE, ZBookingDate } from "@studio/validators";
import type { Db } from "@studio/db";
import { z } from "zod";

type Client = Pick<Db, "resourceHold" | "booking">;

/** A booking, with how many days its service lasts (1 when it has none). */
export type SessionOf = { id: number; date: string; days: number | null | undefined };

/**
 * The last day of each booking of several days (absent for the others, and for one that holds nothing any more:
 * cancelled): one grouped read of their crews' holds, none when every booking takes one day.
 */
export async function lastDaysOf(db: Client, bookings: readonly SessionOf[]): Promise<Map<number, string>> {
  const ids = bookings.filter((b) => (b.days ?? 1) > 1).map((b) => b.id);
  if (ids.length === 0) return new Map();
  const rows = await db.resourceHold.groupBy({
    by: ["bookingId"],
    where: { bookingId: { in: ids }, resource: CREW_RESOURCE },
    _max: { unit: true },
  });
  const last = new Map<number, string>();
  for (const row of rows) if (row._max.unit) last.set(row.bookingId, row._max.unit.slice(0, 10));
  return last;
}

/** The last day of one booking's session (its date when it takes one). */
export async function lastDayOf(db: Client, booking: SessionOf): Promise<string> {
  return (await lastDaysOf(db, [booking])).get(booking.id) ?? booking.date;
}

/** Every day of one booking's session, in order (its date alone when it takes one, or holds nothing). */
export async function sessionDaysOf(db: Client, booking: SessionOf): Promise<string[]> {
  if ((booking.days ?? 1) <= 1) return [booking.date];
  const rows = await db.resourceHold.findMany({
    where: { bookingId: booking.id, resource: CREW_RESOURCE },
    select: { unit: true },
    orderBy: { unit: "asc" },
  });
  const days = [...new Set(rows.map((row) => row.unit.slice(0, 10)))];
  if (days.length) return days;
  const cancelled = await db.booking.findUnique({ where: { id: booking.id }, select: { heldDays: true } });
  return heldDaysOf(cancelled?.heldDays) ?? [booking.date];
}

const ZHeldDays = z.array(ZBookingDate).min(1);

function heldDaysOf(text: string | null | undefined): string[] | null {
  if (!text) return null;
  try {
    const parsed = ZHeldDays.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Lets go of a cancelled session's crew and equipment, in the caller's transaction (after its messages, which
 * read the session's days from the holds). A session of several days first keeps its days on the booking.
 */
export async function releaseHolds(tx: Client, booking: SessionOf): Promise<void> {
  if ((booking.days ?? 1) > 1) {
    const days = await sessionDaysOf(tx, booking);
    await tx.booking.update({ where: { id: booking.id }, data: { heldDays: JSON.stringify(days) } });
  }
  await tx.resourceHold.deleteMany({ where: { bookingId: booking.id } });
}
