/**
 * Authorization matrix (ASVS V6 authentication, V7 session, V8 authorization): every admin tRPC procedure —
 * enumerated from appRouter._def.procedures, so a new procedure is admin unless listed as public here — and
 * every admin REST route refuses each kind of bad token: none, garbage, malformed, expired, wrongly signed,
 * `alg: none`, HS512 with the right key, wrong issuer/audience, a tampered payload, a revoked (logged-out)
 * token, and a real token from another deployment. Plus: brute-force login throttling (429 + Retry-After)
 * and sign-up by invitation only once an owner exists.
 */
import { MESSAGES } from "@studio/validators";
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../apps/server/src/testing/test-app";
import { appRouter } from "../../packages/api/src/index";
import { TRPCError } from "../../packages/api/src/trpc";

type ProcedureDefs = Record<string, { _def: { type: "query" | "mutation" | "subscription" } }>;
const PROCEDURES = (appRouter as unknown as { _def: { procedures: ProcedureDefs } })._def.procedures;

/** The only procedures a visitor may call. Anything else must demand an admin token. */
const PUBLIC = new Set([
  "auth.register",
  "auth.login",
  "auth.signupStatus",
  "auth.requestPasswordReset",
  "auth.resetPassword",
  "auth.confirmEmail",
  "auth.undoEmailChange",
  "site.config",
  "site.schedule",
  "site.profile",
  "manage.get",
  "manage.availability",
  "manage.cancel",
  "manage.move",
  "services.list",
  "services.byCategory",
  "services.get",
  "portfolio.list",
  "portfolio.byCategory",
  "portfolio.get",
  "bookings.create",
  "bookings.availability",
  "bookings.availabilityDays",
  // A client's gallery: the unguessable link in the input is the capability (galleries/links.ts).
  "galleryView.open",
  "galleryView.items",
  "galleryView.favourite",
  "galleryView.note",
  "galleryView.sendSelection",
  "galleryView.unlock",
  "galleryView.download",
  "feedback.submit",
  "feedback.approved",
  "feedback.byCategory",
  "feedback.summary",
  "contact.send",
  "uploads.bookingProof",
]);
const ADMIN_PROCEDURES = Object.keys(PROCEDURES)
  .filter((p) => !PUBLIC.has(p))
  .sort();

/** Every REST route that needs the admin token (section 7 plus the admin inbox and uploads). */
const ADMIN_REST: [string, string, unknown?, string?][] = [
  ["GET", "/api/auth/me"],
  ["POST", "/api/auth/logout"],
  ["POST", "/api/services", { title: "T", description: "D", price: 1, duration: "1h" }],
  ["PUT", "/api/services/1", { title: "T", description: "D", price: 1, duration: "1h" }],
  ["DELETE", "/api/services/1"],
  ["POST", "/api/services/upload-image"],
  ["POST", "/api/portfolio", { title: "T", description: "D" }],
  ["PUT", "/api/portfolio/1", { title: "T", description: "D" }],
  ["DELETE", "/api/portfolio/1"],
  ["GET", "/api/portfolio?status=all"],
  ["POST", "/api/portfolio/upload-image"],
  ["GET", "/api/bookings"],
  ["GET", "/api/bookings?limit=10"],
  ["GET", "/api/bookings/stats"],
  ["GET", "/api/bookings/export.csv"],
  ["GET", "/api/bookings/status/pending"],
  ["GET", "/api/bookings/user/bookings"],
  ["GET", "/api/bookings/1"],
  ["PUT", "/api/bookings/1", { status: "confirmed" }],
  ["PATCH", "/api/bookings/1/status", { status: "confirmed" }],
  ["PATCH", "/api/bookings/1/confirm"],
  ["DELETE", "/api/bookings/1"],
  ["GET", "/api/feedback?limit=50&offset=0"],
  // No token at all is a visitor asking for the public figures (the original frontend's landing page).
  ["GET", "/api/feedback/stats", undefined, "a visitor may"],
  ["GET", "/api/feedback/1"],
  ["PATCH", "/api/feedback/1/status", { status: "approved" }],
  ["DELETE", "/api/feedback/1"],
  ["GET", "/api/contact"],
  ["PATCH", "/api/contact/1/read", { read: true }],
  ["DELETE", "/api/contact/1"],
];

/** The kinds of bad token (their values are made in beforeAll). */
const BAD_NAMES = [
  "no token",
  "garbage",
  "malformed",
  "empty",
  "expired",
  "wrongly signed",
  "alg none",
  "HS512 with the right key",
  "wrong issuer",
  "wrong audience",
  "tampered payload",
  "revoked (logged out)",
  "another deployment's token",
  "oversized",
];

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as {
    sub: string;
    jti: string;
    iss: string;
    aud: string;
    exp: number;
  };

let t: TestApp;
let other: TestApp;
let goodToken: string;
const BAD: Record<string, string | undefined> = {};

