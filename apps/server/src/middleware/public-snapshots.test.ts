import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createReadCache } from "@studio/api";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createPublicSnapshots, publicTagsOf, type ServedSnapshot } from "./public-snapshots";

describe("publicTagsOf", () => {
  it.each([
    ["/api/services", ["services"]],
    ["/api/services/category/drone", ["services"]],
    ["/api/services/7", ["services"]],
    ["/api/portfolio", ["portfolio"]],
    ["/api/portfolio/category/event", ["portfolio"]],
    ["/api/feedback/approved", ["feedback"]],
    ["/api/feedback/category/service", ["feedback"]],
    ["/trpc/services.list", ["services"]],
    ["/trpc/services.list,portfolio.list,feedback.summary", ["services", "portfolio", "feedback"]],
  ])("%s depends on %j", (path, tags) => {
    expect(publicTagsOf(path)).toEqual(tags);
  });

  it.each([
    "/api/feedback",
    "/api/feedback/stats",
    "/api/feedback/12",
    "/api/bookings",
    "/api/bookings/stats",
    "/api/contact",
    "/api/auth/me",
    "/trpc/bookings.list",
    "/trpc/services.list,bookings.stats",
    "/trpc/portfolio.adminList",
    "/health",
    "/",
  ])("%s is never snapshotted", (path) => {
    expect(publicTagsOf(path)).toBeNull();
  });
});

describe("public snapshots, on their own", () => {
  /** A tiny app counting how often its handler runs, with the snapshots wired as in createApp. */
  function countingApp(
    options: { invalidateDuringRequest?: boolean; maxEntries?: number; status?: 200 | 404 } = {},
  ) {
    const cache = createReadCache(1000);
    const served: ServedSnapshot[] = [];
    const snapshots = createPublicSnapshots({
      cache,
      trustProxy: false,
      maxEntries: options.maxEntries,
      onServed: (s) => served.push(s),
    });
    let calls = 0;
    const app = new Hono();
    app.use("*", snapshots.capture);
    app.get("/api/services/*", (c) => {
      calls += 1;
      if (options.invalidateDuringRequest) cache.invalidate("services");
      return c.json({ success: options.status !== 404, data: [{ call: calls }] }, options.status ?? 200);
    });
    const get = async (path: string) =>
      snapshots.serve(new Request(`http://localhost${path}`), undefined) ?? (await app.request(path));
    return { get, cache, calls: () => calls, served };
  }

  it("answers a repeated read without entering the app, and reports it for the request log", async () => {
    const { get, calls, served } = countingApp();
    const first = await get("/api/services/1");
    const second = await get("/api/services/1");
    expect(calls()).toBe(1);
    expect(await second.json()).toEqual(await first.json());
    expect(served.map((s) => [s.path, s.status])).toEqual([["/api/services/1", 200]]);
  });

  it("keeps nothing when a write lands while the answer is being made", async () => {
    const { get, calls } = countingApp({ invalidateDuringRequest: true });
    await get("/api/services/1");
    const second = await get("/api/services/1");
    expect(calls()).toBe(2);
    expect(await second.json()).toEqual({ success: true, data: [{ call: 2 }] });
  });

  it("keeps at most maxEntries URLs, dropping the oldest", async () => {
    const { get, calls } = countingApp({ maxEntries: 2 });
    for (const id of [1, 2, 3]) await get(`/api/services/${id}`);
    expect(calls()).toBe(3);
    await get("/api/services/3");
    await get("/api/services/2");
    expect(calls()).toBe(3);
    await get("/api/services/1");
    expect(calls()).toBe(4);
  });

  it("never snapshots answers other than 200", async () => {
    const { get, calls } = countingApp({ status: 404 });
    await get("/api/services/9");
    await get("/api/services/9");
    expect(calls()).toBe(2);
  });

  it("leaves percent-encoded paths to the router", async () => {
    const { get, calls } = countingApp();
    await get("/api/services/%31");
    await get("/api/services/%31");
    expect(calls()).toBe(2);
  });
});

