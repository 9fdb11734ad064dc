/**
 * The client's page on the media pipeline's files (issue 30, ADR 020/021): the grid's AVIF/WebP srcsets,
 * placeholder and size from the MediaAsset, proofs when processing made them, videos' poster and preview, items
 * still processing, downloads of the EXIF-clean copy, the ZIP's files (no storage key ever leaves the server),
 * the private files served only signed and only when the asset lists them; the expiry on the studio's clock;
 * a service's default selection limit. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGalleryUpload } from "../../testing/gallery-fixtures";
import { createProcessedGalleryUpload, type ProcessedOptions } from "../../testing/gallery-media-fixtures";
import { createHarness, type Harness } from "../../testing/harness";
import { signPrivateUrl } from "../uploads/links";
import { lookupStoredFile } from "../uploads/serve";
import { galleryZipFiles } from "./client";

let h: Harness;
let owner: Awaited<ReturnType<Harness["admin"]>>["caller"];

beforeAll(async () => {
  h = await createHarness();
  owner = (await h.admin()).caller;
});
afterAll(async () => {
  await h.close();
});

const tokenOf = (url: string) => url.split("/g/")[1]!;
const query = (signed: string) =>
  Object.fromEntries(new URL(signed, "http://x").searchParams) as { expires?: string; sig?: string };
const pathOf = (signed: string) => new URL(signed, "http://x").pathname;

type Spec = { name: string; legacy?: true } & ProcessedOptions;

async function gallery(specs: Spec[], data: Record<string, unknown> = {}) {
  const { id } = await owner.galleries.create({ title: "Harbour wedding", ...data });
  const detail = await owner.galleries.get({ id });
  const setId = detail.sets[0]!.id;
  const uploads = [];
  for (const spec of specs) {
    const upload = spec.legacy
      ? await createGalleryUpload(h.deps.db, spec.name, spec.kind ?? "image")
      : await createProcessedGalleryUpload(h.deps.db, h.deps.storage, spec.name, spec);
    const { item_id } = await owner.galleries.addItem({ id, set_id: setId, upload_id: upload.id });
    uploads.push({ upload, itemId: item_id });
  }
  return { id, setId, uploads, token: tokenOf(detail.url!) };
}

describe("the grid on the media pipeline's files", () => {
  it("gives AVIF and WebP srcsets, the size and the ThumbHash; proofs when made; videos' poster and preview", async () => {
    const g = await gallery([
      { name: "IMG_1.jpg" },
      { name: "IMG_2.jpg", proofs: true },
      { name: "CLIP_3.mp4", kind: "video" },
      { name: "IMG_4.jpg", status: "processing" },
      { name: "IMG_5.jpg", status: "failed" },
      { name: "IMG_6.jpg", legacy: true },
    ]);
    const page = await h.caller().galleryView.items({ token: g.token, set_id: g.setId });
    const [photo, proof, video, processing, failed, legacy] = page.items;
    const id = g.uploads[0]!.upload.id;
    expect(photo).toMatchObject({
      state: "ready",
      width: 3000,
      height: 2000,
      placeholder: expect.any(String),
    });
    expect(photo!.avif).toMatch(
      new RegExp(`^/uploads/private/${id}/w480\\.avif\\?expires=\\d+&sig=[\\w-]+ 480w, .+ 1024w, .+ 2048w$`),
    );
    expect(photo!.webp).toContain(`/uploads/private/${id}/w2048.webp?`);
    expect(photo!.src).toContain(`/uploads/private/${id}/w2048.webp?`);
    // Proofs are off for this gallery: the clean web variants, though watermarked ones were made.
    expect(proof!.avif).toContain("/w480.avif?");
    await owner.galleries.update({ id: g.id, data: { title: "Harbour wedding", watermark: true } });
    const proofs = await h.caller().galleryView.items({ token: g.token, set_id: g.setId });
    // With proofs on: the watermarked ones; a photo processed without them keeps its web variants.
    expect(proofs.items[1]!.avif).toContain("/p480.avif?");
    expect(proofs.items[1]!.webp).not.toContain("/w480.webp");
    expect(proofs.items[0]!.avif).toContain("/w480.avif?");
    // Its web-size download is clean all the same.
    const web = await h
      .caller()
      .galleryView.download({ token: g.token, item_id: g.uploads[1]!.itemId, size: "web" });
    expect(web.url).toContain("/w2048.webp?");
    expect(video).toMatchObject({ kind: "video", state: "ready", avif: "", webp: "" });
    expect(video!.poster).toContain("/poster.jpg?");
    expect(video!.video).toContain("/preview.mp4?");
    // Nothing to load while processing, or when it could not be: the page shows a neutral cell.
    expect(processing).toMatchObject({ state: "processing", src: null, avif: "", webp: "", video: null });
    expect(failed).toMatchObject({ state: "failed", src: null });
    // An item uploaded before the pipeline keeps its WebP widths.
    expect(legacy).toMatchObject({ state: "ready", avif: "", placeholder: null });
    expect(legacy!.webp).toMatch(/-480\.webp\?expires=\d+&sig=[\w-]+ 480w/);
    // No storage key, nor anything but signed /uploads links, in the answer.
    expect(JSON.stringify(page)).not.toMatch(/"private\//);
  });

  it("gives the back office thumbnails of the pipeline's files: the smallest WebP, a video's poster, none yet while processing", async () => {
    const g = await gallery([
      { name: "IMG_7.jpg" },
      { name: "CLIP_8.mp4", kind: "video" },
      { name: "IMG_9.jpg", status: "processing" },
    ]);
    const detail = await owner.galleries.get({ id: g.id });
    const [photo, video, processing] = detail.sets[0]!.items;
    expect(pathOf(photo!.thumb_url!)).toBe(`/uploads/private/${g.uploads[0]!.upload.id}/w480.webp`);
    expect(pathOf(video!.thumb_url!)).toBe(`/uploads/private/${g.uploads[1]!.upload.id}/poster.jpg`);
    expect(processing!.thumb_url).toBeNull();
    // The first image is the cover, and the galleries list shows it.
    const listed = (await owner.galleries.list()).find((s) => s.id === g.id);
    expect(pathOf(listed!.cover_url!)).toBe(`/uploads/private/${g.uploads[0]!.upload.id}/w480.webp`);
  });

  it("serves a made file only signed, only when its asset lists it, with its type", async () => {
    const g = await gallery([{ name: "IMG_1.jpg" }, { name: "CLIP.mp4", kind: "video" }]);
    const page = await h.caller().galleryView.items({ token: g.token, set_id: g.setId });
    const avif = page.items[0]!.avif.split(" ")[0]!;
    expect(await lookupStoredFile(h.deps, pathOf(avif), query(avif))).toMatchObject({
      status: "ok",
      contentType: "image/avif",
      fileName: "IMG_1.avif",
    });
    expect((await lookupStoredFile(h.deps, pathOf(avif), {})).status).toBe("forbidden");
    const preview = page.items[1]!.video!;
    expect(await lookupStoredFile(h.deps, pathOf(preview), query(preview))).toMatchObject({
      status: "ok",
      contentType: "video/mp4",
    });
    // Signed, but no file the asset lists (another name, or another upload's folder).
    for (const path of [
      `/uploads/private/${g.uploads[0]!.upload.id}/w9999.avif`,
      `/uploads/private/${g.uploads[1]!.upload.id}/w480.avif`,
    ]) {
      const signed = signPrivateUrl(h.deps.config, path, h.deps.now());
      expect((await lookupStoredFile(h.deps, path, query(signed))).status, path).toBe("not_found");
    }
  });
});

describe("downloads", () => {
  it("hand out the clean download copy or the web size, and wait for an item being processed", async () => {
    const g = await gallery([
      { name: "IMG_1.jpg" },
      { name: "CLIP_2.mov", kind: "video" },
      { name: "IMG_3.jpg", status: "processing" },
      { name: "IMG_4.jpg", legacy: true },
    ]);
    const client = h.caller();
    const [photo, video, processing, legacy] = g.uploads;
    const original = await client.galleryView.download({ token: g.token, item_id: photo!.itemId });
    expect(original.url).toMatch(
      new RegExp(`^/uploads/private/${photo!.upload.id}/download\\.jpg\\?expires=`),
    );
    expect(original.name).toBe("IMG_1.jpg");
    const web = await client.galleryView.download({ token: g.token, item_id: photo!.itemId, size: "web" });
    expect(web.url).toContain(`/uploads/private/${photo!.upload.id}/w2048.webp?`);
    expect(web.name).toBe("IMG_1.webp");
    // A video: its stream-copied download copy (the original's streams, without their metadata).
    const film = await client.galleryView.download({ token: g.token, item_id: video!.itemId });
    expect(film.url).toContain(`/uploads/private/${video!.upload.id}/download.mp4?`);
    expect(film.name).toBe("CLIP_2.mp4");
    await expect(
      client.galleryView.download({ token: g.token, item_id: processing!.itemId }),
    ).rejects.toThrow(MESSAGES.gallery.itemNotReady);
    expect((await client.galleryView.download({ token: g.token, item_id: legacy!.itemId })).url).toMatch(
      new RegExp(`^/uploads/private/${legacy!.upload.id}\\.jpg\\?`),
    );
    const signed = original.url;
    expect((await lookupStoredFile(h.deps, pathOf(signed), query(signed))).status).toBe("ok");
  });

  it("a ZIP holds the download copies with their CRCs and leaves out what is being processed", async () => {
    const g = await gallery([
      { name: "IMG_1.jpg" },
      { name: "IMG_1.jpg" },
      { name: "IMG_3.jpg", status: "processing" },
      { name: "IMG_4.jpg", crc: false },
    ]);
    const { title, files } = await galleryZipFiles(h.deps, { token: g.token, which: "all" });
    expect(title).toBe("Harbour wedding");
    expect(files.map((f) => f.key)).toEqual([
      `private/${g.uploads[0]!.upload.id}/download.jpg`,
      `private/${g.uploads[1]!.upload.id}/download.jpg`,
      `private/${g.uploads[3]!.upload.id}/download.jpg`,
    ]);
    expect(files[0]!.crc32).toEqual(expect.any(Number));
    expect(files[2]!.crc32).toBeNull();
    // Favourites only.
    await h
      .caller()
      .galleryView.favourite({ token: g.token, item_id: g.uploads[1]!.itemId, favourite: true });
    const favourites = await galleryZipFiles(h.deps, { token: g.token, which: "favourites" });
    expect(favourites.files.map((f) => f.key)).toEqual([`private/${g.uploads[1]!.upload.id}/download.jpg`]);
    // Logged once per download; the rest of a resumed one is not logged again.
    await galleryZipFiles(h.deps, { token: g.token, which: "all", resumed: true });
    const logged = await owner.galleries.events({ id: g.id });
    expect(logged.filter((e) => e.detail.startsWith("ZIP of"))).toHaveLength(2);
  });
});

describe("expiry on the studio's clock", () => {
  it("ends at midnight after the chosen day in the studio's zone, and is shown as that day", async () => {
    const { id } = await owner.galleries.create({ title: "Zoned", expires_on: "2030-03-01" });
    const detail = await owner.galleries.get({ id });
    const zone = detail.time_zone;
    // The tests' studio is not on UTC, so the end of the day in UTC would be another instant.
    expect(zone).not.toBe("UTC");
    const row = await h.deps.db.gallery.findUniqueOrThrow({ where: { id } });
    const wall = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(row.expiresAt!);
    expect(wall).toBe("2030-03-02, 00:00");
    expect(row.expiresAt!.toISOString()).not.toBe("2030-03-02T00:00:00.000Z");
    expect(detail.expires_on).toBe("2030-03-01");
    const view = await h.caller().galleryView.open({ token: tokenOf(detail.url!) });
    expect(view).toMatchObject({ status: "open", expires_on: "2030-03-01", time_zone: zone });
    // A minute before that midnight the link works; at it, it has expired.
    try {
      h.setNow(new Date(row.expiresAt!.getTime() - 60_000));
      expect((await h.caller().galleryView.open({ token: tokenOf(detail.url!) })).status).toBe("open");
      h.setNow(row.expiresAt!);
      expect((await h.caller().galleryView.open({ token: tokenOf(detail.url!) })).status).toBe("expired");
    } finally {
      h.setNow(null);
    }
  });
});

describe("selection limit from the service", () => {
  it("a gallery for a booking takes its service's limit unless one is set by hand", async () => {
    const service = await owner.services.create({
      title: "Wedding photography",
      description: "All day.",
      price: 2000,
      duration: "8 hours",
      features: [],
      gallery_selection_limit: 30,
    });
    const admin = (await owner.services.adminList()).find((s) => s.id === service.id);
    expect(admin?.gallery_selection_limit).toBe(30);
    const booking = await h.deps.db.booking.create({
      data: {
        name: "Ann",
        email: "ann@example.com",
        phone: "+1 555 010 2040",
        date: "2030-03-01",
        time: "10:00",
        serviceId: service.id,
      },
    });
    const fromService = await owner.galleries.create({ title: "Ann", booking_id: booking.id });
    expect((await owner.galleries.get({ id: fromService.id })).selection_limit).toBe(30);
    const byHand = await owner.galleries.create({
      title: "Ann",
      booking_id: booking.id,
      selection_limit: 12,
    });
    expect((await owner.galleries.get({ id: byHand.id })).selection_limit).toBe(12);
    const none = await owner.galleries.create({
      title: "Ann",
      booking_id: booking.id,
      selection_limit: null,
    });
    expect((await owner.galleries.get({ id: none.id })).selection_limit).toBeNull();
    // Editing without naming the limit keeps it.
    await owner.galleries.update({ id: fromService.id, data: { title: "Ann & Bo", booking_id: booking.id } });
    expect((await owner.galleries.get({ id: fromService.id })).selection_limit).toBe(30);
    // The service's limit can be cleared.
    await owner.services.update({
      id: service.id,
      data: {
        title: "Wedding photography",
        description: "All day.",
        price: 2000,
        duration: "8 hours",
        features: [],
        gallery_selection_limit: null,
      },
    });
    expect(
      (await owner.services.adminList()).find((s) => s.id === service.id)?.gallery_selection_limit,
    ).toBeNull();
  });
});
