import type { EventBus } from "./events/bus";

/**
 * A small read-through cache for the public lists every visitor loads (services, portfolio, testimonials)
 * and for the bookings page and stats every open back office polls.
 * Writes through the domain invalidate their tag at once on this instance and, through the event bus (Redis
 * or PostgreSQL), on every other one. While such a bus is healthy an entry lives PUSHED_CACHE_TTL_MS;
 * otherwise (in-process bus, engine down) `ttlMs` bounds how stale another instance can be. When the bus
 * comes back, everything is dropped: invalidations sent meanwhile may have been lost.
 * A load that started before an invalidation is never cached.
 */
export type ReadCache = {
  get: <T>(tag: CacheTag, key: string, load: () => Promise<T>) => Promise<T>;
  invalidate: (tag: CacheTag) => void;
  /** Bumped by every invalidation of `tag`: what a derived cache (the server's response snapshots) checks. */
  generation: (tag: CacheTag) => number;
  /** The configured lifetime when invalidations are not pushed (0 = no caching). */
  ttlMs: number;
  /** How long an entry loaded now may be served: longer while other instances' invalidations are pushed. */
  lifetimeMs: () => number;
};

/**
 * "team": the admins' addresses the studio's alerts go to (mail/notify.ts). "sessions": admin sessions with
 * their admin's name, e-mail and role, cached on SQLite only (auth/session.ts); "api_keys" the same for API keys
 * (domain/api-keys). "webhooks": which events the endpoints subscribe to (domain/webhooks). "calendar": whether a
 * calendar is connected and its busy time (domain/calendar-sync).
 */
export const CACHE_TAGS = [
  "services",
  "portfolio",
  "feedback",
  "bookings",
  "studio",
  "schedule",
  "team",
  "sessions",
  "api_keys",
  "webhooks",
  "calendar",
] as const;
export type CacheTag = (typeof CACHE_TAGS)[number];

/** An entry's lifetime while every instance hears every invalidation through a healthy bus. */
export const PUSHED_CACHE_TTL_MS = 30_000;

/** Entries kept at most (the oldest dropped first): keys built from admin input cannot grow memory. */
const MAX_ENTRIES = 1_000;

type Entry = { generation: number; expires: number; value: Promise<unknown> };

export function createReadCache(
  ttlMs: number,
  now: () => number = () => Date.now(),
  bus?: EventBus,
): ReadCache {
  const entries = new Map<string, Entry>();
  const generations = new Map<CacheTag, number>();
  const generationOf = (tag: CacheTag) => generations.get(tag) ?? 0;
  const pushed = () => bus !== undefined && bus.kind !== "local" && bus.health() === "ok";
  const lifetimeMs = () => (ttlMs > 0 && pushed() ? Math.max(ttlMs, PUSHED_CACHE_TTL_MS) : ttlMs);
  const dropLocally = (tag: CacheTag) => {
    generations.set(tag, generationOf(tag) + 1);
    for (const id of entries.keys()) if (id.startsWith(`${tag}:`)) entries.delete(id);
  };
  bus?.subscribe("cache", (tag) => {
    if ((CACHE_TAGS as readonly string[]).includes(tag)) dropLocally(tag as CacheTag);
  });
  bus?.onHealthChange((health) => {
    if (health === "ok") for (const tag of CACHE_TAGS) dropLocally(tag);
  });
  return {
    get<T>(tag: CacheTag, key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const id = `${tag}:${key}`;
      const generation = generationOf(tag);
      const hit = entries.get(id);
      if (hit && hit.generation === generation && hit.expires > now()) return hit.value as Promise<T>;
      const value = load();
      entries.delete(id);
      entries.set(id, { generation, expires: now() + lifetimeMs(), value });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      // A failed load is not kept.
      value.catch(() => {
        if (entries.get(id)?.value === value) entries.delete(id);
      });
      return value;
    },
    invalidate(tag) {
      // Delivered here at once, and to the other instances through the engine.
      if (bus) bus.publish("cache", tag);
      else dropLocally(tag);
    },
    generation: generationOf,
    ttlMs,
    lifetimeMs,
  };
}

/**
 * How long a cached public list may be served on an instance that did not make the change. The server's
 * response snapshots sit on top of this cache with the same lifetime, so another instance shows a change
 * within twice this (2 s).
 */
export const READ_CACHE_TTL_MS = 1_000;
