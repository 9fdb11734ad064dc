/**
 * Limits per procedure call, on the database the suite runs on (SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * simultaneous sign-in attempts cannot race past the lockout, a wrong invite code costs no password hashing,
 * and every call of a public form counts.
 */
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as passwords from "../auth/passwords";
import { AppError } from "../errors";
import { createHarness, type Harness } from "../testing/harness";
import { startTestRedis } from "../testing/redis";
import { createLimiter, FORM_LIMIT, INVITE_LIMITS, LOGIN_LIMITS } from "./limiter";
import { Redis } from "ioredis";

vi.mock("../auth/passwords", { spy: true });

let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { formLimits: true });
  await h.admin("owner@limits.test");
});
afterAll(async () => {
  await h.close();
});

const codeOf = async (call: Promise<unknown>) => {
  try {
    await call;
    return "OK";
  } catch (error) {
    return (error as { code?: string }).code ?? "THROWN";
  }
};

/** Distinct client addresses, so the per-IP counter is never what stops these attempts. */
const ip = (i: number) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;

describe("sign-in lockout under concurrency", () => {
  it("40 simultaneous wrong passwords for one e-mail check at most the lockout's number", async () => {
    vi.mocked(passwords.verifyPassword).mockClear();
    const codes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        codeOf(h.caller({ ip: ip(i) }).auth.login({ email: "owner@limits.test", password: `guess-${i}` })),
      ),
    );
    const checked = vi.mocked(passwords.verifyPassword).mock.calls.length;
    expect(checked).toBe(LOGIN_LIMITS.perEmail);
    expect(codes.filter((c) => c === "UNAUTHORIZED")).toHaveLength(LOGIN_LIMITS.perEmail);
    expect(codes.filter((c) => c === "TOO_MANY_REQUESTS")).toHaveLength(40 - LOGIN_LIMITS.perEmail);
    // Locked: the right password is refused too, without being checked.
    const locked = await codeOf(
      h.caller({ ip: ip(99) }).auth.login({ email: "owner@limits.test", password: "owner-password" }),
    );
    expect(locked).toBe("TOO_MANY_REQUESTS");
    expect(vi.mocked(passwords.verifyPassword).mock.calls.length).toBe(checked);
  });

  it("a right password clears the e-mail's count, so a later typo does not lock the owner out", async () => {
    await h.admin("second@limits.test");
    const caller = h.caller({ ip: "198.51.100.40" });
    for (let i = 0; i < LOGIN_LIMITS.perEmail - 1; i++)
      expect(await codeOf(caller.auth.login({ email: "second@limits.test", password: "typo-typo" }))).toBe(
        "UNAUTHORIZED",
      );
    expect(await codeOf(caller.auth.login({ email: "second@limits.test", password: "owner-password" }))).toBe(
      "OK",
    );
    for (let i = 0; i < LOGIN_LIMITS.perEmail - 1; i++)
      expect(await codeOf(caller.auth.login({ email: "second@limits.test", password: "typo-typo" }))).toBe(
        "UNAUTHORIZED",
      );
  });

  it("the lockout answers 429 with the time left", async () => {
    const caller = h.caller({ ip: "198.51.100.41" });
    for (let i = 0; i < LOGIN_LIMITS.perEmail; i++)
      await codeOf(caller.auth.login({ email: "nobody@limits.test", password: "guess-guess" }));
    try {
      await caller.auth.login({ email: "nobody@limits.test", password: "guess-guess" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const seconds = (error as AppError).details.retryAfterSeconds ?? 0;
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(LOGIN_LIMITS.windowSeconds);
      expect((error as AppError).message).toBe(MESSAGES.auth.tooManyAttempts(seconds));
    }
  });
});

describe("invite codes", () => {
  it("a wrong code is refused before any password is hashed, and guesses are locked out per IP", async () => {
    vi.mocked(passwords.hashPassword).mockClear();
    const caller = h.caller({ ip: "198.51.100.50" });
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        codeOf(
          caller.auth.register({
            name: "Mallory",
            email: `mallory${i}@limits.test`,
            password: "secret12",
            invite_code: `GUESSED-CODE-${i}`,
          }),
        ),
      ),
    );
    expect(vi.mocked(passwords.hashPassword)).not.toHaveBeenCalled();
    expect(guesses.filter((c) => c === "FORBIDDEN")).toHaveLength(INVITE_LIMITS.perIp);
    expect(guesses.filter((c) => c === "TOO_MANY_REQUESTS")).toHaveLength(12 - INVITE_LIMITS.perIp);
    // Locked out: even the right code waits.
    const right = await codeOf(
      caller.auth.register({
        name: "Ivy",
        email: "ivy@limits.test",
        password: "secret12",
        invite_code: "INVITE-TEST-CODE",
      }),
    );
    expect(right).toBe("TOO_MANY_REQUESTS");
  });

  it("the right code from another address still works and hashes the password once", async () => {
    vi.mocked(passwords.hashPassword).mockClear();
    const ok = await codeOf(
      h.caller({ ip: "198.51.100.51" }).auth.register({
        name: "Ivy",
        email: "ivy@limits.test",
        password: "secret12",
        invite_code: "INVITE-TEST-CODE",
      }),
    );
    expect(ok).toBe("OK");
    expect(vi.mocked(passwords.hashPassword)).toHaveBeenCalledTimes(1);
  });
});

