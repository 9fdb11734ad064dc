import { readFile } from "node:fs/promises";
import path from "node:path";
import { proofLink } from "@studio/api";
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app";
import { fileForm, listen, mp4File, PDF_FILE, pngFile, TXT_FILE } from "./upload-test-files";
import { parseRange } from "./uploads-route";

let t: TestApp;
let token: string;
type Uploaded = { url: string; variants?: { width: number; url: string }[] };

async function upload(url: string, form: FormData, admin = true): Promise<Uploaded> {
  const res = await t.app.request(url, {
    method: "POST",
    body: form,
    headers: admin ? { Authorization: `Bearer ${token}` } : {},
  });
  expect(res.status).toBe(201);
  const data = ((await res.json()) as { data: Uploaded & { reference?: string } }).data;
  // REST answers absolute URLs; these tests work with the stored paths.
  const pathOf = (u: string) => new URL(u).pathname;
  return {
    url: data.reference ?? pathOf(data.url),
    variants: data.variants?.map((v) => ({ width: v.width, url: pathOf(v.url) })),
  };
}
const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  t.app.request(url, { method, headers });
const onDisk = (url: string) => readFile(path.join(t.harness.uploadDir, url.replace(/^\/uploads\//, "")));

/** The short-lived link the admin API hands out for a proof. */
async function signedLink(url: string): Promise<string> {
  return proofLink(t.deps.config, url, t.deps.now())!;
}

let image: Uploaded;
let video: Uploaded;
let proofPdf: Uploaded;
let proofPng: Uploaded;
let proofTxt: Uploaded;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
  image = await upload("/api/services/upload-image", fileForm(pngFile(1000, 400), "hero.png"));
  video = await upload("/api/portfolio/upload-image", fileForm(mp4File(100_000), "reel.mp4"));
  proofPdf = await upload("/api/upload/image", fileForm(PDF_FILE, "Signed contract ✓.pdf"), false);
  proofPng = await upload("/api/upload/image", fileForm(pngFile(50, 50), "receipt.png"), false);
  proofTxt = await upload("/api/upload/image", fileForm(TXT_FILE, "notes.html"), false);
});
afterAll(async () => {
  await t.close();
});

describe("public media", () => {
  it("serves an image with a year of immutable caching, its type and nosniff", async () => {
    const res = await get(image.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toBeNull();
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(await onDisk(image.url))).toBe(true);
    expect(res.headers.get("content-length")).toBe(String(body.length));
  });

  it("serves WebP variants", async () => {
    const variant = image.variants![0]!;
    const res = await get(variant.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await get(image.url, {}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String((await onDisk(image.url)).length));
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers Range requests for videos", async () => {
    const bytes = await onDisk(video.url);
    const first = await get(video.url, { Range: "bytes=0-99" });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-type")).toBe("video/mp4");
    expect(first.headers.get("content-range")).toBe(`bytes 0-99/${bytes.length}`);
    expect(first.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await first.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);

    const tail = await get(video.url, { Range: "bytes=-10" });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const open = await get(video.url, { Range: `bytes=${bytes.length - 5}-` });
    expect(open.headers.get("content-range")).toBe(
      `bytes ${bytes.length - 5}-${bytes.length - 1}/${bytes.length}`,
    );

    const beyond = await get(video.url, { Range: `bytes=${bytes.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${bytes.length}`);

    const multi = await get(video.url, { Range: "bytes=0-1,5-6" });
    expect(multi.status).toBe(200);
    expect((await multi.arrayBuffer()).byteLength).toBe(bytes.length);
  });
});

describe("private booking proofs", () => {
  it("refuses the plain URL with 403 JSON", async () => {
    const res = await get(proofPdf.url);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, message: MESSAGES.upload.linkInvalid });
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves a document behind a valid signed link as a private attachment", async () => {
    const res = await get(await signedLink(proofPdf.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Signed contract _.pdf"; filename*=UTF-8''Signed%20contract%20%E2%9C%93.pdf`,
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF_FILE)).toBe(true);
  });

  it("serves text as an attachment with its real extension, images inline", async () => {
    const txt = await get(await signedLink(proofTxt.url));
    expect(txt.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(txt.headers.get("content-disposition")).toContain('filename="notes.html.txt"');
    const png = await get(await signedLink(proofPng.url));
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toBeNull();
  });

  it("refuses an expired or tampered link", async () => {
    const link = await signedLink(proofPdf.url);
    const url = new URL(link, "http://local");
    const tampered = `${url.pathname}?expires=${url.searchParams.get("expires")}&sig=${url.searchParams.get("sig")!.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`;
    expect((await get(tampered)).status).toBe(403);
    const extended = `${url.pathname}?expires=${Number(url.searchParams.get("expires")) + 60}&sig=${url.searchParams.get("sig")}`;
    expect((await get(extended)).status).toBe(403);
    const otherFile = `${proofPng.url}${url.search}`;
    expect((await get(otherFile)).status).toBe(403);

    t.harness.setNow(new Date(Date.now() + (t.deps.config.fileLinkTtlSeconds + 5) * 1000));
    try {
      const expired = await get(link);
      expect(expired.status).toBe(403);
    } finally {
      t.harness.setNow(new Date());
    }
  });
});

describe("database unavailable", () => {
  it("answers 503 JSON for a private file while public media keep being served", async () => {
    const db = t.deps.db;
    const down = () =>
      Promise.reject(Object.assign(new Error("Can't reach database server"), { code: "P1001" }));
    t.deps.db = new Proxy(db, {
      get: (target, prop) => (prop === "upload" ? { findUnique: down } : Reflect.get(target, prop)),
    });
    try {
      const res = await get(await signedLink(proofPdf.url));
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ success: false, message: MESSAGES.common.databaseUnavailable });
      expect((await get(image.url)).status).toBe(200);
    } finally {
      t.deps.db = db;
    }
  });
});

