/** Private client galleries (issue 30): the back office's inputs and answers, and the client's page's. */
import { z } from "zod";
import { FIELD_LIMITS } from "../constants";
import { MESSAGES } from "../messages";
import { formatDate, zonePlace } from "../date-format";
import { idField, multiLine, requiredText, singleLine } from "./common";

const m = MESSAGES.gallery;

export const GALLERY_DOWNLOADS = ["all", "favourites", "none"] as const;
export type GalleryDownloads = (typeof GALLERY_DOWNLOADS)[number];
export const GALLERY_DOWNLOAD_LABELS: Record<GalleryDownloads, string> = {
  all: "All files",
  favourites: "Favourites only",
  none: "No downloads",
};

/** Items a client page loads at once (the grid is paginated so the page stays small for 1,000 photos). */
export const GALLERY_PAGE_SIZE = 60;
export const GALLERY_NOTE_MAX = 1_000;
export const GALLERY_SELECTION_MAX = 10_000;

/** A gallery link's token: 32 bytes, base64url (256 bits). */
export const GALLERY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The gallery page's cover spans the page (at most 1152 px wide): its `sizes`, also in the HTML's preload. */
export const GALLERY_COVER_SIZES = "(min-width: 1152px) 1152px, 100vw";
/** The client's page of a gallery. */
export const galleryPath = (token: string) => `/g/${token}`;

const pinField = z
  .string({ error: m.pinInvalid })
  .trim()
  .regex(/^\d{4,8}$/, m.pinInvalid);

const dayField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are YYYY-MM-DD")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Dates are YYYY-MM-DD");

export const ZGalleryInput = z.object({
  title: requiredText(m.titleRequired, FIELD_LIMITS.title, singleLine("Title")),
  booking_id: idField()
    .nullish()
    .transform((v) => v ?? null),
  /** The last day the link works: through the end of that day on the studio's clock (its time zone); null: none. */
  expires_on: dayField
    .nullish()
    .or(z.literal("").transform(() => null))
    .transform((v) => v ?? null),
  /** undefined: keep the PIN as it is; null or "": no PIN; digits: a new PIN. */
  pin: pinField.nullish().or(z.literal("").transform(() => null)),
  downloads: z.enum(GALLERY_DOWNLOADS, { error: m.downloadsInvalid }).default("all"),
  /**
   * How many favourites the client may choose; null: no limit. Absent: a new gallery for a booking takes its
   * service's default limit (none otherwise); an edit keeps the gallery's.
   */
  selection_limit: z
    .number({ error: m.limitInvalid })
    .int(m.limitInvalid)
    .min(1, m.limitInvalid)
    .max(GALLERY_SELECTION_MAX, m.limitInvalid)
    .nullish(),
  /** The web-size images the client sees carry the studio's name; downloads never do. */
  watermark: z.boolean().default(false),
  /** Downloads keep the photos' location and personal EXIF (stripped by default). */
  keep_exif: z.boolean().default(false),
});
export type GalleryInput = z.input<typeof ZGalleryInput>;

export const ZGalleryUpdate = z.object({ id: idField(), data: ZGalleryInput });

const setName = requiredText(m.setNameRequired, 80, singleLine("Set name"));
export const ZGallerySetAdd = z.object({ id: idField(), name: setName });
export const ZGallerySetRename = z.object({ id: idField(), set_id: idField(), name: setName });
export const ZGallerySetRef = z.object({ id: idField(), set_id: idField() });
export const ZGalleryItemRef = z.object({ id: idField(), item_id: idField() });
export const ZGalleryItemAdd = z.object({
  id: idField(),
  set_id: idField(),
  upload_id: z.string().uuid(),
});
/**
 * The tus metadata of a gallery upload (`purpose` "gallery_media", POST /api/uploads/resumable): the gallery and
 * the set the file joins once its last byte is in. tus metadata values are strings.
 */
export const ZGalleryUploadMetadata = z.object({
  gallery_id: idField(),
  set_id: idField(),
});

