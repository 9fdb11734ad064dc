/**
 * The real app with STORAGE=s3 against a real S3-protocol server (s3rver on loopback): files uploaded through
 * the REST endpoints land in the bucket, /uploads serves them (whole, in ranges, with the same caching), proofs
 * stay behind our signed links, and an unreachable store answers 503.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { createTestService } from "@studio/api/testing/fixtures";
import { startTestS3, type TestS3 } from "@studio/api/testing/s3";
import { MB, MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app";
import {
  BOUNDARY,
  fileForm,
  HTML_FILE,
  listen,
  mp4File,
  PDF_FILE,
  pngFile,
  streamingForm,
} from "./upload-test-files";

const NOW = new Date("2030-01-15T20:00:00Z");

let s3: TestS3;
let t: TestApp;
let token: string;

beforeAll(async () => {
  s3 = await startTestS3("studio-media");
  t = await createTestApp({ s3 });
  t.harness.setNow(NOW);
  token = await t.ownerToken();
});
afterAll(async () => {
  await t.close();
  await s3.stop();
});

type Uploaded = { url: string; reference?: string; variants?: { width: number; url: string }[] };

async function post(url: string, body: FormData | ReadableStream<Uint8Array>, admin: boolean) {
  const init: RequestInit & { duplex?: "half" } = {
    method: "POST",
    body,
    headers: {
      ...(admin ? { Authorization: `Bearer ${token}` } : {}),
      ...(body instanceof ReadableStream
        ? { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` }
        : {}),
    },
  };
  if (body instanceof ReadableStream) init.duplex = "half";
  const res = await t.app.request(url, init);
  return { status: res.status, body: (await res.json()) as { data?: Uploaded; message?: string } };
}
async function upload(url: string, form: FormData, admin = true): Promise<Uploaded> {
  const res = await post(url, form, admin);
  expect(res.status).toBe(201);
  const data = res.body.data!;
  // REST answers absolute URLs; these tests work with the stored paths.
  const pathOf = (u: string) => new URL(u, "http://local").pathname;
  return {
    url: data.reference ?? pathOf(data.url),
    variants: data.variants?.map((v) => ({ width: v.width, url: pathOf(v.url) })),
  };
}
const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  t.app.request(url, { method, headers });
const keyOf = (url: string) => url.replace(/^\/uploads\//, "");
const bucketBytes = async (url: string) => (await s3.objectBytes(keyOf(url)))!;

async function localFiles(): Promise<string[]> {
  const entries = await readdir(t.harness.uploadDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(t.harness.uploadDir, path.join(e.parentPath, e.name)));
}

describe("public media on S3", () => {
  let image: Uploaded;
  let video: Uploaded;

  beforeAll(async () => {
    image = await upload("/api/services/upload-image", fileForm(pngFile(1000, 400), "hero.png"));
    video = await upload("/api/portfolio/upload-image", fileForm(mp4File(100_000), "reel.mp4"));
  });

  it("puts the image and its variants in the bucket (ListObjectsV2), nothing on the local disk", async () => {
    expect(image.url).toMatch(/^\/uploads\/media\/[0-9a-f-]{36}\.png$/);
    expect(image.variants?.length).toBeGreaterThan(0);
    const keys = await s3.listKeys("media/");
    for (const url of [image.url, ...image.variants!.map((v) => v.url), video.url])
      expect(keys).toContain(keyOf(url));
    expect(await localFiles()).toEqual([]);
  });

  it("serves the image from the bucket with a year of immutable caching", async () => {
    const res = await get(image.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(await bucketBytes(image.url))).toBe(true);
    expect(res.headers.get("content-length")).toBe(String(body.length));

    const variant = await get(image.variants![0]!.url);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await variant.arrayBuffer()).equals(await bucketBytes(image.variants![0]!.url))).toBe(
      true,
    );
  });

  it("answers Range requests from the bucket", async () => {
    const bytes = await bucketBytes(image.url);
    const part = await get(image.url, { Range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${bytes.length}`);
    expect(part.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);

    const clip = await bucketBytes(video.url);
    const tail = await get(video.url, { Range: "bytes=-10" });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-type")).toBe("video/mp4");
    expect(Buffer.from(await tail.arrayBuffer()).equals(clip.subarray(clip.length - 10))).toBe(true);
    const open = await get(video.url, { Range: `bytes=${clip.length - 5}-` });
    expect(open.headers.get("content-range")).toBe(
      `bytes ${clip.length - 5}-${clip.length - 1}/${clip.length}`,
    );
    const beyond = await get(video.url, { Range: `bytes=${clip.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${clip.length}`);
  });

  it("answers HEAD from the object's size without fetching its bytes", async () => {
    const before = s3.requests.length;
    const res = await get(video.url, {}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String((await bucketBytes(video.url)).length));
    expect(s3.requests.slice(before, before + 1)).toEqual([
      expect.objectContaining({ method: "HEAD", url: `/${s3.bucket}/${keyOf(video.url)}` }),
    ]);
  });

  it("streams ranges and whole files over a real socket", async () => {
    const { port, close } = await listen(t.app.fetch);
    try {
      const clip = await bucketBytes(video.url);
      const part = await fetch(`http://127.0.0.1:${port}${video.url}`, {
        headers: { Range: "bytes=1000-1999" },
      });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(clip.subarray(1000, 2000))).toBe(true);
      const whole = await fetch(`http://127.0.0.1:${port}${video.url}`);
      expect(Buffer.from(await whole.arrayBuffer()).equals(clip)).toBe(true);
    } finally {
      await close();
    }
  });

  it("answers 404 for a name the bucket does not hold", async () => {
    const res = await get("/uploads/media/0b4f5a8e-1c2d-4e3f-8a9b-0c1d2e3f4a5b.png");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: MESSAGES.common.notFound });
  });
});

describe("refusals on S3 send nothing to the bucket", () => {
  it("refuses a web page named .png (415) and a file over 10 MB while it streams (413)", async () => {
    const before = await s3.listKeys();
    const html = await post("/api/upload/image", fileForm(HTML_FILE, "photo.png", "image/png"), false);
    expect(html.status).toBe(415);
    const stream = streamingForm(PDF_FILE, 60 * MB, "small.pdf");
    const big = await post("/api/upload/image", stream, false);
    expect(big).toMatchObject({ status: 413, body: { message: MESSAGES.upload.tooLarge("over 10MB", 10) } });
    expect(stream.served()).toBeLessThan(11 * MB);
    expect(await s3.listKeys()).toEqual(before);
    expect(await localFiles()).toEqual([]);
  });
});

describe("booking proofs on S3", () => {
  it("are stored privately and open only through the signed link the admin API hands out", async () => {
    const proof = await upload("/api/upload/image", fileForm(PDF_FILE, "contract.pdf"), false);
    expect(proof.url).toMatch(/^\/uploads\/private\/[0-9a-f-]{36}\.pdf$/);
    expect((await bucketBytes(proof.url)).equals(PDF_FILE)).toBe(true);

    // The plain URL: refused, though the object is in the bucket.
    const plain = await get(proof.url);
    expect(plain.status).toBe(403);
    expect(await plain.json()).toEqual({ success: false, message: MESSAGES.upload.linkInvalid });
    expect((await get(proof.url, { Range: "bytes=0-9" })).status).toBe(403);

    // A booking claims it; the admin API answers a short-lived signed link to it.
    const service = await createTestService(t.deps.db);
    const created = await t.call("POST", "/trpc/bookings.create", {
      body: {
        name: "Ada Lovelace",
        email: "ada@example.test",
        phone: "+1 555 0100",
        service_id: service.id,
        date: "2030-02-05",
        time: "10:00",
        message: "Team portraits",
        image: proof.url,
        user_id: null,
      },
    });
    expect(created.status).toBe(200);
    const bookingId = (created.body as { result: { data: { booking: { id: number } } } }).result.data.booking
      .id;
    const seen = await t.call(
      "GET",
      `/trpc/bookings.get?input=${encodeURIComponent(JSON.stringify({ id: bookingId }))}`,
      {
        token,
      },
    );
    const link = (seen.body as { result: { data: { image: string } } }).result.data.image;
    expect(link).toMatch(/\?expires=\d+&sig=/);

    const opened = await get(link);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("private, no-store");
    expect(opened.headers.get("content-disposition")).toContain('filename="contract.pdf"');
    expect(Buffer.from(await opened.arrayBuffer()).equals(PDF_FILE)).toBe(true);

    // Tampered or expired: refused.
    expect((await get(link.replace(/sig=./, (m) => (m.endsWith("A") ? "sig=B" : "sig=A")))).status).toBe(403);
    t.harness.setNow(new Date(NOW.getTime() + (t.deps.config.fileLinkTtlSeconds + 5) * 1000));
    try {
      expect((await get(link)).status).toBe(403);
    } finally {
      t.harness.setNow(NOW);
    }
  });

  it("never asks the bucket to make an object public", () => {
    const writes = s3.requests.filter((r) => r.method === "PUT" || r.method === "POST");
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((r) => r.headers["x-amz-acl"] !== undefined || r.url.includes("acl"))).toEqual([]);
  });
});

describe("an unreachable object store", () => {
  it("answers 503 with a clear message, for reads and for uploads", async () => {
    const image = await upload("/api/services/upload-image", fileForm(pngFile(64, 64), "small.png"));
    const working = t.deps.storage;
    t.deps.storage = s3.createStorage(path.join(t.harness.uploadDir, ".tmp"), {
      endpoint: "http://127.0.0.1:1",
    });
    try {
      const read = await get(image.url);
      expect(read.status).toBe(503);
      expect(await read.json()).toEqual({ success: false, message: MESSAGES.upload.storageUnavailable });
      const write = await post("/api/upload/image", fileForm(PDF_FILE, "a.pdf"), false);
      expect(write).toMatchObject({ status: 503, body: { message: MESSAGES.upload.storageUnavailable } });
    } finally {
      t.deps.storage = working;
    }
    expect((await get(image.url)).status).toBe(200);
    expect(await localFiles()).toEqual([]);
  });
});

describe("upload byte budgets on S3", () => {
  it("answers 429 with Retry-After once an address's unattached proofs reach its budget, leaving the bucket as it was", async () => {
    const limited = await createTestApp({
      s3,
      config: { uploadBudget: { perAddressBytes: 1 * MB, totalBytes: 100 * MB } },
    });
    try {
      limited.harness.setNow(NOW);
      const pdf = Buffer.concat([PDF_FILE, Buffer.alloc(0.6 * MB, 0x20)]);
      const send = () =>
        limited.app.request("/api/upload/image", { method: "POST", body: fileForm(pdf, "proof.pdf") });
      expect((await send()).status).toBe(201);
      const before = await s3.listKeys();
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("3600");
      expect(await refused.json()).toEqual({ success: false, message: MESSAGES.upload.addressBudget(1) });
      expect(await s3.listKeys()).toEqual(before);
    } finally {
      await limited.close();
    }
  });
});
