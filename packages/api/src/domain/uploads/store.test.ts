import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { MB, MESSAGES } from "@studio/validators";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createContext } from "../../create-context";
import { createCaller } from "../../root";
import type { UploadStorage } from "../../storage/storage";
import { createHarness, type Harness } from "../../testing/harness";
import {
  animatedGif,
  docFile,
  docxFile,
  EXE_FILE,
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
  SVG_FILE,
  TXT_FILE,
  webmFile,
  pngBomb,
} from "../../testing/upload-files";

let h: Harness;
let adminToken: string;

beforeAll(async () => {
  h = await createHarness();
  adminToken = (await h.admin()).token;
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.deps.db.upload.deleteMany();
  for (const entry of await readdir(h.uploadDir))
    await rm(path.join(h.uploadDir, entry), { recursive: true });
});

type Caller = ReturnType<typeof createCaller>;
type Proc = "bookingProof" | "serviceImage" | "portfolioMedia";
type UploadInput = Parameters<Caller["uploads"]["bookingProof"]>[0];

function send<P extends Proc>(
  caller: Caller,
  proc: P,
  parts: FormPart[],
  options: { chunk?: number } = {},
): ReturnType<Caller["uploads"][P]> {
  const body = multipartBody(parts);
  const call = caller.uploads[proc] as unknown as (input: UploadInput) => Promise<unknown>;
  return call({
    body: streamOf(body, options.chunk),
    contentType: multipartType(),
    contentLength: body.length,
  }) as ReturnType<Caller["uploads"][P]>;
}
const file = (data: Buffer | string, filename = "upload.bin", contentType?: string): FormPart => ({
  name: "image",
  filename,
  contentType,
  data,
});
const visitor = () => h.caller();
const admin = () => h.caller({ token: adminToken });

