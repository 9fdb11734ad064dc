/**
 * Resumable uploads (tus 1.0.0) through the real app, on local disk and on an S3-protocol server (s3rver): an
 * interrupted upload continues from the offset the server reports without sending the finished part again; the
 * finished file is judged by its bytes and limits like every other upload, stored under its final key, and its
 * Upload row, MediaAsset row and processing job are written; only admins get in.
 */
import { randomBytes } from "node:crypto";
import { startTestS3, type TestS3 } from "@studio/api/testing/s3";
import { noisyJpeg, pngBomb } from "@studio/api/testing/uploads";
import { MB, MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESUMABLE_PATH } from "./resumable-route";
import { createTestApp, type TestApp } from "./testing/test-app";
import { tusClient, tusMetadata } from "./testing/tus-client";
import { HTML_FILE, mp4File } from "./upload-test-files";

const TUS = { "Tus-Resumable": "1.0.0" };

/** A photo of about 2 MB that does not compress (noise), so halves are real halves. */
const photo = () => noisyJpeg(1600, 1200);

describe.each(["disk", "s3"] as const)("resumable uploads on %s", (where) => {
  let t: TestApp;
  let s3: TestS3 | null = null;
  let token: string;
  beforeAll(async () => {
    s3 = where === "s3" ? await startTestS3("studio-tus", { listParts: true }) : null;
    t = await createTestApp(s3 ? { s3 } : {});
    token = await t.ownerToken();
  });
  afterAll(async () => {
    await t.close();
    await s3?.stop();
  });

  const { request, create, patch, leftovers: tusLeftovers } = tusClient(() => ({ t, token, s3 }));

  it("resumes an interrupted upload from the server's offset, then stores, records and queues the file", async () => {
    const bytes = await photo();
    const half = Math.floor(bytes.length / 2);
    const created = await create(bytes.length, {
      purpose: "portfolio_media",
      filename: "IMG_0042.JPG",
      filetype: "image/jpeg",
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    expect(location).toMatch(new RegExp(`^${RESUMABLE_PATH}/[0-9a-f-]{36}$`));

    // The first half arrives, then the connection drops.
    expect((await patch(location, 0, bytes.subarray(0, half))).status).toBe(204);
    // The client comes back (after a reload): it asks where to go on from.
    const head = await request("HEAD", location);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBe(half);
    expect(head.headers.get("upload-length")).toBe(String(bytes.length));
    // A PATCH from the wrong offset is refused (409): nothing is written twice.
    expect((await patch(location, 0, bytes.subarray(0, 10))).status).toBe(409);

    const last = await patch(location, offset, bytes.subarray(offset));
    expect(last.status).toBe(204);
    const [uploadId, assetId] = (last.headers.get("upload-result") ?? "").split(",");
    const upload = await t.deps.db.upload.findUniqueOrThrow({ where: { id: uploadId } });
    expect(upload).toMatchObject({
      purpose: "portfolio_media",
      kind: "image",
      mimeType: "image/jpeg",
      extension: "jpg",
      size: bytes.length,
      originalName: "IMG_0042.JPG",
      storageKey: `media/${uploadId}.jpg`,
      attachedAt: null,
    });
    const stored = await t.deps.storage.read(upload.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    const asset = await t.deps.db.mediaAsset.findUniqueOrThrow({ where: { uploadId } });
    expect([String(asset.id), asset.status]).toEqual([assetId, "pending"]);
    const job = await t.deps.db.job.findFirstOrThrow({ where: { key: `media:${uploadId}` } });
    expect([job.kind, job.status]).toEqual(["media.process", "pending"]);
    expect(await tusLeftovers()).toEqual([]);

    // A client whose last answer was lost asks again and learns the ids.
    const again = await request("HEAD", location);
    expect(again.status).toBe(200);
    expect(again.headers.get("upload-offset")).toBe(String(bytes.length));
    expect(again.headers.get("upload-result")).toBe(`${uploadId},${assetId}`);

    // The processing job makes the variants from the stored original.
    expect(await t.harness.runJobs()).toBe(1);
    expect((await t.deps.db.mediaAsset.findUniqueOrThrow({ where: { uploadId } })).status).toBe("ready");
  });

  it("takes a video too, in several chunks", async () => {
    const bytes = mp4File(300_000);
    const location = (
      await create(bytes.length, { purpose: "portfolio_media", filename: "clip.mp4" })
    ).headers.get("location")!;
    let offset = 0;
    let result: Response | null = null;
    for (const size of [100_000, 100_000, 100_000]) {
      result = await patch(location, offset, bytes.subarray(offset, offset + size));
      offset = Number(result.headers.get("upload-offset"));
    }
    expect(result?.status).toBe(204);
    const uploadId = (result?.headers.get("upload-result") ?? "").split(",")[0];
    expect((await t.deps.db.upload.findUniqueOrThrow({ where: { id: uploadId } })).kind).toBe("video");
  });

  it("judges the finished file by its bytes: a web page named .jpg is refused and nothing is kept", async () => {
    const before = await t.deps.db.upload.count();
    const location = (
      await create(HTML_FILE.length, {
        purpose: "portfolio_media",
        filename: "holiday.jpg",
        filetype: "image/jpeg",
      })
    ).headers.get("location")!;
    const refused = await patch(location, 0, HTML_FILE);
    expect(refused.status).toBe(415);
    expect(JSON.parse(await refused.text())).toEqual({
      success: false,
      message: MESSAGES.upload.typeNotSupported("a web page"),
    });
    expect(await t.deps.db.upload.count()).toBe(before);
    expect(await tusLeftovers()).toEqual([]);
  });

  it("refuses a pixel bomb by its header, before anything is decoded", async () => {
    // A small PNG whose header claims 20,000 × 20,000 pixels.
    const bomb = pngBomb(20_000, 20_000);
    const location = (
      await create(bomb.length, { purpose: "portfolio_media", filename: "bomb.png" })
    ).headers.get("location")!;
    const refused = await patch(location, 0, bomb);
    expect(refused.status).toBe(413);
    expect(JSON.parse(await refused.text()).message).toBe(
      MESSAGES.upload.imageTooManyPixels(20_000, 20_000, 100_000_000),
    );
    expect(await tusLeftovers()).toEqual([]);
  });

  it("refuses at creation what cannot be taken: too big, no purpose, an unknown purpose, no length", async () => {
    const big = await create(51 * MB, { purpose: "portfolio_media", filename: "film.mp4" });
    expect(big.status).toBe(413);
    expect((await create(1000, { filename: "a.jpg" })).status).toBe(400);
    const other = await create(1000, { purpose: "booking_proof", filename: "a.jpg" });
    expect(other.status).toBe(400);
    expect(JSON.parse(await other.text()).message).toBe(MESSAGES.upload.resumablePurpose);
    const deferred = await request("POST", RESUMABLE_PATH, {
      "Upload-Defer-Length": "1",
      "Upload-Metadata": tusMetadata({ purpose: "portfolio_media" }),
    });
    expect(deferred.status).toBe(400);
  });

  it("an image over the image limit is refused once its bytes say it is an image", async () => {
    const head = await photo();
    const bytes = Buffer.concat([head, randomBytes(10 * MB + 1 - head.length)]);
    const location = (
      await create(bytes.length, { purpose: "portfolio_media", filename: "huge.jpg" })
    ).headers.get("location")!;
    const refused = await patch(location, 0, bytes);
    expect(refused.status).toBe(413);
    expect(await tusLeftovers()).toEqual([]);
  });

  it("lets only admins in, and never serves an upload's bytes back", async () => {
    const anonymous = await t.app.request(RESUMABLE_PATH, {
      method: "POST",
      headers: {
        ...TUS,
        "Upload-Length": "10",
        "Upload-Metadata": tusMetadata({ purpose: "portfolio_media" }),
      },
    });
    expect(anonymous.status).toBe(401);
    const forged = await t.app.request(RESUMABLE_PATH, {
      method: "POST",
      headers: { ...TUS, Authorization: "Bearer not-a-token", "Upload-Length": "10" },
    });
    expect(forged.status).toBe(401);
    const location = (await create(1000, { purpose: "portfolio_media", filename: "a.jpg" })).headers.get(
      "location",
    )!;
    expect((await request("GET", location)).status).toBe(405);
    // Same origin only: another site is never told it may read the answers.
    const foreign = await request("HEAD", location, { Origin: "https://evil.example" });
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
  });
});
