/**
 * The media pipeline's processing job on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL), real
 * storage (disk, and an s3rver bucket), real sharp and Debian's ffmpeg: what a photo and a video become, what
 * the live stream hears, and the job's guarantees (two workers run each file once; a run killed in the middle is
 * resumed by another worker once its lease runs out).
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import exifr from "exifr";
import sharp from "sharp";
import { thumbHashToRGBA } from "thumbhash";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobWorkerDeps } from "../../jobs/worker";
import { runJobPass, startJobWorker } from "../../jobs/worker";
import { createHarness, type Harness } from "../../testing/harness";
import { startTestS3, type TestS3 } from "../../testing/s3";
import { enqueueMediaProcessing, type MediaVariant, mediaJobHandlers } from "./process";

const scratch = mkdtempSync(path.join(os.tmpdir(), "studio-media-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A camera's JPEG: sideways (orientation 6), with a capture time and offset, GPS, owner and serial number. */
async function cameraJpeg(width = 3000, height = 2000): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "StudioCam", Model: "SC-1", Artist: "Jane Photographer" },
      IFD2: {
        DateTimeOriginal: "2031:05:01 14:03:22",
        OffsetTimeOriginal: "+05:30",
        BodySerialNumber: "SN-998877",
      },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "16/1 42/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "74/1 14/1 0/1",
      },
    })
    .toBuffer();
}

/** Two seconds of test picture and tone, with a location in its metadata (as phones write it). */
function cameraVideo(): Buffer {
  const file = path.join(scratch, `${randomUUID()}.mp4`);
  execFileSync("ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=1280x720:rate=25:duration=2",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:duration=2",
    "-c:v",
    "mpeg4",
    "-c:a",
    "aac",
    "-metadata",
    "location=+16.7000+074.2333/",
    "-metadata",
    "artist=Jane Photographer",
    file,
  ]);
  return readFileSync(file);
}

async function storedUpload(
  h: Harness,
  bytes: Buffer,
  kind: "image" | "video",
  ext: string,
): Promise<string> {
  const id = randomUUID();
  const key = `private/${id}.${ext}`;
  const file = path.join(scratch, `${id}.${ext}`);
  writeFileSync(file, bytes);
  await h.deps.storage.putFile(key, file);
  await h.deps.db.upload.create({
    data: {
      id,
      purpose: "portfolio_media",
      kind,
      mimeType: kind === "image" ? "image/jpeg" : "video/mp4",
      extension: ext,
      size: bytes.length,
      originalName: `shoot.${ext}`,
      storageKey: key,
    },
  });
  return id;
}

