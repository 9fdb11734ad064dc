/**
 * Images are never stored as sent: sharp decodes them (a truncated or forged image fails here), applies the
 * EXIF rotation, and writes a fresh file in the same format without metadata (EXIF, GPS, XMP, ICC). Public
 * images also get WebP variants for thumbnails and `srcset`.
 */
import sharp from "sharp";

/** Widths of the WebP variants; only those narrower than the original are made. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

/** Decoding bombs: a 10 MB file can claim billions of pixels. 100 MP covers any camera a studio uses. */
export const MAX_INPUT_PIXELS = 100_000_000;

/** Its header claims more pixels than may be decoded (a decompression bomb, or simply too big a picture). */
export class ImageTooLargeError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`image of ${width} x ${height} pixels exceeds the decoding limit`);
    this.name = "ImageTooLargeError";
  }
}

/** The bytes do not decode as the image they start as (truncated, damaged, or a polyglot). */
export class ImageDecodeError extends Error {
  constructor(cause: unknown) {
    super("image could not be decoded", { cause });
    this.name = "ImageDecodeError";
  }
}

export type EncodedImage = {
  main: Buffer;
  width: number;
  height: number;
  variants: { width: number; data: Buffer }[];
};

function open(input: string, animated: boolean) {
  return sharp(input, { failOn: "truncated", limitInputPixels: MAX_INPUT_PIXELS, animated });
}

/** Re-encodes `input` (a file path) as `ext`; with `withVariants`, also the WebP widths below its width. */
export async function reencodeImage(
  input: string,
  ext: string,
  withVariants: boolean,
): Promise<EncodedImage> {
  const animated = ext === "gif" || ext === "webp";
  // The header alone is read first: a bomb is named for what it is before anything is decoded.
  const header = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw new ImageDecodeError(error);
    });
  const claimedHeight = header.pageHeight ?? header.height ?? 0;
  const claimedWidth = header.width ?? 0;
  if (claimedWidth * claimedHeight > MAX_INPUT_PIXELS)
    throw new ImageTooLargeError(claimedWidth, claimedHeight);
  try {
    const meta = await open(input, animated).metadata();
    const multiFrame = (meta.pages ?? 1) > 1;
    // Rotation is applied to still images; animation frames carry no orientation worth honouring.
    const base = () => (multiFrame ? open(input, true) : open(input, false).rotate());
    let pipeline = base();
    if (ext === "jpg") pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
    else if (ext === "png") pipeline = pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
    else if (ext === "gif") pipeline = pipeline.gif();
    else pipeline = pipeline.webp({ quality: 85 });
    const { data: main, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const width = info.width;
    const height = multiFrame ? (info.pageHeight ?? info.height) : info.height;
    const variants: EncodedImage["variants"] = [];
    if (withVariants) {
      for (const w of VARIANT_WIDTHS) {
        if (w >= width) continue;
        const data = await base()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        variants.push({ width: w, data });
      }
    }
    return { main, width, height, variants };
  } catch (error) {
    throw new ImageDecodeError(error);
  }
}
