/**
 * Security headers on EVERY kind of response (success, each error status, tRPC, preflight, rate limit, the
 * SPA and its assets, stored files): CSP without inline scripts and with frame-ancestors 'none', nosniff,
 * Referrer-Policy, X-Frame-Options. HSTS only over HTTPS — behind a proxy only when TRUST_PROXY is on and
 * X-Forwarded-Proto says https (a client cannot spoof it otherwise). CORS only for configured origins.
 * (apps/server/src/app.test.ts checks the basics on /health; this covers the rest.)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../apps/server/src/app";
import { createLogger } from "../../apps/server/src/logger";
import { pngFile } from "../../apps/server/src/upload-test-files";
import { createLimiter } from "../../packages/api/src/limits/limiter";
import { proofLink } from "../../packages/api/src/domain/uploads/proof";
import { createHarness, type Harness } from "../../packages/api/src/testing/harness";

let harness: Harness;
let web: string;
let plain: ReturnType<typeof createApp>;
let proxied: ReturnType<typeof createApp>;
let limited: ReturnType<typeof createApp>;
let token: string;

const PARTNER = "https://partner.example";

beforeAll(async () => {
  harness = await createHarness();
  token = (await harness.admin()).token;
  web = mkdtempSync(path.join(os.tmpdir(), "studio-headers-web-"));
  mkdirSync(path.join(web, "assets"));
  writeFileSync(path.join(web, "index.html"), "<!doctype html><title>Studio</title><div id=root></div>");
  writeFileSync(path.join(web, "assets", "app-1234abcd.js"), "console.log('app')");
  const make = (trustProxy: boolean, rateLimit: boolean) =>
    createApp(
      rateLimit
        ? { ...harness.deps, limiter: createLimiter(harness.deps.db, { forms: true, lockouts: true }) }
        : harness.deps,
      {
        logger: createLogger("silent"),
        webDist: web,
        trustProxy,
        corsOrigins: [PARTNER],
      },
    );
  plain = make(false, false);
  proxied = make(true, false);
  limited = make(false, true);
});
afterAll(async () => {
  await harness.close();
  rmSync(web, { recursive: true, force: true });
});

const json = { "Content-Type": "application/json" };
const png = pngFile(8, 8);

function multipart(file: Buffer, name: string, type: string) {
  const boundary = "----headers-test";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` } };
}

type Case = [label: string, run: () => Response | Promise<Response>, status: number];

function cases(): Case[] {
  return [
    ["health", () => plain.request("/health"), 200],
    ["REST list", () => plain.request("/api/services"), 200],
    [
      "REST 400 (validation)",
      () => plain.request("/api/feedback", { method: "POST", headers: json, body: "{}" }),
      400,
    ],
    [
      "REST 400 (broken JSON)",
      () => plain.request("/api/contact", { method: "POST", headers: json, body: "{" }),
      400,
    ],
    ["REST 401", () => plain.request("/api/bookings"), 401],
    ["REST 404 (unknown id)", () => plain.request("/api/services/999999"), 404],
    ["REST 404 (unknown path)", () => plain.request("/api/nope"), 404],
    [
      "REST 415 (upload)",
      () =>
        plain.request("/api/upload/image", {
          method: "POST",
          ...multipart(Buffer.from("<html><script>x</script>"), "a.png", "image/png"),
        }),
      415,
    ],
    [
      "REST 201 (upload)",
      () => plain.request("/api/upload/image", { method: "POST", ...multipart(png, "a.png", "image/png") }),
      201,
    ],
    ["tRPC query", () => plain.request("/trpc/services.list"), 200],
    ["tRPC 400", () => plain.request("/trpc/services.get?input=%7B%22id%22%3A-1%7D"), 400],
    ["tRPC 401", () => plain.request("/trpc/bookings.stats"), 401],
    ["tRPC 404", () => plain.request("/trpc/nope.nothing"), 404],
    [
      "tRPC 413",
      () =>
        plain.request("/trpc/contact.send", {
          method: "POST",
          headers: json,
          body: `"${"x".repeat(1_100_000)}"`,
        }),
      413,
    ],
    [
      "admin REST 200",
      () => plain.request("/api/bookings/stats", { headers: { Authorization: `Bearer ${token}` } }),
      200,
    ],
    [
      "CORS preflight",
      () =>
        plain.request("/api/contact", {
          method: "OPTIONS",
          headers: { Origin: PARTNER, "Access-Control-Request-Method": "POST" },
        }),
      204,
    ],
    ["SPA index", () => plain.request("/"), 200],
    ["SPA client route", () => plain.request("/admin/login"), 200],
    ["SPA asset", () => plain.request("/assets/app-1234abcd.js"), 200],
    ["HEAD", () => plain.request("/", { method: "HEAD" }), 200],
    [
      "private file without signature",
      () => plain.request("/uploads/private/0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b.pdf"),
      403,
    ],
    ["unknown file", () => plain.request("/uploads/media/nope.png"), 404],
    [
      "stored file behind a signed link",
      async () => {
        const up = await plain.request("/api/upload/image", {
          method: "POST",
          ...multipart(png, "p.png", "image/png"),
        });
        const { url } = (await up.json()) as { url: string };
        return plain.request(proofLink(harness.deps.config, url, new Date())!);
      },
      200,
    ],
  ];
}

function expectSecurityHeaders(res: Response, label: string) {
  const csp = res.headers.get("content-security-policy") ?? "";
  const directives = new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map((d) => [d[0]!, d.slice(1)]),
  );
  const scripts = directives.get("script-src") ?? directives.get("default-src") ?? [];
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:"]) {
    expect({ label, unsafe, present: scripts.includes(unsafe) }).toEqual({ label, unsafe, present: false });
  }
  expect({ label, frameAncestors: directives.get("frame-ancestors") }).toEqual({
    label,
    frameAncestors: ["'none'"],
  });
  if (directives.has("sandbox")) {
    // Stored files: nothing may load or run at all.
    expect({ label, defaultSrc: directives.get("default-src") }).toEqual({ label, defaultSrc: ["'none'"] });
    expect({ label, scripts }).toEqual({ label, scripts: ["'none'"] });
  } else {
    expect({ label, scripts }).toEqual({ label, scripts: ["'self'"] });
    expect({ label, objectSrc: directives.get("object-src") }).toEqual({ label, objectSrc: ["'none'"] });
    expect({ label, baseUri: directives.get("base-uri") }).toEqual({ label, baseUri: ["'self'"] });
  }
  expect({ label, nosniff: res.headers.get("x-content-type-options") }).toEqual({
    label,
    nosniff: "nosniff",
  });
  expect({ label, referrer: res.headers.get("referrer-policy") }).toEqual({
    label,
    referrer: "strict-origin-when-cross-origin",
  });
  expect({ label, frame: res.headers.get("x-frame-options") }).toEqual({ label, frame: "DENY" });
  expect({ label, poweredBy: res.headers.get("x-powered-by") }).toEqual({ label, poweredBy: null });
}

describe("security headers on every kind of response", () => {
  it("ships the generated cases", () => {
    expect(cases().length).toBeGreaterThan(20);
  });
  it.each(cases().map((c) => [c[0], c] as const))("%s", async (_label, [label, run, status]) => {
    const res = await run();
    expect({ label, status: res.status }).toEqual({ label, status });
    expectSecurityHeaders(res, label);
    if (label.endsWith("file") || label.includes("file ")) {
      expect(res.headers.get("content-security-policy") ?? "").toMatch(/(^|;\s*)sandbox(;|$)/);
    }
    // Over plain HTTP, without a trusted proxy, no HSTS.
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("on a rate-limited answer (429) too", async () => {
    let res: Response | null = null;
    for (let i = 0; i < 25; i++) {
      res = await limited.request("/api/contact", { method: "POST", headers: json, body: "{}" });
    }
    expect(res!.status).toBe(429);
    expectSecurityHeaders(res!, "429");
    expect(Number(res!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("HSTS and the proxy", () => {
  it("sends HSTS behind a trusted proxy that says https, with a year or more", async () => {
    for (const url of ["/health", "/", "/api/services", "/api/nope"]) {
      const res = await proxied.request(url, { headers: { "X-Forwarded-Proto": "https" } });
      const hsts = res.headers.get("strict-transport-security") ?? "";
      expect(hsts, url).toMatch(/max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(hsts)![1])).toBeGreaterThanOrEqual(31_536_000);
    }
  });
  it("does not send HSTS behind the proxy over plain http", async () => {
    const res = await proxied.request("/health", { headers: { "X-Forwarded-Proto": "http" } });
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
  it("ignores a spoofed X-Forwarded-Proto when TRUST_PROXY is off", async () => {
    const res = await plain.request("http://studio.example/health", {
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
  it("ignores a spoofed X-Forwarded-For when TRUST_PROXY is off: rotating it does not dodge a rate limit", async () => {
    let last = 0;
    for (let i = 0; i < 25; i++) {
      const res = await limited.request("/api/feedback", {
        method: "POST",
        headers: { ...json, "X-Forwarded-For": `203.0.113.${i}` },
        body: "{}",
      });
      last = res.status;
    }
    expect(last).toBe(429);
  });
});

describe("CORS", () => {
  const preflight = (app: typeof plain, url: string, origin: string) =>
    app.request(url, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization",
      },
    });

  it("allows the configured origin on /api and /trpc, for the headers the clients send", async () => {
    for (const url of ["/api/bookings", "/trpc/bookings.create"]) {
      const res = await preflight(plain, url, PARTNER);
      expect(res.headers.get("access-control-allow-origin")).toBe(PARTNER);
      expect((res.headers.get("access-control-allow-headers") ?? "").toLowerCase()).toContain(
        "authorization",
      );
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    }
    const get = await plain.request("/api/services", { headers: { Origin: PARTNER } });
    expect(get.headers.get("access-control-allow-origin")).toBe(PARTNER);
    expect(get.headers.get("vary") ?? "").toMatch(/origin/i);
  });

  it.each(["https://evil.example", "null", "https://partner.example.evil.example", "http://partner.example"])(
    "gives %s nothing",
    async (origin) => {
      for (const url of ["/api/bookings", "/trpc/bookings.create", "/api/services"]) {
        const res = await preflight(plain, url, origin);
        expect(res.headers.get("access-control-allow-origin")).toBeNull();
        const get = await plain.request(url, { headers: { Origin: origin } });
        expect(get.headers.get("access-control-allow-origin")).toBeNull();
      }
    },
  );

  it("never answers with a wildcard", async () => {
    for (const res of await Promise.all(cases().map(([, run]) => run()))) {
      expect(res.headers.get("access-control-allow-origin")).not.toBe("*");
    }
  });
});
