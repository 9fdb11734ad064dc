import { type Authenticated, galleryMediaPurpose } from "@studio/api";
import { startTestS3, type TestS3 } from "@studio/api/testing/s3";
import { noisyJpeg } from "@studio/api/testing/uploads";
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESUMABLE_PATH } from "./resumable-route";
import { createTestApp, type TestApp } from "./testing/test-app";
import { tusClient, tusMetadata } from "./testing/tus-client";
import { HTML_FILE, mp4File } from "./upload-test-files";

const TUS = { "Tus-Resumable": "1.0.0" };

describe.each(["disk", "s3"] as const)("gallery uploads through tus on %s", (where) => {
  let t: TestApp;
  let s3: TestS3 | null = null;
  let token: string;
  let owner: Awaited<ReturnType<TestApp["harness"]["admin"]>>["caller"];
  beforeAll(async () => {
    s3 = where === "s3" ? await startTestS3("studio-gallery-tus", { listParts: true }) : null;
    t = await createTestApp(s3 ? { s3 } : {});
    ({ caller: owner, token } = await t.harness.admin());
  });
  afterAll(async () => {
    await t.close();
    await s3?.stop();
  });

  const { request, create, patch, leftovers: tusLeftovers } = tusClient(() => ({ t, token, s3 }));
  /** Sends a whole file in one PATCH; answers the last response. */
  const send = async (bytes: Buffer, meta: Record<string, string>) => {
    const created = await create(bytes.length, meta);
    if (created.status !== 201) return created;
    return patch(created.headers.get("location")!, 0, bytes);
  };
  const newGallery = async (data: Record<string, unknown> = {}) => {
    const { id } = await owner.galleries.create({ title: "Harbour wedding", ...data });
    const detail = await owner.galleries.get({ id });
    return { id, setId: detail.sets[0]!.id };
  };
  const target = (g: { id: number; setId: number }, filename: string) => ({
    purpose: "gallery_media",
    gallery_id: String(g.id),
    set_id: String(g.setId),
    filename,
  });

  it("adds each finished file at the end of its set with its processing job; the first image is the cover", async () => {
    const g = await newGallery();
    // A video first: it never becomes the cover.
    const clip = await send(mp4File(200_000), target(g, "clip.mp4"));
    expect(clip.status).toBe(204);

    // A photo sent in two halves: the connection drops after the first, the client asks where to go on from.
    const photo = await noisyJpeg(1200, 800);
    const half = Math.floor(photo.length / 2);
    const created = await create(photo.length, target(g, "DSC_0001.JPG"));
    const location = created.headers.get("location")!;
    expect((await patch(location, 0, photo.subarray(0, half))).status).toBe(204);
    const offset = Number((await request("HEAD", location)).headers.get("upload-offset"));
    expect(offset).toBe(half);
    const last = await patch(location, offset, photo.subarray(offset));
    expect(last.status).toBe(204);
    const [uploadId, assetId] = (last.headers.get("upload-result") ?? "").split(",");

    const second = await send(await noisyJpeg(600, 400), target(g, "DSC_0002.JPG"));
    expect(second.status).toBe(204);

    const items = await t.deps.db.galleryItem.findMany({
      where: { galleryId: g.id },
      orderBy: { position: "asc" },
      include: { upload: true },
    });
    expect(items.map((i) => [i.position, i.setId, i.upload.originalName])).toEqual([
      [0, g.setId, "clip.mp4"],
      [1, g.setId, "DSC_0001.JPG"],
      [2, g.setId, "DSC_0002.JPG"],
    ]);
    const photoItem = items[1]!;
    expect(photoItem.uploadId).toBe(uploadId);
    expect(photoItem.upload).toMatchObject({
      purpose: "gallery_media",
      kind: "image",
      storageKey: `private/${uploadId}.jpg`,
    });
    expect(items.every((i) => i.upload.attachedAt !== null)).toBe(true);
    expect((await t.deps.db.gallery.findUniqueOrThrow({ where: { id: g.id } })).coverItemId).toBe(
      photoItem.id,
    );
    const job = await t.deps.db.job.findFirstOrThrow({ where: { key: `media:${uploadId}` } });
    expect(job.payload).toMatchObject({ uploadId, watermark: null, keepLocation: false });
    expect(await tusLeftovers()).toEqual([]);

    // Audited as the back office's own "add item", by the admin who uploaded, on the gallery.
    const entries = await t.deps.db.auditEntry.findMany({
      where: { entity: "gallery", entityId: String(g.id), action: "item_added" },
      orderBy: { id: "asc" },
    });
    expect(entries).toHaveLength(3);
    expect(entries[0]!.actorName).toBe("Studio Owner");
    expect(JSON.stringify(entries[1]!.after)).toContain("DSC_0001.JPG");

    // The back office sees each file's processing, by the MediaAsset id the live stream's events name.
    const pending = await owner.galleries.get({ id: g.id });
    const shown = pending.sets[0]!.items.find((i) => i.id === photoItem.id)!;
    expect(shown.media).toEqual({ id: Number(assetId), status: "pending", progress: 0, error: null });

    // The jobs run: photos become ready; the fake video (an MP4 header and zeros) fails with its reason.
    expect(await t.harness.runJobs()).toBe(3);
    const done = await owner.galleries.get({ id: g.id });
    const states = done.sets[0]!.items.map((i) => [i.name, i.media?.status, i.media?.progress]);
    expect(states).toEqual([
      ["clip.mp4", "failed", expect.any(Number)],
      ["DSC_0001.JPG", "ready", 100],
      ["DSC_0002.JPG", "ready", 100],
    ]);
    expect(done.sets[0]!.items[0]!.media?.error).toMatch(/could not be read/);
    const events = await t.deps.db.liveEvent.findMany({
      where: { entityId: Number(assetId), type: { startsWith: "media." } },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.type)).toContain("media.progress");
    expect(events.at(-1)).toMatchObject({ type: "media.ready", status: "100" });
  });

  it("processes with the gallery's choices: the studio's name as a watermark, EXIF kept when asked", async () => {
    const g = await newGallery({ watermark: true, keep_exif: true });
    const done = await send(await noisyJpeg(300, 200), target(g, "proof.jpg"));
    const [uploadId] = (done.headers.get("upload-result") ?? "").split(",");
    const job = await t.deps.db.job.findFirstOrThrow({ where: { key: `media:${uploadId}` } });
    const profile = await owner.site.profile();
    expect(job.payload).toMatchObject({ watermark: profile.name, keepLocation: true });
  });

  it("refuses before a byte is stored: no gallery named, an unknown gallery, a set of another gallery", async () => {
    const a = await newGallery();
    const b = await newGallery();
    const refusals: [Record<string, string>, string][] = [
      [{ purpose: "gallery_media", filename: "a.jpg" }, MESSAGES.gallery.uploadTarget],
      [{ ...target(a, "a.jpg"), set_id: "x" }, MESSAGES.gallery.uploadTarget],
      [{ ...target(a, "a.jpg"), gallery_id: "999999" }, MESSAGES.gallery.notFound],
      [{ ...target(a, "a.jpg"), set_id: String(b.setId) }, MESSAGES.gallery.setNotFound],
    ];
    for (const [meta, message] of refusals) {
      const refused = await create(1000, meta);
      expect(refused.status).toBe(400);
      expect(JSON.parse(await refused.text()).message).toBe(message);
    }
    expect(await tusLeftovers()).toEqual([]);
    expect(await t.deps.db.galleryItem.count({ where: { galleryId: { in: [a.id, b.id] } } })).toBe(0);
  });

  it("takes files from signed-in admins only", async () => {
    const g = await newGallery();
    const anonymous = await t.app.request(RESUMABLE_PATH, {
      method: "POST",
      headers: { ...TUS, "Upload-Length": "10", "Upload-Metadata": tusMetadata(target(g, "a.jpg")) },
    });
    expect(anonymous.status).toBe(401);
    // The route never hands an API key's caller on; the purpose refuses one by itself all the same.
    const key = {
      user: { id: 0, name: "Zapier", email: "", role: "admin" },
      session: { id: "api-key:1", expiresAt: new Date(8.64e15) },
      apiKey: { id: 1, name: "Zapier" },
    } as unknown as Authenticated;
    const purpose = galleryMediaPurpose(t.deps);
    expect(await purpose.validate?.(target(g, "a.jpg"), key)).toBe(MESSAGES.gallery.uploadAdminsOnly);
  });

  it("judges the file by its bytes and checks the gallery again when the last byte is in", async () => {
    const g = await newGallery();
    const before = await t.deps.db.upload.count();
    const page = await send(HTML_FILE, target(g, "holiday.jpg"));
    expect(page.status).toBe(415);
    expect(JSON.parse(await page.text()).message).toBe(MESSAGES.upload.typeNotSupported("a web page"));

    // The gallery is deleted while its file is on its way: the file is refused and nothing is kept.
    const photo = await noisyJpeg(300, 200);
    const location = (await create(photo.length, target(g, "late.jpg"))).headers.get("location")!;
    await owner.galleries.delete({ id: g.id });
    const late = await patch(location, 0, photo);
    expect(late.status).toBe(400);
    expect(JSON.parse(await late.text()).message).toBe(MESSAGES.gallery.notFound);
    expect(await t.deps.db.upload.count()).toBe(before);
    expect(await tusLeftovers()).toEqual([]);
  });
});
