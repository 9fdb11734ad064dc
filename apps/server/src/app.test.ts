import { MESSAGES } from "@studio/validators";
import { createLimiter, createReadCache, createRedisBus } from "@studio/api";
import { startTestRedis } from "@studio/api/testing/redis";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "./app";
import { createLogger } from "./logger";
import { createTestApp, type TestApp } from "./testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("health and headers", () => {
  it("/health answers 200 while the database is reachable", async () => {
    const res = await t.call("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: "up" });
  });

  it("sets the security headers on every response", async () => {
    const res = await t.app.request("/health");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("https://*.tile.openstreetmap.org");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it.each(["/trpc/site.config", "/api/services", "/api/does-not-exist"])(
    "sets them on %s too",
    async (path) => {
      const res = await t.app.request(path);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    },
  );

  it("gives stored files a sandboxed CSP", async () => {
    const res = await t.app.request("/uploads/media/00000000-0000-4000-8000-000000000000.png");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("sends HSTS only over HTTPS", async () => {
    const res = await t.app.request("https://studio.example/health");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("allows CORS only for configured origins", async () => {
    const ok = await t.app.request("/api/auth/login", {
      method: "OPTIONS",
      headers: { Origin: "https://partner.example", "Access-Control-Request-Method": "POST" },
    });
    expect(ok.headers.get("access-control-allow-origin")).toBe("https://partner.example");
    const other = await t.app.request("/api/auth/login", {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers every preflight with 204, with the allow headers only for an allowed origin", async () => {
    const bare = await createTestApp();
    try {
      const app = createApp(bare.deps, {
        logger: createLogger("silent"),
        webDist: null,
        trustProxy: false,
        corsOrigins: [],
      });
      const res = await app.request("/api/auth/login", {
        method: "OPTIONS",
        headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      expect(res.headers.get("access-control-allow-methods")).toBeNull();
      const allowed = await t.app.request("/api/auth/login", {
        method: "OPTIONS",
        headers: {
          Origin: "https://partner.example",
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type,authorization",
        },
      });
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get("access-control-allow-origin")).toBe("https://partner.example");
      expect(allowed.headers.get("access-control-allow-methods")).toContain("POST");
      expect(allowed.headers.get("access-control-allow-headers")).toContain("Authorization");
    } finally {
      await bare.close();
    }
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await t.call("GET", "/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: MESSAGES.common.notFound });
  });
});

describe("REST auth", () => {
  it("registers the owner in the specification's shape", async () => {
    const res = await t.call("POST", "/api/auth/register", {
      body: { name: "Owner", email: "owner@x.test", password: "secret12" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: MESSAGES.auth.registered,
      user: { name: "Owner", email: "owner@x.test", role: "owner" },
    });
    expect(typeof res.body.token).toBe("string");
  });

  it("logs in with { success, token, user, message }", async () => {
    const res = await t.call("POST", "/api/auth/login", {
      body: { email: "owner@x.test", password: "secret12" },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["message", "success", "token", "user"]);
  });

  it.each([
    ["missing fields", {}, 400, MESSAGES.auth.nameRequired],
    ["bad e-mail", { name: "A", email: "nope", password: "secret12" }, 400, MESSAGES.auth.emailInvalid],
    [
      "short password",
      { name: "A", email: "a@x.test", password: "123" },
      400,
      MESSAGES.auth.passwordTooShort,
    ],
    ["no invite", { name: "A", email: "a@x.test", password: "secret12" }, 403, MESSAGES.auth.inviteRequired],
    [
      "duplicate e-mail",
      { name: "A", email: "owner@x.test", password: "secret12", invite_code: "INVITE-TEST-CODE" },
      409,
      MESSAGES.auth.emailTaken,
    ],
    ["wrong JSON type", { name: 42, email: ["x"], password: true }, 400, MESSAGES.auth.nameRequired],
  ])("register with %s → %i", async (_label, body, status, message) => {
    const res = await t.call("POST", "/api/auth/register", { body });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it("refuses a wrong password with 401", async () => {
    const res = await t.call("POST", "/api/auth/login", {
      body: { email: "owner@x.test", password: "wrong-one" },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: MESSAGES.auth.invalidCredentials });
  });

  it("answers malformed JSON with 400, never 500", async () => {
    const res = await t.call("POST", "/api/auth/login", {
      raw: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: MESSAGES.common.invalidJson });
  });

  it("answers a 1 MB field with a 4xx", async () => {
    const res = await t.call("POST", "/api/auth/login", {
      body: { email: "a@x.test", password: "x".repeat(1024 * 1024) },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.success).toBe(false);
  });

  it.each([
    ["no token", undefined],
    ["garbage token", "garbage"],
  ])("GET /api/auth/me with %s → 401", async (_label, token) => {
    const res = await t.call("GET", "/api/auth/me", { token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: MESSAGES.auth.unauthorized });
  });

  it("an admin mutation without input takes a request with no body, as tRPC's httpLink sends it", async () => {
    const { token } = await t.harness.admin(`no-body-${Date.now()}@x.test`);
    const res = await t.app.request("/trpc/auth.createInvite", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: { data: { code: string } } };
    expect(result.data.code).toMatch(/^STUDIO-/);
  });

  it("logout revokes the token for REST too", async () => {
    const login = await t.call("POST", "/api/auth/login", {
      body: { email: "owner@x.test", password: "secret12" },
    });
    const token = login.body.token as string;
    expect((await t.call("GET", "/api/auth/me", { token })).status).toBe(200);
    expect((await t.call("POST", "/api/auth/logout", { token })).status).toBe(200);
    expect((await t.call("GET", "/api/auth/me", { token })).status).toBe(401);
  });
});

describe("REST compatibility with other frontends", () => {
  it("accepts the invite code as inviteCode as well as invite_code", async () => {
    const res = await t.call("POST", "/api/auth/register", {
      body: { name: "Cam", email: "cam@x.test", password: "secret12", inviteCode: "INVITE-TEST-CODE" },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: "cam@x.test", role: "admin" });
  });

  it("answers absolute file URLs: from PUBLIC_URL, else the request's origin (forwarded only when trusted)", async () => {
    const token = await t.ownerToken();
    const svc = await t.call("POST", "/api/services", {
      token,
      body: {
        title: "Aerial",
        description: "Drone",
        price: 10,
        duration: "1h",
        image: "/uploads/media/00000000-0000-4000-8000-000000000000.png",
      },
    });
    expect(svc.status).toBe(201);
    const id = (svc.body.data as { id: number }).id;
    const imageOf = async (
      app: ReturnType<typeof createApp>,
      url: string,
      headers: Record<string, string> = {},
    ) => {
      const res = await app.request(url, { headers });
      return ((await res.json()) as { data: { image: string } }).data.image;
    };
    const file = "/uploads/media/00000000-0000-4000-8000-000000000000.png";
    expect(await imageOf(t.app, `http://studio.test:8080/api/services/${id}`)).toBe(
      `http://studio.test:8080${file}`,
    );
    // X-Forwarded-* is ignored unless TRUST_PROXY.
    expect(
      await imageOf(t.app, `http://10.0.0.5/api/services/${id}`, {
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "evil.example",
      }),
    ).toBe(`http://10.0.0.5${file}`);
    const make = (publicUrl: string | null, trustProxy: boolean) =>
      createApp(t.deps, {
        logger: createLogger("silent"),
        webDist: null,
        trustProxy,
        corsOrigins: [],
        publicUrl,
      });
    expect(
      await imageOf(make(null, true), `http://10.0.0.5/api/services/${id}`, {
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "studio.example",
      }),
    ).toBe(`https://studio.example${file}`);
    expect(
      await imageOf(make("https://www.studio.example/", false), `http://10.0.0.5/api/services/${id}`),
    ).toBe(`https://www.studio.example${file}`);
    // tRPC (the site itself, same origin) keeps relative paths.
    const trpc = await t.app.request(
      `/trpc/services.get?input=${encodeURIComponent(JSON.stringify({ id }))}`,
    );
    expect(((await trpc.json()) as { result: { data: { image: string } } }).result.data.image).toBe(file);
  });
});

describe("rate limits", () => {
  it("answers 429 with Retry-After once a public form is over its limit", async () => {
    const limited = await createTestApp({ rateLimit: true });
    try {
      let last = 0;
      let retryAfter: string | null = null;
      for (let i = 0; i < 25; i++) {
        const res = await limited.app.request("/api/auth/register", {
          method: "POST",
          body: "{}",
          headers: { "Content-Type": "application/json" },
        });
        last = res.status;
        retryAfter = res.headers.get("retry-after");
      }
      expect(last).toBe(429);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe("Redis down", () => {
  it("keeps serving: /health says degraded, forms still answer, and it recovers by itself", async () => {
    const redis = await startTestRedis();
    const bus = createRedisBus(redis.url);
    const limiterClient = new Redis(redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }).on(
      "error",
      () => undefined,
    );
    const deps = {
      ...t.deps,
      bus,
      cache: createReadCache(1_000, undefined, bus),
      limiter: createLimiter(t.deps.db, { forms: true, lockouts: true }, limiterClient),
    };
    const app = createApp(deps, {
      logger: createLogger("silent"),
      webDist: null,
      trustProxy: false,
      corsOrigins: [],
    });
    const health = async () => ((await (await app.request("/health")).json()) as { status: string }).status;
    try {
      await vi.waitFor(async () => expect(await health()).toBe("ok"), { timeout: 10_000 });
      const body = await (await app.request("/health")).json();
      expect(body).toMatchObject({ events: { engine: "redis", state: "up" } });
      await redis.stop();
      await vi.waitFor(async () => expect(await health()).toBe("degraded"), { timeout: 10_000 });
      expect((await app.request("/health")).status).toBe(200);
      const sent = await app.request("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Ann", email: "ann@x.test", subject: "Hi", message: "Still there?" }),
      });
      expect(sent.status).toBe(201);
      expect((await app.request("/api/services")).status).toBe(200);
      await redis.start();
      await vi.waitFor(async () => expect(await health()).toBe("ok"), { timeout: 15_000 });
    } finally {
      limiterClient.disconnect();
      await bus.close();
      await redis.stop();
    }
  });
});
