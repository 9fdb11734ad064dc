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

/** A text as it appears inside a JSON string. */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * Replaces every occurrence of each link in `json` (JSON texts: a message's content, its attachments) by its
 * placeholder. `sealed`: the links, encrypted; null when there were none. The texts are the JSON the row stores,
 * so the message is written out once, not walked and then written out.
 */
export function sealLinks(
  key: Uint8Array,
  json: readonly string[],
  links: readonly string[],
): { json: string[]; sealed: string | null } {
  const used = [...new Set(links)].filter(Boolean);
  if (!used.length) return { json: [...json], sealed: null };
  let texts = [...json];
  for (const [index, link] of used.entries()) {
    // A JSON escape ("\n", "\u00e9") begins with a backslash and one of these letters: a link that began with
    // one could match inside an escape. Links are web addresses, which begin with "http".
    if (!/^https?:\/\//.test(link)) throw new Error(`A sealed link is a web address, not "${link}"`);
    const found = inJson(link);
    const placeholder = inJson(`⟦sealed:${index}|${redactLink(link)}⟧`);
    texts = texts.map((text) => (text.includes(found) ? text.replaceAll(found, placeholder) : text));
  }
  return { json: texts, sealed: encryptSecret(key, JSON.stringify(used)) };
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