async function storedBytes(h: Harness, key: string): Promise<Buffer> {
  const found = await h.deps.storage.read(key);
  if (!found) throw new Error(`${key} is not stored`);
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const assetOf = (h: Harness, uploadId: string) =>
  h.deps.db.mediaAsset.findUniqueOrThrow({ where: { uploadId } });

const variantsOf = (asset: { variants: unknown }) => asset.variants as MediaVariant[];

function workerDeps(h: Harness, overrides: Partial<JobWorkerDeps> = {}): JobWorkerDeps {
  return { db: h.deps.db, now: h.deps.now, handlers: mediaJobHandlers(h.deps), pollMs: 20, ...overrides };
}

async function waitFor(condition: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(["disk", "s3"] as const)("a photo, stored on %s", (where) => {
  let h: Harness;
  let s3: TestS3 | null = null;
  beforeAll(async () => {
    s3 = where === "s3" ? await startTestS3() : null;
    h = await createHarness({}, s3 ? { s3 } : {});
  });
  afterAll(async () => {
    await h.close();
    await s3?.stop();
  });

  it("gets an upright, EXIF-clean download copy, WebP and AVIF widths, a placeholder and its capture facts", async () => {
    const original = await cameraJpeg();
    const uploadId = await storedUpload(h, original, "image", "jpg");
    const assetId = await h.deps.db.$transaction((tx) => enqueueMediaProcessing(tx, { uploadId }));
    const before = (await h.deps.db.liveEvent.findFirst({ orderBy: { id: "desc" } }))?.id ?? 0;
    expect(await h.runJobs()).toBe(1);

    const asset = await assetOf(h, uploadId);
    expect(asset.id).toBe(assetId);
    expect([asset.status, asset.progress, asset.error]).toEqual(["ready", 100, null]);
    // Orientation 6: the 3000 × 2000 sensor image stands upright as 2000 × 3000.
    expect([asset.width, asset.height, asset.orientation]).toEqual([2000, 3000, 6]);
    expect(asset.capturedAt?.toISOString()).toBe("2031-05-01T08:33:22.000Z");
    const variants = variantsOf(asset);
    const web = variants
      .filter((v) => v.role === "web")
      .map((v) => `${v.format}@${v.width}x${v.height}`)
      .sort();
    expect(web).toEqual(
      [
        "avif@1024x1536",
        "avif@2000x3000",
        "avif@480x720",
        "webp@1024x1536",
        "webp@2000x3000",
        "webp@480x720",
      ].sort(),
    );
    for (const v of variants) {
      expect(v.key.startsWith(`private/${uploadId}/`)).toBe(true);
      const bytes = await storedBytes(h, v.key);
      expect(bytes.length).toBe(v.size);
      const meta = await sharp(bytes).metadata();
      // Web variants are upright pixels; the download copy may carry the original's orientation tag instead.
      expect([meta.autoOrient.width, meta.autoOrient.height]).toEqual([v.width, v.height]);
    }

    const download = variants.find((v) => v.role === "download")!;
    expect([download.format, download.width, download.height]).toEqual(["jpeg", 2000, 3000]);
    // Its CRC-32 is recorded (a ZIP of download copies can then be resumed); web variants need none.
    expect(download.crc32).toBe(crc32(await storedBytes(h, download.key)));
    expect(variants.filter((v) => v.role === "web").every((v) => v.crc32 === undefined)).toBe(true);
    const tags = await exifr.parse(await storedBytes(h, download.key), {
      translateValues: false,
      reviveValues: false,
    });
    // Location and personal fields are gone; what a photo library sorts by stays.
    expect(tags.GPSLatitude).toBeUndefined();
    expect(tags.latitude).toBeUndefined();
    expect(tags.Artist).toBeUndefined();
    expect(tags.BodySerialNumber ?? tags.SerialNumber).toBeUndefined();
    expect([tags.Make, tags.Model, tags.DateTimeOriginal]).toEqual([
      "StudioCam",
      "SC-1",
      "2031:05:01 14:03:22",
    ]);
    // The JPEG's compressed image is the original's, byte for byte (no re-encoding), still tagged sideways.
    expect(tags.Orientation).toBe(6);
    const scan = (jpeg: Buffer) => jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])));
    expect(scan(await storedBytes(h, download.key)).equals(scan(original))).toBe(true);

    // The placeholder decodes to a tiny picture of the same (portrait) shape.
    const tiny = thumbHashToRGBA(Buffer.from(asset.placeholder ?? "", "base64"));
    expect(tiny.h).toBeGreaterThan(tiny.w);

    const events = await h.deps.db.liveEvent.findMany({
      where: { id: { gt: before } },
      orderBy: { id: "asc" },
    });
    expect(events.at(0)).toMatchObject({ type: "media.progress", entityId: assetId, status: "0" });
    expect(events.at(-1)).toMatchObject({ type: "media.ready", entityId: assetId, status: "100" });
  });

  it("keeps the location when the studio opts in, and watermarks the web variants when asked", async () => {
    const original = await cameraJpeg(1200, 800);
    const plain = await storedUpload(h, original, "image", "jpg");
    const marked = await storedUpload(h, original, "image", "jpg");
    await enqueueMediaProcessing(h.deps.db, { uploadId: plain, keepLocation: true });
    await enqueueMediaProcessing(h.deps.db, { uploadId: marked, watermark: "Rankala Studio" });
    expect(await h.runJobs()).toBe(2);
    const kept = variantsOf(await assetOf(h, plain)).find((v) => v.role === "download")!;
    const gps = await exifr.gps(await storedBytes(h, kept.key));
    expect(gps?.latitude).toBeCloseTo(16.7, 3);

    const webOf = async (id: string) => {
      const v = variantsOf(await assetOf(h, id)).find(
        (x) => x.role === "web" && x.format === "webp" && x.width === 480,
      )!;
      return sharp(await storedBytes(h, v.key))
        .raw()
        .toBuffer();
    };
    const [a, b] = [await webOf(plain), await webOf(marked)];
    let differing = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 40) differing++;
    // The band covers a visible share of the picture, not a stray pixel.
    expect(differing / a.length).toBeGreaterThan(0.003);
    // The download copy is never watermarked.
    const markedDownload = variantsOf(await assetOf(h, marked)).find((v) => v.role === "download")!;
    expect(markedDownload.size).toBeGreaterThan(0);
  });
});