describe("public forms count every call", () => {
  it("simultaneous contact messages from one IP store exactly the limit", async () => {
    const caller = h.caller({ ip: "198.51.100.60" });
    const before = await h.deps.db.contactMessage.count();
    const codes = await Promise.all(
      Array.from({ length: FORM_LIMIT.points + 15 }, (_, i) =>
        codeOf(
          caller.contact.send({
            name: "Spam",
            email: "spam@limits.test",
            subject: `Offer ${i}`,
            message: "Buy now",
          } as never),
        ),
      ),
    );
    expect(codes.filter((c) => c === "OK")).toHaveLength(FORM_LIMIT.points);
    expect(codes.filter((c) => c === "TOO_MANY_REQUESTS")).toHaveLength(15);
    expect((await h.deps.db.contactMessage.count()) - before).toBe(FORM_LIMIT.points);
  });

  it("invalid submissions count too, and another IP keeps its own allowance", async () => {
    const caller = h.caller({ ip: "198.51.100.61" });
    for (let i = 0; i < FORM_LIMIT.points; i++)
      expect(await codeOf(caller.feedback.submit({} as never))).toBe("BAD_REQUEST");
    expect(await codeOf(caller.feedback.submit({} as never))).toBe("TOO_MANY_REQUESTS");
    expect(await codeOf(h.caller({ ip: "198.51.100.62" }).feedback.submit({} as never))).toBe("BAD_REQUEST");
  });
});

describe("the form limit is a setting", () => {
  it("RATE_LIMIT_FORMS_PER_MINUTE's value replaces the default of 20", async () => {
    const limiter = createLimiter(h.deps.db, { forms: true, lockouts: true, formsPerMinute: 3 });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push(await codeOf(limiter.form("booking", "198.51.100.65")));
    expect(codes).toEqual(["OK", "OK", "OK", "TOO_MANY_REQUESTS", "TOO_MANY_REQUESTS"]);
  });
});

describe("expired counters", () => {
  it("are swept; live ones stay", async () => {
    const now = new Date();
    await h.deps.db.rateLimitCounter.createMany({
      data: [
        { key: "test:old", points: 3, expire: new Date(now.getTime() - 1000) },
        { key: "test:live", points: 3, expire: new Date(now.getTime() + 60_000) },
      ],
    });
    expect(await h.deps.limiter.sweepExpired(now)).toBeGreaterThanOrEqual(1);
    const keys = (await h.deps.db.rateLimitCounter.findMany({ where: { key: { startsWith: "test:" } } })).map(
      (r) => r.key,
    );
    expect(keys).toEqual(["test:live"]);
  });
});

describe("form limits in Redis, shared by every instance", () => {
  it("30 submissions spread over three instances against a limit of 20 give 10 refusals", async () => {
    const redis = await startTestRedis();
    const clients = [0, 1, 2].map(() =>
      new Redis(redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }).on(
        "error",
        () => undefined,
      ),
    );
    try {
      await vi.waitFor(() => expect(clients.map((c) => c.status)).toEqual(["ready", "ready", "ready"]));
      const instances = clients.map((c) => createLimiter(h.deps.db, { forms: true, lockouts: true }, c));
      const codes = await Promise.all(
        Array.from({ length: 30 }, (_, i) => codeOf(instances[i % 3]!.form("contact", "198.51.100.70"))),
      );
      expect(codes.filter((c) => c === "OK")).toHaveLength(FORM_LIMIT.points);
      expect(codes.filter((c) => c === "TOO_MANY_REQUESTS")).toHaveLength(30 - FORM_LIMIT.points);

      // Redis down: each instance falls back to its own counters; no call fails because of it.
      await redis.stop();
      const fallback = await Promise.all(
        Array.from({ length: 3 }, (_, i) => codeOf(instances[i]!.form("contact", "198.51.100.71"))),
      );
      expect(fallback).toEqual(["OK", "OK", "OK"]);
    } finally {
      for (const c of clients) c.disconnect();
      await redis.stop();
    }
  });
});
