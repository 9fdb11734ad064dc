import type { Db } from "@studio/db";
import type { BookingDeps } from "./dto";

/**
 * PostgreSQL's trigram (GIN) index answers `ILIKE '%fragment%'` by intersecting the lists of every trigram
 * of the fragment, and a list costs what it holds: "customer123457@" reads the lists of "cus", "ust", …,
 * which hold every booking whose e-mail starts with "customer" (15–30 ms at 1,000,000 bookings), to find the
 * few that "234", "345" and "457" already name (0.9 ms). So a long fragment asks the index for its rarest
 * few characters only, and the whole fragment is checked on those rows (see bookingSource). Which
 * characters are rarest is estimated from a sample of the bookings' searched text (name, e-mail and phone
 * together, as the one index holds them): an estimate only ever costs speed, never a match, because every
 * booking holding the fragment holds each part of it.
 */

export const SEARCH_COLUMNS = ["name", "email", "phone"] as const;
export type SearchColumn = (typeof SEARCH_COLUMNS)[number];

/** The part asked of the index: up to four trigrams, whose lists' intersection is already small. */
export const WINDOW = 6;
/** What checking a row costs, against reading one entry of an index list. */
const CHECK_COST = 10;
/** About how many bookings the estimate reads, and how long it is kept. */
const SAMPLE_ROWS = 2_000;
const SAMPLE_LIFETIME_MS = 10 * 60_000;

/** How often each trigram occurs in the searched text, as a share of the sampled rows. */
export type TrigramShares = Map<string, number>;

/**
 * The trigrams of a text as pg_trgm forms them, inside words only: lower case, letters and digits, every
 * other character a word break. (pg_trgm also pads words with blanks; those trigrams are left out of the
 * estimate.)
 */
export function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    const chars = [...word];
    for (let i = 0; i + 3 <= chars.length; i++) trigrams.add(chars.slice(i, i + 3).join(""));
  }
  return trigrams;
}

/** What stands between two columns in the text the index holds (a plain space, safe inside an SQL literal). */
export const SEARCH_SEPARATOR = " ";

/** The text the index holds for a booking: its name, e-mail and phone, the separator between each. */
export function searchedText(row: Record<SearchColumn, string>): string {
  return SEARCH_COLUMNS.map((column) => row[column]).join(SEARCH_SEPARATOR);
}

export function trigramShares(rows: Record<SearchColumn, string>[]): TrigramShares {
  const shares: TrigramShares = new Map();
  for (const row of rows) {
    for (const trigram of trigramsOf(searchedText(row))) shares.set(trigram, (shares.get(trigram) ?? 0) + 1);
  }
  for (const [trigram, count] of shares) shares.set(trigram, count / rows.length);
  return shares;
}

/**
 * The window of WINDOW characters of `search` estimated cheapest: the index reads each of its trigrams'
 * lists (the sum of their shares), and the rows all of them name are read and checked, at most as many as
 * the rarest one names (a row costs far more than a list entry). Null when the search is no longer than a
 * window or no window holds a trigram the index could use.
 */
export function rarestWindow(search: string, shares: TrigramShares): string | null {
  const chars = [...search];
  if (chars.length <= WINDOW) return null;
  let best: { window: string; cost: number; trigrams: number } | null = null;
  for (let i = 0; i + WINDOW <= chars.length; i++) {
    const window = chars.slice(i, i + WINDOW).join("");
    const trigrams = trigramsOf(window);
    if (trigrams.size === 0) continue;
    let read = 0;
    let rarest = 1;
    for (const trigram of trigrams) {
      const share = shares.get(trigram) ?? 0;
      read += share;
      rarest = Math.min(rarest, share);
    }
    const cost = read + CHECK_COST * rarest;
    // Of windows as cheap to read, the one with more trigrams leaves fewer rows to check.
    if (!best || cost < best.cost || (cost === best.cost && trigrams.size > best.trigrams)) {
      best = { window, cost, trigrams: trigrams.size };
    }
  }
  return best?.window ?? null;
}

const samples = new WeakMap<Db, { at: number; shares: Promise<TrigramShares | null> }>();

/**
 * About SAMPLE_ROWS bookings from random pages of the table (TABLESAMPLE SYSTEM reads only those pages). The
 * newest bookings would not do: customers' details follow patterns over time (a numbering, a season's
 * domain), and what is rare among the newest can be common in the whole table.
 */
export async function sampleRows(db: Db): Promise<Record<SearchColumn, string>[]> {
  const estimate = await db.$queryRawUnsafe<{ rows: number }[]>(
    `SELECT reltuples::float8 AS "rows" FROM pg_class WHERE oid = '"Booking"'::regclass`,
  );
  const rows = Number(estimate[0]?.rows ?? -1);
  // Never analysed (reltuples -1) or small: the first pages are as good as any.
  const percent = rows > SAMPLE_ROWS ? (100 * SAMPLE_ROWS) / rows : 100;
  return db.$queryRawUnsafe<Record<SearchColumn, string>[]>(
    `SELECT ${SEARCH_COLUMNS.map((column) => `"${column}"`).join(", ")} FROM "Booking" TABLESAMPLE SYSTEM (${percent.toFixed(6)}) LIMIT ${2 * SAMPLE_ROWS}`,
  );
}

/** The estimate, read again after its lifetime; null if the read failed (the next search reads again). */
function sampledShares(db: Db): Promise<TrigramShares | null> {
  const now = Date.now();
  const kept = samples.get(db);
  if (kept && now - kept.at < SAMPLE_LIFETIME_MS) return kept.shares;
  const shares = sampleRows(db).then(trigramShares, () => {
    samples.delete(db);
    return null;
  });
  samples.set(db, { at: now, shares });
  return shares;
}

/** The part of `search` the index is asked for, on PostgreSQL; null for the whole search, and elsewhere. */
export async function indexWindow(
  deps: Pick<BookingDeps, "db" | "provider">,
  search: string | undefined,
): Promise<string | null> {
  const text = search?.trim() ?? "";
  if (deps.provider !== "postgresql" || [...text].length <= WINDOW) return null;
  const shares = await sampledShares(deps.db);
  return shares ? rarestWindow(text, shares) : null;
}
