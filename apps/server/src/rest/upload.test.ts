import { existsSync } from "node:fs";
import { readdir, readFile, rm } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import type { UploadStorage } from "@studio/api";
import { MB, MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import {
  BOUNDARY,
  fileForm,
  HTML_FILE,
  listen,
  mp4File,
  PDF_FILE,
  pngFile,
  streamingForm,
  SVG_FILE,
  TXT_FILE,
} from "../upload-test-files";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.deps.db.upload.deleteMany();
  for (const entry of await readdir(t.harness.uploadDir)) {
    await rm(path.join(t.harness.uploadDir, entry), { recursive: true });
  }
});

async function post(
  url: string,
  body: FormData | ReadableStream<Uint8Array> | string,
  headers: Record<string, string> = {},
) {
  const init: RequestInit & { duplex?: "half" } = { method: "POST", body, headers };
  if (body instanceof ReadableStream) init.duplex = "half";
  const res = await t.app.request(url, init);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}
const auth = () => ({ Authorization: `Bearer ${token}` });

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(t.harness.uploadDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(t.harness.uploadDir, path.join(e.parentPath, e.name)));
}
const typeMessage = (x: string) => MESSAGES.upload.typeNotSupported(x);

describe("POST /api/upload/image (booking proof, public)", () => {
  it("answers 201 with success, url, message and data", async () => {
    const res = await post("/api/upload/image", fileForm(pngFile(300, 200), "receipt.png", "image/png"));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: MESSAGES.upload.uploaded,
      data: { name: "receipt.png", kind: "image", mime_type: "image/png" },
    });
    const data = res.body.data as { url: string; reference: string; size: number };
    expect(res.body.url).toBe(data.url);
    // The url is an absolute, short-lived signed link that opens for the uploader (a preview)...
    expect(data.url).toMatch(
      /^http:\/\/localhost\/uploads\/private\/[0-9a-f-]{36}\.png\?expires=\d+&sig=[\w-]+$/,
    );
    const preview = await t.app.request(data.url);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/png");
    // ...while the stable reference opens for nobody.
    expect(data.reference).toMatch(/^\/uploads\/private\/[0-9a-f-]{36}\.png$/);
    expect(data.url.startsWith(`http://localhost${data.reference}?`)).toBe(true);
    expect((await t.app.request(data.reference)).status).toBe(403);
    expect(data.size).toBe((await readFile(path.join(t.harness.uploadDir, data.reference.slice(9)))).length);
  });

  it("a booking made with the signed link stores the stable reference", async () => {
    const res = await post("/api/upload/image", fileForm(PDF_FILE, "brief.pdf", "application/pdf"));
    const { url, reference } = res.body.data as { url: string; reference: string };
    const owner = await t.ownerToken();
    const service = await t.deps.db.service.create({
      data: {
        title: "Portrait",
        description: "d",
        category: "photography",
        priceCents: 10_000,
        features: [],
      },
    });
    const booked = await t.call("POST", "/api/bookings", {
      body: {
        name: "Ann",
        email: "ann@x.test",
        phone: "555 0100",
        service_id: service.id,
        date: "2030-03-04",
        time: "10:00",
        image: url,
      },
    });
    expect(booked.status).toBe(201);
    const stored = await t.deps.db.booking.findUniqueOrThrow({
      where: { id: Number((booked.body.data as { id: number }).id) },
    });
    expect(stored.image).toBe(reference);
    // The admin's copy is a fresh absolute signed link.
    const admin = await t.call("GET", `/api/bookings/${stored.id}`, { token: owner });
    const signed = new RegExp(`^http://localhost${reference.replaceAll(".", "\\.")}\\?expires=`);
    expect(String((admin.body.data as { image: string }).image)).toMatch(signed);
    // The streamed full list carries the same absolute signed link.
    const list = await t.call("GET", "/api/bookings", { token: owner });
    const row = (list.body.data as { id: number; image: string | null }[]).find((b) => b.id === stored.id);
    expect(String(row?.image)).toMatch(signed);
  });

  it("accepts documents: PDF and TXT", async () => {
    for (const [bytes, name, mime] of [
      [PDF_FILE, "contract.pdf", "application/pdf"],
      [TXT_FILE, "notes.txt", "text/plain"],
    ] as const) {
      const res = await post("/api/upload/image", fileForm(bytes, name));
      expect(res.status, name).toBe(201);
      expect(res.body.data).toMatchObject({ kind: "document", mime_type: mime, size: bytes.length });
    }
  });

  it("refuses HTML named .png, SVG and a video with 415 and the specification's sentence", async () => {
    const html = await post("/api/upload/image", fileForm(HTML_FILE, "cat.png", "image/png"));
    expect(html).toMatchObject({ status: 415, body: { success: false, message: typeMessage("a web page") } });
    const svg = await post("/api/upload/image", fileForm(SVG_FILE, "logo.svg", "image/svg+xml"));
    expect(svg).toMatchObject({ status: 415, body: { message: typeMessage("an SVG drawing") } });
    const video = await post("/api/upload/image", fileForm(mp4File(), "clip.mp4", "video/mp4"));
    expect(video).toMatchObject({ status: 415, body: { message: typeMessage("an MP4 video") } });
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a file just over 10 MB with 413, reading no further, leaving no file", async () => {
    const stream = streamingForm(PDF_FILE, 10 * MB + 1, "big.pdf");
    const res = await post("/api/upload/image", stream, {
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
    });
    expect(res).toMatchObject({
      status: 413,
      body: { success: false, message: "File size over 10MB exceeds the maximum limit of 10MB." },
    });
    expect(await storedFiles()).toEqual([]);
    expect(await t.deps.db.upload.count()).toBe(0);
  });

  it("believes a truthful Content-Length that is too big and counts a lying one", async () => {
    const honest = streamingForm(PDF_FILE, 12 * MB, "big.pdf");
    const early = await post("/api/upload/image", honest, {
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      "Content-Length": String(12 * MB + 250),
    });
    expect(early).toMatchObject({ status: 413, body: { message: MESSAGES.upload.tooLarge("12.0 MB", 10) } });
    expect(honest.served()).toBeLessThan(1 * MB);

    const liar = streamingForm(PDF_FILE, 60 * MB, "small.pdf");
    const counted = await post("/api/upload/image", liar, {
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      "Content-Length": "1024",
    });
    expect(counted).toMatchObject({
      status: 413,
      body: { message: MESSAGES.upload.tooLarge("over 10MB", 10) },
    });
    expect(liar.served()).toBeLessThan(11 * MB);
    expect(await storedFiles()).toEqual([]);
  });

  it("answers 400 for a zero-byte file, a missing field and a non-multipart body", async () => {
    expect(await post("/api/upload/image", fileForm(Buffer.alloc(0), "empty.pdf"))).toMatchObject({
      status: 400,
      body: { success: false, message: MESSAGES.upload.emptyFile },
    });
    const form = new FormData();
    form.append("file", new Blob(["x"]), "a.txt");
    expect(await post("/api/upload/image", form)).toMatchObject({
      status: 400,
      body: { message: MESSAGES.upload.missingFile },
    });
    expect(
      await post("/api/upload/image", JSON.stringify({ image: "x" }), { "Content-Type": "application/json" }),
    ).toMatchObject({ status: 400, body: { message: MESSAGES.upload.missingFile } });
  });

  it("answers 503 with a clear message when storage cannot be written, storing nothing", async () => {
    const original = t.deps.storage;
    const full: UploadStorage = {
      ...original,
      putFile: async () => {
        throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
      },
    };
    t.deps.storage = full;
    try {
      const res = await post("/api/upload/image", fileForm(PDF_FILE, "a.pdf"));
      expect(res).toMatchObject({
        status: 503,
        body: { success: false, message: MESSAGES.upload.storageUnavailable },
      });
    } finally {
      t.deps.storage = original;
    }
    expect(await storedFiles()).toEqual([]);
    expect(await t.deps.db.upload.count()).toBe(0);
  });
});

