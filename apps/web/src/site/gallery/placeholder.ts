/**
 * A gallery item's ThumbHash (a few dozen bytes from the media pipeline) as a tiny PNG data URL, painted under
 * the picture so the grid shows each photo's colours before any variant arrives. Decoded once per hash.
 */
import { thumbHashToDataURL } from "thumbhash";

const decoded = new Map<string, string | null>();

export function placeholderUrl(hash: string | null | undefined): string | null {
  if (!hash) return null;
  let url = decoded.get(hash);
  if (url === undefined) {
    try {
      url = thumbHashToDataURL(Uint8Array.from(atob(hash), (c) => c.charCodeAt(0)));
    } catch {
      // A damaged hash: the neutral cell colour shows instead.
      url = null;
    }
    if (decoded.size >= 500) decoded.clear();
    decoded.set(hash, url);
  }
  return url;
}

/** Inline style painting the placeholder under an image (`fit` as the image's object-fit). */
export function placeholderStyle(
  hash: string | null | undefined,
  fit: "cover" | "contain",
):
  | { backgroundImage: string; backgroundSize: string; backgroundPosition: string; backgroundRepeat: string }
  | undefined {
  const url = placeholderUrl(hash);
  return url
    ? {
        backgroundImage: `url(${url})`,
        backgroundSize: fit,
        backgroundPosition: "center",
        backgroundRepeat: "no-repeat",
      }
    : undefined;
}
