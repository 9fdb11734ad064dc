/**
 * One-time links in messages (a client's manage link, a password-reset link) are never stored in the clear:
 * the row keeps, in their place, a placeholder holding only the link's redacted form ("…/manage/•••"), and the
 * links themselves encrypted (crypto/seal.ts, key outside the database). The worker puts them back only in the
 * copy it sends, and erases them once the message is sent or skipped; the back office renders the placeholders
 * redacted. A database dump or backup therefore holds no working link.
 */
import { decryptSecret, encryptSecret } from "../crypto/seal";

const PLACEHOLDER = /⟦sealed:(\d+)\|([^⟧]*)⟧/g;
const HIDDEN = "•••";

/** The link with its secret parts hidden: every path segment or query value of 16 characters or more. */
export function redactLink(url: string): string {
  const parsed = new URL(url);
  const hide = (part: string) => (part.length >= 16 ? HIDDEN : part);
  const path = parsed.pathname.split("/").map(hide).join("/");
  const query = parsed.search
    ? `?${parsed.search
        .slice(1)
        .split("&")
        .map((pair) => {
          const [name, value] = pair.split("=");
          return value === undefined ? pair : `${name}=${hide(value)}`;
        })
        .join("&")}`
    : "";
  return `${parsed.origin}${path}${query}`;
}

/**
 * Replaces every occurrence of each link in `values` (content or attachments, any JSON) by its placeholder.
 * `sealed`: the links, encrypted; null when there were none. The values are walked, not written out as JSON and
 * read back: what comes back is what JSON would have made of them (a date as its text, undefined dropped).
 */
export function sealLinks<T>(
  key: Uint8Array,
  values: T,
  links: readonly string[],
): { values: T; sealed: string | null } {
  const used = [...new Set(links)].filter(Boolean);
  if (!used.length) return { values, sealed: null };
  const placeholders = used.map((link, index) => [link, `⟦sealed:${index}|${redactLink(link)}⟧`] as const);
  const seal = (value: unknown): unknown => {
    if (typeof value === "string") {
      let text = value;
      for (const [link, placeholder] of placeholders) {
        if (text.includes(link)) text = text.replaceAll(link, placeholder);
      }
      return text;
    }
    if (value === null || typeof value !== "object") return value;
    if (typeof (value as { toJSON?: unknown }).toJSON === "function") {
      return seal((value as { toJSON: () => unknown }).toJSON());
    }
    if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : seal(item)));
    const sealed: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) if (item !== undefined) sealed[name] = seal(item);
    return sealed;
  };
  return { values: seal(values) as T, sealed: encryptSecret(key, JSON.stringify(used)) };
}

/**
 * `values` with their placeholders filled: with the links themselves when `sealed` (and the key) are given, for
 * the copy that is sent; else with their redacted forms, for everything that is stored or shown.
 */
export function openLinks<T>(values: T, unsealed: { key: Uint8Array; sealed: string } | null): T {
  if (values === null || values === undefined) return values;
  const json = JSON.stringify(values);
  if (!json.includes("⟦sealed:")) return values;
  const links = unsealed ? (JSON.parse(decryptSecret(unsealed.key, unsealed.sealed)) as string[]) : [];
  const filled = json.replace(PLACEHOLDER, (_, index: string, redacted: string) =>
    unsealed ? (links[Number(index)] ?? redacted) : redacted,
  );
  return JSON.parse(filled) as T;
}
