/**
 * Open live streams per admin, counted across every instance: in Redis when REDIS_URL is set (a sorted set per
 * admin, one member per open stream, scored by when its claim lapses), else in this instance's memory.
 *
 * A stream renews its claim while it is open, so the slots of an instance that died free themselves within
 * STREAM_SLOT_TTL_MS. While Redis is down, streams are counted in memory per instance (the limit holds per
 * instance, as it did before), so the back office keeps its live updates.
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";

export const MAX_STREAMS_PER_ADMIN = 5;
/** How long a stream's claim lasts without renewal; streams renew it far more often. */
export const STREAM_SLOT_TTL_MS = 45_000;

export type StreamSlot = {
  /** Keeps the claim alive (call every few seconds while the stream is open). */
  renew: () => Promise<void>;
  release: () => Promise<void>;
};

// KEYS[1]: the admin's set. ARGV: now, the member's lapse time, the member, the limit, the key's lifetime.
const CLAIM = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

export function createStreamSlots(
  redis?: Redis,
  { limit = MAX_STREAMS_PER_ADMIN, ttlMs = STREAM_SLOT_TTL_MS }: { limit?: number; ttlMs?: number } = {},
) {
  const local = new Map<number, number>();
  const localSlot = (adminId: number): StreamSlot | null => {
    const open = local.get(adminId) ?? 0;
    if (open >= limit) return null;
    local.set(adminId, open + 1);
    let released = false;
    return {
      renew: async () => {},
      release: async () => {
        if (released) return;
        released = true;
        local.set(adminId, (local.get(adminId) ?? 1) - 1);
      },
    };
  };
  const usable = () => redis !== undefined && redis.status === "ready";

  return {
    /** A slot for one more stream of the admin, or null when the admin has `limit` open already. */
    async claim(adminId: number): Promise<StreamSlot | null> {
      if (!redis || !usable()) return localSlot(adminId);
      const key = `live:streams:${adminId}`;
      const member = randomUUID();
      let claimed: unknown;
      try {
        const now = Date.now();
        claimed = await redis.eval(CLAIM, 1, key, now, now + ttlMs, member, limit, ttlMs);
      } catch {
        return localSlot(adminId); // Redis went down between the check and the call
      }
      if (claimed !== 1) return null;
      return {
        renew: async () => {
          await redis
            .zadd(key, "XX", Date.now() + ttlMs, member)
            .then(() => redis.pexpire(key, ttlMs))
            .catch(() => undefined);
        },
        release: async () => {
          await redis.zrem(key, member).catch(() => undefined);
        },
      };
    },
  };
}

export type StreamSlots = ReturnType<typeof createStreamSlots>;
