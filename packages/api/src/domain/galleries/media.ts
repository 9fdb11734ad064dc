/**
 * What the client's page shows and downloads of a gallery item (ADR 020, 021). An item made by the media
 * pipeline has a MediaAsset: AVIF and WebP at 480/1024/2048 (watermarked "proof" variants too when the gallery
 * watermarks its proofs), a ThumbHash, the upright size, a poster and an H.264 preview for a video, and an EXIF-clean download
 * copy (with its CRC-32, so a ZIP of them can be resumed). An item uploaded before the pipeline (the admin's
 * multipart path) has only its Upload's WebP widths and its stored file.
 *
 * Every file goes out through a short signed link (uploads/links.ts); nothing here reads storage.
 */
import type { GalleryClientItem } from "@studio/validators";
import { type StoredVariant, storedVariants } from "../media/variants";

/** What an item's page query selects. */
export const ITEM_MEDIA_SELECT = {
  id: true,
  kind: true,
  originalName: true,
  storageKey: true,
  size: true,
  createdAt: true,
  variants: true,
  media: {
    select: {
      status: true,
      width: true,
      height: true,
      placeholder: true,
      variants: true,
      posterKey: true,
      previewKey: true,
    },
  },
} as const;

export type ItemUpload = {
  id: string;
  kind: "image" | "video" | "document";
  originalName: string;
  storageKey: string;
  size: number;
  createdAt: Date;
  variants: unknown;
  media: {
    status: string;
    width: number | null;
    height: number | null;
    placeholder: string | null;
    variants: unknown;
    posterKey: string | null;
    previewKey: string | null;
  } | null;
};

/** The Upload's own WebP widths (multipart uploads): `{ "480": key, … }`, smallest first. */
function legacyWebp(value: unknown): { width: number; key: string }[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>)
    .filter((e): e is [string, string] => typeof e[1] === "string")
    .map(([w, key]) => ({ width: Number(w), key }))
    .filter((v) => Number.isFinite(v.width))
    .sort((a, b) => a.width - b.width);
}

/**
 * The web variants of a photo: the watermarked proofs when the gallery shows proofs and processing made them (or
 * when they are all there is), else the clean web ones. Smallest first.
 */
function webVariants(variants: StoredVariant[], proofs: boolean): StoredVariant[] {
  const proof = variants.filter((v) => v.role === "proof");
  const web = variants.filter((v) => v.role === "web");
  return ((proofs && proof.length) || !web.length ? proof : web)
    .filter((v) => v.width)
    .sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
}

export type ItemState = GalleryClientItem["state"];

export function stateOf(upload: Pick<ItemUpload, "media">): ItemState {
  if (!upload.media) return "ready";
  if (upload.media.status === "ready") return "ready";
  if (upload.media.status === "failed") return "failed";
  return "processing";
}

type Sign = (key: string) => string;

/** The picture (or the video's poster and preview) of one item, every link signed. */
export function itemView(
  upload: ItemUpload,
  sign: Sign,
  proofs: boolean,
): Pick<
  GalleryClientItem,
  "state" | "width" | "height" | "placeholder" | "src" | "avif" | "webp" | "poster" | "video"
> {
  const empty = { src: null, avif: "", webp: "", poster: null, video: null };
  const state = stateOf(upload);
  if (!upload.media) {
    if (upload.kind === "video") {
      // Before the pipeline: the original plays as it is (no poster).
      const src = sign(upload.storageKey);
      return { state, width: null, height: null, placeholder: null, ...empty, video: src };
    }
    const webp = legacyWebp(upload.variants);
    const largest = webp.at(-1)?.key;
    return {
      state,
      width: null,
      height: null,
      placeholder: null,
      ...empty,
      src: sign(largest ?? upload.storageKey),
      webp: webp.map((v) => `${sign(v.key)} ${v.width}w`).join(", "),
    };
  }
  const media = upload.media;
  const base = {
    state,
    width: media.width,
    height: media.height,
    placeholder: media.placeholder,
  };
  if (state !== "ready") return { ...base, ...empty };
  if (upload.kind === "video") {
    return {
      ...base,
      ...empty,
      poster: media.posterKey ? sign(media.posterKey) : null,
      src: media.posterKey ? sign(media.posterKey) : null,
      video: media.previewKey ? sign(media.previewKey) : null,
    };
  }
  const shown = webVariants(storedVariants(media.variants), proofs);
  const set = (format: string) =>
    shown
      .filter((v) => v.format === format)
      .map((v) => `${sign(v.key)} ${v.width}w`)
      .join(", ");
  const fallback = shown.filter((v) => v.format === "webp").at(-1);
  return {
    ...base,
    ...empty,
    src: fallback ? sign(fallback.key) : null,
    avif: set("avif"),
    webp: set("webp"),
  };
}

const stem = (name: string) => name.replace(/\.[^.]+$/, "");
const withExt = (name: string, ext: string) => `${stem(name)}.${ext}`;

export type DownloadFile = {
  key: string;
  /** The name offered (the original's, with the copy's extension). */
  name: string;
  size: number;
  /** Known when processing recorded it (resumable ZIPs); null otherwise. */
  crc32: number | null;
  mtime: Date;
};

/**
 * The file a client downloads: "original" is the EXIF-clean download copy (the original's own bytes when the
 * studio kept EXIF: processing copied them), for a video the stream-copied original without its metadata;
 * "web" the largest WebP shown in the grid (a photo). Before the pipeline: the stored file, or its largest
 * WebP. Null while the item is being processed, or when it could not be (nothing fit to hand out).
 */
export function downloadFileOf(upload: ItemUpload, size: "original" | "web"): DownloadFile | null {
  const mtime = upload.createdAt;
  if (!upload.media) {
    if (size === "web" && upload.kind === "image") {
      const largest = legacyWebp(upload.variants).at(-1);
      // No size recorded for these variants: only single downloads use them (never a ZIP).
      if (largest)
        return { key: largest.key, name: withExt(upload.originalName, "webp"), size: 0, crc32: null, mtime };
    }
    return { key: upload.storageKey, name: upload.originalName, size: upload.size, crc32: null, mtime };
  }
  if (upload.media.status !== "ready") return null;
  const variants = storedVariants(upload.media.variants);
  if (size === "web" && upload.kind === "image") {
    // Downloads never carry the proofs' watermark: the clean web size when there is one.
    const largest = webVariants(variants, false)
      .filter((v) => v.format === "webp")
      .at(-1);
    if (largest) {
      return {
        key: largest.key,
        name: withExt(upload.originalName, "webp"),
        size: largest.size,
        crc32: largest.crc32 ?? null,
        mtime,
      };
    }
  }
  const copy = variants.find((v) => v.role === "download");
  if (!copy) return null;
  const ext = copy.key.slice(copy.key.lastIndexOf(".") + 1);
  return {
    key: copy.key,
    name: withExt(upload.originalName, ext),
    size: copy.size,
    crc32: copy.crc32 ?? null,
    mtime,
  };
}
