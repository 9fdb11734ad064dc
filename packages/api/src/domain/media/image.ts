/**
 * What one photo becomes (ADR 021): a clean full-size JPEG for downloads (location and personal EXIF removed
 * unless the studio keeps them), WebP and AVIF at a few widths for the web (watermarked when asked), a ThumbHash
 * placeholder, and the capture time and orientation read from EXIF.
 *
 * A JPEG is decoded once, shrunk on load to the widest web size, from which every web variant and the
 * placeholder are made; its download copy keeps the original's compressed data (jpeg-strip.ts). Other formats are
 * also decoded at full size for a re-encoded download copy (sharp streams it through libvips tiles).
 */
import { copyFile, stat } from "node:fs/promises";
import exifr from "exifr";
import { escapeHtml } from "@studio/validators";
import sharp from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import { ImageDecodeError, ImageTooLargeError, MAX_INPUT_PIXELS } from "../uploads/images";
import { stripJpegMetadata } from "./jpeg-strip";

/** Web widths (only those narrower than the original are made; the original's own width when it is smaller). */
export const WEB_WIDTHS = [480, 1024, 2048] as const;
export const WEB_FORMATS = ["webp", "avif"] as const;
export type WebFormat = (typeof WEB_FORMATS)[number];

export type ImageOptions = {
  /** Text drawn across the web variants (the studio's name on proofs); null: none. */
  watermark: string | null;
  /** Keep every EXIF field, GPS included, in the download copy (the studio opted in). */
  keepLocation: boolean;
};

export type ImageOutput = {
  /** A file written by `write` (already on local disk), with what it is. */
  role: "web" | "download";
  format: WebFormat | "jpeg";
  width: number;
  height: number;
  file: string;
  size: number;
};

export type ImageFacts = {
  width: number;
  height: number;
  orientation: number | null;
  capturedAt: Date | null;
  placeholder: string;
};

/** "2024:05:01 14:03:22" (+ "+05:30") → an instant; without an offset the camera's clock is taken as UTC. */
export function exifDate(value: unknown, offset: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== "string") return null;
  const match = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!match) return null;
  const zone = typeof offset === "string" && /^[+-]\d{2}:\d{2}$/.test(offset.trim()) ? offset.trim() : "Z";
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}${zone}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

async function readExif(input: string): Promise<{ orientation: number | null; capturedAt: Date | null }> {
  try {
    const tags = (await exifr.parse(input, {
      pick: ["Orientation", "DateTimeOriginal", "OffsetTimeOriginal", "CreateDate"],
      translateValues: false,
      reviveValues: false,
    })) as Record<string, unknown> | undefined;
    const orientation = typeof tags?.Orientation === "number" ? tags.Orientation : null;
    const capturedAt =
      exifDate(tags?.DateTimeOriginal, tags?.OffsetTimeOriginal) ?? exifDate(tags?.CreateDate, null);
    return {
      orientation: orientation && orientation >= 1 && orientation <= 8 ? orientation : null,
      capturedAt,
    };
  } catch {
    // No EXIF, or EXIF too damaged to read: the photo is still fine.
    return { orientation: null, capturedAt: null };
  }
}

/** A diagonal band of the text, sized to the image, semi-transparent: an SVG sharp composites over the picture. */
export function watermarkSvg(text: string, width: number, height: number): Buffer {
  const size = Math.max(12, Math.round(Math.min(width, height) / 12));
  const angle = -Math.round((Math.atan2(height, width) * 180) / Math.PI);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<text x="50%" y="50%" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif" ` +
      `font-weight="700" font-size="${size}" fill="#ffffff" fill-opacity="0.45" stroke="#000000" ` +
      `stroke-opacity="0.25" stroke-width="${Math.max(1, Math.round(size / 30))}" ` +
      `transform="rotate(${angle} ${width / 2} ${height / 2})">${escapeHtml(text)}</text></svg>`,
  );
}

const open = (input: string | Buffer) =>
  sharp(input, { failOn: "truncated", limitInputPixels: MAX_INPUT_PIXELS });

/** The header's size, before anything is decoded: a pixel bomb is refused here. */
export async function assertDecodableSize(
  input: string | Buffer,
): Promise<{ width: number; height: number }> {
  const header = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw new ImageDecodeError(error);
    });
  const width = header.width ?? 0;
  const height = header.pageHeight ?? header.height ?? 0;
  if (width * height > MAX_INPUT_PIXELS) throw new ImageTooLargeError(width, height);
  return { width, height };
}

/**
 * Makes every file of one photo in `outDir`-style paths given by `pathFor`, calling `progress` (0–1) as it goes.
 * Throws ImageTooLargeError / ImageDecodeError for a file that cannot be processed (the job fails for good).
 */
