import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
/**
 * Client galleries end to end (issue 30): an admin makes a gallery, uploads two photos and a short video through
 * the back office's uploader, the media pipeline processes them (AVIF/WebP, ThumbHash, poster and H.264 preview,
 * EXIF-clean download copies), the admin copies the client link; the client opens it (no account), sees the
 * pictures and the video, favourites a photo up to the limit, downloads one photo and the ZIP of favourites (its
 * entries checked), and sends the selection; the studio sees it. At 390 px neither page scrolls sideways.
 * GALLERY_SHOTS=<dir> also writes screenshots at 1440, 768 and 390 px (the back office; the client's grid,
 * lightbox and a video).
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { MESSAGES } from "@studio/validators";
import { randomUUID } from "node:crypto";
import { createDatabase } from "@studio/db";
import { adminSession, makePng } from "./admin-helpers";
import { expect, test } from "./fixtures";

const SHOTS = process.env.GALLERY_SHOTS;
const WIDTHS = [1440, 768, 390] as const;

/** Once the page has laid itself out at the new width (a resize is answered over a few frames), it fits. */
async function noSidewaysScroll(page: Page) {
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      { message: "horizontal overflow in px" },
    )
    .toBeLessThanOrEqual(0);
}

/** One second of test picture and tone, H.264 in MP4 (Debian's ffmpeg), as a phone would record it. */
function shortVideo(): Buffer {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "gallery-e2e-")), "clip.mp4");
  execFileSync("ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=640x360:rate=25:duration=1",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:duration=1",
    "-c:v",
    "libx264",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-shortest",
    file,
  ]);
  return readFileSync(file);
}

/**
 * Runs the media pipeline on the gallery's files (the server's job worker takes the jobs) and waits until each is
 * ready. The uploader still sends gallery files through the admin multipart path; the resumable uploader
 * enqueues this job itself.
 */
async function processGallery(title: string) {
  const database = await createDatabase(`file:${path.join(process.env.E2E_DATA_DIR!, "studio.db")}`);
  try {
    const db = database.prisma;
    const uploads = await db.upload.findMany({
      where: { galleryItem: { gallery: { title } } },
      select: { id: true },
    });
    // What enqueueMediaProcessing writes (media/process.ts): the asset row and its "media.process" job.
    for (const { id } of uploads) {
      await db.mediaAsset.upsert({ where: { uploadId: id }, create: { uploadId: id }, update: {} });
      await db.job.create({
        data: {
          kind: "media.process",
          payload: { uploadId: id, watermark: null, keepLocation: false },
          key: `media:${id}`,
          maxAttempts: 5,
        },
      });
    }
    await expect
      .poll(
        async () =>
          (
            await db.mediaAsset.findMany({
              where: { uploadId: { in: uploads.map((u) => u.id) } },
              select: { status: true, error: true },
            })
          ).map((a) => (a.error ? `${a.status}: ${a.error}` : a.status)),
        { timeout: 150_000, message: "media processed" },
      )
      .toEqual(uploads.map(() => "ready"));
  } finally {
    await database.close();
  }
}

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(0);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: false });
  }
}

