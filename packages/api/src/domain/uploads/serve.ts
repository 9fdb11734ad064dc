/**
 * Which stored file a /uploads/… path names, and how it may be served. Public media are found by name alone
 * (no database read per image); private booking proofs need a valid, unexpired signature first, and then
 * their Upload row (for the type and the original name).
 */
import type { Db } from "@studio/db";
import type { ApiConfig } from "../../config";
import { storedVariants } from "../media/variants";
import { parseUploadUrl, verifyPrivateUrl } from "./links";
import { kindOfExtension, MIME_BY_EXTENSION, type MediaKind } from "./sniff";

export type ServeDeps = { db: Db; config: ApiConfig; now: () => Date };

export type StoredFileLookup =
  | { status: "not_found" }
  | { status: "forbidden" }
  | {
      status: "ok";
      key: string;
      visibility: "public" | "private";
      kind: MediaKind;
      /** Content-Type to send (text gets its charset). */
      contentType: string;
      /** Documents are downloaded, never rendered by the browser. */
      disposition: "inline" | "attachment";
      /** Name offered for a download. */
      fileName: string;
      /** A private file that never changes under its key: the browser may keep it this long (its link's life). */
      privateMaxAge?: number;
    };

function contentTypeOf(mimeType: string): string {
  return mimeType === "text/plain" ? "text/plain; charset=utf-8" : mimeType;
}

/** Resolves a request path (e.g. "/uploads/media/<uuid>.jpg") and its query to a servable stored file. */
export async function lookupStoredFile(
  deps: ServeDeps,
  pathname: string,
  query: { expires?: string; sig?: string },
): Promise<StoredFileLookup> {
  const parsed = parseUploadUrl(pathname);
  // The path must be exactly the canonical one: no dot segments, encodings or extra slashes.
  if (!parsed || pathname !== `/uploads/${parsed.key}`) return { status: "not_found" };
  if (parsed.media) return lookupMediaFile(deps, pathname, parsed.id, parsed.key, parsed.ext, query);
  const kind = kindOfExtension(parsed.ext);
  if (!kind) return { status: "not_found" };

  if (parsed.visibility === "public") {
    if (parsed.width !== null && parsed.ext !== "webp") return { status: "not_found" };
    const mime = MIME_BY_EXTENSION[parsed.ext]!;
    return {
      status: "ok",
      key: parsed.key,
      visibility: "public",
      kind,
      contentType: contentTypeOf(mime),
      disposition: kind === "document" ? "attachment" : "inline",
      fileName: parsed.key.slice("media/".length),
    };
  }

  // Private WebP variants exist for gallery files only (their grid); proofs have none.
  if (parsed.width !== null && parsed.ext !== "webp") return { status: "not_found" };
  if (!verifyPrivateUrl(deps.config, pathname, query.expires, query.sig, deps.now())) {
    return { status: "forbidden" };
  }
  const upload = await deps.db.upload.findUnique({
    where: { id: parsed.id },
    select: {
      purpose: true,
      storageKey: true,
      mimeType: true,
      kind: true,
      originalName: true,
      variants: true,
    },
  });
  if (!upload || (upload.purpose !== "booking_proof" && upload.purpose !== "gallery_media")) {
    return { status: "not_found" };
  }
  if (parsed.width !== null) {
    const variants = (upload.variants ?? {}) as Record<string, unknown>;
    if (upload.purpose !== "gallery_media" || variants[String(parsed.width)] !== parsed.key) {
      return { status: "not_found" };
    }
    return {
      status: "ok",
      key: parsed.key,
      visibility: "private",
      kind: "image",
      contentType: "image/webp",
      disposition: "inline",
      fileName: withExtension(upload.originalName.replace(/\.[^.]+$/, ""), "webp"),
    };
  }
  if (upload.storageKey !== parsed.key) return { status: "not_found" };
  return {
    status: "ok",
    key: parsed.key,
    visibility: "private",
    kind: upload.kind,
    contentType: contentTypeOf(upload.mimeType),
    disposition: upload.kind === "document" ? "attachment" : "inline",
    fileName: withExtension(upload.originalName, parsed.ext),
  };
}

/** What the media pipeline writes (media/process.ts), by extension; a video's download copy keeps its own. */
const MADE_TYPES: Record<string, { kind: MediaKind; mime: string }> = {
  webp: { kind: "image", mime: "image/webp" },
  avif: { kind: "image", mime: "image/avif" },
  jpg: { kind: "image", mime: "image/jpeg" },
  mp4: { kind: "video", mime: "video/mp4" },
};

/**
 * A file the media pipeline made of a gallery upload (its web variants, download copy, poster, preview): signed
 * like the upload itself, and only a key its MediaAsset lists.
 */
async function lookupMediaFile(
  deps: ServeDeps,
  pathname: string,
  id: string,
  key: string,
  ext: string,
  query: { expires?: string; sig?: string },
): Promise<StoredFileLookup> {
  const type =
    MADE_TYPES[ext] ??
    (kindOfExtension(ext) === "video" ? { kind: "video" as const, mime: MIME_BY_EXTENSION[ext]! } : null);
  if (!type) return { status: "not_found" };
  if (!verifyPrivateUrl(deps.config, pathname, query.expires, query.sig, deps.now())) {
    return { status: "forbidden" };
  }
  const upload = await deps.db.upload.findUnique({
    where: { id },
    select: {
      purpose: true,
      originalName: true,
      media: { select: { variants: true, posterKey: true, previewKey: true } },
    },
  });
  if (upload?.purpose !== "gallery_media" || !upload.media) return { status: "not_found" };
  const made = new Set([
    ...storedVariants(upload.media.variants).map((v) => v.key),
    upload.media.posterKey,
    upload.media.previewKey,
  ]);
  if (!made.has(key)) return { status: "not_found" };
  return {
    status: "ok",
    key,
    visibility: "private",
    kind: type.kind,
    contentType: type.mime,
    disposition: "inline",
    fileName: withExtension(upload.originalName.replace(/\.[^.]+$/, ""), ext),
    // Written once under its key (a new processing run writes the same bytes): kept until the link expires.
    privateMaxAge: Math.max(0, Number(query.expires) - Math.floor(deps.now().getTime() / 1000)),
  };
}

/** The download name ends in the real extension ("notes.html" stored as text downloads as "notes.html.txt"). */
function withExtension(name: string, ext: string): string {
  return name.toLowerCase().endsWith(`.${ext}`) ? name : `${name}.${ext}`;
}

/** `attachment; filename="…"; filename*=UTF-8''…` with an ASCII fallback that cannot break the header. */
export function contentDisposition(type: "inline" | "attachment", fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
