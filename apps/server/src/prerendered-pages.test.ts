import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_STUDIO_PROFILE, type StudioProfile } from "@studio/validators";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPrerenderedPages, profileVersion } from "./prerendered-pages";
import { serveSpa } from "./static-spa";

/**
 * A web build in miniature: the shell, one prerendered page per path, and a server entry with the real one's
 * contract (apps/web/src/entry-server.tsx renderPage) that writes the profile's first phone into the page.
 */
let dist: string;
const renders: string[] = [];

beforeAll(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), "studio-prerendered-"));
  mkdirSync(path.join(dist, "ssr/pages"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), '<!doctype html><title>Shell</title><div id="root"></div>');
  writeFileSync(
    path.join(dist, "ssr/pages.json"),
    JSON.stringify({
      profile: DEFAULT_STUDIO_PROFILE,
      pages: [
        { path: "/", file: "pages/home.html", preload: [] },
        { path: "/about", file: "pages/about.html", preload: ["/assets/about.js"] },
      ],
    }),
  );
  for (const name of ["home", "about"])
    writeFileSync(
      path.join(dist, `ssr/pages/${name}.html`),
      `<!doctype html><link rel="canonical" href="https://studio.example/${name}"><p>${name} prerendered ${DEFAULT_STUDIO_PROFILE.phones[0]}</p>`,
    );
  writeFileSync(
    path.join(dist, "ssr/entry-server.js"),
    `export async function renderPage({ template, url, profile, preload }) {
       globalThis.__prerenderCalls.push(url);
       if (profile.name === "Broken") throw new Error("render failed");
       return template.replace('<div id="root"></div>', '<div id="root"><a href="https://studio.example' + url + '">' + url + " rendered " + profile.phones[0] + " " + preload.join(",") + "</a></div>");
     }`,
  );
  (globalThis as { __prerenderCalls?: string[] }).__prerenderCalls = renders;
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});

function withProfile() {
  let profile: StudioProfile = DEFAULT_STUDIO_PROFILE;
  const errors: string[] = [];
  const pages = loadPrerenderedPages(dist, {
    publicUrl: "https://www.lens-and-light.com/",
    profile: async () => profile,
  });
  const app = new Hono();
  app.use(
    "*",
    serveSpa(
      dist,
      (p) => p.startsWith("/api/"),
      "https://www.lens-and-light.com",
      pages,
      (_error, p) => errors.push(p),
    ),
  );
  return {
    app,
    errors,
    set: (next: StudioProfile) => {
      profile = next;
    },
  };
}

describe("prerendered pages", () => {
  it("serves the build's files while the profile is the default, with PUBLIC_URL for the placeholder origin", async () => {
    const { app } = withProfile();
    const res = await app.request("/about/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const html = await res.text();
    expect(html).toContain(`about prerendered ${DEFAULT_STUDIO_PROFILE.phones[0]}`);
    expect(html).toContain('href="https://www.lens-and-light.com/about"');
    expect(html).not.toContain("studio.example/");
    // Saving the defaults again (a new updated_at) is the same version.
    expect(profileVersion({ ...DEFAULT_STUDIO_PROFILE, updated_at: "2026-01-01T00:00:00.000Z" })).toBe(
      profileVersion(DEFAULT_STUDIO_PROFILE),
    );
  });

  it("renders a page again with a changed profile, once per version, and goes back to the files with the defaults", async () => {
    const { app, set } = withProfile();
    renders.length = 0;
    const changed = { ...DEFAULT_STUDIO_PROFILE, phones: ["+91 231 555 0199"] };
    set(changed);
    for (let i = 0; i < 3; i++) {
      const html = await (
        await app.request("/about", { headers: { "accept-encoding": "br" } })
      ).arrayBuffer();
      expect(html.byteLength).toBeGreaterThan(0);
    }
    const plain = await (await app.request("/about")).text();
    expect(plain).toContain("/about rendered +91 231 555 0199 /assets/about.js");
    expect(plain).toContain('href="https://www.lens-and-light.com/about"');
    expect(renders).toEqual(["/about"]);

    set({ ...changed, phones: ["+91 231 555 0200"] });
    expect(await (await app.request("/about")).text()).toContain("rendered +91 231 555 0200");
    expect(renders).toEqual(["/about", "/about"]);

    set(DEFAULT_STUDIO_PROFILE);
    expect(await (await app.request("/about")).text()).toContain("about prerendered");
    expect(renders).toHaveLength(2);
  });

  it("keeps the shell for the back office and unknown paths, and never serves the build's server side", async () => {
    const { app } = withProfile();
    expect(await (await app.request("/admin/login")).text()).toContain("<title>Shell</title>");
    const unknown = await app.request("/no-such-page");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("<title>Shell</title>");
    for (const file of ["/ssr/pages.json", "/ssr/entry-server.js", "/ssr/pages/home.html"])
      expect((await app.request(file)).status).toBe(404);
  });

  it("falls back to the shell (rendered in the browser) when a page cannot be rendered, and tries again later", async () => {
    const { app, errors, set } = withProfile();
    renders.length = 0;
    set({ ...DEFAULT_STUDIO_PROFILE, name: "Broken" });
    const res = await app.request("/");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<title>Shell</title>");
    expect(errors).toEqual(["/"]);
    await app.request("/");
    expect(renders).toEqual(["/", "/"]);
  });

  it("is off for a build without prerendered pages", () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), "studio-no-prerender-"));
    try {
      expect(loadPrerenderedPages(empty)).toBeNull();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