describe("videos, damaged files and workers", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it("a video gets a poster frame, an H.264/AAC web preview and a download copy without its location", async () => {
    const uploadId = await storedUpload(h, cameraVideo(), "video", "mp4");
    await enqueueMediaProcessing(h.deps.db, { uploadId });
    expect(await h.runJobs()).toBe(1);
    const asset = await assetOf(h, uploadId);
    expect([asset.status, asset.width, asset.height]).toEqual(["ready", 1280, 720]);
    expect(asset.durationMs).toBeGreaterThanOrEqual(1900);
    expect(asset.posterKey).toBe(`private/${uploadId}/poster.jpg`);
    expect(asset.previewKey).toBe(`private/${uploadId}/preview.mp4`);
    const poster = await sharp(await storedBytes(h, asset.posterKey!)).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(["jpeg", 1280, 720]);

    const probe = (key: string, bytes: Buffer) => {
      const file = path.join(scratch, `${randomUUID()}-${path.basename(key)}`);
      writeFileSync(file, bytes);
      return JSON.parse(
        execFileSync("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", file], {
          encoding: "utf8",
        }),
      ) as { streams: { codec_name: string; height?: number }[]; format: { tags?: Record<string, string> } };
    };
    const preview = probe("preview.mp4", await storedBytes(h, asset.previewKey!));
    expect(preview.streams.map((s) => s.codec_name).sort()).toEqual(["aac", "h264"]);
    expect(preview.streams.find((s) => s.codec_name === "h264")?.height).toBe(720);
    const download = variantsOf(asset).find((v) => v.role === "download")!;
    expect(download.crc32).toBe(crc32(await storedBytes(h, download.key)));
    const copy = probe("download.mp4", await storedBytes(h, download.key));
    expect(copy.streams.map((s) => s.codec_name).sort()).toEqual(["aac", "mpeg4"]);
    expect(JSON.stringify(copy.format.tags ?? {})).not.toMatch(/16\.7|Jane/);
  });

  it("a clip of one second has no frame one second in: its poster is its first frame", async () => {
    const file = path.join(scratch, `${randomUUID()}.mp4`);
    execFileSync("ffmpeg", [
      ...[
        "-hide_banner",
        "-loglevel",
        "error",
        "-f",
        "lavfi",
        "-i",
        "testsrc=size=320x240:rate=25:duration=1",
      ],
      ...["-c:v", "mpeg4", file],
    ]);
    const uploadId = await storedUpload(h, readFileSync(file), "video", "mp4");
    await enqueueMediaProcessing(h.deps.db, { uploadId });
    expect(await h.runJobs()).toBe(1);
    const asset = await assetOf(h, uploadId);
    expect([asset.status, asset.error]).toEqual(["ready", null]);
    const poster = await sharp(await storedBytes(h, asset.posterKey!)).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(["jpeg", 320, 240]);
  });

  it("a damaged photo fails for good with a reason the back office shows, and the stream hears it", async () => {
    const bytes = (await cameraJpeg(800, 600)).subarray(0, 3000);
    const uploadId = await storedUpload(h, bytes, "image", "jpg");
    const assetId = await enqueueMediaProcessing(h.deps.db, { uploadId });
    await h.runJobs();
    const asset = await assetOf(h, uploadId);
    expect([asset.status, asset.error]).toEqual([
      "failed",
      "The photo could not be read: it may be damaged.",
    ]);
    const job = await h.deps.db.job.findFirstOrThrow({ where: { key: `media:${uploadId}` } });
    expect([job.status, job.attempts]).toEqual(["failed", 1]);
    const last = await h.deps.db.liveEvent.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(last).toMatchObject({ type: "media.failed", entityId: assetId });
  });

  it("two workers racing over six photos process each exactly once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await storedUpload(h, await cameraJpeg(900, 600), "image", "jpg");
      await enqueueMediaProcessing(h.deps.db, { uploadId: id });
      ids.push(id);
    }
    const runs: string[] = [];
    const counted = () =>
      mediaJobHandlers(h.deps).map((handler) => ({
        ...handler,
        run: (payload: unknown, context: Parameters<typeof handler.run>[1]) => {
          runs.push((payload as { uploadId: string }).uploadId);
          return handler.run(payload, context);
        },
      }));
    const workers = [
      startJobWorker(workerDeps(h, { handlers: counted() })),
      startJobWorker(workerDeps(h, { handlers: counted() })),
    ];
    await waitFor(
      async () =>
        (await h.deps.db.mediaAsset.count({ where: { uploadId: { in: ids }, status: "ready" } })) === 6,
      "six ready",
    );
    await Promise.all(workers.map((w) => w.stop()));
    expect([...runs].sort()).toEqual([...ids].sort());
  });

  it("a run killed half-way is resumed by another worker once its lease runs out, and the dead run cannot finish it", async () => {
    const uploadId = await storedUpload(h, await cameraJpeg(1600, 1000), "image", "jpg");
    await enqueueMediaProcessing(h.deps.db, { uploadId });
    let now = new Date();
    // Worker A hangs after its first stored step: it is as good as dead (no renewals either).
    let reachedA: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (reachedA = resolve));
    const hung = new Promise<void>(() => undefined);
    const handlersA = mediaJobHandlers(h.deps, {
      onStep: async (fraction) => {
        if (fraction > 0) {
          reachedA();
          await hung;
        }
      },
    });
    const passA = runJobPass(
      workerDeps(h, { handlers: handlersA, now: () => now, renewEveryMs: 3_600_000 }),
      handlersA[0]!,
    );
    await reached;
    expect((await assetOf(h, uploadId)).status).toBe("processing");
    const handlersB = mediaJobHandlers(h.deps);
    const depsB = workerDeps(h, { handlers: handlersB, now: () => now });
    expect((await runJobPass(depsB, handlersB[0]!)).claimed).toBe(0); // A's lease still holds
    now = new Date(now.getTime() + 120_001);
    expect((await runJobPass(depsB, handlersB[0]!)).done).toBe(1);
    const asset = await assetOf(h, uploadId);
    expect([asset.status, asset.progress]).toEqual(["ready", 100]);
    const job = await h.deps.db.job.findFirstOrThrow({ where: { key: `media:${uploadId}` } });
    expect([job.status, job.attempts]).toEqual(["done", 2]);
    void passA; // A never returns: its handler is hung for good, like a process that died.
  });
});
