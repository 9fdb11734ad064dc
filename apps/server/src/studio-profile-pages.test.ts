import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_SCHEDULE, DEFAULT_STUDIO_PROFILE } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app";

/**
 * The served HTML of a public page states the studio as it is now (issue 26), before any script runs: the
 * LocalBusiness data has the current name, address, phone and the schedule's opening hours, on SQLite and on
 * PostgreSQL (TEST_DATABASE_URL). The build here is a stand-in whose server entry leaves the template's
 * LocalBusiness block as the build wrote it (stale), so the server's own rewrite is what is tested.
 */
let dist: string;
let t: TestApp;
let token: string;

const STALE_TEMPLATE = `<!doctype html><html><head><title>Studio</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"LocalBusiness","name":"Studio","description":"Photo and film.","telephone":"+1 (555) 010-2040","address":{"@type":"PostalAddress","addressLocality":"Kolhapur"},"openingHoursSpecification":{"@type":"OpeningHoursSpecification","dayOfWeek":["Monday"],"opens":"09:00","closes":"18:00"},"priceRange":"$$"}</script>
</head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), "studio-profile-pages-"));
  mkdirSync(path.join(dist, "ssr/pages"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), STALE_TEMPLATE);
  writeFileSync(
    path.join(dist, "ssr/pages.json"),
    JSON.stringify({
      profile: DEFAULT_STUDIO_PROFILE,
      pages: [{ path: "/about", file: "pages/about.html", preload: [] }],
    }),
  );
  writeFileSync(path.join(dist, "ssr/pages/about.html"), STALE_TEMPLATE);
  writeFileSync(
    path.join(dist, "ssr/entry-server.js"),
    `export async function renderPage({ template, url, profile }) {
       return template.replace('<div id="root"></div>', '<div id="root"><h1>' + url + " " + profile.name + "</h1></div>");
     }`,
  );
  // With the read cache on, as in production: each save drops what the pages were rendered from.
  t = await createTestApp({ webDist: dist, cacheTtlMs: 60_000 });
  token = await t.ownerToken();
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The LocalBusiness data of the page's served HTML (no script run). */
async function localBusiness(pathname: string): Promise<Record<string, unknown>> {
  const res = await t.app.request(pathname);
  expect(res.status).toBe(200);
  const html = await res.text();
  const body = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!body) throw new Error(`no LocalBusiness data in ${pathname}`);
  return JSON.parse(body) as Record<string, unknown>;
}

describe("the served HTML's LocalBusiness data", () => {
  it("follows a profile saved through the REST API and the schedule saved on the Hours page", async () => {
    const before = await localBusiness("/about");
    expect(before).toMatchObject({
      name: "Studio",
      telephone: DEFAULT_STUDIO_PROFILE.phones[0],
      description: "Photo and film.",
      priceRange: "$$",
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
          opens: "09:00",
          closes: "18:00",
        },
      ],
    });
    expect(before).not.toHaveProperty("sameAs");

    const {
      updated_at: _u,
      openingHours: _h,
      timeZone: _z,
      changeCutoffHours: _c,
      ...saved
    } = DEFAULT_STUDIO_PROFILE;
    const put = await t.call("PUT", "/api/studio/profile", {
      token,
      body: {
        ...saved,
        name: "Lakeside Films",
        addressLines: ["Rua da Prata 80"],
        city: "Lisbon",
        region: "1100-420",
        country: "Portugal",
        phones: ["+351 21 000 0000"],
        socials: { ...saved.socials, instagram: "https://www.instagram.com/lakeside/" },
      },
    });
    expect(put.status).toBe(200);
    const admin = (await t.harness.admin()).caller;
    await admin.schedule.update({
      ...DEFAULT_SCHEDULE,
      weekly: DEFAULT_SCHEDULE.weekly.map((day, i) =>
        i === 0 ? { ...day, open: false } : i === 6 ? { open: true, first: "10:00", last: "13:00" } : day,
      ),
    });

    const after = await localBusiness("/about");
    expect(after).toMatchObject({
      "@type": "LocalBusiness",
      name: "Lakeside Films",
      telephone: "+351 21 000 0000",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Rua da Prata 80",
        addressLocality: "Lisbon",
        addressRegion: "1100-420",
        addressCountry: "Portugal",
      },
      sameAs: ["https://www.instagram.com/lakeside/"],
      description: "Photo and film.",
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
          opens: "09:00",
          closes: "18:00",
        },
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "10:00", closes: "14:00" },
      ],
    });
    const html = await (await t.app.request("/about")).text();
    expect(html).toContain("<h1>/about Lakeside Films</h1>");
    expect(html).not.toContain("Kolhapur");
  });
});
