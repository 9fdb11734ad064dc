import { z } from "zod";
import type { BookingStatus } from "../constants";

/** Back-office analytics window: calendar weeks for bookings, calendar months for feedback (studio time zone). */
export const ZAnalyticsInput = z
  .object({
    weeks: z.number().int().min(1).max(52).default(12),
    months: z.number().int().min(1).max(24).default(12),
  })
  .default({ weeks: 12, months: 12 });
export type AnalyticsInput = z.input<typeof ZAnalyticsInput>;

export type AnalyticsOverview = {
  generated_at: string;
  time_zone: string;
  bookings: {
    total: number;
    by_status: Record<BookingStatus, number>;
    with_proof: number;
    /** round((confirmed + completed) / total * 100); 0 when there are no bookings. */
    confirm_rate: number;
    /** round(with_proof / total * 100); 0 when there are no bookings. */
    upload_rate: number;
    /** Confirmed and completed bookings priced at their service's current price, in dollars. */
    estimated_revenue: number;
    /** Bookings made per calendar week (Monday start), oldest first. */
    per_week: { week_start: string; count: number }[];
    by_service: { service_id: number | null; title: string; count: number }[];
    /** Scheduled bookings per weekday of their date, Monday first. */
    by_weekday: { weekday: number; label: string; count: number }[];
    by_slot: { time: string; count: number }[];
  };
  feedback: {
    total: number;
    /** One decimal; 0 when there is no feedback. */
    average_rating: number;
    distribution: { rating: number; count: number }[];
    /** Feedback received per calendar month, oldest first. */
    per_month: { month: string; count: number; average_rating: number | null }[];
  };
};