beforeAll(async () => {
  t = await createTestApp();
  // Another deployment: same code, its own secret and database.
  other = await createTestApp({
    config: { jwtSecret: new TextEncoder().encode("another-deployment-secret-0123456789abcdef") },
  });
  goodToken = await t.ownerToken();
  const secret = t.deps.config.jwtSecret;
  const now = Math.floor(Date.now() / 1000);
  // A real, live session for the crafted tokens: only the one thing each crafted token gets wrong fails.
  const live = await t.call("POST", "/api/auth/login", {
    body: { email: "owner@studio.test", password: "owner-password" },
  });
  const claims = claimsOf(live.body.token as string);
  /** A JWT signed by hand (HMAC), so each crafted token differs from a real one in exactly one way. */
  const sign = async (key: Uint8Array, overrides: Record<string, unknown> = {}, alg = "HS256") => {
    const payload = { ...claims, iat: now - 10, exp: now + 600, ...overrides };
    const input = `${b64({ alg, typ: "JWT" })}.${b64(payload)}`;
    const hash = alg === "HS512" ? "sha512" : "sha256";
    return `${input}.${createHmac(hash, key).update(input).digest("base64url")}`;
  };
  // Sanity: the hand-made signer produces tokens the server accepts.
  expect((await t.call("GET", "/api/auth/me", { token: await sign(secret) })).status).toBe(200);

  BAD["no token"] = undefined;
  expect(Object.keys(BAD).length).toBe(1);
  BAD.garbage = "garbage";
  BAD.malformed = "a.b.c";
  BAD.empty = "";
  BAD.expired = await sign(secret, { exp: now - 5 });
  BAD["wrongly signed"] = await sign(new TextEncoder().encode("not-the-secret-not-the-secret-0123456789"));
  BAD["alg none"] = `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...claims, exp: now + 600 })}.`;
  BAD["HS512 with the right key"] = await sign(secret, {}, "HS512");
  BAD["wrong issuer"] = await sign(secret, { iss: "someone-else" });
  BAD["wrong audience"] = await sign(secret, { aud: "studio-public" });
  const [h, , s] = goodToken.split(".");
  BAD["tampered payload"] = `${h}.${b64({ ...claimsOf(goodToken), sub: "2" })}.${s}`;
  const revoked = await t.call("POST", "/api/auth/login", {
    body: { email: "owner@studio.test", password: "owner-password" },
  });
  expect((await t.call("POST", "/api/auth/logout", { token: revoked.body.token as string })).status).toBe(
    200,
  );
  BAD["revoked (logged out)"] = revoked.body.token as string;
  BAD["another deployment's token"] = await other.ownerToken();
  BAD.oversized = `${"a".repeat(5_000)}.${"b".repeat(5_000)}.c`;
  expect(Object.keys(BAD).sort()).toEqual([...BAD_NAMES].sort());
});
afterAll(async () => {
  await t.close();
  await other.close();
});

