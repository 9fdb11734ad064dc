import { z } from "zod";
import {
  FIELD_LIMITS,
  LEGACY_SERVICE_CATEGORIES,
  type LegacyServiceCategory,
  SERVICE_CATEGORIES,
  type ServiceCategory,
} from "../constants";
import { MESSAGES } from "../messages";
import type { StartEveryMinutes } from "./booking";
import { idField, listField, multiLine, optionalText, requiredText, singleLine } from "./common";
import { GALLERY_SELECTION_MAX } from "./gallery";
import { SESSION_LENGTH } from "./session-length";

const m = MESSAGES.service;

/** Dollars as a number ≥ 0 with at most 2 decimals; numeric strings accepted. */
export const ZPrice = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v)) ? Number(v) : v),
  z
    .number({ error: m.priceRequired })
    .finite(m.priceInvalid)
    .min(0, m.priceInvalid)
    .max(10_000_000, "Price must be at most 10,000,000")
    .transform((v) => Math.round(v * 100) / 100),
);

/**
 * A service category: one of the site's categories (CATEGORIES). The specification's earlier names (editing,
 * drone, event) are accepted and read as the category they became (LEGACY_SERVICE_CATEGORIES).
 */
export const ZServiceCategory = z
  .enum([...SERVICE_CATEGORIES, ...(Object.keys(LEGACY_SERVICE_CATEGORIES) as LegacyServiceCategory[])], {
    error: m.categoryInvalid,
  })
  .transform(
    (v): ServiceCategory =>
      (LEGACY_SERVICE_CATEGORIES as Record<string, ServiceCategory>)[v] ?? (v as ServiceCategory),
  );

/**
 * A stored media reference: an uploaded file path (/uploads/…, a signed link's query allowed: a private upload is
 * made public when saved) or an http(s) URL.
 */
export const ZMediaUrl = z
  .string({ error: m.imageUrlInvalid })
  .trim()
  .max(FIELD_LIMITS.url, m.imageUrlInvalid)
  .refine(
    (v) =>
      v === "" ||
      /^\/(uploads|media)\/[\w./-]+(\?[\w=&.%-]*)?$/.test(v) ||
      /^https?:\/\/[^\s"'<>]+$/i.test(v),
    m.imageUrlInvalid,
  )
  .nullish()
  .transform((v) => (v ? v : null));

/** Whole minutes within bounds; digits in a string accepted (a form's number field). */
function minutesField(min: number, max: number, message: string) {
  return z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

export const ZServiceInput = z.object({
  title: requiredText(m.titleRequired, FIELD_LIMITS.title, singleLine("Title")),
  description: requiredText(m.descriptionRequired, FIELD_LIMITS.description, multiLine("Description")),
  price: ZPrice,
  duration: requiredText(m.durationRequired, FIELD_LIMITS.shortText, singleLine("Duration")),
  category: ZServiceCategory.default("photography"),
  image: ZMediaUrl,
  icon: optionalText(16, singleLine("Icon")),
  features: listField("Each feature"),
  /** Absent (an external tool on the REST contract): read from `duration`'s text, else 60 and flagged. */
  duration_minutes: minutesField(
    SESSION_LENGTH.minMinutes,
    SESSION_LENGTH.maxMinutes,
    m.durationMinutesInvalid,
  ).optional(),
  buffer_before_minutes: minutesField(0, SESSION_LENGTH.maxBufferMinutes, m.bufferInvalid).optional(),
  buffer_after_minutes: minutesField(0, SESSION_LENGTH.maxBufferMinutes, m.bufferInvalid).optional(),
  /** Absent: read from `duration`'s text ("2 days"), else as it is (1 for a new service). */
  duration_days: minutesField(1, SESSION_LENGTH.maxDays, m.durationDaysInvalid).optional(),
  /** Absent: as it is (60 for a new service). */
  start_every_minutes: z
    .preprocess(
      (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
      z.union([z.literal(30), z.literal(60)], { error: m.startEveryInvalid }),
    )
    .optional(),
  /**
   * How many favourites the client may choose in a gallery made for a booking of this service (a package's
   * "choose 30 for retouching"); null: no limit; absent: as it is (none for a new service).
   */
  gallery_selection_limit: z
    .preprocess(
      (v) => (typeof v === "string" ? (v.trim() === "" ? null : /^\s*\d+\s*$/.test(v) ? Number(v) : v) : v),
      z
        .number({ error: MESSAGES.gallery.limitInvalid })
        .int(MESSAGES.gallery.limitInvalid)
        .min(1, MESSAGES.gallery.limitInvalid)
        .max(GALLERY_SELECTION_MAX, MESSAGES.gallery.limitInvalid)
        .nullable(),
    )
    .optional(),
});
export type ServiceInput = z.input<typeof ZServiceInput>;

export const ZServiceUpdate = z.object({ id: idField(), data: ZServiceInput });

export type ServiceDto = {
  id: number;
  title: string;
  description: string;
  category: ServiceCategory;
  price: number;
  duration: string | null;
  /** How long a session lasts, and the time held before and after it. */
  duration_minutes: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  /** Open days in a row a session takes (1 for most), each with the same hours. */
  duration_days: number;
  /** Its starts lie on the hour (60) or every half hour (30). */
  start_every_minutes: StartEveryMinutes;
  features: string[];
  image: string | null;
  icon: string | null;
  created_at: string;
  /** Taken off the offer (it has bookings): hidden from the site and from new bookings, kept for their history. */
  archived: boolean;
};

/**
 * The back office's list: every service, archived ones too, with how many bookings use each, and whether its
 * minutes are a guess (its duration text could not be read) for the owner to set.
 */
export type AdminServiceDto = ServiceDto & {
  bookings: number;
  duration_unread: boolean;
  /** The default selection limit of a gallery made for a booking of this service (null: none). */
  gallery_selection_limit: number | null;
};

/** What removing a service did: deleted (no bookings use it), or archived (kept for the bookings that do). */
export type ServiceRemoved = { id: number; archived: boolean; bookings: number };

export const ZServiceByCategoryInput = z.object({ category: ZServiceCategory });

/** Output contract of every service answer (tRPC `.output()`, so the REST shape is checked too). */
export const ZServiceDto: z.ZodType<ServiceDto> = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  price: z.number(),
  duration: z.string().nullable(),
  duration_minutes: z.number().int(),
  buffer_before_minutes: z.number().int(),
  buffer_after_minutes: z.number().int(),
  duration_days: z.number().int(),
  start_every_minutes: z.union([z.literal(30), z.literal(60)]),
  features: z.array(z.string()),
  image: z.string().nullable(),
  icon: z.string().nullable(),
  created_at: z.string(),
  archived: z.boolean(),
});

export const ZAdminServiceDto: z.ZodType<AdminServiceDto> = z.intersection(
  ZServiceDto,
  z.object({
    bookings: z.number().int(),
    duration_unread: z.boolean(),
    gallery_selection_limit: z.number().int().nullable(),
  }),
);

export const ZServiceRemoved: z.ZodType<ServiceRemoved> = z.object({
  id: z.number().int(),
  archived: z.boolean(),
  bookings: z.number().int(),
});