export const ZGalleryOrder = z.object({
  id: idField(),
  set_id: idField(),
  item_ids: z.array(idField()).min(1).max(5_000),
});

const ZMediaKind = z.enum(["image", "video", "document"]);
const ZSelectionState = z.enum(["open", "sent"]);
const ZDownloads = z.enum(GALLERY_DOWNLOADS);

export const MEDIA_STATUSES = ["pending", "processing", "ready", "failed"] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/**
 * A file's processing by the media pipeline (ADR 021); `id` is the MediaAsset's, which the live stream's
 * "media.progress" / "media.ready" / "media.failed" events name.
 */
export const ZGalleryItemMedia = z.object({
  id: z.number(),
  status: z.enum(MEDIA_STATUSES),
  /** 0–100 while processing. */
  progress: z.number(),
  /** Why it failed, or why it waits for a retry. */
  error: z.string().nullable(),
});
export type GalleryItemMedia = z.infer<typeof ZGalleryItemMedia>;

export const ZGalleryAdminItem = z.object({
  id: z.number(),
  name: z.string(),
  kind: ZMediaKind,
  /** A small signed preview (a WebP variant for images; null for videos until a poster exists). */
  thumb_url: z.string().nullable(),
  favourite: z.boolean(),
  note: z.string(),
  /** Files uploaded resumably are processed by a job; null for files sent through the multipart route. */
  media: ZGalleryItemMedia.nullable(),
});
export type GalleryAdminItem = z.infer<typeof ZGalleryAdminItem>;
export const ZGallerySetDto = z.object({
  id: z.number(),
  name: z.string(),
  items: z.array(ZGalleryAdminItem),
});
export type GallerySetDto = z.infer<typeof ZGallerySetDto>;

export const ZGallerySummary = z.object({
  id: z.number(),
  title: z.string(),
  booking_id: z.number().nullable(),
  client_name: z.string().nullable(),
  client_email: z.string().nullable(),
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  item_count: z.number(),
  favourite_count: z.number(),
  selection_state: ZSelectionState,
  selection_sent_at: z.string().nullable(),
  cover_url: z.string().nullable(),
  created_at: z.string(),
});
export type GallerySummary = z.infer<typeof ZGallerySummary>;

export const ZGalleryDetail = ZGallerySummary.extend({
  /** The last day the link works, on the studio's calendar (`time_zone`). */
  expires_on: z.string().nullable(),
  time_zone: z.string(),
  has_pin: z.boolean(),
  downloads: ZDownloads,
  selection_limit: z.number().nullable(),
  watermark: z.boolean(),
  keep_exif: z.boolean(),
  cover_item_id: z.number().nullable(),
  /** The share link (null when it was made under another server secret: regenerate it). */
  url: z.string().nullable(),
  sets: z.array(ZGallerySetDto),
});
export type GalleryDetail = z.infer<typeof ZGalleryDetail>;

export const ZGallerySelection = z.object({
  names: z.array(z.string()),
  /** Lightroom-style search string: "a.jpg OR b.jpg". */
  search: z.string(),
  /** file,note rows, with a header. */
  csv: z.string(),
  notes: z.array(z.object({ name: z.string(), note: z.string() })),
});
export type GallerySelection = z.infer<typeof ZGallerySelection>;

export const ZGalleryEventDto = z.object({
  id: z.number(),
  kind: z.string(),
  detail: z.string(),
  at: z.string(),
});
export type GalleryEventDto = z.infer<typeof ZGalleryEventDto>;

/* ------------------------------------------------------------------------------------------------ */
/* The client's page                                                                                */

export const ZGalleryToken = z.object({ token: z.string().max(100) });
export const ZGalleryItemsInput = ZGalleryToken.extend({
  /** Absent: the first set that has items (the page asks for it together with `open`). */
  set_id: idField().optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});
