/**
 * The upload rules hold when the files live in an S3 bucket (a real S3-protocol server, s3rver, on loopback):
 * limits while streaming, the type judged by the bytes, images re-encoded, variants, private proofs, and the
 * clean-up of uploads nobody uses. The rules live above the storage interface; these tests check they stay there.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { MB, MESSAGES } from "@studio/validators";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { createCaller } from "../../root";
import { createHarness, type Harness } from "../../testing/harness";
import { startTestS3, type TestS3 } from "../../testing/s3";
import {
  type FormPart,
  HTML_FILE,
  hugeUploadStream,
  jpegWithGps,
  mp4File,
  multipartBody,
  multipartType,
  PDF_FILE,
  pngFile,
  streamOf,
} from "../../testing/upload-files";
import { cleanupUploads } from "./cleanup";
import { issuedProofFile } from "./proof";

let s3: TestS3;
let h: Harness;
let adminToken: string;

beforeAll(async () => {
  s3 = await startTestS3();
  h = await createHarness({}, { s3 });
  adminToken = (await h.admin()).token;
});
afterAll(async () => {
  await h.close();
  await s3.stop();
});

type Caller = ReturnType<typeof createCaller>;
type Proc = "bookingProof" | "serviceImage" | "portfolioMedia";
type UploadInput = Parameters<Caller["uploads"]["bookingProof"]>[0];

const visitor = () => h.caller();
const admin = () => h.caller({ token: adminToken });
const keyOf = (url: string) => url.replace(/^\/uploads\//, "");

function send<P extends Proc>(caller: Caller, proc: P, part: FormPart): ReturnType<Caller["uploads"][P]> {
  const body = multipartBody([part]);
  const call = caller.uploads[proc] as unknown as (input: UploadInput) => Promise<unknown>;
  return call({
    body: streamOf(body),
    contentType: multipartType(),
    contentLength: body.length,
  }) as ReturnType<Caller["uploads"][P]>;
}
const file = (data: Buffer, filename: string): FormPart => ({ name: "image", filename, data });

/** Files left on the local disk (the S3 driver's temporary directory included). */
async function localFiles(): Promise<string[]> {
  const entries = await readdir(h.uploadDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(h.uploadDir, path.join(e.parentPath, e.name)));
}

describe("the upload pipeline on S3", () => {
  beforeEach(async () => {
    h.setNow(new Date());
  });

  it("re-encodes an image (EXIF and GPS gone), stores it and its WebP variants in the bucket only", async () => {
    const jpeg = await jpegWithGps(1600, 900);
    const result = await send(admin(), "serviceImage", file(jpeg, "shot.jpg"));
    const key = keyOf(result.url);
    const stored = await s3.objectBytes(key);
    expect(stored).not.toBeNull();
    expect(stored!.equals(jpeg)).toBe(false);
    const meta = await sharp(stored!).metadata();
    // Orientation 6 applied: the 1600 × 900 original stands upright.
    expect(meta).toMatchObject({ format: "jpeg", width: 900, height: 1600 });
    expect(meta.exif).toBeUndefined();
    expect(result.variants.length).toBeGreaterThan(0);
    expect(await s3.listKeys(key.replace(/\.jpg$/, ""))).toEqual(
      [key, ...result.variants.map((v) => keyOf(v.url))].sort(),
    );
    for (const variant of result.variants) {
      expect((await sharp((await s3.objectBytes(keyOf(variant.url)))!).metadata()).format).toBe("webp");
    }
    // Nothing stays on the local disk: not the file, not its temporary copies.
    expect(await localFiles()).toEqual([]);
  });

  it("keeps booking proofs under private/ without variants", async () => {
    const result = await send(visitor(), "bookingProof", file(PDF_FILE, "contract.pdf"));
    expect(result.reference).toMatch(/^\/uploads\/private\/[0-9a-f-]{36}\.pdf$/);
    expect((await s3.objectBytes(keyOf(result.reference)))!.equals(PDF_FILE)).toBe(true);
    expect(await s3.listKeys(keyOf(result.reference).replace(/\.pdf$/, ""))).toEqual([
      keyOf(result.reference),
    ]);
  });

  it("judges the type by the bytes: a web page named .png is refused and nothing reaches the bucket", async () => {
    const before = await s3.listKeys();
    await expect(send(visitor(), "bookingProof", file(HTML_FILE, "photo.png"))).rejects.toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: MESSAGES.upload.typeNotSupported("a web page"),
    });
    expect(await s3.listKeys()).toEqual(before);
    expect(await localFiles()).toEqual([]);
  });

  it("counts the bytes while they stream: a 60 MB body claiming 1 KB stops just past 10 MB, nothing stored", async () => {
    const before = await s3.listKeys();
    const requestsBefore = s3.requests.length;
    const stream = hugeUploadStream(Buffer.from(PDF_FILE), 60 * MB, "small.pdf");
    await expect(
      visitor().uploads.bookingProof({ body: stream, contentType: multipartType(), contentLength: 1024 }),
    ).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: MESSAGES.upload.tooLarge("over 10MB", 10),
    });
    expect(stream.served()).toBeLessThan(11 * MB);
    expect(await s3.listKeys()).toEqual(before);
    // The refusal happened before anything was sent to the bucket.
    expect(s3.requests.slice(requestsBefore).filter((r) => r.method !== "GET")).toEqual([]);
    expect(await localFiles()).toEqual([]);
  });

  it("streams a 49 MB video into the bucket in parts", async () => {
    const requestsBefore = s3.requests.length;
    const size = 49 * MB;
    const result = await admin().uploads.portfolioMedia({
      body: hugeUploadStream(mp4File(64), size, "reel.mp4", "video/mp4"),
      contentType: multipartType(),
      contentLength: null,
    });
    expect(result.kind).toBe("video");
    const key = keyOf(result.url);
    const parts = s3.requests
      .slice(requestsBefore)
      .filter(
        (r) =>
          r.method === "PUT" && r.url.startsWith(`/${s3.bucket}/${key}?`) && r.url.includes("partNumber="),
      );
    expect(parts.length).toBe(Math.ceil(size / (5 * 1024 * 1024)));
    const part = await h.deps.storage.read(key, { start: size - 16, end: size - 1 });
    expect(part?.size).toBe(size);
    part?.stream.destroy();
    expect(await localFiles()).toEqual([]);
  });
});

