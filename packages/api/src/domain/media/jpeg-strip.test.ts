/**
 * The lossless download copy of a JPEG: comments, XMP and trailers after the image are gone, the colour profile
 * and the compressed image stay, the new EXIF block carries only what is kept, and a file that is not a JPEG
 * this can rewrite is left to the re-encoding path.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import exifr from "exifr";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { stripJpegMetadata } from "./jpeg-strip";

const dir = mkdtempSync(path.join(os.tmpdir(), "studio-jpeg-strip-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function segment(marker: number, payload: string): Buffer {
  const body = Buffer.from(payload, "latin1");
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

describe("stripJpegMetadata", () => {
  it("drops comments, XMP and trailers, keeps the ICC profile and the image data, writes only the kept EXIF", async () => {
    const base = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#3a6ea5" } })
      .withIccProfile("p3")
      .jpeg({ quality: 80 })
      .withExifMerge({
        IFD0: { Make: "StudioCam", Artist: "Jane" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "16/1 42/1 0/1" },
      })
      .toBuffer();
    const file = Buffer.concat([
      base.subarray(0, 2),
      segment(0xfe, "secret comment: client's home address"),
      segment(0xe1, "http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>secret-xmp</x:xmpmeta>"),
      base.subarray(2),
      Buffer.from("SECRET-TRAILER with more bytes"),
    ]);
    const input = path.join(dir, "in.jpg");
    const output = path.join(dir, "out.jpg");
    writeFileSync(input, file);
    expect(
      await stripJpegMetadata(
        input,
        output,
        { IFD0: { Make: "StudioCam" }, IFD2: { DateTimeOriginal: "2031:05:01 14:03:22" } },
        3,
      ),
    ).toBe(true);
    const out = readFileSync(output);
    const text = out.toString("latin1");
    for (const secret of ["secret comment", "secret-xmp", "SECRET-TRAILER", "Jane"])
      expect(text).not.toContain(secret);
    expect(out.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const scan = (jpeg: Buffer) =>
      jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])), jpeg.lastIndexOf(Buffer.from([0xff, 0xd9])) + 2);
    expect(scan(out).equals(scan(base))).toBe(true);
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.icc !== undefined]).toEqual([320, 200, 3, true]);
    const tags = await exifr.parse(out, { translateValues: false, reviveValues: false });
    expect([tags.Make, tags.DateTimeOriginal, tags.Artist, tags.GPSLatitude]).toEqual([
      "StudioCam",
      "2031:05:01 14:03:22",
      undefined,
      undefined,
    ]);
    // Decodes to the same pixels as the original.
    expect((await sharp(out).raw().toBuffer()).equals(await sharp(base).raw().toBuffer())).toBe(true);
  });

  it("leaves what it cannot rewrite to the caller", async () => {
    const png = path.join(dir, "a.png");
    writeFileSync(
      png,
      await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    expect(await stripJpegMetadata(png, path.join(dir, "none.jpg"), { IFD0: {}, IFD2: {} }, null)).toBe(
      false,
    );
  });
});