describe("public snapshots in the app", () => {
  let t: TestApp;
  let token: string;
  const service = {
    title: "Aerial Survey",
    description: "Drone stills and a fly-over film",
    price: 499,
    duration: "2 hours",
    category: "drone",
    features: ["4K film", "20 stills"],
  };
  const titles = (body: Record<string, unknown>) => (body.data as { title: string }[]).map((s) => s.title);

  beforeAll(async () => {
    t = await createTestApp({ cacheTtlMs: 1000 });
    token = await t.ownerToken();
    await t.call("POST", "/api/services", { body: service, token });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A change made behind the server's back (another instance): only the cache lifetime reveals it. */
  const renameBehindTheServer = (title: string) =>
    t.deps.db.service.updateMany({ where: {}, data: { title } });

  it("serves repeated anonymous reads from the snapshot, with validators and security headers", async () => {
    const first = await t.call("GET", "/api/services");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect(first.headers.get("vary")).toBe("Accept-Encoding");

    await renameBehindTheServer("Changed elsewhere");
    const loads = vi.spyOn(t.deps.cache, "get");
    const second = await t.call("GET", "/api/services");
    expect(loads).not.toHaveBeenCalled(); // no procedure ran: the bytes were served as they were
    loads.mockRestore();
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("etag")).toBe(etag);
    expect(second.headers.get("content-type")).toMatch(/^application\/json/);
    expect(second.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
    await renameBehindTheServer(service.title);
  });

  it("answers 304 without a body when If-None-Match matches", async () => {
    const first = await t.app.request("/api/services");
    const etag = first.headers.get("etag")!;
    const again = await t.app.request("/api/services", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    const strongForm = await t.app.request("/api/services", { headers: { "If-None-Match": etag.slice(2) } });
    expect(strongForm.status).toBe(304);
    const other = await t.app.request("/api/services", { headers: { "If-None-Match": 'W/"other"' } });
    expect(other.status).toBe(200);
  });

  it("shows a write made through the API at once, with a new ETag", async () => {
    const before = await t.call("GET", "/api/services");
    const created = await t.call("POST", "/api/services", {
      body: { ...service, title: "Wedding Film" },
      token,
    });
    expect(created.status).toBe(201);
    const after = await t.call("GET", "/api/services");
    expect(titles(after.body)).toEqual([...titles(before.body), "Wedding Film"]);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  });

  it("shows a change made by another instance once the cache lifetime has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    await t.call("GET", "/api/services/category/drone");
    await renameBehindTheServer("Renamed by another instance");
    vi.setSystemTime(start + 500);
    expect(titles((await t.call("GET", "/api/services/category/drone")).body)).not.toContain(
      "Renamed by another instance",
    );
    // Two caches in series (read cache, then snapshot): at most twice the lifetime.
    vi.setSystemTime(start + 2_100);
    expect(titles((await t.call("GET", "/api/services/category/drone")).body)).toContain(
      "Renamed by another instance",
    );
    await renameBehindTheServer(service.title);
  });

  it("serves gzip and brotli copies to clients that accept them, identity to the rest", async () => {
    const identity = await t.app.request("/api/portfolio");
    // A body under 1 KB is not worth compressing: make the list long enough.
    for (let i = 0; i < 12; i++)
      await t.call("POST", "/api/portfolio", {
        body: { title: `Project ${i}`, description: "A long enough case study text. ".repeat(3) },
        token,
      });
    const plain = await (await t.app.request("/api/portfolio")).text();
    expect(plain.length).toBeGreaterThan(1024);
    await expect
      .poll(async () =>
        (await t.app.request("/api/portfolio", { headers: { "Accept-Encoding": "br" } })).headers.get(
          "content-encoding",
        ),
      )
      .toBe("br");
    const br = await t.app.request("/api/portfolio", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gz = await t.app.request("/api/portfolio", { headers: { "Accept-Encoding": "gzip, br;q=0" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
    const none = await t.app.request("/api/portfolio", { headers: { "Accept-Encoding": "identity" } });
    expect(none.headers.get("content-encoding")).toBeNull();
    expect(await none.text()).toBe(plain);
    expect(identity.status).toBe(200);
  });

  it("never serves or keeps an answer made for a caller with credentials", async () => {
    await t.call("POST", "/api/portfolio", {
      body: { title: "Secret draft", description: "Not public yet", status: "draft" },
      token,
    });
    const admin = await t.call("GET", "/api/portfolio?status=all", { token });
    expect(titles(admin.body)).toContain("Secret draft");
    const anonymous = await t.call("GET", "/api/portfolio?status=all");
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(anonymous.body)).not.toContain("Secret draft");
    const publicList = await t.call("GET", "/api/portfolio");
    expect(titles(publicList.body)).not.toContain("Secret draft");
  });

  it("does not replay one caller's CORS headers to another", async () => {
    const partner = { Origin: "https://partner.example" };
    const cross = await t.app.request("/api/services", { headers: partner });
    expect(cross.headers.get("access-control-allow-origin")).toBe("https://partner.example");
    const sameOrigin = await t.app.request("/api/services");
    expect(sameOrigin.headers.get("access-control-allow-origin")).toBeNull();
    const crossAgain = await t.app.request("/api/services", { headers: partner });
    expect(crossAgain.headers.get("access-control-allow-origin")).toBe("https://partner.example");
  });

  it("snapshots public tRPC queries, which tRPC writes invalidate", async () => {
    const path = "/trpc/services.list";
    const first = await t.call("GET", path);
    await renameBehindTheServer("Hidden until invalidated");
    const cached = await t.call("GET", path);
    expect(cached.body).toEqual(first.body);
    const created = await t.app.request("/trpc/services.create", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...service, title: "Brand Film" }),
    });
    expect(created.status).toBe(200);
    const fresh = JSON.stringify((await t.call("GET", path)).body);
    expect(fresh).toContain("Brand Film");
    expect(fresh).toContain("Hidden until invalidated");
    await renameBehindTheServer(service.title);
  });
});
