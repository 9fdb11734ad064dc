import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { PUBLIC_PAGE_PATHS } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveSpa } from "./static-spa";

let dist: string;

beforeAll(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), "studio-spa-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Studio</title>");
  writeFileSync(path.join(dist, "robots.txt"), "Sitemap: https://studio.example/sitemap.xml\n");
  writeFileSync(
    path.join(dist, "sitemap.xml"),
    "<urlset><url><loc>https://studio.example/</loc></url><url><loc>https://studio.example/about</loc></url></urlset>",
  );
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});

const appWith = (publicUrl: string | null) => {
  const app = new Hono();
  app.use(
    "*",
    serveSpa(dist, (p) => p.startsWith("/api/"), publicUrl),
  );
  return app;
};

describe("serveSpa", () => {
  it("writes PUBLIC_URL into robots.txt and sitemap.xml", async () => {
    const app = appWith("https://www.lens-and-light.com/");
    expect(await (await app.request("/robots.txt")).text()).toBe(
      "Sitemap: https://www.lens-and-light.com/sitemap.xml\n",
    );
    const sitemap = await (await app.request("/sitemap.xml")).text();
    expect(sitemap).toContain("<loc>https://www.lens-and-light.com/about</loc>");
    expect(sitemap).not.toContain("studio.example");
  });

  it("keeps the placeholder address without PUBLIC_URL", async () => {
    const robots = await (await appWith(null).request("/robots.txt")).text();
    expect(robots).toContain("https://studio.example/sitemap.xml");
  });

  it("answers client-side routes with index.html and leaves reserved paths alone", async () => {
    const app = appWith(null);
    const page = await app.request("/photography");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Studio</title>");
    expect((await app.request("/api/unknown")).status).toBe(404);
  });

  it("answers every page with 200, and any other path with 404 and noindex (the app still takes people home)", async () => {
    const app = appWith(null);
    for (const path of [...PUBLIC_PAGE_PATHS, "/about/", "/admin", "/admin/login", "/admin/bookings"]) {
      const res = await app.request(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.headers.get("x-robots-tag")).toBeNull();
    }
    for (const path of ["/no-such-page", "/photographyy", "/admin/nope", "/about/team"]) {
      const res = await app.request(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.headers.get("x-robots-tag")).toBe("noindex");
      expect(await res.text()).toContain("<title>Studio</title>");
    }
  });

  it("answers a client's manage page with X-Robots-Tag noindex, and the site's robots.txt keeps crawlers off it", async () => {
    const app = appWith(null);
    const token = "A".repeat(43);
    for (const path of [`/manage/${token}`, `/manage/${token}/`]) {
      const res = await app.request(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    }
    expect((await app.request("/manage/x", { method: "HEAD" })).headers.get("x-robots-tag")).toBe(
      "noindex, nofollow",
    );
    const robots = readFileSync(new URL("../../web/public/robots.txt", import.meta.url), "utf8");
    for (const prefix of ["/admin", "/manage", "/calendar"])
      expect(robots.split("\n")).toContain(`Disallow: ${prefix}`);
  });
});
