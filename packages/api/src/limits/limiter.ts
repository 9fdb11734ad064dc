/**
 * Every limit of the product, counted per procedure call (so each item of a tRPC batch counts, and REST,
 * which calls the same procedures, shares the counters). Built on rate-limiter-flexible:
 * - public forms: per-IP counters in Redis when REDIS_URL is set, shared by every instance, with the
 *   per-instance memory counters as insurance while Redis is down; in memory only without Redis;
 * - sign-in and invite-code lockouts: counters in the database (RateLimitCounter), shared by every instance.
 *   An attempt is reserved (counted) before the password or code is checked, so N simultaneous attempts
 *   check at most the lockout's number of secrets.
 */
import type { Db } from "@studio/db";
import { FORM_LIMIT, MESSAGES } from "@studio/validators";
import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPrisma,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { AppError } from "../errors";
import { createStreamSlots } from "./stream-slots";

/** Public form submissions allowed per IP and minute, per form (the default of RATE_LIMIT_FORMS_PER_MINUTE). */
export { FORM_LIMIT } from "@studio/validators";
export const FORM_BUCKETS = ["booking", "feedback", "contact", "upload", "register", "manage"] as const;
export type FormBucket = (typeof FORM_BUCKETS)[number];

/** Sign-in attempts per window before the e-mail or IP is locked until the window ends. */
export const LOGIN_LIMITS = { perEmail: 5, perIp: 20, windowSeconds: 15 * 60 } as const;
/** Wrong invite codes per IP and window: as slow as guessing a password. */
export const INVITE_LIMITS = { perIp: 5, windowSeconds: 15 * 60 } as const;
/** Wrong gallery download PINs per gallery and per IP and window: a PIN is guessed as slowly as a password. */
export const GALLERY_PIN_LIMITS = { perGallery: 10, perIp: 20, windowSeconds: 15 * 60 } as const;

export type LimiterOptions = {
  /** Public form limits (RATE_LIMIT=off turns them off for benchmarks). */
  forms: boolean;
  /** Sign-in and invite lockouts. */
  lockouts: boolean;
  /** Submissions per IP and minute, per form; FORM_LIMIT.points when unset. */
  formsPerMinute?: number;
};

/** A reserved attempt: `succeeded()` gives the reservation back (a right password or code). */
export type Reservation = { succeeded: () => Promise<void> };
const NOTHING_RESERVED: Reservation = { succeeded: async () => {} };

