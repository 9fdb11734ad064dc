/**
 * URL layout of stored files and signed links for private ones.
 * - public media (service images, portfolio media): /uploads/media/<uuid>.<ext>, variants /uploads/media/<uuid>-<width>.webp
 * - booking proofs (private):                      /uploads/private/<uuid>.<ext>?expires=<unix>&sig=<hmac>
 * - files the media pipeline made of a private upload (gallery variants, download copy, poster, preview):
 *                                                  /uploads/private/<uuid>/<name>.<ext>?expires=…&sig=…
 * The storage key is the path after /uploads/.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { ApiConfig } from "../../config";

export const PUBLIC_PREFIX = "/uploads/media/";
export const PRIVATE_PREFIX = "/uploads/private/";
const FILE_NAME =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-(\d{2,4}))?\.([a-z0-9]{2,5})$/;
/** A file the media pipeline made of a private upload, in the upload's own folder (media/process.ts). */
const MEDIA_FILE =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([a-z0-9]{1,24})\.([a-z0-9]{2,5})$/;

export type ParsedUploadUrl = {
  visibility: "public" | "private";
  id: string;
  width: number | null;
  ext: string;
  key: string;
  /** A pipeline file's name in the upload's folder ("w480.avif", "download.jpg"); null for the upload itself. */
  media: string | null;
};

/** Parses a stored-file URL (absolute or relative, query ignored); null when it is not one of ours. */
export function parseUploadUrl(url: string): ParsedUploadUrl | null {
  let pathname = url;
  try {
    pathname = new URL(url, "http://local").pathname;
  } catch {
    return null;
  }
  const visibility = pathname.startsWith(PUBLIC_PREFIX)
    ? "public"
    : pathname.startsWith(PRIVATE_PREFIX)
      ? "private"
      : null;
  if (!visibility) return null;
  const name = pathname.slice((visibility === "public" ? PUBLIC_PREFIX : PRIVATE_PREFIX).length);
  const made = visibility === "private" ? MEDIA_FILE.exec(name) : null;
  if (made) {
    return {
      visibility,
      id: made[1]!,
      width: null,
      ext: made[3]!,
      key: `private/${name}`,
      media: `${made[2]}.${made[3]}`,
    };
  }
  const m = FILE_NAME.exec(name);
  if (!m) return null;
  return {
    visibility,
    id: m[1]!,
    width: m[2] ? Number(m[2]) : null,
    ext: m[3]!,
    key: `${visibility === "public" ? "media" : "private"}/${name}`,
    media: null,
  };
}

/**
 * What a service or portfolio item stores for a media URL: one of our public uploads as its path (an absolute
 * URL, as REST answers and other frontends send them back, loses its origin and query), anything else as given.
 */
export function storedMediaUrl<T extends string | null>(url: T): T {
  if (!url) return url;
  const parsed = parseUploadUrl(url);
  return (parsed?.visibility === "public" ? `/uploads/${parsed.key}` : url) as T;
}

function signature(config: ApiConfig, path: string, expires: number): string {
  return createHmac("sha256", config.fileLinkSecret).update(`${path}\n${expires}`).digest("base64url");
}

/** A link to a private file that works for fileLinkTtlSeconds. */
export function signPrivateUrl(config: ApiConfig, path: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + config.fileLinkTtlSeconds;
  return `${path}?expires=${expires}&sig=${signature(config, path, expires)}`;
}

export function verifyPrivateUrl(
  config: ApiConfig,
  path: string,
  expires: string | undefined,
  sig: string | undefined,
  now: Date,
): boolean {
  if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
  const exp = Number(expires);
  if (exp < Math.floor(now.getTime() / 1000)) return false;
  const expected = Buffer.from(signature(config, path, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
