/**
 * The studio's categories: ONE list for the site's category pages (/photography, …), services, portfolio items,
 * feedback, the back office's forms and the REST layer (ADR 017). Each has a page of its own.
 */
export const CATEGORIES = [
  "photography",
  "videography",
  "cinematography",
  "drone-services",
  "vfx-post",
  "commercial",
] as const;
export type Category = (typeof CATEGORIES)[number];

export const SERVICE_CATEGORIES = CATEGORIES;
export type ServiceCategory = Category;

/**
 * The service categories of the specification's first list (section 8) that are not in CATEGORIES, accepted
 * on input (an older client, a stored row) as the category they became: editing is VFX & Post, drone is Drone
 * Services, and events (coverage, live streaming) are Videography's.
 */
export const LEGACY_SERVICE_CATEGORIES = {
  editing: "vfx-post",
  drone: "drone-services",
  event: "videography",
} as const satisfies Record<string, ServiceCategory>;
export type LegacyServiceCategory = keyof typeof LEGACY_SERVICE_CATEGORIES;

/** A stored or received service category as one of CATEGORIES (a legacy name mapped; anything else null). */
export function serviceCategoryOf(value: string | null | undefined): ServiceCategory | null {
  if (!value) return null;
  if ((CATEGORIES as readonly string[]).includes(value)) return value as ServiceCategory;
  return (LEGACY_SERVICE_CATEGORIES as Record<string, ServiceCategory>)[value] ?? null;
}

export const SERVICE_CATEGORY_EMOJI: Record<ServiceCategory, string> = {
  photography: "📸",
  videography: "🎥",
  cinematography: "🎞️",
  "drone-services": "🚁",
  "vfx-post": "✨",
  commercial: "💼",
};
export const DEFAULT_SERVICE_EMOJI = "🎬";

export const PORTFOLIO_CATEGORIES = CATEGORIES;
export type PortfolioCategory = Category;
export const PORTFOLIO_FILTERS = ["all", ...PORTFOLIO_CATEGORIES] as const;

/** The one set of labels for the categories: site, back office, filters and forms all say these. */
export const CATEGORY_LABELS: Record<Category, string> = {
  photography: "Photography",
  videography: "Videography",
  cinematography: "Cinematography",
  "drone-services": "Drone Services",
  "vfx-post": "VFX & Post",
  commercial: "Commercial",
};

/** A category's label (a legacy service category's too); "" is General. */
export function categoryLabel(category: string): string {
  if (!category) return "General";
  const known = serviceCategoryOf(category);
  return known ? CATEGORY_LABELS[known] : category;
}

export const PORTFOLIO_STATUSES = ["published", "draft", "private"] as const;
export type PortfolioStatus = (typeof PORTFOLIO_STATUSES)[number];

/** Feedback service categories; "" (General) is stored for none. */
export const FEEDBACK_CATEGORIES = PORTFOLIO_CATEGORIES;
export type FeedbackCategory = PortfolioCategory;
export const FEEDBACK_STATUSES = ["pending", "approved", "rejected"] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const BOOKING_STATUSES = ["pending", "confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Allowed booking status changes (section 4): completed and cancelled are final. */
export const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ["confirmed", "completed", "cancelled"],
  confirmed: ["pending", "completed", "cancelled"],
  completed: [],
  cancelled: [],
};

/** Allowed feedback status changes: pending ↔ approved, pending → rejected. */
export const FEEDBACK_TRANSITIONS: Record<FeedbackStatus, readonly FeedbackStatus[]> = {
  pending: ["approved", "rejected"],
  approved: ["pending"],
  rejected: [],
};

/** Hourly booking slots 09:00–17:00 (9 slots). */
export const TIME_SLOTS = [
  "09:00",
  "10:00",
  "11:00",
  "12:00",
  "13:00",
  "14:00",
  "15:00",
  "16:00",
  "17:00",
] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];

export const CONTACT_SERVICE_TYPES = [
  "Wedding Photography",
  "Corporate Events",
  "Portrait Sessions",
  "Commercial Video",
  "Drone Services",
  "Photo Editing",
  "Other",
] as const;
export type ContactServiceType = (typeof CONTACT_SERVICE_TYPES)[number];

export const MB = 1024 * 1024;
export const UPLOAD_LIMITS = {
  /** Images and documents. */
  defaultBytes: 10 * MB,
  /** Portfolio videos. */
  videoBytes: 50 * MB,
} as const;

export const IMAGE_EXTENSIONS = ["jpg", "png", "gif", "webp"] as const;
export const VIDEO_EXTENSIONS = ["mp4", "mov", "avi", "mkv", "webm", "m4v"] as const;
export const DOCUMENT_EXTENSIONS = ["pdf", "doc", "docx", "txt"] as const;
/** What the booking file input offers (images and documents). */
export const BOOKING_FILE_ACCEPT = "image/*,.pdf,.doc,.docx,.txt";
export const PORTFOLIO_FILE_ACCEPT = "image/*,video/*";

export const TIMINGS = {
  apiTimeoutMs: 10_000,
  uploadTimeoutMs: 30_000,
  scrollThresholdPx: 50,
  scrollToSectionDelayMs: 100,
  adminCollapseBelowPx: 768,
  carouselAutoplayMs: 5_000,
  feedbackSuccessCloseMs: 2_000,
  uploadCompleteShownMs: 2_000,
  notificationPollMs: 30_000,
  dashboardPollMs: 60_000,
  bookingsPollMs: 30_000,
} as const;

export const LIST_DEFAULTS = {
  approvedTestimonials: 10,
  adminFeedbackPage: 50,
  notificationsMax: 10,
  recentBookings: 3,
  recentServices: 2,
  serviceDescriptionPreview: 80,
  featurePreview: 15,
  portfolioTagsShown: 3,
  adminBookingsPage: 50,
  adminContactPage: 50,
} as const;

export const RATING = { min: 1, max: 5 } as const;

/** Field length bounds: generous for people, small enough to refuse abuse. */
export const FIELD_LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  subject: 200,
  title: 200,
  shortText: 200,
  message: 5_000,
  description: 5_000,
  url: 2_000,
  listItems: 50,
  password: 200,
} as const;

export const MAP = { lat: 16.654002, lng: 74.26418, zoom: 13 } as const;

/**
 * The demo studio's zone (the default of STUDIO_TIMEZONE): the studio is in Kolhapur, India, so its bookings,
 * opening hours and invites are on India Standard Time.
 */
export const DEFAULT_STUDIO_TIMEZONE = "Asia/Kolkata";

/**
 * Hours before a session until which a client may cancel or move it online, any number of times (the default
 * of BOOKING_CHANGE_CUTOFF_HOURS; the server's value reaches the site in the studio profile).
 */
export const DEFAULT_BOOKING_CHANGE_CUTOFF_HOURS = 24;

/** Calls one tRPC batch may carry (queries only: the client sends each mutation on its own). */
export const TRPC_MAX_BATCH = 10;

/**
 * Public form submissions allowed per IP and minute, per form (the default of RATE_LIMIT_FORMS_PER_MINUTE; the
 * server's env reads it without loading the API package).
 */
export const FORM_LIMIT = { points: 20, durationSeconds: 60 } as const;