export const ZGalleryFavourite = ZGalleryToken.extend({ item_id: idField(), favourite: z.boolean() });
export const ZGalleryNote = ZGalleryToken.extend({
  item_id: idField(),
  note: z.string().trim().max(GALLERY_NOTE_MAX, m.noteTooLong).check(multiLine("Note")),
});
export const ZGalleryUnlock = ZGalleryToken.extend({ pin: z.string().trim().max(20) });
export const ZGalleryDownload = ZGalleryToken.extend({
  item_id: idField(),
  size: z.enum(["original", "web"]).default("original"),
  /** What unlocking the PIN gave (needed when the gallery has a PIN). */
  grant: z.string().max(200).nullish(),
});

export const ZGalleryStudio = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
});
export type GalleryStudio = z.infer<typeof ZGalleryStudio>;

/** "processing": the media pipeline has not finished it (nothing to load yet); "failed": it could not. */
export const GALLERY_ITEM_STATES = ["ready", "processing", "failed"] as const;

export const ZGalleryClientItem = z.object({
  id: z.number(),
  name: z.string(),
  kind: ZMediaKind,
  state: z.enum(GALLERY_ITEM_STATES),
  /** Upright size of the photo or video (null for a file uploaded before the media pipeline). */
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** ThumbHash (base64), painted before the picture loads. */
  placeholder: z.string().nullable(),
  /** The <img> fallback: the largest WebP (a video: its poster), signed; null while processing. */
  src: z.string().nullable(),
  /** Signed srcsets, "url 480w, url 1024w, …": AVIF and WebP (watermarked proofs when the studio makes them). */
  avif: z.string(),
  webp: z.string(),
  /** A video's poster frame and its web-playable H.264 preview (signed). */
  poster: z.string().nullable(),
  video: z.string().nullable(),
  favourite: z.boolean(),
  note: z.string(),
});
export type GalleryClientItem = z.infer<typeof ZGalleryClientItem>;

export const ZGalleryClientView = z.discriminatedUnion("status", [
  z.object({ status: z.literal("expired"), title: z.string(), studio: ZGalleryStudio }),
  z.object({
    status: z.literal("open"),
    title: z.string(),
    client_name: z.string().nullable(),
    /** The cover photo: signed AVIF/WebP srcsets, the fallback and its ThumbHash. */
    cover: z
      .object({ src: z.string(), avif: z.string(), webp: z.string(), placeholder: z.string().nullable() })
      .nullable(),
    downloads: ZDownloads,
    has_pin: z.boolean(),
    selection_limit: z.number().nullable(),
    selection_state: ZSelectionState,
    favourite_count: z.number(),
    /** The last day the link works, on the studio's calendar (`time_zone`); null: no expiry. */
    expires_on: z.string().nullable(),
    time_zone: z.string(),
    sets: z.array(z.object({ id: z.number(), name: z.string(), count: z.number() })),
    studio: ZGalleryStudio,
  }),
]);
export type GalleryClientView = z.infer<typeof ZGalleryClientView>;

export const ZGalleryItemsPage = z.object({
  /** The set shown (null: the gallery has no items). */
  set_id: z.number().nullable(),
  items: z.array(ZGalleryClientItem),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export type GalleryItemsPage = z.infer<typeof ZGalleryItemsPage>;

/** "Available until the end of Friday, 1 March 2030 (Berlin time)": the expiry as client and studio read it. */
export function galleryExpiryText(day: string, timeZone: string): string {
  return `Available until the end of ${formatDate(day)} (${zonePlace(timeZone)} time)`;
}

/** What the gallery uploader's file picker offers (the server judges the bytes). */
export const GALLERY_FILE_ACCEPT = "image/*,video/*";

/** The Activity page's words for what was done to a gallery (audit actions of the galleries.* procedures). */
export const GALLERY_AUDIT_ACTIONS: Record<string, string> = {
  set_added: "Added a set to",
  set_renamed: "Renamed a set of",
  set_deleted: "Deleted a set of",
  item_added: "Added a file to",
  items_reordered: "Reordered the files of",
  item_deleted: "Deleted a file of",
  cover_set: "Changed the cover of",
  link_regenerated: "Regenerated the link of",
  selection_reopened: "Reopened the client's selection of",
  sent_to_client: "Sent to the client:",
};