describe("clean-up on S3", () => {
  const T0 = new Date("2031-03-01T00:00:00Z");
  const hours = (n: number) => new Date(T0.getTime() + n * 3600_000);

  it("removes the objects (file and variants) of uploads nobody used, and keeps the used ones", async () => {
    // Only this test's uploads count.
    await h.deps.db.upload.deleteMany();
    h.setNow(T0);
    const token = (await h.admin()).token;
    const asAdmin = () => h.caller({ token });
    const unclaimed = await send(visitor(), "bookingProof", file(PDF_FILE, "a.pdf"));
    const booked = await send(visitor(), "bookingProof", file(PDF_FILE, "b.pdf"));
    const unused = await send(asAdmin(), "portfolioMedia", file(await pngFile(1200, 800), "u.png"));
    const used = await send(asAdmin(), "serviceImage", file(await pngFile(1200, 800), "s.png"));
    expect(unused.variants.length).toBeGreaterThan(0);

    await h.deps.db.$transaction(async (tx) => {
      // What a booking's write leaves (bookings/insert.ts): the proof attached and held by the booking.
      const claim = await issuedProofFile(tx, booked.reference);
      await tx.upload.update({ where: { id: claim.uploadId }, data: { attachedAt: h.deps.now() } });
      await tx.booking.create({
        data: {
          name: "Ana",
          email: "ana@example.com",
          phone: "555-0100",
          date: "2031-03-10",
          time: "10:00",
          slotKey: "2031-03-10 10:00",
          image: claim.image,
          uploadId: claim.uploadId,
        },
      });
    });
    await h.deps.db.service.create({
      data: { title: "Shoot", description: "d", priceCents: 100, features: [], image: used.url },
    });

    const unusedKeys = [keyOf(unused.url), ...unused.variants.map((v) => keyOf(v.url))];
    const keptKeys = [keyOf(booked.reference), keyOf(used.url), ...used.variants.map((v) => keyOf(v.url))];
    const all = await s3.listKeys();
    for (const key of [keyOf(unclaimed.reference), ...unusedKeys, ...keptKeys]) expect(all).toContain(key);

    h.setNow(hours(25));
    const result = await cleanupUploads(h.deps);
    expect(result).toMatchObject({ removed: 2, attached: 1 });

    const after = await s3.listKeys();
    for (const key of [keyOf(unclaimed.reference), ...unusedKeys]) expect(after, key).not.toContain(key);
    for (const key of keptKeys) expect(after, key).toContain(key);
    const idOf = (url: string) => /[0-9a-f-]{36}/.exec(url)![0];
    expect(
      await h.deps.db.upload.count({ where: { id: { in: [unused.url, unclaimed.reference].map(idOf) } } }),
    ).toBe(0);
  });
});
