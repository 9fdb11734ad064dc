/**
 * A small read-through cache for the public lists every visitor loads (services, portfolio, testimonials).
 * Writes through the domain invalidate their tag at once on this instance; other instances see the change
 * within `ttlMs`. A load that started before an invalidation is never cached.
 */
export type ReadCache = {
  get: <T>(tag: CacheTag, key: string, load: () => Promise<T>) => Promise<T>;
  invalidate: (tag: CacheTag) => void;
};

export type CacheTag = "services" | "portfolio" | "feedback";

type Entry = { generation: number; expires: number; value: Promise<unknown> };

export function createReadCache(ttlMs: number, now: () => number = Date.now): ReadCache {
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
      entries.set(id, { generation, expires: now() + ttlMs, value });
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
  };
}

/** Public lists stay at most this stale on instances that did not make the change. */
export const READ_CACHE_TTL_MS = 2_000;
