/**
 * Galleries over HTTP: the admin's multipart upload of a gallery file (private, with WebP variants, served only
 * signed), and the streamed ZIP of its files.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createProcessedGalleryUpload } from "@studio/api/testing/gallery-media";
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { fileForm, listen, pngFile } from "../upload-test-files";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
});
afterAll(async () => {
  await t.close();
});

const auth = () => ({ Authorization: `Bearer ${token}` });

describe("gallery uploads and files", () => {
  it("stores a photo privately with variants, adds it to a set, and serves it only signed", async () => {
    const res = await t.app.request("/api/galleries/upload-media", {
      method: "POST",
      body: fileForm(pngFile(1200, 800), "IMG_7.png", "image/png"),
      headers: auth(),
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { id: string; url: string; name: string } };
    // REST answers absolute file URLs (other frontends put them straight into pages).
    expect(data.url).toMatch(/^http:\/\/[^/]+\/uploads\/private\/[0-9a-f-]+\.png$/);
    expect(data.name).toBe("IMG_7.png");
    // Unsigned: refused.
    expect((await t.app.request(new URL(data.url).pathname)).status).toBe(403);

    const caller = t.harness.caller({ token });
    const { id } = await caller.galleries.create({ title: "Over HTTP" });
    const detail = await caller.galleries.get({ id });
    await caller.galleries.addItem({ id, set_id: detail.sets[0]!.id, upload_id: data.id });
    const token43 = (await caller.galleries.get({ id })).url!.split("/g/")[1]!;
    const page = await t.harness.caller().galleryView.items({ token: token43, set_id: detail.sets[0]!.id });
    const thumb = page.items[0]!.webp.split(" ")[0]!;
    const served = await t.app.request(thumb);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");

    // The page asks with HEAD whether the archive is there: answered like the download, and not logged as one.
    const asked = await t.app.request(`/api/g/${token43}/zip?which=all`, { method: "HEAD" });
    expect(asked.status).toBe(200);
    expect(asked.headers.get("content-type")).toBe("application/zip");
    expect(Number(asked.headers.get("content-length"))).toBeGreaterThan(0);
    const zipsLogged = async () =>
      (await caller.galleries.events({ id })).filter((e) => e.detail === "ZIP of all files").length;
    expect(await zipsLogged()).toBe(0);
    // The ZIP: streamed, STORE, with its exact length announced; it holds the original bytes of the file.
    const zip = await t.app.request(`/api/g/${token43}/zip?which=all`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    // Uploaded before the media pipeline: no CRC known ahead, so streamed without ranges.
    expect(zip.headers.get("accept-ranges")).toBeNull();
    const archive = Buffer.from(await zip.arrayBuffer());
    expect(archive.length).toBe(Number(zip.headers.get("content-length")));
    expect(archive.subarray(0, 4).toString("hex")).toBe("504b0304");
    expect(archive.includes(Buffer.from("IMG_7.png"))).toBe(true);
    expect(await zipsLogged()).toBe(1);
    // Favourites only, none chosen: said in words (and nothing logged).
    const none = await t.app.request(`/api/g/${token43}/zip?which=favourites`);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { message: string }).message).toBe(MESSAGES.gallery.zipEmpty);
    expect((await t.app.request(`/api/g/${"x".repeat(43)}/zip`)).status).toBe(404);
    expect((await caller.galleries.events({ id })).filter((e) => e.kind === "download")).toHaveLength(1);
  });

  it("refuses the upload without an admin token", async () => {
    const res = await t.app.request("/api/galleries/upload-media", {
      method: "POST",
      body: fileForm(pngFile(10, 10), "a.png", "image/png"),
    });
    expect(res.status).toBe(401);
  });
});

describe("a ZIP of processed files over a real socket", () => {
  it("lists the download copies, and a broken download resumed with Range and If-Range is the same bytes", async () => {
    const caller = t.harness.caller({ token });
    const { id } = await caller.galleries.create({ title: "Resumed" });
    const detail = await caller.galleries.get({ id });
    for (const [name, kind] of [
      ["IMG_1.jpg", "image"],
      ["IMG_2.jpg", "image"],
      ["CLIP_3.mp4", "video"],
    ] as const) {
      const upload = await createProcessedGalleryUpload(t.deps.db, t.deps.storage, name, {
        kind,
        bytes: 1_500_000,
      });
      await caller.galleries.addItem({ id, set_id: detail.sets[0]!.id, upload_id: upload.id });
    }
    const link = detail.url!.split("/g/")[1]!;
    const { port, close } = await listen(t.app.fetch);
    const scratch = mkdtempSync(path.join(os.tmpdir(), "studio-zip-resume-"));
    try {
      const url = `http://127.0.0.1:${port}/api/g/${link}/zip?which=all`;
      const full = await fetch(url);
      expect(full.status).toBe(200);
      expect(full.headers.get("accept-ranges")).toBe("bytes");
      const etag = full.headers.get("etag")!;
      expect(etag).toMatch(/^"zip-[\w-]+"$/);
      const whole = Buffer.from(await full.arrayBuffer());
      expect(whole.length).toBe(Number(full.headers.get("content-length")));
      const file = path.join(scratch, "whole.zip");
      writeFileSync(file, whole);
      expect(execFileSync("unzip", ["-t", file], { encoding: "utf8" })).toContain("No errors detected");
      const names = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n");
      expect(names).toEqual(["IMG_1.jpg", "IMG_2.jpg", "CLIP_3.mp4"]);

      // A download broken after about 1 MB (the connection dropped)…
      const broken = new AbortController();
      const first = await fetch(url, { signal: broken.signal });
      const reader = first.body!.getReader();
      const parts: Buffer[] = [];
      let received = 0;
      while (received < 1_000_000) {
        const { value, done } = await reader.read();
        if (done) break;
        parts.push(Buffer.from(value));
        received += value.length;
      }
      broken.abort();
      const head = Buffer.concat(parts);
      expect(head.length).toBeLessThan(whole.length);
      // …resumed from where it stopped: only the rest is sent, and the two parts are the archive.
      const rest = await fetch(url, { headers: { Range: `bytes=${head.length}-`, "If-Range": etag } });
      expect(rest.status).toBe(206);
      expect(rest.headers.get("content-range")).toBe(
        `bytes ${head.length}-${whole.length - 1}/${whole.length}`,
      );
      expect(rest.headers.get("etag")).toBe(etag);
      const tail = Buffer.from(await rest.arrayBuffer());
      expect(tail.length).toBe(whole.length - head.length);
      expect(Buffer.concat([head, tail]).equals(whole)).toBe(true);

      // If-Range naming another archive (a file changed since): the whole archive again.
      const stale = await fetch(url, { headers: { Range: "bytes=100-", "If-Range": '"zip-another"' } });
      expect(stale.status).toBe(200);
      expect(stale.headers.get("content-length")).toBe(String(whole.length));
      await stale.body?.cancel();
      // Past the end: 416 with the length.
      const past = await fetch(url, { headers: { Range: `bytes=${whole.length}-` } });
      expect(past.status).toBe(416);
      expect(past.headers.get("content-range")).toBe(`bytes */${whole.length}`);
      // One download logged, not the resumed rest.
      const events = await caller.galleries.events({ id });
      expect(events.filter((e) => e.detail === "ZIP of all files").length).toBeGreaterThanOrEqual(1);
    } finally {
      await close();
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe("the gallery page's HTML", () => {
  it("preloads the cover's AVIF srcset, signed as the page signs it; never cached; the picture is kept", async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), "studio-gallery-dist-"));
    writeFileSync(
      path.join(dist, "index.html"),
      '<!doctype html><html><head><title>Shell</title><script type="module" crossorigin src="/assets/index-0.js"></script></head><body><div id="root"></div></body></html>',
    );
    // The prerender step's manifest names the page loader (src/hydrate.ts's build).
    mkdirSync(path.join(dist, "ssr"));
    writeFileSync(
      path.join(dist, "ssr/pages.json"),
      JSON.stringify({ profile: {}, pages: [], loader: "/assets/hydrate-9.js" }),
    );
    // The build's manifest: the app's start and the gallery page, with what they import.
    mkdirSync(path.join(dist, ".vite"));
    writeFileSync(
      path.join(dist, ".vite/manifest.json"),
      JSON.stringify({
        "src/app/start.tsx": { file: "assets/start-1.js", imports: ["_react.js"] },
        "src/site/gallery/gallery-page.tsx": {
          file: "assets/gallery-page-2.js",
          imports: ["_react.js", "_trpc.js"],
        },
        "_react.js": { file: "assets/react-3.js" },
        "_trpc.js": { file: "assets/trpc-4.js", imports: ["_react.js"] },
        "src/admin/x.tsx": { file: "assets/admin-5.js" },
      }),
    );
    const web = await createTestApp({ webDist: dist });
    try {
      const owner = web.harness.caller({ token: await web.ownerToken() });
      const { id } = await owner.galleries.create({ title: "Preloaded" });
      const detail = await owner.galleries.get({ id });
      const upload = await createProcessedGalleryUpload(web.deps.db, web.deps.storage, "IMG_1.jpg");
      await owner.galleries.addItem({ id, set_id: detail.sets[0]!.id, upload_id: upload.id });
      const pathname = new URL(detail.url!).pathname;
      const res = await web.app.request(pathname);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-robots-tag")).toContain("noindex");
      const html = await res.text();
      const view = await web.harness.caller().galleryView.open({ token: pathname.slice(3) });
      const cover = view.status === "open" ? view.cover : null;
      expect(cover?.avif).toContain("/w480.avif?");
      expect(html).toContain(
        `<link rel="preload" as="image" type="image/avif" imagesrcset="${cover!.avif.replaceAll("&", "&amp;")}"`,
      );
      // The cover drawn by the HTML itself, after #root (the page removes it when it draws its own).
      expect(html).toContain('<div id="root"></div><div id="gallery-boot" aria-hidden="true"><div><picture>');
      expect(html).toContain(`<source type="image/avif" srcset="${cover!.avif.replaceAll("&", "&amp;")}"`);
      expect(html).toContain(`<img src="${cover!.src.replaceAll("&", "&amp;")}"`);
      // With the cover drawn, the app is started by the loader once the cover is on screen (started with the
      // HTML, its scripts would take the cover's bandwidth): the entry and the gallery's chunks are named on it.
      expect(html).not.toContain("modulepreload");
      expect(html).not.toContain('src="/assets/index-0.js"');
      const loader =
        /<script type="module" crossorigin src="\/assets\/hydrate-9.js" data-entry="([^"]+)" data-preload="([^"]+)"><\/script>/.exec(
          html,
        );
      expect(loader?.[1]).toBe("/assets/index-0.js");
      expect(loader?.[2]?.split(" ").sort()).toEqual([
        "/assets/gallery-page-2.js",
        "/assets/react-3.js",
        "/assets/start-1.js",
        "/assets/trpc-4.js",
      ]);
      // An unknown link (or a gallery without a cover): the page's scripts side by side, and nothing else.
      const unknown = await (await web.app.request(`/g/${"x".repeat(43)}`)).text();
      const modules = [...unknown.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
        (m) => m[1],
      );
      expect(modules.sort()).toEqual([
        "/assets/gallery-page-2.js",
        "/assets/react-3.js",
        "/assets/start-1.js",
        "/assets/trpc-4.js",
      ]);
      expect(unknown).not.toContain('as="image"');
      expect(unknown).toContain('<script type="module" crossorigin src="/assets/index-0.js"></script>');
      expect(unknown).not.toContain("hydrate-9.js");
      expect(unknown).not.toContain("gallery-boot");
      // The picture is the browser's to keep until its link expires (the page's <picture> finds it loaded).
      const file = await web.app.request(cover!.avif.split(" ")[0]!);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/avif");
      expect(file.headers.get("cache-control")).toMatch(/^private, max-age=\d+, immutable$/);
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