describe("admin uploads", () => {
  const adminPaths = ["/api/services/upload-image", "/api/portfolio/upload-image"];

  it("answer 401 JSON without a valid bearer token", async () => {
    for (const url of adminPaths) {
      const attempts: Record<string, string>[] = [
        {},
        { Authorization: "Bearer garbage" },
        { Authorization: "Basic abc" },
      ];
      for (const headers of attempts) {
        const res = await post(url, fileForm(pngFile(20, 20), "a.png"), headers);
        expect(res.status, url).toBe(401);
        expect(res.body).toMatchObject({ success: false, message: MESSAGES.auth.unauthorized });
      }
    }
    expect(await storedFiles()).toEqual([]);
  });

  it("store a service image with WebP variants: 201 { success, url, data: { url, variants, kind } }", async () => {
    const res = await post("/api/services/upload-image", fileForm(pngFile(1000, 500), "hero.png"), auth());
    expect(res.status).toBe(201);
    const data = res.body.data as { url: string; kind: string; variants: { width: number; url: string }[] };
    expect(res.body).toMatchObject({ success: true, url: data.url });
    expect(data).toMatchObject({ kind: "image" });
    expect(data.url).toMatch(/^http:\/\/localhost\/uploads\/media\/[0-9a-f-]{36}\.png$/);
    expect(data.variants.map((v) => v.width)).toEqual([480, 960]);
    for (const v of [data.url, ...data.variants.map((x) => x.url)]) {
      expect(existsSync(path.join(t.harness.uploadDir, new URL(v).pathname.slice(9))), v).toBe(true);
    }
  });

  it("accept a video on the portfolio upload but not on the service upload", async () => {
    const video = await post(
      "/api/portfolio/upload-image",
      fileForm(mp4File(20_000), "reel.mp4", "video/mp4"),
      auth(),
    );
    expect(video.status).toBe(201);
    expect(video.body).toMatchObject({ success: true, data: { kind: "video", variants: [] } });
    expect(String(video.body.url)).toMatch(/\.mp4$/);
    const refused = await post(
      "/api/services/upload-image",
      fileForm(mp4File(), "reel.mp4", "video/mp4"),
      auth(),
    );
    // The service image takes images only, and the refusal names only what it takes.
    const imagesOnly = MESSAGES.upload.typeNotSupported("an MP4 video", true);
    expect(imagesOnly).toBe(
      "File type an MP4 video is not supported. Please upload images (JPG, PNG, GIF, WebP).",
    );
    expect(refused).toMatchObject({ status: 415, body: { message: imagesOnly } });
  });
});