function retryAfterSeconds(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** Consumes one point of each limiter for its key; the first refusal becomes a 429 with Retry-After. */
async function consumeAll(
  entries: { limiter: RateLimiterAbstract; key: string }[],
  message: (seconds: number) => string,
): Promise<void> {
  const results = await Promise.allSettled(entries.map(({ limiter, key }) => limiter.consume(key)));
  for (const result of results) {
    if (result.status === "fulfilled") continue;
    if (result.reason instanceof RateLimiterRes) {
      const seconds = retryAfterSeconds(result.reason);
      throw new AppError("TOO_MANY_REQUESTS", message(seconds), { retryAfterSeconds: seconds });
    }
    throw result.reason;
  }
}

export function createLimiter(db: Db, options: LimiterOptions, redis?: Redis) {
  const forms = new Map<FormBucket, RateLimiterAbstract>(
    FORM_BUCKETS.map((bucket) => {
      const shape = {
        keyPrefix: `form:${bucket}`,
        points: options.formsPerMinute ?? FORM_LIMIT.points,
        duration: FORM_LIMIT.durationSeconds,
      };
      const memory = new RateLimiterMemory(shape);
      return [
        bucket,
        redis ? new RateLimiterRedis({ ...shape, storeClient: redis, insuranceLimiter: memory }) : memory,
      ];
    }),
  );
  /** One limiter per distinct "requests a minute" of the keys (a key's counter is its id). */
  const apiKeys = new Map<number, RateLimiterAbstract>();
  const stored = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterPrisma({
      storeClient: db,
      tableName: "rateLimitCounter",
      keyPrefix,
      points,
      duration,
      clearExpiredByTimeout: false,
    });
  const loginByEmail = stored("login:email", LOGIN_LIMITS.perEmail, LOGIN_LIMITS.windowSeconds);
  const loginByIp = stored("login:ip", LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowSeconds);
  const inviteByIp = stored("invite:ip", INVITE_LIMITS.perIp, INVITE_LIMITS.windowSeconds);
  const pinByGallery = stored(
    "gallery-pin:gallery",
    GALLERY_PIN_LIMITS.perGallery,
    GALLERY_PIN_LIMITS.windowSeconds,
  );
  const pinByIp = stored("gallery-pin:ip", GALLERY_PIN_LIMITS.perIp, GALLERY_PIN_LIMITS.windowSeconds);

  return {
    /** Open live streams per admin, across every instance when Redis is there. */
    streams: createStreamSlots(redis),

    /** Counts one public form submission from `ip`; 429 once the form's limit is reached. */
    async form(bucket: FormBucket, ip: string): Promise<void> {
      if (!options.forms) return;
      const limiter = forms.get(bucket);
      if (!limiter) throw new Error(`unknown form bucket ${bucket}`);
      await consumeAll([{ limiter, key: ip }], () => MESSAGES.common.tooManyRequests);
    },

    /**
     * Counts one request made with an API key against its own limit (requests a minute); 429 once reached. Off
     * with RATE_LIMIT=off, like the form limits.
     */
    async apiKey(keyId: number, perMinute: number): Promise<void> {
      if (!options.forms) return;
      let limiter = apiKeys.get(perMinute);
      if (!limiter) {
        const shape = { keyPrefix: `api-key:${perMinute}`, points: perMinute, duration: 60 };
        const memory = new RateLimiterMemory(shape);
        limiter = redis
          ? new RateLimiterRedis({ ...shape, storeClient: redis, insuranceLimiter: memory })
          : memory;
        apiKeys.set(perMinute, limiter);
      }
      await consumeAll([{ limiter, key: String(keyId) }], () => MESSAGES.apiKeys.tooManyRequests(perMinute));
    },

    /** Reserves a sign-in attempt for the e-mail and the IP before the password is checked. */
    async reserveLogin(email: string, ip: string): Promise<Reservation> {
      if (!options.lockouts) return NOTHING_RESERVED;
      await consumeAll(
        [
          { limiter: loginByEmail, key: email },
          { limiter: loginByIp, key: ip },
        ],
        MESSAGES.auth.tooManyAttempts,
      );
      return {
        succeeded: async () => {
          await Promise.all([loginByEmail.delete(email), loginByIp.reward(ip, 1)]);
        },
      };
    },

    /** Reserves an invite-code guess for the IP before the code is checked. */
    async reserveInvite(ip: string): Promise<Reservation> {
      if (!options.lockouts) return NOTHING_RESERVED;
      await consumeAll([{ limiter: inviteByIp, key: ip }], MESSAGES.auth.tooManyAttempts);
      return { succeeded: () => inviteByIp.reward(ip, 1).then(() => undefined) };
    },

    /** Reserves a gallery PIN guess for the gallery and the IP before the PIN is checked. */
    async reserveGalleryPin(galleryId: number, ip: string): Promise<Reservation> {
      if (!options.lockouts) return NOTHING_RESERVED;
      const key = String(galleryId);
      await consumeAll(
        [
          { limiter: pinByGallery, key },
          { limiter: pinByIp, key: ip },
        ],
        MESSAGES.gallery.tooManyPinAttempts,
      );
      return {
        succeeded: async () => {
          await Promise.all([pinByGallery.delete(key), pinByIp.reward(ip, 1)]);
        },
      };
    },

    /** Deletes counters whose window has ended (run by the server's periodic clean-up). */
    async sweepExpired(now: Date): Promise<number> {
      const { count } = await db.rateLimitCounter.deleteMany({ where: { expire: { lt: now } } });
      return count;
    },
  };
}

export type Limiter = ReturnType<typeof createLimiter>;
