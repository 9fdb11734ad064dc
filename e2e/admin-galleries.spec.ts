/**
 * Client galleries end to end (issue 30): an admin makes a gallery, uploads a folder (two photos and a short
 * film) through the back office's resumable (tus) uploader and sees the media pipeline's processing finish live
 * (AVIF/WebP, ThumbHash, poster and H.264 preview, EXIF-clean download copies), copies the client link; the client
 * opens it (no account), sees the pictures and the film, favourites a photo up to the limit, downloads one photo
 * and the ZIP of favourites (its entries checked), and sends the selection; the studio sees it. At 390 px neither
 * page scrolls sideways.
 * GALLERY_SHOTS=<dir> also writes screenshots at 1440, 768 and 390 px (the back office, with uploads in progress;
 * the client's grid, lightbox and film).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { MESSAGES } from "@studio/validators";
import { randomUUID } from "node:crypto";
import { createDatabase } from "@studio/db";
import { adminSession, makePng, shootFolder } from "./admin-helpers";
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

async function shots(page: Page, name: string, focus?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(0);
    if (focus) {
      // Scrolls only the column that scrolls (scrollIntoView would also move the shell's overflow-hidden frame).
      await focus.evaluate((e) => {
        let scroller = e.parentElement;
        while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY))
          scroller = scroller.parentElement;
        const top = e.getBoundingClientRect().top;
        if (scroller) scroller.scrollTop += top - scroller.getBoundingClientRect().top;
        else window.scrollBy(0, top);
      });
    }
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

  // With GALLERY_SHOTS, the film waits at the server's door while the photos go on, for the pictures.
  let letThrough: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (letThrough = resolve));
  let held = false;
  if (SHOTS) {
    await page.route("**/api/uploads/resumable**", async (route) => {
      const request = route.request();
      const metadata = (await request.headerValue("upload-metadata")) ?? "";
      const film = metadata.includes(Buffer.from("MVI_0003.mp4").toString("base64"));
      if (request.method() === "POST" && film && !held) {
        held = true;
        await gate;
      }
      await route.continue();
    });
  }
  // The whole folder through "Choose folder": resumable uploads (tus), three at a time.
  const tusRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/uploads/resumable")) tusRequests.push(r.method());
  });
  await page.getByLabel("Choose folder").setInputFiles(shootFolder());
  const items = page.getByRole("list", { name: "Photos and videos, in order" });
  if (SHOTS) {
    await expect(items.getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("progressbar", { name: "MVI_0003.mp4 upload" })).toBeVisible();
    await shots(
      page,
      "admin-gallery-uploading",
      page.getByRole("region", { name: "Upload photos and videos" }),
    );
    await page.setViewportSize({ width: 1280, height: 720 });
    letThrough();
  }
  await expect(page.getByText("Uploaded: 3 of 3 files (100%)")).toBeVisible({ timeout: 30_000 });
  expect(tusRequests.filter((m) => m === "POST")).toHaveLength(3);
  expect(tusRequests).toContain("PATCH");
  await expect(items.getByRole("listitem")).toHaveCount(3);
  await expect(items.getByText("Cover", { exact: true })).toHaveCount(1);
  // Processing finishes live (the stream's media events; the page does not poll while the stream is up).
  await expect(items.getByTestId("processing-state").filter({ hasText: "Ready" })).toHaveCount(3, {
    timeout: 60_000,
  });
  // The first photo is the cover, never the film.
  await expect(
    items.getByRole("listitem").filter({ hasText: "MVI_0003.mp4" }).getByText("Cover", { exact: true }),
  ).toHaveCount(0);

  // Keyboard-accessible reordering: the second moves before the first (uploads finish in any order).
  const second = (await items.getByRole("listitem").nth(1).locator("p").first().textContent()) ?? "";
  expect(second).toMatch(/^(DSC_000[12]\.png|MVI_0003\.mp4)$/);
  await items.getByRole("button", { name: `Move ${second} earlier` }).click();
  await expect(items.getByRole("listitem").first()).toContainText(second);

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
  await expect(client.getByRole("img", { name: "MVI_0003.mp4" })).toHaveAttribute("src", /\/poster\.jpg\?/);
  await client.getByRole("button", { name: "Add DSC_0002.png to favourites" }).click();
  await expect(counter).toHaveText(/1 of 1 chosen/);
  await client.getByRole("button", { name: "Add DSC_0001.png to favourites" }).click();
  await expect(client.getByText(MESSAGES.gallery.selectionFull(1))).toBeVisible();

  // The lightbox of a photo (files join the set as they finish, so its place varies): arrow keys and Escape.
  await client
    .getByRole("button", { name: /^Open DSC_/ })
    .first()
    .click();
  const lightbox = client.getByRole("dialog");
  const position = lightbox.getByText(/^\(\d of 3\)$/);
  await expect(position).toBeVisible();
  // One photo, "original": the EXIF-clean JPEG download copy, named after the original.
  const photoName = (await lightbox.getByRole("heading").textContent())?.split(" ")[0] ?? "";
  expect(photoName).toMatch(/^DSC_000[12]\.png$/);
  const [single] = await Promise.all([
    client.waitForEvent("download"),
    lightbox.getByRole("button", { name: "Download original" }).click(),
  ]);
  expect(single.suggestedFilename()).toBe(photoName.replace(/\.png$/, ".jpg"));
  const singleBytes = readFileSync((await single.path())!);
  expect(singleBytes.subarray(0, 3).toString("hex")).toBe("ffd8ff");
  const at = (await position.textContent()) ?? "";
  await client.keyboard.press(at === "(3 of 3)" ? "ArrowLeft" : "ArrowRight");
  await expect(position).not.toHaveText(at);
  await shots(client, "client-lightbox");
  await client.keyboard.press("Escape");
  await expect(lightbox).toHaveCount(0);
  // The film plays its H.264 preview, its poster shown until it starts.
  await client.getByRole("button", { name: "Open MVI_0003.mp4" }).click();
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
