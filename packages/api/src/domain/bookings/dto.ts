import type { Prisma } from "@studio/db";
import type { BookingDto } from "@studio/validators";
import type { Context } from "../../context";
import { proofLink } from "../uploads/proof";

/** What every bookings function needs from the context. */
export type BookingDeps = Pick<Context, "db" | "provider" | "config" | "now" | "cache" | "audit">;

/** The booking's own columns a BookingDto needs. */
export const bookingColumns = {
  id: true,
  name: true,
  email: true,
  phone: true,
  serviceId: true,
  date: true,
  time: true,
  message: true,
  image: true,
  status: true,
  createdAt: true,
} as const satisfies Prisma.BookingSelect;

/** Plus the service title (null once the service is deleted). */
export const bookingSelect = {
  ...bookingColumns,
  service: { select: { title: true } },
} as const satisfies Prisma.BookingSelect;

export type BookingRow = Prisma.BookingGetPayload<{ select: typeof bookingSelect }>;

/** How a proof URL is shown (a short-lived signed link: adminImage). */
export type ImageView = (image: string | null) => string | null;

export function adminImage(deps: Pick<BookingDeps, "config" | "now">): ImageView {
  const now = deps.now();
  return (image) => proofLink(deps.config, image, now);
}

export function toBookingDto(row: BookingRow, view: ImageView): BookingDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    service_id: row.serviceId,
    service_title: row.service?.title ?? null,
    date: row.date,
    time: row.time,
    message: row.message,
    image: view(row.image),
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

export function slotKeyOf(date: string, time: string): string {
  return `${date} ${time}`;
}