export async function processImage(
  input: string,
  options: ImageOptions,
  pathFor: (name: string) => string,
  progress: (fraction: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<{ facts: ImageFacts; outputs: ImageOutput[] }> {
  const stored = await assertDecodableSize(input);
  const exif = await readExif(input);
  const outputs: ImageOutput[] = [];
  const step = async (done: number, total: number) => {
    signal?.throwIfAborted();
    await progress(done / total);
  };
  try {
    // The download copy: full size, without the original's GPS, serial numbers, owner and artist names, maker
    // notes, XMP and IPTC; make, model, copyright and capture time stay (a photo library sorts by them). With
    // keepLocation everything is kept. A JPEG keeps its compressed image data untouched (jpeg-strip.ts: no
    // generation loss, no encoding time) and its orientation tag; other formats are re-encoded upright as JPEG.
    const downloadFile = pathFor("download.jpg");
    const quarterTurn = (exif.orientation ?? 1) >= 5;
    const upright = quarterTurn
      ? { width: stored.height, height: stored.width }
      : { width: stored.width, height: stored.height };
    const isJpeg = (await sharp(input, { limitInputPixels: false }).metadata()).format === "jpeg";
    let copied = false;
    if (isJpeg && options.keepLocation) {
      await copyFile(input, downloadFile);
      copied = true;
    } else if (isJpeg) {
      copied = await stripJpegMetadata(
        input,
        downloadFile,
        keptExif(await readKeptTags(input)),
        exif.orientation,
      );
    }
    if (!copied) {
      let full = open(input).rotate();
      full = options.keepLocation
        ? full.keepMetadata()
        : full.keepIccProfile().withExif(keptExif(await readKeptTags(input)));
      await full.jpeg({ quality: 90, chromaSubsampling: "4:4:4" }).toFile(downloadFile);
    }
    outputs.push({
      role: "download",
      format: "jpeg",
      ...upright,
      file: downloadFile,
      size: (await stat(downloadFile)).size,
    });
    const { width, height } = upright;
    const widths: number[] = WEB_WIDTHS.filter((w) => w < width);
    if (widths.length < WEB_WIDTHS.length) widths.push(width);
    const total = 1 + widths.length * WEB_FORMATS.length + 1;
    let done = 1;
    await step(done, total);

    // One shrink-on-load decode to the widest web size; every smaller variant is made from those pixels.
    const widest = Math.max(...widths);
    const { data: base, info } = await open(input)
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    for (const w of [...widths].sort((a, b) => b - a)) {
      const h = Math.max(1, Math.round((info.height * w) / info.width));
      // sharp composites after resizing, so the band is drawn at each variant's own size.
      let pixels = sharp(base, raw).resize({ width: w, height: h });
      if (options.watermark) pixels = pixels.composite([{ input: watermarkSvg(options.watermark, w, h) }]);
      for (const format of WEB_FORMATS) {
        const file = pathFor(`w${w}.${format}`);
        const encoded =
          format === "webp"
            ? pixels.clone().webp({ quality: 80, effort: 3 })
            : pixels.clone().avif({ quality: 55, effort: 2 });
        const out = await encoded.toFile(file);
        outputs.push({ role: "web", format, width: out.width, height: out.height, file, size: out.size });
        done++;
        await step(done, total);
      }
    }
    const thumb = await sharp(base, raw)
      .resize({ width: 100, height: 100, fit: "inside" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const placeholder = Buffer.from(
      rgbaToThumbHash(thumb.info.width, thumb.info.height, thumb.data),
    ).toString("base64");
    await step(total, total);
    return {
      facts: { width, height, orientation: exif.orientation, capturedAt: exif.capturedAt, placeholder },
      outputs,
    };
  } catch (error) {
    if (error instanceof ImageTooLargeError || (error as Error)?.name === "AbortError") throw error;
    if (signal?.aborted) throw error;
    throw new ImageDecodeError(error);
  }
}

/** The harmless EXIF fields a download copy keeps. */
async function readKeptTags(input: string): Promise<Record<string, unknown>> {
  try {
    return ((await exifr.parse(input, {
      pick: ["Make", "Model", "DateTime", "Copyright", "DateTimeOriginal", "OffsetTimeOriginal"],
      translateValues: false,
      reviveValues: false,
    })) ?? {}) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function keptExif(tags: Record<string, unknown>): {
  IFD0: Record<string, string>;
  IFD2: Record<string, string>;
} {
  const pick = (names: string[]) => {
    const kept: Record<string, string> = {};
    for (const name of names) {
      const value = tags[name];
      if (typeof value === "string" && value.trim()) kept[name] = value.trim().slice(0, 200);
    }
    return kept;
  };
  return {
    IFD0: pick(["Make", "Model", "DateTime", "Copyright"]),
    IFD2: pick(["DateTimeOriginal", "OffsetTimeOriginal"]),
  };
}
