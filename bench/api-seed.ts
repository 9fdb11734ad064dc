/** Bulk seed for `pnpm bench`: createMany in batches, so 100,000 bookings take seconds, not minutes. */
import { randomUUID } from "node:crypto";
import type { Db } from "@studio/db";
import {
  type BookingStatus,
  FEEDBACK_CATEGORIES,
  PORTFOLIO_CATEGORIES,
  SERVICE_CATEGORIES,
  TIME_SLOTS,
} from "@studio/validators";

export const BENCH_SIZES = { bookings: 100_000, feedback: 1_000, services: 50, portfolio: 200 } as const;

const DAY_MS = 86_400_000;
const BATCH = 2_000;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

async function inBatches<T>(total: number, make: (i: number) => T, write: (rows: T[]) => Promise<unknown>) {
  for (let start = 0; start < total; start += BATCH) {
    const rows: T[] = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) rows.push(make(i));
    await write(rows);
  }
}

export async function seedBench(db: Db): Promise<void> {
  await inBatches(
    BENCH_SIZES.services,
    (i) => ({
      title: `Service ${i + 1}`,
      description: `A realistic description of service ${i + 1}, long enough to look like the real thing.`,
      category: SERVICE_CATEGORIES[i % SERVICE_CATEGORIES.length]!,
      priceCents: 19_900 + i * 1_000,
      duration: `${1 + (i % 8)} hours`,
      features: ["Consultation", "Shoot day", "Edited deliverables", "Two revision rounds"],
      image: `/media/service-${i % 6}.jpg`,
    }),
    (data) => db.service.createMany({ data }),
  );

  await inBatches(
    BENCH_SIZES.portfolio,
    (i) => ({
      title: `Project ${i + 1}`,
      description: `Case study ${i + 1}: what we shot, where, and for whom.`,
      category: PORTFOLIO_CATEGORIES[i % PORTFOLIO_CATEGORIES.length]!,
      client: `Client ${i % 40}`,
      date: isoDay(Date.UTC(2024, 0, 1) + i * DAY_MS),
      location: "Kolhapur",
      tags: ["brand", "film", `tag-${i % 12}`],
      featured: i % 10 === 0,
      status: (i % 10 < 8 ? "published" : i % 10 === 8 ? "draft" : "private") as
        | "published"
        | "draft"
        | "private",
      mediaUrl: `/media/portfolio-${i % 12}.jpg`,
      createdAt: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000),
    }),
    (data) => db.portfolioItem.createMany({ data }),
  );

  const feedbackCategories = ["", ...FEEDBACK_CATEGORIES];
  await inBatches(
    BENCH_SIZES.feedback,
    (i) => ({
      name: `Reviewer ${i}`,
      email: `reviewer${i}@example.test`,
      rating: 1 + (i % 5),
      message: `Review number ${i}: the team was friendly and the result looked great.`,
      serviceCategory: feedbackCategories[i % feedbackCategories.length]!,
      status: (i % 10 < 7 ? "approved" : i % 10 < 9 ? "pending" : "rejected") as
        | "approved"
        | "pending"
        | "rejected",
      createdAt: new Date(Date.UTC(2024, 0, 1) + i * 600_000),
    }),
    (data) => db.feedback.createMany({ data }),
  );

  // Every fifth booking has a proof file: an attached booking_proof upload, as the product stores it.
  const proofIds = Array.from({ length: Math.ceil(BENCH_SIZES.bookings / 5) }, () => randomUUID());
  await inBatches(
    proofIds.length,
    (i) => ({
      id: proofIds[i]!,
      purpose: "booking_proof" as const,
      kind: "document" as const,
      mimeType: "application/pdf",
      extension: "pdf",
      size: 120_000,
      originalName: `proof-${i}.pdf`,
      storageKey: `private/${proofIds[i]}.pdf`,
      attachedAt: new Date(Date.UTC(2020, 0, 1)),
    }),
    (data) => db.upload.createMany({ data }),
  );

  // Nine slots a day from 2000-01-01 on (into 2030); cancelled bookings hold no slot. Like a studio's real
  // history: past bookings are mostly completed, upcoming ones pending or confirmed, some of each cancelled.
  const start = Date.UTC(2000, 0, 1);
  const today = isoDay(Date.now());
  const statusOf = (date: string, i: number): BookingStatus => {
    if (date < today) return i % 7 === 0 ? "cancelled" : "completed";
    return i % 10 === 0 ? "cancelled" : i % 2 === 0 ? "pending" : "confirmed";
  };
  await inBatches(
    BENCH_SIZES.bookings,
    (i) => {
      const date = isoDay(start + Math.floor(i / TIME_SLOTS.length) * DAY_MS);
      const status = statusOf(date, i);
      const time = TIME_SLOTS[i % TIME_SLOTS.length]!;
      return {
        name: `Customer ${i}`,
        email: `customer${i}@example.test`,
        phone: `+1 555 ${String(i).padStart(6, "0")}`,
        serviceId: 1 + (i % BENCH_SIZES.services),
        date,
        time,
        message: i % 2 === 0 ? `Booking note ${i}: we would like a relaxed session.` : null,
        image: i % 5 === 0 ? `/uploads/private/${proofIds[i / 5]}.pdf` : null,
        uploadId: i % 5 === 0 ? proofIds[i / 5]! : null,
        status,
        slotKey: status === "cancelled" ? null : `${date} ${time}`,
        createdAt: new Date(Date.UTC(2020, 0, 1) + i * 60_000),
      };
    },
    (data) => db.booking.createMany({ data }),
  );
}
