/**
 * A small read-through cache for the public lists every visitor loads (services, portfolio, testimonials)
 * and for the bookings page and stats every open back office polls.
 * Writes through the domain invalidate their tag at once on this instance; other instances see the change
 * within `ttlMs`. A load that started before an invalidation is never cached.
 */
export type ReadCache = {
  get: <T>(tag: CacheTag, key: string, load: () => Promise<T>) => Promise<T>;
  invalidate: (tag: CacheTag) => void;
  /** Bumped by every invalidation of `tag`: what a derived cache (the server's response snapshots) checks. */
  generation: (tag: CacheTag) => number;
  /** How long an entry may be served before it is loaded again (0 = no caching). */
  ttlMs: number;
};

export type CacheTag = "services" | "portfolio" | "feedback" | "bookings";

/** Entries kept at most (the oldest dropped first): keys built from admin input cannot grow memory. */
const MAX_ENTRIES = 1_000;

type Entry = { generation: number; expires: number; value: Promise<unknown> };

export function createReadCache(ttlMs: number, now: () => number = () => Date.now()): ReadCache {
  const entries = new Map<string, Entry>();
  const generations = new Map<CacheTag, number>();
  const generationOf = (tag: CacheTag) => generations.get(tag) ?? 0;
  return {
    get<T>(tag: CacheTag, key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const id = `${tag}:${key}`;
      const generation = generationOf(tag);
      const hit = entries.get(id);
      if (hit && hit.generation === generation && hit.expires > now()) return hit.value as Promise<T>;
      const value = load();
      entries.delete(id);
      entries.set(id, { generation, expires: now() + ttlMs, value });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      // A failed load is not kept.
      value.catch(() => {
        if (entries.get(id)?.value === value) entries.delete(id);
      });
      return value;
    },
    invalidate(tag) {
      generations.set(tag, generationOf(tag) + 1);
      for (const id of entries.keys()) if (id.startsWith(`${tag}:`)) entries.delete(id);
    },
    generation: generationOf,
    ttlMs,
  };
}

/**
 * How long a cached public list may be served on an instance that did not make the change. The server's
 * response snapshots sit on top of this cache with the same lifetime, so another instance shows a change
 * within twice this (2 s).
 */
export const READ_CACHE_TTL_MS = 1_000;
