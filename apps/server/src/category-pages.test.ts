/**
 * Issue 26: a category page sells what the back office knows. Its services, prices and portfolio come from the
 * database (the public read cache) and are in the HTML the server sends (no JavaScript needed), on every
 * instance: a write on one instance re-renders the page on the others (the read cache's invalidation over Redis).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createReadCache, createRedisBus, type EventBus } from "@studio/api";
import { startTestRedis, type TestRedis } from "@studio/api/testing/redis";
import { DEFAULT_STUDIO_PROFILE } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "./app";
import { createLogger } from "./logger";
import { createTestApp, type TestApp } from "./testing/test-app";

/**
 * A web build in miniature with the real server entry's contract (apps/web/src/entry-server.tsx renderPage):
 * it writes the catalog it is given into the page, as the real one renders the category sections.
 */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), "studio-category-pages-"));
  mkdirSync(path.join(dist, "ssr/pages"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), '<!doctype html><title>Shell</title><div id="root"></div>');
  const pages = ["/", "/photography", "/videography"].map((p) => ({
    path: p,
    file: `pages/${p === "/" ? "home" : p.slice(1)}.html`,
    preload: [],
  }));
  writeFileSync(
    path.join(dist, "ssr/pages.json"),
    JSON.stringify({ profile: DEFAULT_STUDIO_PROFILE, pages }),
  );
  for (const page of pages)
    writeFileSync(path.join(dist, "ssr", page.file), `<!doctype html><p>${page.path} as built</p>`);
  writeFileSync(
    path.join(dist, "ssr/entry-server.js"),
    `export async function renderPage({ template, url, catalog }) {
       globalThis.__categoryRenders?.push(url);
       const items = catalog
         ? catalog.services.map((s) => "<li>" + s.title + " $" + s.price + "</li>").join("") +
           catalog.portfolio.map((p) => "<li>Work: " + p.title + "</li>").join("")
         : "no catalog";
       return template.replace('<div id="root"></div>', '<div id="root"><h1>' + url + "</h1><ul>" + items + "</ul></div>");
     }`,
  );
  return dist;
}

let t: TestApp;
let redis: TestRedis;
let dist: string;
const buses: EventBus[] = [];
let token: string;

/** One server instance: its own read cache (and response snapshots), told of writes over Redis. */
function instance() {
  const bus = createRedisBus(redis.url);
  buses.push(bus);
  const deps = { ...t.deps, bus, cache: createReadCache(60_000, undefined, bus) };
  const app = createApp(deps, {
    logger: createLogger("silent"),
    webDist: dist,
    trustProxy: false,
    corsOrigins: [],
  });
  const page = async (pathname: string) => {
    const res = await app.request(pathname);
    expect(res.status).toBe(200);
    return res.text();
  };
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await app.request(url, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data: { id: number } };
    expect(res.status, `${method} ${url}`).toBeLessThan(300);
    return json.data;
  };
  const healthy = () => expect(bus.health()).toBe("ok");
  return { app, page, call, healthy };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
  redis = await startTestRedis();
  dist = fakeBuild();
});
afterAll(async () => {
  for (const bus of buses) await bus.close();
  await redis.stop();
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const SERVICE = {
  title: "Portrait Session",
  description: "One hour in the studio",
  price: 299,
  duration: "1 hour",
  category: "photography",
  image: "",
  features: ["10 images"],
};

describe("category pages from the database, on two instances", () => {
  it("a service renamed, repriced, archived or deleted, and a portfolio item set to Draft, show in the served HTML of both", async () => {
    const a = instance();
    const b = instance();
    await vi.waitFor(
      () => {
        for (const i of [a, b]) i.healthy();
      },
      { timeout: 10_000 },
    );

    const { id } = await a.call("POST", "/api/services", SERVICE);
    const other = await a.call("POST", "/api/services", {
      ...SERVICE,
      title: "Music Video",
      category: "videography",
    });
    const work = await a.call("POST", "/api/portfolio", {
      title: "Golden Hour",
      description: "By the lake",
      category: "photography",
      status: "published",
    });
    for (const i of [a, b]) {
      const html = await i.page("/photography");
      expect(html).toContain("<li>Portrait Session $299</li>");
      expect(html).toContain("<li>Work: Golden Hour</li>");
      expect(html).not.toContain("Music Video");
      expect(await i.page("/videography")).toContain("<li>Music Video $299</li>");
      // Other pages are the build's files, as before.
      expect(await i.page("/")).toContain("/ as built");
    }

    // Renamed and repriced on A: A's page follows at once, B's as soon as the invalidation arrives.
    await a.call("PUT", `/api/services/${id}`, { ...SERVICE, title: "Portrait Hour", price: 349 });
    const renamed = (html: string) => {
      expect(html).toContain("<li>Portrait Hour $349</li>");
      expect(html).not.toContain("Portrait Session");
      expect(html).not.toContain("$299");
    };
    renamed(await a.page("/photography"));
    await vi.waitFor(async () => renamed(await b.page("/photography")), { timeout: 5_000 });

    // The same change made on B reaches A.
    await b.call("PUT", `/api/services/${id}`, { ...SERVICE, title: "Portrait Hour", price: 379 });
    expect(await b.page("/photography")).toContain("<li>Portrait Hour $379</li>");
    await vi.waitFor(async () => expect(await a.page("/photography")).toContain("$379"), { timeout: 5_000 });

    // Set to Draft: off the page.
    await a.call("PUT", `/api/portfolio/${work.id}`, {
      title: "Golden Hour",
      description: "By the lake",
      category: "photography",
      status: "draft",
    });
    expect(await a.page("/photography")).not.toContain("Golden Hour");
    await vi.waitFor(async () => expect(await b.page("/photography")).not.toContain("Golden Hour"), {
      timeout: 5_000,
    });

    // Archived (a booking uses it): no longer offered on the page; another category's page is untouched.
    await t.deps.db.booking.create({
      data: {
        name: "Ann",
        email: "ann@example.com",
        phone: "555",
        serviceId: id,
        date: "2099-01-01",
        time: "09:00",
        slotKey: "2099-01-01 09:00",
      },
    });
    const removed = (await a.call("DELETE", `/api/services/${id}`)) as unknown as { archived: boolean };
    expect(removed.archived).toBe(true);
    expect(await a.page("/photography")).not.toContain("Portrait Hour");
    await vi.waitFor(async () => expect(await b.page("/photography")).not.toContain("Portrait Hour"), {
      timeout: 5_000,
    });
    expect(await b.page("/videography")).toContain("<li>Music Video $299</li>");

    // Deleted outright (no booking): gone too.
    await b.call("DELETE", `/api/services/${other.id}`);
    expect(await b.page("/videography")).not.toContain("Music Video");
    await vi.waitFor(async () => expect(await a.page("/videography")).not.toContain("Music Video"), {
      timeout: 5_000,
    });
  });

  it("renders a page once per version of its lists, and again after a write", async () => {
    const renders: string[] = [];
    (globalThis as { __categoryRenders?: string[] }).__categoryRenders = renders;
    const a = instance();
    const first = await a.page("/photography");
    for (let i = 0; i < 3; i++) expect(await a.page("/photography")).toBe(first);
    expect(renders).toEqual(["/photography"]);
    await a.call("POST", "/api/services", { ...SERVICE, title: "Headshots" });
    expect(await a.page("/photography")).toContain("<li>Headshots $299</li>");
    expect(await a.page("/photography")).toContain("Headshots");
    expect(renders).toEqual(["/photography", "/photography"]);
  });
});
