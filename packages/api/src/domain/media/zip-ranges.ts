/**
 * A resumable ZIP (ADR 021): when every entry's size and CRC-32 are known before a byte is read (download copies
 * made by the pipeline record their CRC), the whole archive is known in advance: its local headers carry the
 * CRC and sizes (no data descriptors), the names, times (UTC) and order are fixed, so it is the same bytes on
 * every request and every instance. Its ETag is a hash of that plan; a Range (with If-Range) is answered by
 * streaming only the part asked for: the headers it overlaps from memory (a few dozen bytes per file), the file
 * data through a ranged read of storage (disk or S3), one file at a time, never buffered.
 *
 * The layout is plain PKZIP with STORE: per entry a local header (30 bytes + name, + a 20-byte ZIP64 field for a
 * file of 4 GB or more) and the data; then the central directory (46 bytes + name per entry, + a ZIP64 field when
 * the size or the offset needs one) and the end record (22 bytes, after a ZIP64 end record and locator, 76
 * bytes, when the archive passes 4 GB or 65,534 entries). Names are UTF-8 (flag bit 11).
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { UploadStorage } from "../../storage/storage";
import { contentDisposition } from "../uploads/serve";
import { uniqueEntryNames } from "./zip";

export type KnownZipEntry = { name: string; key: string; size: number; crc32: number; mtime: Date };

type Segment =
  | { start: number; length: number; bytes: Buffer }
  | { start: number; length: number; key: string; name: string };

export type ZipPlan = {
  /** The archive's exact length in bytes. */
  length: number;
  /** A strong validator of these exact bytes (names, order, sizes, CRCs, times). */
  etag: string;
  segments: Segment[];
};

const U16 = 0xffff;
const U32 = 0xffff_ffff;