async function trpcCode(token: string | undefined, path: string): Promise<string> {
  const [router, name] = path.split(".") as [string, string];
  const caller = t.harness.caller({ token: token ?? null }) as unknown as Record<
    string,
    Record<string, (input?: unknown) => Promise<unknown>>
  >;
  try {
    await caller[router]![name]!({});
    return "OK";
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
}

describe("the public surface is exactly the listed procedures", () => {
  it("every other procedure refuses a visitor, every listed one serves a visitor", async () => {
    expect(ADMIN_PROCEDURES.length).toBeGreaterThanOrEqual(25);
    for (const path of ADMIN_PROCEDURES)
      expect({ path, code: await trpcCode(undefined, path) }).toEqual({
        path,
        code: "UNAUTHORIZED",
      });
    for (const path of PUBLIC)
      expect({ path, code: await trpcCode(undefined, path) }).not.toEqual({
        path,
        code: "UNAUTHORIZED",
      });
  });
});

describe("every admin tRPC procedure refuses every bad token", () => {
  it("the good token is accepted (the matrix is not refusing everything)", async () => {
    for (const path of ["auth.me", "bookings.stats", "feedback.stats", "analytics.overview"]) {
      expect(await trpcCode(goodToken, path)).toBe("OK");
    }
  });

  it.each(BAD_NAMES)("%s", async (name) => {
    const token = BAD[name];
    for (const path of ADMIN_PROCEDURES) {
      expect({ path, code: await trpcCode(token, path) }).toEqual({ path, code: "UNAUTHORIZED" });
    }
    // Over HTTP as well: 401 with the tRPC error shape, nothing else.
    for (const path of ADMIN_PROCEDURES) {
      const type = PROCEDURES[path]!._def.type;
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (token !== undefined) headers.Authorization = `Bearer ${token}`;
      const res =
        type === "query"
          ? await t.app.request(`/trpc/${path}`, { headers })
          : await t.app.request(`/trpc/${path}`, { method: "POST", headers, body: "{}" });
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
      expect({ path, cache: res.headers.get("cache-control") }).toEqual({ path, cache: "no-store" });
      expect(await res.text()).toContain(MESSAGES.auth.unauthorized);
    }
  });
});

describe("every admin REST route refuses every bad token", () => {
  it.each(BAD_NAMES)("%s", async (name) => {
    const token = BAD[name];
    for (const [method, path, body, visitorMay] of ADMIN_REST) {
      if (token === undefined && visitorMay) continue;
      const headers: Record<string, string> = {};
      if (token !== undefined) headers.Authorization = `Bearer ${token}`;
      const res = await t.call(method, path, { body, headers });
      expect({ route: `${method} ${path}`, status: res.status }).toEqual({
        route: `${method} ${path}`,
        status: 401,
      });
      expect(res.body).toEqual({ success: false, message: MESSAGES.auth.unauthorized });
      expect({ route: `${method} ${path}`, cache: res.headers.get("cache-control") }).toEqual({
        route: `${method} ${path}`,
        cache: "no-store",
      });
    }
  });

  it("the good token opens every one of them (no route is refused for another reason)", async () => {
    for (const [method, path, body] of ADMIN_REST) {
      if (path === "/api/auth/logout" || path.endsWith("upload-image")) continue;
      const res = await t.call(method, path, { body, token: goodToken });
      expect({ route: `${method} ${path}`, unauthorized: res.status === 401 }).toEqual({
        route: `${method} ${path}`,
        unauthorized: false,
      });
      // An answer for a signed-in admin is never stored by a browser or a proxy.
      expect({ route: `${method} ${path}`, cache: res.headers.get("cache-control") }).toEqual({
        route: `${method} ${path}`,
        cache: "no-store",
      });
    }
  });
});

describe("answers for a signed-in admin are never cached", () => {
  it("every admin tRPC procedure answers Cache-Control: no-store with a good token", async () => {
    // Signing out last: it ends the session the others use.
    const ending = ["auth.signOutEverywhere", "auth.logout"];
    const paths = [...ADMIN_PROCEDURES.filter((p) => !ending.includes(p)), "site.config", "services.list"];
    for (const path of [...paths, ...ending]) {
      const type = PROCEDURES[path]!._def.type;
      const headers = { "Content-Type": "application/json", Authorization: `Bearer ${goodToken}` };
      const res =
        type === "query"
          ? await t.app.request(`/trpc/${path}?input=${encodeURIComponent("{}")}`, { headers })
          : await t.app.request(`/trpc/${path}`, { method: "POST", headers, body: "{}" });
      expect({ path, cache: res.headers.get("cache-control") }).toEqual({ path, cache: "no-store" });
      if (!ending.includes(path)) expect({ path, status: res.status }).not.toEqual({ path, status: 401 });
    }
  });
});

describe("login brute force and sign-up", () => {
  it("throttles repeated failures for an account with 429 and Retry-After, even for the right password", async () => {
    const limited = await createTestApp({ rateLimit: true });
    try {
      await limited.call("POST", "/api/auth/register", {
        body: { name: "Owner", email: "victim@x.test", password: "right-password" },
      });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await limited.call("POST", "/api/auth/login", {
          body: { email: "victim@x.test", password: `guess-${i}` },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses[5]).toBe(429);
      const locked = await limited.call("POST", "/api/auth/login", {
        body: { email: "victim@x.test", password: "right-password" },
      });
      expect(locked.status).toBe(429);
      const retryAfter = Number(locked.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(locked.body).toEqual({ success: false, message: MESSAGES.auth.tooManyAttempts(retryAfter) });
      expect(locked.body.token).toBeUndefined();
    } finally {
      await limited.close();
    }
  });

  it("throttles one client guessing across many accounts (per IP)", async () => {
    const limited = await createTestApp({ rateLimit: true });
    try {
      let last = 0;
      for (let i = 0; i < 21; i++) {
        last = (
          await limited.call("POST", "/api/auth/login", {
            body: { email: `user${i}@x.test`, password: "guess-guess" },
          })
        ).status;
      }
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("refuses sign-up without a valid invite once an owner exists", async () => {
    const noCode = await t.call("POST", "/api/auth/register", {
      body: { name: "Mallory", email: "mallory@x.test", password: "secret12" },
    });
    expect(noCode.status).toBe(403);
    expect(noCode.body).toEqual({ success: false, message: MESSAGES.auth.inviteRequired });
    const wrong = await t.call("POST", "/api/auth/register", {
      body: { name: "Mallory", email: "mallory@x.test", password: "secret12", invite_code: "GUESSED-CODE" },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ success: false, message: MESSAGES.auth.inviteInvalid });
    // Smuggling a role does not help either: the account that does get in with a code is a plain admin.
    const ok = await t.call("POST", "/api/auth/register", {
      body: {
        name: "Ivy",
        email: "ivy@x.test",
        password: "secret12",
        invite_code: "INVITE-TEST-CODE",
        role: "owner",
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.user).toMatchObject({ role: "admin" });
  });
});
