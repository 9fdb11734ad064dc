/** Private client galleries (issue 30): the back office's inputs and answers, and the client's page's. */
import { z } from "zod";
import { FIELD_LIMITS } from "../constants";
import { MESSAGES } from "../messages";
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
  /** The last day the link works (studio's calendar day, through its end in UTC); null: no expiry. */
  expires_on: dayField
    .nullish()
    .or(z.literal("").transform(() => null))
    .transform((v) => v ?? null),
  /** undefined: keep the PIN as it is; null or "": no PIN; digits: a new PIN. */
  pin: pinField.nullish().or(z.literal("").transform(() => null)),
  downloads: z.enum(GALLERY_DOWNLOADS, { error: m.downloadsInvalid }).default("all"),
  selection_limit: z
    .number({ error: m.limitInvalid })
    .int(m.limitInvalid)
    .min(1, m.limitInvalid)
    .max(GALLERY_SELECTION_MAX, m.limitInvalid)
    .nullish()
    .transform((v) => v ?? null),
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
export const ZGalleryOrder = z.object({
  id: idField(),
  set_id: idField(),
  item_ids: z.array(idField()).min(1).max(5_000),
});

export type GalleryAdminItem = {
  id: number;
  name: string;
  kind: "image" | "video" | "document";
  /** A small signed preview (a WebP variant for images; null for videos until a poster exists). */
  thumb_url: string | null;
  favourite: boolean;
  note: string;
};
export type GallerySetDto = { id: number; name: string; items: GalleryAdminItem[] };

export type GallerySummary = {
  id: number;
  title: string;
  booking_id: number | null;
  client_name: string | null;
  client_email: string | null;
  expires_at: string | null;
  expired: boolean;
  item_count: number;
  favourite_count: number;
  selection_state: "open" | "sent";
  selection_sent_at: string | null;
  cover_url: string | null;
  created_at: string;
};

export type GalleryDetail = GallerySummary & {
  expires_on: string | null;
  has_pin: boolean;
  downloads: GalleryDownloads;
  selection_limit: number | null;
  cover_item_id: number | null;
  /** The share link (null when it was made under another server secret: regenerate it). */
  url: string | null;
  sets: GallerySetDto[];
};

export type GallerySelection = {
  names: string[];
  /** Lightroom-style search string: "a.jpg OR b.jpg". */
  search: string;
  /** name,note rows, with a header. */
  csv: string;
  notes: { name: string; note: string }[];
};

export type GalleryEventDto = { id: number; kind: string; detail: string; at: string };

/* ------------------------------------------------------------------------------------------------ */
/* The client's page                                                                                */

export const ZGalleryToken = z.object({ token: z.string().max(100) });
export const ZGalleryItemsInput = ZGalleryToken.extend({
  set_id: idField(),
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

export type GalleryStudio = {
  name: string;
  logo: string | null;
  emails: string[];
  phones: string[];
};

export type GalleryClientItem = {
  id: number;
  name: string;
  kind: "image" | "video" | "document";
  /** Largest web size (signed). */
  src: string;
  /** "url 480w, url 960w, …" of the WebP variants (signed); "" for videos. */
  srcset: string;
  favourite: boolean;
  note: string;
};

export type GalleryClientView =
  | { status: "expired"; title: string; studio: GalleryStudio }
  | {
      status: "open";
      title: string;
      client_name: string | null;
      cover: string | null;
      downloads: GalleryDownloads;
      has_pin: boolean;
      selection_limit: number | null;
      selection_state: "open" | "sent";
      favourite_count: number;
      sets: { id: number; name: string; count: number }[];
      studio: GalleryStudio;
    };

export type GalleryItemsPage = { items: GalleryClientItem[]; page: number; pages: number; total: number };

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
