/**
 * The REST API answers absolute file URLs (for frontends on other origins); this site is their origin, so it keeps
 * them as paths: what it stores then does not depend on the host name it was reached by.
 */
export function ownPath(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}` : url;
}

/** A file this site stored (an upload, kept as a path by `ownPath`), as opposed to an address on another site. */
export function isOwnUpload(url: string): boolean {
  return url.startsWith("/uploads/");
}
