import path from "node:path";
import { createDatabase } from "@studio/db";

/**
 * Moves a booking's session 28 years back (the same weekday, leap days included), straight in the e2e server's database (the API refuses a date in
 * the past, and the server's clock is the real one): a session that is over, which a booking needs before it
 * may be marked completed. Distinct future slots stay distinct, and its held slot key follows the date.
 */
export async function moveSessionIntoThePast(bookingId: number): Promise<{ date: string; time: string }> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const database = await createDatabase(`file:${path.join(dir, "studio.db")}`);
  try {
    const booking = await database.prisma.booking.findUniqueOrThrow({ where: { id: bookingId } });
    const date = `${Number(booking.date.slice(0, 4)) - 28}${booking.date.slice(4)}`;
    await database.prisma.booking.update({
      where: { id: bookingId },
      data: { date, slotKey: booking.slotKey ? booking.slotKey.replace(booking.date, date) : null },
    });
    return { date, time: booking.time };
  } finally {
    await database.close();
  }
}