describe("over a real socket", () => {
  it("answers 413 while a 60 MB chunked upload is still streaming, and stores nothing", async () => {
    const { port, close } = await listen(t.app.fetch);
    try {
      const total = 60 * MB;
      let sent = 0;
      let sentAtResponse = -1;
      const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/api/upload/image",
            headers: {
              "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
              "Transfer-Encoding": "chunked",
            },
          },
          (res) => {
            sentAtResponse = sent;
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (c: string) => {
              text += c;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
            res.on("error", reject);
          },
        );
        req.on("error", () => undefined); // the server may close the socket once it has answered
        const reader = streamingForm(PDF_FILE, total, "huge.pdf").getReader();
        const pump = async () => {
          while (sentAtResponse < 0) {
            const { done, value } = await reader.read();
            if (done || req.destroyed) break;
            sent += value.length;
            if (!req.write(value)) await new Promise((r) => req.once("drain", r).once("close", r));
          }
          req.end();
        };
        pump().catch(() => undefined);
      });
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body)).toEqual({
        success: false,
        message: "File size over 10MB exceeds the maximum limit of 10MB.",
      });
      // Answered after about 10 MB (plus socket buffers), not after the whole 60 MB.
      expect(sentAtResponse).toBeLessThan(30 * MB);
      expect(await storedFiles()).toEqual([]);
    } finally {
      await close();
    }
  });
});
