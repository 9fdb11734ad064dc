/**
 * A JPEG's download copy without re-encoding: the original's compressed image data copied byte for byte (no
 * generation loss, and a third of a photo's processing time saved), its metadata segments replaced.
 *
 * Kept: the JFIF header (APP0), the colour profile (APP2 "ICC_PROFILE"), Adobe's colour transform flag (APP14) and
 * every segment the image needs to decode (tables, frame, restart interval). Dropped: EXIF with its thumbnail
 * (APP1, GPS included), XMP (APP1), IPTC (APP13), maker segments, MPF and comments, and anything after the image's
 * end marker (second images, phone makers' trailers). In their place goes one small EXIF block made by libvips
 * with the fields the caller keeps (make, model, capture time, copyright) and the orientation, so viewers still
 * turn the picture upright.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { open } from "node:fs/promises";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import sharp from "sharp";

/** The header segments of real cameras fit in a few hundred kB; beyond this the file is treated as unusual. */
const MAX_HEADER = 4 * 1024 * 1024;

type Segment = { marker: number; start: number; end: number };

/** Where the scan starts (the SOS marker's offset) and the header segments before it, or null if not a JPEG. */
function parseHeader(bytes: Buffer): { segments: Segment[]; sos: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const segments: Segment[] = [];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xda) return { segments, sos: at };
    if (marker === 0xd8 || marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7)) return null;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return null;
    segments.push({ marker, start: at, end: at + 2 + length });
    at += 2 + length;
  }
  return null;
}

function kept(bytes: Buffer, segment: Segment): boolean {
  const { marker } = segment;
  if (marker === 0xfe) return false; // comment
  if (marker < 0xe0 || marker > 0xef) return true; // tables, frame, restart interval: the image itself
  const payload = bytes.subarray(segment.start + 4, Math.min(segment.end, segment.start + 20));
  if (marker === 0xe0) return payload.subarray(0, 5).toString("latin1") === "JFIF\0";
  if (marker === 0xe2) return payload.subarray(0, 12).toString("latin1") === "ICC_PROFILE\0";
  if (marker === 0xee) return payload.subarray(0, 5).toString("latin1") === "Adobe";
  return false;
}

/** The APP1 EXIF segment libvips writes for these fields (from a 1 × 1 picture made for the purpose). */
async function exifSegment(
  fields: { IFD0: Record<string, string>; IFD2: Record<string, string> },
  orientation: number | null,
): Promise<Buffer> {
  let picture = sharp({ create: { width: 1, height: 1, channels: 3, background: "#000000" } }).jpeg();
  if (orientation && orientation > 1) picture = picture.withMetadata({ orientation });
  const jpeg = await picture.withExifMerge(fields).toBuffer();
  const header = parseHeader(jpeg);
  const app1 = header?.segments.find(
    (s) => s.marker === 0xe1 && jpeg.subarray(s.start + 4, s.start + 10).toString("latin1") === "Exif\0\0",
  );
  return app1 ? jpeg.subarray(app1.start, app1.end) : Buffer.alloc(0);
}

/** Passes the scan data on up to and including the end-of-image marker, and nothing after it. */
function untilEndOfImage(): Transform {
  let ended = false;
  let pendingFF = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (ended) return done();
      let from = 0;
      if (pendingFF && chunk[0] === 0xd9) {
        ended = true;
        return done(null, chunk.subarray(0, 1));
      }
      for (;;) {
        const ff = chunk.indexOf(0xff, from);
        if (ff < 0 || ff === chunk.length - 1) {
          pendingFF = ff === chunk.length - 1;
          return done(null, chunk);
        }
        if (chunk[ff + 1] === 0xd9) {
          ended = true;
          return done(null, chunk.subarray(0, ff + 2));
        }
        from = ff + 1;
      }
    },
  });
}

/**
 * Writes `output`: `input` (a JPEG) with its metadata replaced as described above. Answers false, writing
 * nothing, when the file's header is not one this can rewrite (the caller re-encodes instead).
 */
export async function stripJpegMetadata(
  input: string,
  output: string,
  fields: { IFD0: Record<string, string>; IFD2: Record<string, string> },
  orientation: number | null,
): Promise<boolean> {
  const handle = await open(input, "r");
  let header: { segments: Segment[]; sos: number } | null = null;
  let head = Buffer.alloc(0);
  try {
    for (let size = 256 * 1024; size <= MAX_HEADER && !header; size *= 4) {
      head = Buffer.alloc(size);
      const { bytesRead } = await handle.read(head, 0, size, 0);
      head = head.subarray(0, bytesRead);
      header = parseHeader(head);
      if (bytesRead < size) break;
    }
  } finally {
    await handle.close();
  }
  if (!header) return false;
  const parts: Buffer[] = [Buffer.from([0xff, 0xd8])];
  const segments = header.segments.filter((s) => kept(head, s));
  // EXIF goes right after JFIF (or first), where readers look for it.
  const jfif = segments[0]?.marker === 0xe0 ? 1 : 0;
  for (const s of segments.slice(0, jfif)) parts.push(head.subarray(s.start, s.end));
  parts.push(await exifSegment(fields, orientation));
  for (const s of segments.slice(jfif)) parts.push(head.subarray(s.start, s.end));
  const out = createWriteStream(output, { mode: 0o600 });
  for (const part of parts) out.write(part);
  await pipeline(createReadStream(input, { start: header.sos }), untilEndOfImage(), out);
  return true;
}
