/**
 * "Never store invalid data": every stored row, read back from the database, must pass the same input
 * schema the API validates with (after normalisation, parsing it again changes nothing), and the rules the
 * database itself relies on (slot key = date + time while the booking holds its slot, and a crew from its start;
 * statuses in range).
 */
import type { Db } from "@studio/db";
import {
  BOOKING_STATUSES,
  FEEDBACK_STATUSES,
  isCalendarDate,
  PORTFOLIO_STATUSES,
  START_TIMES,
  ZBookingContact,
  ZContactInput,
  ZFeedbackInput,
  ZPortfolioInput,
  ZServiceInput,
} from "@studio/validators";
import { expect } from "vitest";
import type { z } from "zod";

function stable<S extends z.ZodType>(schema: S, what: string, value: Record<string, unknown>) {
  const parsed = schema.safeParse(value);
  expect(parsed.success ? null : { what, value, issues: parsed.error.issues }).toBeNull();
  // Normalised on the way in: parsing the stored value again gives the same value.
  if (parsed.success) {
    const normalised = parsed.data as Record<string, unknown>;
    const stored = Object.fromEntries(Object.keys(normalised).map((k) => [k, value[k]]));
    expect({ what, value: stored }).toEqual({ what, value: normalised });
  }
}

export type StoredCounts = {
  bookings: number;
  feedback: number;
  messages: number;
  services: number;
  portfolio: number;
};

export async function expectStoredDataValid(db: Db): Promise<StoredCounts> {
  const [bookings, feedback, messages, services, portfolio, holds] = await Promise.all([
    db.booking.findMany(),
    db.feedback.findMany(),
    db.contactMessage.findMany(),
    db.service.findMany(),
    db.portfolioItem.findMany(),
    db.resourceHold.findMany({ select: { bookingId: true, resource: true, unit: true } }),
  ]);
  const held = new Map<number, Set<string>>();
  for (const h of holds) {
    const units = held.get(h.bookingId) ?? new Set<string>();
    units.add(`${h.resource}|${h.unit}`);
    held.set(h.bookingId, units);
  }
  for (const b of bookings) {
    stable(ZBookingContact, `booking ${b.id}`, { name: b.name, email: b.email, phone: b.phone });
    expect(isCalendarDate(b.date), `booking ${b.id} date ${b.date}`).toBe(true);
    expect(START_TIMES).toContain(b.time);
    expect(BOOKING_STATUSES as readonly string[]).toContain(b.status);
    const holdsSlot = b.status !== "cancelled";
    expect(b.slotKey, `booking ${b.id} slot key`).toBe(holdsSlot ? `${b.date} ${b.time}` : null);
    // A booking that holds its slot holds a crew from its start (holds.ts); a cancelled one holds nothing.
    expect(held.get(b.id)?.has(`crew|${b.date} ${b.time}`) ?? false, `booking ${b.id} crew`).toBe(holdsSlot);
    if (b.message !== null) expect(b.message.trim()).toBe(b.message);
  }
  for (const f of feedback) {
    stable(ZFeedbackInput, `feedback ${f.id}`, {
      name: f.name,
      email: f.email,
      rating: f.rating,
      message: f.message,
      service_category: f.serviceCategory,
    });
    expect(FEEDBACK_STATUSES as readonly string[]).toContain(f.status);
  }
  for (const m of messages) {
    stable(ZContactInput, `contact message ${m.id}`, {
      name: m.name,
      email: m.email,
      phone: m.phone,
      subject: m.subject,
      message: m.message,
      serviceType: m.serviceType,
    });
  }
  for (const s of services) {
    expect(Number.isSafeInteger(s.priceCents) && s.priceCents >= 0, `service ${s.id} price`).toBe(true);
    stable(ZServiceInput, `service ${s.id}`, {
      title: s.title,
      description: s.description,
      price: s.priceCents / 100,
      duration: s.duration,
      category: s.category,
      image: s.image,
      icon: s.icon,
      features: s.features,
    });
  }
  for (const p of portfolio) {
    expect(PORTFOLIO_STATUSES as readonly string[]).toContain(p.status);
    stable(ZPortfolioInput, `portfolio item ${p.id}`, {
      title: p.title,
      description: p.description,
      category: p.category,
      client: p.client,
      date: p.date,
      location: p.location,
      tags: p.tags,
      featured: p.featured,
      status: p.status,
      media_url: p.mediaUrl,
    });
  }
  return {
    bookings: bookings.length,
    feedback: feedback.length,
    messages: messages.length,
    services: services.length,
    portfolio: portfolio.length,
  };
}

/** Nothing may have added properties to Object.prototype (prototype pollution through `__proto__` keys). */
export function expectNoPrototypePollution(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PRISTINE_OBJECT_PROTO);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
}
const PRISTINE_OBJECT_PROTO = Object.getOwnPropertyNames(Object.prototype).sort();
