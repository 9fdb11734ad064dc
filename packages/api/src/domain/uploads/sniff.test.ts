import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  docFile,
  docxFile,
  EXE_FILE,
  gifFile,
  HTML_FILE,
  jpegWithGps,
  mp4File,
  PDF_FILE,
  pngFile,
  SVG_FILE,
  TXT_FILE,
  webmFile,
  webpFile,
  zipFile,
} from "../../testing/upload-files";
import { type Sniffed, sniffHead, verifyWholeFile } from "./sniff";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "studio-sniff-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function whole(bytes: Buffer, sniffed: Sniffed) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.bin`);
  await writeFile(file, bytes);
  return verifyWholeFile(file, sniffed);
}

describe("sniffHead", () => {
  it("recognises the allowed images, videos and documents by their bytes", async () => {
    const cases: [Buffer, string, string][] = [
      [await pngFile(20, 20), "image", "png"],
      [await jpegWithGps(20, 20), "image", "jpg"],
      [await gifFile(), "image", "gif"],
      [await webpFile(), "image", "webp"],
      [mp4File(), "video", "mp4"],
      [webmFile(), "video", "webm"],
      [PDF_FILE, "document", "pdf"],
      [docFile(), "document", "doc"],
      [docxFile(), "document", "docx"],
      [TXT_FILE, "document", "txt"],
    ];
    for (const [bytes, kind, ext] of cases) {
      const result = await sniffHead(bytes, true);
      expect(result, ext).toMatchObject({ kind, ext });
    }
  });

  it("refuses markup, executables and other formats, naming what the bytes are", async () => {
    expect(await sniffHead(HTML_FILE, true)).toEqual({ refused: true, detectedMime: "text/html" });
    expect(await sniffHead(SVG_FILE, true)).toEqual({ refused: true, detectedMime: "image/svg+xml" });
    expect(await sniffHead(Buffer.from('<?xml version="1.0"?><svg/>'), true)).toMatchObject({
      refused: true,
    });
    expect(await sniffHead(EXE_FILE, true)).toEqual({
      refused: true,
      detectedMime: "application/x-msdownload",
    });
    expect(await sniffHead(Buffer.from("plain text\u0000with a NUL"), true)).toEqual({
      refused: true,
      detectedMime: null,
    });
    expect(await sniffHead(Buffer.from([0xff, 0xfe, 0x41, 0x00, 0xc3]), true)).toMatchObject({
      refused: true,
    });
    // A zip that is not a Word document (complete, so the head is the whole file).
    expect(await sniffHead(zipFile([{ name: "notes.txt", data: "hi" }]), true)).toEqual({
      refused: true,
      detectedMime: "application/zip",
    });
  });

  it("refuses a PDF or video with HTML where browsers sniff (polyglots)", async () => {
    const pdfPolyglot = Buffer.concat([Buffer.from("%PDF-1.4\n<html><script>alert(1)</script>\n"), PDF_FILE]);
    expect(await sniffHead(pdfPolyglot, true)).toEqual({ refused: true, detectedMime: "text/html" });
    const videoPolyglot = Buffer.concat([
      mp4File(64),
      Buffer.from("<script>alert(1)</script>"),
      Buffer.alloc(64),
    ]);
    expect(await sniffHead(videoPolyglot, true)).toEqual({ refused: true, detectedMime: "text/html" });
  });

  it("accepts a head that ends inside a multi-byte character only when more is coming", async () => {
    const cut = Buffer.from("caf\u00e9").subarray(0, 4);
    expect(await sniffHead(cut, false)).toMatchObject({ ext: "txt" });
    expect(await sniffHead(cut, true)).toMatchObject({ refused: true });
  });
});

describe("verifyWholeFile", () => {
  it("confirms DOCX, DOC and TXT with the whole file", async () => {
    const docx = (await sniffHead(docxFile(), false)) as Sniffed;
    expect(await whole(docxFile(), docx)).toEqual({ ok: true });
    const zip = zipFile([{ name: "a.txt", data: "x" }]);
    expect(await whole(zip, docx)).toEqual({ ok: false, detectedMime: "application/zip" });

    const doc = (await sniffHead(docFile(), true)) as Sniffed;
    expect(await whole(docFile(), doc)).toEqual({ ok: true });
    expect(await whole(docFile(false), doc)).toEqual({ ok: false, detectedMime: "application/x-cfb" });

    const txt = (await sniffHead(TXT_FILE, false)) as Sniffed;
    expect(await whole(TXT_FILE, txt)).toEqual({ ok: true });
    const lateScript = Buffer.concat([Buffer.from("a".repeat(20_000)), Buffer.from("<script>x</script>")]);
    expect(await whole(lateScript, txt)).toEqual({ ok: false, detectedMime: "text/html" });
  });
});
