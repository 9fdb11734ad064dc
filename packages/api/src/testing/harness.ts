/** Test harness: a fresh migrated database per test file and callers acting as visitor or admin. */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "@studio/db/testing";
import { sessionEnd } from "@studio/validators";
import { createReadCache } from "../cache";
import { type ApiConfig, testConfig } from "../config";
import type { ApiDeps, RequestInfo } from "../context";
import { createContext } from "../create-context";
import { scheduleRules } from "../domain/bookings/schedule";
import { lastDayOf } from "../domain/bookings/session-days";
import { createLocalBus } from "../events/bus";
import { jobHandlers } from "../jobs/handlers";
import { runJobPass } from "../jobs/worker";
import { createLimiter } from "../limits/limiter";
import { createCaller } from "../root";
import { createDiskStorage, type UploadStorage } from "../storage/storage";
import type { TestS3 } from "./s3";

export type Harness = {
  database: TestDatabase;
  deps: ApiDeps;
  /** A caller with the given request info (visitor by default). */
  caller: (request?: Partial<RequestInfo>) => ReturnType<typeof createCaller>;
  /** Registers (first account = owner) or logs in an admin and returns a caller with its token. */
  admin: (email?: string) => Promise<{ caller: ReturnType<typeof createCaller>; token: string }>;
  /** Runs every due durable job (all kinds) until none is left; answers how many ran. */
  runJobs: () => Promise<number>;
  /** Moves the harness clock (null: the real one again). */
  setNow: (date: Date | null) => void;
  /**
   * Moves the clock to the end of a booking's session, the first moment it may be marked completed (admin
   * tokens signed before then may have expired: sign in again with `admin()`).
   */
  setNowToSessionEnd: (bookingId: number) => Promise<Date>;
  /** The disk driver's root; with S3, where temporary files go (under .tmp). */
  uploadDir: string;
  close: () => Promise<void>;
};

export async function createHarness(
  config: Partial<ApiConfig> = {},
  options: {
    cacheTtlMs?: number;
    formLimits?: boolean;
    /** Store uploads in this S3 server's bucket instead of on disk (uploadDir then only holds temporary files). */
    s3?: TestS3;
  } = {},
): Promise<Harness> {
  const database = await createTestDatabase();
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), "studio-uploads-"));
  const storage: UploadStorage = options.s3
    ? options.s3.createStorage(path.join(uploadDir, ".tmp"))
    : createDiskStorage(uploadDir);
  let now: Date | null = null;
  const fullConfig = testConfig(config);
  const bus = createLocalBus();
  const deps: ApiDeps = {
    db: database.prisma,
    provider: database.provider,
    config: fullConfig,
    storage,
    now: () => now ?? new Date(),
    // Off here: tests may change rows directly; cache behaviour has its own tests.
    cache: createReadCache(options.cacheTtlMs ?? 0, undefined, bus),
    bus,
    // Public form limits are off unless a test is about them; the sign-in lockout follows config.rateLimit.
    limiter: createLimiter(database.prisma, {
      forms: options.formLimits ?? false,
      lockouts: fullConfig.rateLimit,
    }),
  };
  const caller = (request: Partial<RequestInfo> = {}) =>
    createCaller(createContext(deps, { token: null, ip: "203.0.113.10", ...request }));
  const admin = async (email = "owner@studio.test") => {
    const visitor = caller();
    const existing = await deps.db.adminUser.findUnique({ where: { email } });
    const result = existing
      ? await visitor.auth.login({ email, password: "owner-password" })
      : await visitor.auth.register({
          name: "Studio Owner",
          email,
          password: "owner-password",
          invite_code: (await deps.db.adminUser.count()) > 0 ? "INVITE-TEST-CODE" : undefined,
        });
    return { caller: caller({ token: result.token }), token: result.token };
  };
  return {
    database,
    deps,
    caller,
    admin,
    uploadDir,
    runJobs: async () => {
      const handlers = jobHandlers(deps);
      let ran = 0;
      for (let claimed = 1; claimed > 0; ) {
        claimed = 0;
        for (const handler of handlers)
          claimed += (await runJobPass({ db: deps.db, now: deps.now, handlers }, handler)).claimed;
        ran += claimed;
      }
      return ran;
    },
    setNow: (date) => {
      now = date;
    },
    setNowToSessionEnd: async (bookingId) => {
      const booking = await deps.db.booking.findUniqueOrThrow({
        where: { id: bookingId },
        select: {
          id: true,
          date: true,
          time: true,
          service: { select: { durationMinutes: true, durationDays: true } },
        },
      });
      const { timeZone } = await scheduleRules(deps);
      // A session of several days ends on its last day.
      const last = await lastDayOf(deps.db, { ...booking, days: booking.service?.durationDays });
      now = sessionEnd(last, booking.time, booking.service?.durationMinutes, timeZone);
      return now;
    },
    close: async () => {
      await database.drop();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}