test("an admin makes a gallery, the client favourites and sends a selection", async ({ page, browser }) => {
  // Processing (sharp, ffmpeg) shares two cores with the browser and the server.
  test.setTimeout(240_000);
  await adminSession(page, "Gallery Admin");
  await page.goto("/admin/galleries");
  await expect(page.getByRole("heading", { name: "Galleries", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "New gallery" }).first().click();
  const form = page.getByRole("dialog", { name: "New gallery" });
  await form.getByLabel("Title").fill("Harbour wedding");
  await form.getByLabel("Selection limit").fill("1");
  await form.getByRole("button", { name: "Create gallery" }).click();
  await expect(page.getByRole("heading", { name: "Harbour wedding" })).toBeVisible();

  await page.getByLabel("Choose photos and videos").setInputFiles([
    { name: "DSC_0001.png", mimeType: "image/png", buffer: makePng(640, [40, 90, 140]) },
    { name: "DSC_0002.png", mimeType: "image/png", buffer: makePng(640, [200, 120, 60]) },
  ]);
  await expect(page.getByText("Uploaded: 2 of 2 files (100%)")).toBeVisible();
  await page
    .getByLabel("Choose photos and videos")
    .setInputFiles([{ name: "CLIP_0003.mp4", mimeType: "video/mp4", buffer: shortVideo() }]);
  await expect(page.getByText("Uploaded: 1 of 1 files (100%)")).toBeVisible();
  const items = page.getByRole("list", { name: "Photos and videos, in order" });
  await expect(items.getByRole("listitem")).toHaveCount(3);
  await expect(items.getByText("Cover", { exact: true })).toHaveCount(1);

  // Keyboard-accessible reordering: the second moves before the first (uploads finish in any order).
  const second = (await items.getByRole("listitem").nth(1).locator("p").first().textContent()) ?? "";
  expect(second).toMatch(/^DSC_000[12]\.png$/);
  await items.getByRole("button", { name: `Move ${second} earlier` }).click();
  await expect(items.getByRole("listitem").first()).toContainText(second);

  await processGallery("Harbour wedding");
  const link = await page.getByLabel("Client link").inputValue();
  expect(link).toMatch(/\/g\/[A-Za-z0-9_-]{43}$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shots(page, "admin-gallery");

  // The client, in a browser of their own.
  const client = await (await browser.newContext()).newPage();
  const response = await client.goto(new URL(link).pathname);
  expect(response?.headers()["x-robots-tag"]).toContain("noindex");
  // The HTML drew the cover before any script ran; the page took it away when it drew its own.
  expect(await response?.text()).toContain('<div id="gallery-boot"');
  await expect(client.getByRole("heading", { name: "Harbour wedding" })).toBeVisible();
  await expect(client.locator("#gallery-boot")).toHaveCount(0);
  await expect(client.locator('main img[alt=""]').first()).toHaveAttribute("fetchpriority", "high");
  await expect(client.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const counter = client.getByTestId("favourite-counter");
  await expect(counter).toHaveText(/0 of 1 chosen/);
  // The pipeline's pictures: AVIF then WebP at their widths, the size from the asset, the ThumbHash underneath.
  const picture = client.getByRole("img", { name: "DSC_0002.png" });
  await expect(picture).toHaveAttribute("width", "640");
  await expect(client.locator('picture source[type="image/avif"]').first()).toHaveAttribute(
    "srcset",
    /\/w480\.avif\?expires=\d+&sig=[\w-]+ 480w/,
  );
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  expect(await picture.evaluate((img) => img.style.backgroundImage)).toContain("data:image/png");
  // The video: its poster in the grid.
  await expect(client.getByRole("img", { name: "CLIP_0003.mp4" })).toHaveAttribute("src", /\/poster\.jpg\?/);
  await client.getByRole("button", { name: "Add DSC_0002.png to favourites" }).click();
  await expect(counter).toHaveText(/1 of 1 chosen/);
  await client.getByRole("button", { name: "Add DSC_0001.png to favourites" }).click();
  await expect(client.getByText(MESSAGES.gallery.selectionFull(1))).toBeVisible();

  // The lightbox: arrow keys and Escape.
  await client
    .getByRole("button", { name: /^Open DSC_/ })
    .first()
    .click();
  const lightbox = client.getByRole("dialog");
  await expect(lightbox.getByText("(1 of 3)")).toBeVisible();
  await client.keyboard.press("ArrowRight");
  await expect(lightbox.getByText("(2 of 3)")).toBeVisible();
  await shots(client, "client-lightbox");
  // One photo, "original": the EXIF-clean JPEG download copy, named after the original.
  const photoName = (await lightbox.getByRole("heading").textContent())?.split(" ")[0] ?? "";
  const [single] = await Promise.all([
    client.waitForEvent("download"),
    lightbox.getByRole("button", { name: "Download original" }).click(),
  ]);
  expect(single.suggestedFilename()).toBe(photoName.replace(/\.png$/, ".jpg"));
  const singleBytes = readFileSync((await single.path())!);
  expect(singleBytes.subarray(0, 3).toString("hex")).toBe("ffd8ff");
  // The video plays its H.264 preview, its poster shown until it starts.
  await client.keyboard.press("ArrowRight");
  await expect(lightbox.getByText("(3 of 3)")).toBeVisible();
  const video = lightbox.locator("video");
  await expect(video).toHaveAttribute("src", /\/preview\.mp4\?/);
  await expect(video).toHaveAttribute("poster", /\/poster\.jpg\?/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  await shots(client, "client-video");
  await client.keyboard.press("Escape");
  await expect(lightbox).toHaveCount(0);

  await client.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(client);
  await shots(client, "client-gallery");
  // "Download favourites": a ZIP streamed as it is built, holding the chosen photo.
  const [archive] = await Promise.all([
    client.waitForEvent("download"),
    client.getByRole("button", { name: "Download favourites" }).click(),
  ]);
  expect(archive.suggestedFilename()).toBe("Harbour wedding.zip");
  const zipPath = (await archive.path())!;
  expect(readFileSync(zipPath).subarray(0, 4).toString("hex")).toBe("504b0304");
  // Its entries: the favourite's clean download copy, nothing else.
  expect(execFileSync("unzip", ["-t", zipPath], { encoding: "utf8" })).toContain("No errors detected");
  expect(execFileSync("unzip", ["-Z1", zipPath], { encoding: "utf8" }).trim().split("\n")).toEqual([
    "DSC_0002.jpg",
  ]);
  if (photoName === "DSC_0002.png") {
    expect(execFileSync("unzip", ["-p", zipPath, "DSC_0002.jpg"]).equals(singleBytes)).toBe(true);
  }
  await client.getByRole("button", { name: "Send my selection" }).click();
  await expect(client.getByText(MESSAGES.gallery.selectionLocked)).toBeVisible();
  await expect(client.getByRole("button", { name: "Add DSC_0001.png to favourites" })).toBeDisabled();

  // The studio sees the selection and the client's visit.
  await page.reload();
  await expect(page.getByRole("list", { name: "Chosen files" })).toHaveText("DSC_0002.png");
  await expect(page.getByLabel("Search string for Lightroom")).toHaveValue("DSC_0002.png");
  await expect(page.getByText(/Opened/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Reopen selection" })).toBeVisible();
});

test("a 1,000-photo gallery opens with a small page on a phone", async ({ page, browser }) => {
  const { headers } = await adminSession(page, "Bulk Admin");
  // One real photo through the upload route, then 999 more rows pointing at its stored files, straight in the
  // e2e server's database (uploading 1,000 files is the media work's benchmark, not this test's).
  const upload = await page.request.post("/api/galleries/upload-media", {
    headers,
    multipart: { image: { name: "bulk.png", mimeType: "image/png", buffer: makePng(1200, [90, 110, 70]) } },
  });
  expect(upload.status()).toBe(201);
  const uploadId = /([0-9a-f-]{36})\.png/.exec(((await upload.json()) as { url: string }).url)![1]!;
  const created = await page.request.post("/trpc/galleries.create", { headers, data: { title: "Thousand" } });
  const galleryId = ((await created.json()) as { result: { data: { id: number } } }).result.data.id;
  const database = await createDatabase(`file:${path.join(process.env.E2E_DATA_DIR!, "studio.db")}`);
  try {
    const db = database.prisma;
    const real = await db.upload.findUniqueOrThrow({ where: { id: uploadId } });
    const set = await db.gallerySet.findFirstOrThrow({ where: { galleryId } });
    const ids = [uploadId, ...Array.from({ length: 999 }, () => randomUUID())];
    await db.upload.createMany({
      data: ids.slice(1).map((id, i) => ({
        ...real,
        id,
        originalName: `IMG_${i + 2}.jpg`,
        variants: real.variants ?? undefined,
      })),
    });
    await db.galleryItem.createMany({
      data: ids.map((id, position) => ({ galleryId, setId: set.id, uploadId: id, position })),
    });
    await db.upload.updateMany({ where: { galleryItem: { galleryId } }, data: { attachedAt: new Date() } });
  } finally {
    await database.close();
  }
  const detail = await page.request.get(
    `/trpc/galleries.get?input=${encodeURIComponent(JSON.stringify({ id: galleryId }))}`,
    { headers },
  );
  const link = ((await detail.json()) as { result: { data: { url: string } } }).result.data.url;

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
  const client = await context.newPage();
  await client.goto(new URL(link).pathname);
  const cells = client.getByRole("list", { name: "Photos" }).getByRole("listitem");
  await expect(cells).toHaveCount(60);
  await expect(client.getByText("Page 1 of 17")).toBeVisible();
  const figures = await client.evaluate(async () => {
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? -1)).observe({
        type: "largest-contentful-paint",
        buffered: true,
      });
    });
    // Layout shifts are only reported to an observer (buffered: those since the page opened).
    const cls = await new Promise<number>((resolve) => {
      let sum = 0;
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number }[]) sum += entry.value;
      });
      observer.observe({ type: "layout-shift", buffered: true });
      setTimeout(() => {
        observer.disconnect();
        resolve(sum);
      }, 500);
    });
    return { nodes: document.getElementsByTagName("*").length, lcp, cls };
  });
  console.log(
    `1,000-photo gallery at 390 px: ${figures.nodes} elements, LCP ${Math.round(figures.lcp)} ms, CLS ${figures.cls} (loopback)`,
  );
  expect(figures.nodes).toBeLessThan(800);
  expect(figures.cls).toBe(0);
  await noSidewaysScroll(client);
  await client.getByRole("button", { name: "Next" }).click();
  await expect(client.getByText("Page 2 of 17")).toBeVisible();
  await expect(cells).toHaveCount(60);
  await context.close();
});