/** Every file under the upload directory (temporary files included), relative to it. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(h.uploadDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(h.uploadDir, path.join(e.parentPath, e.name)))
    .sort();
}
const onDisk = (url: string) => path.join(h.uploadDir, url.replace(/^\/uploads\//, ""));
const typeMessage = (x: string, imagesOnly = false) => MESSAGES.upload.typeNotSupported(x, imagesOnly);

async function expectNothingStored() {
  expect(await storedFiles()).toEqual([]);
  expect(await h.deps.db.upload.count()).toBe(0);
}

describe("booking proof upload (public)", () => {
  it("stores a PNG privately, re-encoded, with an Upload row", async () => {
    const png = await pngFile(640, 480);
    const result = await send(visitor(), "bookingProof", [
      { name: "note", data: "ignored" },
      file(png, "receipt.png", "image/png"),
    ]);
    expect(result).toMatchObject({ name: "receipt.png", kind: "image", mime_type: "image/png" });
    expect(result.reference).toMatch(/^\/uploads\/private\/[0-9a-f-]{36}\.png$/);
    // The uploader gets a short-lived signed link to the same file, to preview it.
    expect(result.url).toMatch(new RegExp(`^${result.reference.replaceAll(".", "\\.")}\\?expires=\\d+&sig=`));
    const stored = await readFile(onDisk(result.reference));
    expect(result.size).toBe(stored.length);
    expect(await sharp(stored).metadata()).toMatchObject({ format: "png", width: 640, height: 480 });
    const row = await h.deps.db.upload.findFirstOrThrow();
    expect(row).toMatchObject({
      purpose: "booking_proof",
      kind: "image",
      extension: "png",
      storageKey: result.reference.replace("/uploads/", ""),
      attachedAt: null,
      variants: null,
    });
    // Private proofs get no public variants, and no temporary file is left.
    expect(await storedFiles()).toEqual([result.reference.replace("/uploads/", "")]);
  });

  it("strips EXIF and GPS from a JPEG and applies its rotation", async () => {
    const jpeg = await jpegWithGps(800, 600);
    expect(jpeg.includes(Buffer.from("StudioCam"))).toBe(true);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const result = await send(visitor(), "bookingProof", [file(jpeg, "IMG_0001.JPG", "image/jpeg")]);
    expect(result.reference).toMatch(/\.jpg$/);
    const stored = await readFile(onDisk(result.reference));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([600, 800]);
    expect(stored.includes(Buffer.from("StudioCam"))).toBe(false);
  });

  it("stores PDF, DOC, DOCX and TXT as sent", async () => {
    const cases: [Buffer, string, string, string][] = [
      [PDF_FILE, "contract.pdf", "pdf", "application/pdf"],
      [docFile(), "brief.doc", "doc", "application/msword"],
      [
        docxFile(),
        "brief.docx",
        "docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
      [TXT_FILE, "notes.txt", "txt", "text/plain"],
    ];
    for (const [bytes, name, ext, mime] of cases) {
      const result = await send(visitor(), "bookingProof", [file(bytes, name, "application/octet-stream")], {
        chunk: 7,
      });
      expect(result, name).toMatchObject({ name, kind: "document", mime_type: mime, size: bytes.length });
      expect(result.reference.endsWith(`.${ext}`)).toBe(true);
      expect((await readFile(onDisk(result.reference))).equals(bytes)).toBe(true);
    }
  });

  it("refuses HTML named .png, SVG with script and executables with the specification's message", async () => {
    await expect(
      send(visitor(), "bookingProof", [file(HTML_FILE, "cat.png", "image/png")]),
    ).rejects.toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: typeMessage("a web page"),
    });
    await expect(
      send(visitor(), "bookingProof", [file(SVG_FILE, "logo.svg", "image/svg+xml")]),
    ).rejects.toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", message: typeMessage("an SVG drawing") });
    await expect(
      send(visitor(), "bookingProof", [file(EXE_FILE, "invoice.pdf.exe", "application/octet-stream")]),
    ).rejects.toMatchObject({ message: typeMessage("an .exe program") });
    await expectNothingStored();
  });

  it("names the declared type, else the extension, when the bytes say nothing", async () => {
    const binary = Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0xff, 0x10]);
    await expect(
      send(visitor(), "bookingProof", [file(binary, "data.bin", "application/x-custom")]),
    ).rejects.toMatchObject({ message: typeMessage("a .bin file") });
    await expect(
      send(visitor(), "bookingProof", [file(binary, "data.BIN", "application/octet-stream")]),
    ).rejects.toMatchObject({ message: typeMessage("a .bin file") });
    await expect(send(visitor(), "bookingProof", [file(binary, "data")])).rejects.toMatchObject({
      message: typeMessage("an unknown kind of file"),
    });
    await expectNothingStored();
  });

  it("names a pixel bomb for what it is, with the limit, before decoding it", async () => {
    const bomb = pngBomb(16_000, 16_000);
    expect(bomb.length).toBeLessThan(300 * 1024);
    await expect(
      send(visitor(), "bookingProof", [file(bomb, "huge.png", "image/png")]),
    ).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: MESSAGES.upload.imageTooManyPixels(16_000, 16_000, 100_000_000),
    });
    expect(MESSAGES.upload.imageTooManyPixels(16_000, 16_000, 100_000_000)).toContain(
      "(16,000 × 16,000 pixels; at most 100 megapixels)",
    );
    await expectNothingStored();
  });

  it("refuses a video, a truncated image (as damaged) and a zip that is not a Word document", async () => {
    await expect(
      send(visitor(), "bookingProof", [file(mp4File(), "clip.mp4", "video/mp4")]),
    ).rejects.toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", message: typeMessage("an MP4 video") });
    const png = await pngFile(400, 300);
    await expect(
      send(visitor(), "bookingProof", [file(png.subarray(0, Math.floor(png.length / 2)), "half.png")]),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: MESSAGES.upload.damaged });
    await expectNothingStored();
  });

  it("refuses a zero-byte file and a missing file field", async () => {
    await expect(
      send(visitor(), "bookingProof", [file("", "empty.pdf", "application/pdf")]),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: MESSAGES.upload.emptyFile,
    });
    await expect(send(visitor(), "bookingProof", [file("", "")])).rejects.toMatchObject({
      message: MESSAGES.upload.missingFile,
    });
    await expect(
      send(visitor(), "bookingProof", [{ name: "file", filename: "a.png", data: "x" }]),
    ).rejects.toMatchObject({ message: MESSAGES.upload.missingFile });
    await expect(
      visitor().uploads.bookingProof({
        body: streamOf(PDF_FILE),
        contentType: "application/pdf",
        contentLength: null,
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: MESSAGES.upload.missingFile });
    await expect(
      visitor().uploads.bookingProof({ body: null, contentType: multipartType(), contentLength: null }),
    ).rejects.toMatchObject({ message: MESSAGES.upload.missingFile });
    await expectNothingStored();
  });

  it("keeps a path-traversal file name out of the storage path", async () => {
    const result = await send(visitor(), "bookingProof", [
      file(PDF_FILE, "../../../etc/\u202eevil\u0007..\\..\\passwd.pdf", "application/pdf"),
    ]);
    expect(result.reference).toMatch(/^\/uploads\/private\/[0-9a-f-]{36}\.pdf$/);
    expect(result.name).toBe("passwd.pdf");
    expect(await storedFiles()).toEqual([result.reference.replace("/uploads/", "")]);
  });

  it("refuses a body that ends mid-file", async () => {
    const body = multipartBody([file(PDF_FILE, "a.pdf")]);
    await expect(
      visitor().uploads.bookingProof({
        body: streamOf(body.subarray(0, body.length - 20)),
        contentType: multipartType(),
        contentLength: null,
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: MESSAGES.upload.failed });
    await expectNothingStored();
  });
});

describe("size limits, enforced while streaming", () => {
  it("refuses a file just over 10 MB (413) and leaves nothing behind", async () => {
    const head = await pngFile(100, 100);
    const stream = hugeUploadStream(head, 10 * MB + 1, "big.png", "image/png");
    await expect(
      visitor().uploads.bookingProof({ body: stream, contentType: multipartType(), contentLength: null }),
    ).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: MESSAGES.upload.tooLarge("over 10MB", 10),
    });
    await expectNothingStored();
  });

  it("believes a Content-Length that already says too big, without reading the file", async () => {
    const head = Buffer.from(PDF_FILE);
    const size = 60 * MB;
    const stream = hugeUploadStream(head, size, "big.pdf");
    await expect(
      visitor().uploads.bookingProof({
        body: stream,
        contentType: multipartType(),
        contentLength: size + 300,
      }),
    ).rejects.toMatchObject({ message: MESSAGES.upload.tooLarge("60.0 MB", 10) });
    expect(stream.served()).toBeLessThan(1 * MB);
    await expectNothingStored();
  });

  it("counts the bytes when the Content-Length lies (claims 1 KB, streams 60 MB)", async () => {
    const stream = hugeUploadStream(Buffer.from(PDF_FILE), 60 * MB, "small.pdf");
    await expect(
      visitor().uploads.bookingProof({ body: stream, contentType: multipartType(), contentLength: 1024 }),
    ).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: MESSAGES.upload.tooLarge("over 10MB", 10),
    });
    expect(stream.served()).toBeLessThan(11 * MB);
    await expectNothingStored();
  });

  it("gives portfolio videos 50 MB and images 10 MB", async () => {
    const video = await admin().uploads.portfolioMedia({
      body: hugeUploadStream(mp4File(64), 12 * MB, "reel.mp4", "video/mp4"),
      contentType: multipartType(),
      contentLength: null,
    });
    expect(video).toMatchObject({ kind: "video", mime_type: "video/mp4", variants: [] });
    expect((await readFile(onDisk(video.url))).length).toBe(12 * MB);

    await expect(
      admin().uploads.portfolioMedia({
        body: hugeUploadStream(await pngFile(50, 50), 12 * MB, "huge.png"),
        contentType: multipartType(),
        contentLength: null,
      }),
    ).rejects.toMatchObject({ message: MESSAGES.upload.tooLarge("over 10MB", 10) });
    await expect(
      admin().uploads.portfolioMedia({
        body: hugeUploadStream(mp4File(64), 50 * MB + 1, "long.mp4"),
        contentType: multipartType(),
        contentLength: null,
      }),
    ).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: MESSAGES.upload.tooLarge("over 50MB", 50),
    });
    expect(await storedFiles()).toEqual([video.url.replace("/uploads/", "")]);
  });
});

describe("admin media uploads", () => {
  it("requires an admin token before reading the body", async () => {
    const stream = streamOf(multipartBody([file(await pngFile(), "a.png")]));
    await expect(
      visitor().uploads.serviceImage({ body: stream, contentType: multipartType(), contentLength: null }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(
      h.caller({ token: "garbage" }).uploads.portfolioMedia({
        body: stream,
        contentType: multipartType(),
        contentLength: null,
      }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(stream.pulled()).toBe(0);
  });

  it("makes WebP variants narrower than the original for public images", async () => {
    const wide = await send(admin(), "serviceImage", [
      file(await pngFile(2000, 1000), "hero.png", "image/png"),
    ]);
    expect(wide.url).toMatch(/^\/uploads\/media\/[0-9a-f-]{36}\.png$/);
    expect(wide.variants.map((v) => v.width)).toEqual([480, 960, 1600]);
    for (const variant of wide.variants) {
      expect(variant.url).toBe(wide.url.replace(/\.png$/, `-${variant.width}.webp`));
      const meta = await sharp(await readFile(onDisk(variant.url))).metadata();
      expect(meta).toMatchObject({ format: "webp", width: variant.width });
    }
    const row = await h.deps.db.upload.findFirstOrThrow({ where: { storageKey: wide.url.slice(9) } });
    expect(row).toMatchObject({ purpose: "service_image" });
    expect(row.variants).toEqual({
      "480": wide.variants[0]!.url.slice(9),
      "960": wide.variants[1]!.url.slice(9),
      "1600": wide.variants[2]!.url.slice(9),
    });

    // Rotation first: an 2000×1000 JPEG turned 90° is 1000 wide, so no 1600 variant.
    const rotated = await send(admin(), "portfolioMedia", [file(await jpegWithGps(2000, 1000), "shot.jpg")]);
    expect(rotated.variants.map((v) => v.width)).toEqual([480, 960]);
    const small = await send(admin(), "serviceImage", [file(await pngFile(300, 200), "icon.png")]);
    expect(small.variants).toEqual([]);
  });

  it("keeps the frames of an animated GIF, in the GIF and in its WebP variants", async () => {
    const result = await send(admin(), "portfolioMedia", [file(await animatedGif(1000, 600), "loop.gif")]);
    expect(result).toMatchObject({ kind: "image", mime_type: "image/gif" });
    const main = await sharp(await readFile(onDisk(result.url)), { animated: true }).metadata();
    expect(main).toMatchObject({ format: "gif", pages: 3, width: 1000, pageHeight: 600 });
    expect(result.variants.map((v) => v.width)).toEqual([480, 960]);
    const small = await sharp(await readFile(onDisk(result.variants[0]!.url)), { animated: true }).metadata();
    expect(small).toMatchObject({ format: "webp", pages: 3, width: 480 });
  });

  it("refuses videos and documents as service images, naming only images; accepts WebM on the portfolio", async () => {
    await expect(
      send(admin(), "serviceImage", [file(webmFile(), "a.webm", "video/webm")]),
    ).rejects.toMatchObject({
      message: typeMessage("a WebM video", true),
    });
    await expect(send(admin(), "portfolioMedia", [file(PDF_FILE, "a.pdf")])).rejects.toMatchObject({
      message: typeMessage("a PDF document"),
    });
    const webm = await send(admin(), "portfolioMedia", [file(webmFile(), "reel.webm")]);
    expect(webm).toMatchObject({ kind: "video", mime_type: "video/webm" });
    expect(webm.url).toMatch(/^\/uploads\/media\/[0-9a-f-]{36}\.webm$/);
  });
});

describe("storage failures", () => {
  const callerWith = (storage: UploadStorage) =>
    createCaller(createContext({ ...h.deps, storage }, { token: null, ip: "203.0.113.10" }));

  it("answers 503 with a clear message when the disk is full, leaving no file and no row", async () => {
    let puts = 0;
    const full: UploadStorage = {
      ...h.deps.storage,
      async putFile(key, temp) {
        // The first file lands, the second hits a full disk: the first must be removed again.
        if (++puts > 1) throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
        await h.deps.storage.putFile(key, temp);
      },
    };
    const admin = createCaller(
      createContext({ ...h.deps, storage: full }, { token: adminToken, ip: "203.0.113.10" }),
    );
    await expect(
      send(admin, "serviceImage", [file(await pngFile(1000, 500), "a.png")]),
    ).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: MESSAGES.upload.storageUnavailable,
    });
    await expectNothingStored();
  });

  it("answers 503 when the temporary directory cannot be written", async () => {
    const blocker = path.join(h.uploadDir, "not-a-dir");
    await writeFile(blocker, "x");
    const broken: UploadStorage = { ...h.deps.storage, tempDir: path.join(blocker, "tmp") };
    await expect(send(callerWith(broken), "bookingProof", [file(PDF_FILE, "a.pdf")])).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: MESSAGES.upload.storageUnavailable,
    });
    expect(await storedFiles()).toEqual(["not-a-dir"]);
    expect(await h.deps.db.upload.count()).toBe(0);
  });
});

describe("over /trpc (no stream)", () => {
  it("refuses a JSON body in place of the multipart stream", async () => {
    await expect(
      visitor().uploads.bookingProof({
        body: "not a stream" as unknown as ReadableStream<Uint8Array>,
        contentType: multipartType(),
        contentLength: null,
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
