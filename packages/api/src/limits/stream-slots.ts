/**
 * Open live streams per admin, counted across every instance: in Redis when REDIS_URL is set, else in this
 * instance's memory.
 *
 * A stream is known by the id its client sends (`X-Live-Stream`, one per browser tab; a random one otherwise).
 * Its claim lapses unless renewed, so the slots of an instance that died free themselves within the TTL; and a
 * client that reconnects elsewhere after such a crash takes its own stream's slot over at once, instead of being
 * refused while its dead connection still holds it. Only the newest connection of a stream id holds the slot:
 * an older one learns at its next renewal that it was superseded and ends, so reusing an id never opens more
 * than the limit for longer than a renewal period. While Redis is down, streams are counted in memory per
 * instance, so the back office keeps its live updates.
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";

export const MAX_STREAMS_PER_ADMIN = 5;
/** How long a stream's claim lasts without renewal; open streams renew it every few seconds. */
export const STREAM_SLOT_TTL_MS = 45_000;

export type StreamSlot = {
  /** Keeps the claim alive; false once another connection of the same stream id took the slot over. */
  renew: () => Promise<boolean>;
  release: () => Promise<void>;
};

// KEYS: the admin's set of streams (scored by when each claim lapses), the hash stream id → owning connection.
// ARGV: now, the lapse time, the stream id, the connection, the limit, the keys' lifetime.
const CLAIM = `
local lapsed = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if #lapsed > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
  redis.call('HDEL', KEYS[2], unpack(lapsed))
end
if not redis.call('ZSCORE', KEYS[1], ARGV[3]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[5]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
return 1`;

// KEYS as CLAIM. ARGV: the lapse time, the stream id, the connection, the keys' lifetime.
const RENEW = `
if redis.call('HGET', KEYS[2], ARGV[2]) ~= ARGV[3] then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1`;

// KEYS as CLAIM. ARGV: the stream id, the connection.
const RELEASE = `
if redis.call('HGET', KEYS[2], ARGV[1]) == ARGV[2] then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
end
return 1`;

/** A client's stream id as sent: short and plain, or none. */
export function streamIdOf(raw: string | undefined | null): string | null {
  return raw && /^[A-Za-z0-9_-]{8,64}$/.test(raw) ? raw : null;
}

export function createStreamSlots(
  redis?: Redis,
  { limit = MAX_STREAMS_PER_ADMIN, ttlMs = STREAM_SLOT_TTL_MS }: { limit?: number; ttlMs?: number } = {},
) {
  /** admin → stream id → the connection holding it (this instance only). */
  const local = new Map<number, Map<string, string>>();
  const localSlot = (adminId: number, streamId: string, connection: string): StreamSlot | null => {
    const streams = local.get(adminId) ?? new Map<string, string>();
    if (!streams.has(streamId) && streams.size >= limit) return null;
    streams.set(streamId, connection);
    local.set(adminId, streams);
    return {
      renew: async () => streams.get(streamId) === connection,
      release: async () => {
        if (streams.get(streamId) === connection) streams.delete(streamId);
      },
    };
  };

  return {
    /**
     * A slot for the admin's stream `streamId` (a new random one when null), or null when the admin has `limit`
     * other streams open.
     */
    async claim(adminId: number, streamId: string | null = null): Promise<StreamSlot | null> {
      const id = streamId ?? randomUUID();
      const connection = randomUUID();
      if (redis?.status !== "ready") return localSlot(adminId, id, connection);
      const keys = [`live:streams:${adminId}`, `live:streams:${adminId}:owner`];
      let claimed: unknown;
      try {
        const now = Date.now();
        claimed = await redis.eval(CLAIM, 2, ...keys, now, now + ttlMs, id, connection, limit, ttlMs);
      } catch {
        return localSlot(adminId, id, connection); // Redis went down between the check and the call
      }
      if (claimed !== 1) return null;
      return {
        renew: async () => {
          try {
            return (await redis.eval(RENEW, 2, ...keys, Date.now() + ttlMs, id, connection, ttlMs)) === 1;
          } catch {
            return true; // Redis is down: the stream goes on; its claim lapses by itself
          }
        },
        release: async () => {
          await redis.eval(RELEASE, 2, ...keys, id, connection).catch(() => undefined);
        },
      };
    },
  };
}

export type StreamSlots = ReturnType<typeof createStreamSlots>;
