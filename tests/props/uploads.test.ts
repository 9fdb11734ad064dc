/**
 * Hostile uploads beyond what the uploads' own tests cover (packages/api/src/domain/uploads/*.test.ts,
 * apps/server/src/rest/upload.test.ts): double extensions, polyglots that are valid images carrying script,
 * and random bytes / random multipart framing under random names and declared types. A file is either
 * refused with the specification's message or stored harmlessly: under a generated name with an allowed
 * extension, re-encoded when it is an image (the payload gone), served with nosniff and its real type.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../apps/server/src/testing/test-app";
import { gifFile, jpegWithGps, PDF_FILE, pngFile } from "../../packages/api/src/testing/upload-files";
import { proofLink } from "../../packages/api/src/domain/uploads/proof";
import { leakIn, nastyString, runs } from "./arbitraries";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BOUNDARY = "----props-upload-boundary";
function form(file: Buffer, filename: string, type: string, boundary = BOUNDARY): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

async function upload(file: Buffer, filename: string, type: string) {
  const res = await t.app.request("/api/upload/image", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: form(file, filename, type),
  });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

/** Fetches a stored proof through a freshly signed link, as the admin page does. */
async function readBack(url: string) {
  const signed = proofLink(t.deps.config, url, new Date())!;
  const res = await t.app.request(signed);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const SCRIPT = "<script>alert(document.domain)</script>";
const unsupported = /^File type .+ is not supported\. Please upload images \(JPG, PNG, GIF, WebP\)/;

describe("double extensions and polyglots", () => {
  it.each([
    [
      "an executable named invoice.pdf.exe",
      Buffer.concat([Buffer.from("MZ"), Buffer.alloc(600, 0x90)]),
      "invoice.pdf.exe",
      "application/pdf",
    ],
    [
      "HTML named photo.html.png",
      Buffer.from(`<!doctype html><html>${SCRIPT}</html>`),
      "photo.html.png",
      "image/png",
    ],
    [
      "SVG named logo.svg.jpg",
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`),
      "logo.svg.jpg",
      "image/jpeg",
    ],
    [
      "a PDF with HTML up front",
      Buffer.concat([Buffer.from(`<html>${SCRIPT}</html>\n`), PDF_FILE]),
      "doc.pdf",
      "application/pdf",
    ],
  ])("refuses %s with the specification's message", async (_label, bytes, name, type) => {
    const res = await upload(bytes, name, type);
    expect(res.status).toBe(415);
    expect(res.body.success).toBe(false);
    expect(String(res.body.message)).toMatch(unsupported);
  });

  it("stores a real PNG named photo.png.html as .png, served as image/png with nosniff", async () => {
    const res = await upload(await pngFile(16, 16), "photo.png.html", "text/html");
    expect(res.status).toBe(201);
    const url = (res.body.data as { reference: string }).reference;
    expect(url).toMatch(/^\/uploads\/private\/[0-9a-f-]{36}\.png$/);
    const { res: file } = await readBack(url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("keeps a PHP script named shell.php.pdf only as inert text: .txt, text/plain, downloaded, never run", async () => {
    const res = await upload(Buffer.from("<?php system($_GET['c']); ?>"), "shell.php.pdf", "application/pdf");
    if (res.status === 415) return expect(String(res.body.message)).toMatch(unsupported);
    expect(res.status).toBe(201);
    const reference = (res.body.data as { reference: string }).reference;
    expect(reference).toMatch(/^\/uploads\/private\/[0-9a-f-]{36}\.txt$/);
    const { res: file } = await readBack(reference);
    expect(file.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it.each([
    [
      "GIF/JavaScript polyglot",
      async () => Buffer.concat([await gifFile(), Buffer.from(`/*${SCRIPT}*/=1;alert(1)`)]),
      "x.gif",
    ],
    [
      "JPEG with HTML after its end",
      async () => Buffer.concat([await jpegWithGps(64, 48), Buffer.from(SCRIPT)]),
      "x.jpg",
    ],
    [
      "PNG with a script chunk after IEND",
      async () => Buffer.concat([await pngFile(8, 8), Buffer.from(SCRIPT)]),
      "x.png",
    ],
  ])("re-encodes a %s so the payload is gone (or refuses it)", async (_label, make, name) => {
    const res = await upload(await make(), name, "image/png");
    if (res.status === 415) return expect(String(res.body.message)).toMatch(unsupported);
    expect(res.status).toBe(201);
    const { res: file, bytes } = await readBack((res.body.data as { reference: string }).reference);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^image\//);
    expect(bytes.includes(Buffer.from("<script>"))).toBe(false);
    expect(bytes.includes(Buffer.from("alert("))).toBe(false);
  });
});

describe("random files and random framing", () => {
  const names = fc.oneof(
    fc.constantFrom(
      "a.png",
      "a.PNG",
      "a.png.exe",
      "../../../etc/passwd",
      "..\\..\\boot.ini",
      "con.txt",
      ".htaccess",
      "a\u0000.png",
      "\u202egnp.exe",
      "x".repeat(400),
      "",
    ),
    nastyString.map((s) => s.replace(/["\r\n]/g, "").slice(0, 300)),
  );
  const types = fc.constantFrom(
    "image/png",
    "image/jpeg",
    "application/pdf",
    "text/plain",
    "text/html",
    "image/svg+xml",
    "application/octet-stream",
    "video/mp4",
    "",
  );
  const heads = fc.constantFrom(
    "",
    "\x89PNG\r\n\x1a\n",
    "\xff\xd8\xff\xe0",
    "GIF89a",
    "%PDF-1.7\n",
    "RIFF\x00\x00\x00\x00WEBP",
    "PK\x03\x04",
    "MZ",
    "<html>",
    "<svg",
    "\xef\xbb\xbf<script>",
  );

  it("never answers 5xx and never stores anything but allowed types", async () => {
    await fc.assert(
      fc.asyncProperty(
        heads,
        fc.uint8Array({ maxLength: 4096 }),
        names,
        types,
        async (head, rest, name, type) => {
          const bytes = Buffer.concat([Buffer.from(head, "latin1"), Buffer.from(rest)]);
          const res = await upload(bytes, name, type);
          expect(res.status, res.text).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.body.success).toBe(false);
            expect(leakIn(res.text), res.text).toBeNull();
            return;
          }
          expect(res.status).toBe(201);
          expect((res.body.data as { reference: string }).reference).toMatch(
            /^\/uploads\/private\/[0-9a-f-]{36}\.(png|jpe?g|gif|webp|pdf|docx?|txt)$/,
          );
        },
      ),
      { numRuns: runs(120) },
    );
  });

  it("never answers 5xx for broken multipart framing", async () => {
    const chunks = fc.array(
      fc.oneof(
        fc.constantFrom(
          `--${BOUNDARY}`,
          `--${BOUNDARY}--`,
          "\r\n",
          "\r\n\r\n",
          'Content-Disposition: form-data; name="image"; filename="a.png"',
        ),
        fc.string({ maxLength: 60 }),
        fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a).toString("latin1")),
      ),
      { maxLength: 12 },
    );
    const contentTypes = fc.constantFrom(
      `multipart/form-data; boundary=${BOUNDARY}`,
      `multipart/form-data; boundary="${BOUNDARY}"`,
      "multipart/form-data",
      "multipart/form-data; boundary=",
      `multipart/form-data; boundary=${"b".repeat(200)}`,
      "application/json",
      "text/plain",
    );
    await fc.assert(
      fc.asyncProperty(chunks, contentTypes, async (parts, contentType) => {
        const res = await t.app.request("/api/upload/image", {
          method: "POST",
          headers: { "Content-Type": contentType },
          body: Buffer.from(parts.join(""), "latin1"),
        });
        const text = await res.text();
        expect(res.status, text).toBeLessThan(500);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(leakIn(text), text).toBeNull();
      }),
      { numRuns: runs(120) },
    );
  });
});