/** MS-DOS date and time, in UTC (so every instance writes the same bytes), clamped to what DOS dates hold. */
function dosTime(at: Date): { time: number; date: number } {
  const ms = Math.min(Math.max(at.getTime(), Date.UTC(1980, 0, 1)), Date.UTC(2107, 11, 31, 23, 59, 58));
  const d = new Date(ms);
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/** A ZIP64 extended information field holding `values` (8 bytes each). */
function zip64Field(values: number[]): Buffer {
  if (values.length === 0) return Buffer.alloc(0);
  const field = Buffer.alloc(4 + 8 * values.length);
  field.writeUInt16LE(0x0001, 0);
  field.writeUInt16LE(8 * values.length, 2);
  for (const [i, v] of values.entries()) field.writeBigUInt64LE(BigInt(v), 4 + 8 * i);
  return field;
}

/** The archive's plan: every byte but the files' data, and where each file's data goes. */
export function planZip(entries: readonly KnownZipEntry[]): ZipPlan {
  const names = uniqueEntryNames(entries.map((e) => e.name));
  const segments: Segment[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  let anyZip64 = false;
  entries.forEach((entry, i) => {
    const name = Buffer.from(names[i]!, "utf8");
    const big = entry.size >= U32;
    const farOffset = offset >= U32;
    anyZip64 ||= big || farOffset;
    const { time, date } = dosTime(entry.mtime);
    const version = big || farOffset ? 45 : 20;

    const localExtra = zip64Field(big ? [entry.size, entry.size] : []);
    const local = Buffer.alloc(30 + name.length + localExtra.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(version, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(entry.crc32 >>> 0, 14);
    local.writeUInt32LE(big ? U32 : entry.size, 18);
    local.writeUInt32LE(big ? U32 : entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    name.copy(local, 30);
    localExtra.copy(local, 30 + name.length);

    const centralExtra = zip64Field([
      ...(big ? [entry.size, entry.size] : []),
      ...(farOffset ? [offset] : []),
    ]);
    const header = Buffer.alloc(46 + name.length + centralExtra.length);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE((3 << 8) | version, 4);
    header.writeUInt16LE(version, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(entry.crc32 >>> 0, 16);
    header.writeUInt32LE(big ? U32 : entry.size, 20);
    header.writeUInt32LE(big ? U32 : entry.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt16LE(centralExtra.length, 30);
    // Comment length, disk number, internal attributes: 0. External: a regular file, rw-r--r--.
    header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    header.writeUInt32LE(farOffset ? U32 : offset, 42);
    name.copy(header, 46);
    centralExtra.copy(header, 46 + name.length);
    central.push(header);

    segments.push({ start: offset, length: local.length, bytes: local });
    offset += local.length;
    segments.push({ start: offset, length: entry.size, key: entry.key, name: names[i]! });
    offset += entry.size;
  });

  const directory = Buffer.concat(central);
  const directoryStart = offset;
  segments.push({ start: offset, length: directory.length, bytes: directory });
  offset += directory.length;

  const zip64 = anyZip64 || entries.length >= U16 || directoryStart >= U32 || directory.length >= U32;
  const tail: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE((3 << 8) | 45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(entries.length), 24);
    record.writeBigUInt64LE(BigInt(entries.length), 32);
    record.writeBigUInt64LE(BigInt(directory.length), 40);
    record.writeBigUInt64LE(BigInt(directoryStart), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, U16), 8);
  end.writeUInt16LE(Math.min(entries.length, U16), 10);
  end.writeUInt32LE(Math.min(directory.length, U32), 12);
  end.writeUInt32LE(Math.min(directoryStart, U32), 16);
  tail.push(end);
  const last = Buffer.concat(tail);
  segments.push({ start: offset, length: last.length, bytes: last });
  offset += last.length;

  const fingerprint = createHash("sha256");
  entries.forEach((e, i) => {
    fingerprint.update(`${names[i]}\0${e.key}\0${e.size}\0${e.crc32}\0${e.mtime.getTime()}\n`);
  });
  return { length: offset, etag: `"zip-${fingerprint.digest("base64url").slice(0, 32)}"`, segments };
}

/**
 * Bytes `start`…`end` (inclusive) of the planned archive as a stream. A file is opened (a ranged read) only when
 * its turn comes; one that is gone or has another size than planned ends the stream with an error, so the
 * client sees a broken download rather than wrong bytes.
 */
export function streamZipRange(
  plan: ZipPlan,
  storage: UploadStorage,
  start = 0,
  end = plan.length - 1,
): Readable {
  async function* bytes(): AsyncGenerator<Buffer> {
    for (const segment of plan.segments) {
      const last = segment.start + segment.length - 1;
      if (segment.length === 0 || last < start || segment.start > end) continue;
      const from = Math.max(start, segment.start) - segment.start;
      const to = Math.min(end, last) - segment.start;
      if ("bytes" in segment) {
        yield segment.bytes.subarray(from, to + 1);
        continue;
      }
      const found = await storage.read(segment.key, { start: from, end: to });
      // Gone, or too short now for the range the plan reads (a read past the end finds nothing).
      if (!found) throw new Error(`${segment.name} is no longer in storage as planned (removed or changed)`);
      if (found.size !== segment.length) {
        found.stream.destroy();
        throw new Error(`${segment.name} has changed since the archive was planned`);
      }
      let seen = 0;
      for await (const chunk of found.stream as AsyncIterable<Buffer>) {
        seen += chunk.length;
        if (seen > to - from + 1) throw new Error(`${segment.name} is longer than planned`);
        yield chunk;
      }
      if (seen !== to - from + 1) throw new Error(`${segment.name} is shorter than planned`);
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}

/**
 * The HTTP answer for a planned archive: 200 with the whole of it, 206 with the asked range, or 416; always
 * `Accept-Ranges: bytes` and the plan's ETag (a browser resumes a broken download with Range and If-Range).
 * `range` is judged by the caller (If-Range already compared with the ETag).
 */
export function plannedZipResponse(
  plan: ZipPlan,
  storage: UploadStorage,
  fileName: string,
  range: { start: number; end: number } | "unsatisfiable" | null,
  method = "GET",
): Response {
  const headers: Record<string, string> = {
    "Content-Type": "application/zip",
    "Content-Disposition": contentDisposition("attachment", fileName),
    "Accept-Ranges": "bytes",
    ETag: plan.etag,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
  if (range === "unsatisfiable") {
    return new Response(null, {
      status: 416,
      headers: { ...headers, "Content-Range": `bytes */${plan.length}` },
    });
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? plan.length - 1;
  headers["Content-Length"] = String(end - start + 1);
  if (range) headers["Content-Range"] = `bytes ${start}-${end}/${plan.length}`;
  const body =
    method === "HEAD"
      ? null
      : (Readable.toWeb(streamZipRange(plan, storage, start, end)) as ReadableStream<Uint8Array>);
  return new Response(body, { status: range ? 206 : 200, headers });
}