describe("unknown files and path traversal", () => {
  it("answers 404 JSON for unknown names and anything that is not a generated name", async () => {
    const missing = await get("/uploads/media/0b4f5a8e-1c2d-4e3f-8a9b-0c1d2e3f4a5b.png");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, message: MESSAGES.common.notFound });
    for (const p of [
      "/uploads/media/../../package.json",
      "/uploads/media/..%2f..%2fpackage.json",
      "/uploads/%2e%2e/%2e%2e/etc/passwd",
      "/uploads/.tmp/x.upload",
      `/uploads/media/${image.url.split("/").pop()}%00.png`,
      `${image.url}/`,
      `/uploads//${image.url.slice(9)}`,
      "/uploads/media/",
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
    }
  });

  it("does not serve a signed link for a file that does not exist", async () => {
    const res = await get(await signedLink("/uploads/private/0b4f5a8e-1c2d-4e3f-8a9b-0c1d2e3f4a5b.pdf"));
    expect(res.status).toBe(404);
  });
});

describe("over a real socket", () => {
  it("streams ranges and whole files through the Node server", async () => {
    const { port, close } = await listen(t.app.fetch);
    try {
      const bytes = await onDisk(video.url);
      const part = await fetch(`http://127.0.0.1:${port}${video.url}`, {
        headers: { Range: "bytes=1000-1999" },
      });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
      const whole = await fetch(`http://127.0.0.1:${port}${video.url}`);
      expect(whole.headers.get("content-length")).toBe(String(bytes.length));
      expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
      const head = await fetch(`http://127.0.0.1:${port}${image.url}`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String((await onDisk(image.url)).length));
    } finally {
      await close();
    }
  });
});

describe("parseRange", () => {
  it("reads single byte ranges and rejects unsatisfiable ones", () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-200", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-200", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=9-3", 100)).toBeNull();
    expect(parseRange("items=0-1", 100)).toBeNull();
    expect(parseRange("bytes=0-", 0)).toBe("unsatisfiable");
  });
});
