/**
 * A ZIP streamed as it is built (ADR 021): entries are read from storage one after another and written with
 * the STORE method (JPEG and MP4 do not compress further; storing costs no CPU), straight into the HTTP
 * response with its back-pressure. Nothing is buffered in memory or on disk beyond the streams' own chunks, so a
 * 20 GB gallery costs the server what a 20 MB one does. Archives over 4 GB (or of more than 65,535 files) get
 * ZIP64 records, which every current unzip tool, Windows Explorer and macOS Archive Utility read.
 *
 * Entries are opened only when their turn comes (one open file or S3 response at a time). An entry that cannot
 * be opened any more (deleted meanwhile) ends the stream with an error: the client sees a broken download
 * rather than a ZIP silently missing a file.
 */
/// <reference path="./archiver.d.ts" />
import { Readable, Transform } from "node:stream";
import { ZipArchive } from "archiver";
import type { UploadStorage } from "../../storage/storage";

export type ZipEntry = {
  /** The name inside the archive (made safe and unique by streamZip). */
  name: string;
  /** Bytes, as stored (decides ZIP64). */
  size: number;
  mtime?: Date;
  open: () => Promise<Readable>;
};

const ZIP32_LIMIT = 0xffff_fffe;
const ZIP64_MAGIC = 0xffff_ffff;

/** ZIP64 is written when the files add up to more than 4 GB or there are more than 65,535 of them. */
const needsZip64 = (entries: readonly Pick<ZipEntry, "size">[], options: ZipOptions) =>
  options.zip64 === true ||
  entries.reduce((sum, e) => sum + e.size, 0) > ZIP32_LIMIT ||
  entries.length > 65_535;

export type ZipOptions = {
  /** ZIP64 records even for a small archive (tests; they are written by themselves when needed). */
  zip64?: boolean;
};

/**
 * The exact length of the archive streamZip writes for these entries, known before a byte is read (STORE: the
 * data is the files themselves). The layout is compress-commons' (archiver's zip writer) for streamed entries:
 * a local header (30 bytes + name), the data, a data descriptor (16 bytes, 24 past 4 GB), then per entry a
 * central header (46 bytes + name, + a 28-byte ZIP64 field when the entry or its offset is past 4 GB), and the
 * end record (22 bytes, + 76 of ZIP64 records). zip.test.ts checks it against what is written.
 */
export function zipLength(
  entries: readonly Pick<ZipEntry, "name" | "size">[],
  options: ZipOptions = {},
): number {
  const names = uniqueEntryNames(entries.map((e) => e.name));
  let offset = 0;
  let central = 0;
  entries.forEach((entry, i) => {
    const nameBytes = Buffer.byteLength(names[i]!);
    const zip64Entry = entry.size > ZIP64_MAGIC;
    central += 46 + nameBytes + (zip64Entry || offset > ZIP64_MAGIC ? 28 : 0);
    offset += 30 + nameBytes + entry.size + (zip64Entry ? 24 : 16);
  });
  const zip64 = needsZip64(entries, options) || central > ZIP64_MAGIC || offset > ZIP64_MAGIC;
  return offset + central + 22 + (zip64 ? 56 + 20 : 0);
}

/** Passes the entry's bytes on and fails the archive when there are more or fewer than it declared. */
function exactly(size: number, name: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > size) done(new Error(`${name} is longer than declared`));
      else done(null, chunk);
    },
    flush(done) {
      done(seen === size ? null : new Error(`${name} is shorter than declared`));
    },
  });
}

/** A name without folders, control characters or a leading dot, unique within the archive ("a.jpg", "a (2).jpg"). */
export function uniqueEntryNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((raw) => {
    const base =
      (raw.split(/[\\/]/).pop() ?? "")
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed on purpose.
        .replace(/[\u0000-\u001f\u007f"<>:|?*]/g, "")
        .replace(/^[.\s]+/, "")
        .trim()
        .slice(0, 200) || "file";
    let name = base;
    const dot = base.lastIndexOf(".");
    const stem = dot > 0 ? base.slice(0, dot) : base;
    const ext = dot > 0 ? base.slice(dot) : "";
    for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/**
 * The archive as a Node stream. Reading it drives everything: an entry is opened when the previous one has been
 * written, and reading stops while the client is slow. Destroy the stream (the client went away) to stop.
 */
export function streamZip(entries: readonly ZipEntry[], options: ZipOptions = {}): Readable {
  const archive = new ZipArchive({
    store: true,
    forceZip64: needsZip64(entries, options),
    // Each entry's own chunks; the archive's buffer is the stream's usual high-water mark.
    highWaterMark: 1024 * 1024,
  });
  const names = uniqueEntryNames(entries.map((e) => e.name));
  let next = 0;
  let stopped = false;
  const appendNext = async () => {
    if (stopped) return;
    if (next >= entries.length) {
      await archive.finalize();
      return;
    }
    const index = next++;
    const entry = entries[index]!;
    const opened = await entry.open();
    // The declared sizes made the Content-Length: a file that changed since must break the download.
    const source = opened.pipe(exactly(entry.size, names[index]!));
    opened.once("error", (error) => source.destroy(error));
    // Any failure of an entry ends the whole archive at once (the client sees a broken download).
    source.on("error", (error) => archive.destroy(error));
    archive.append(source, { name: names[index]!, date: entry.mtime ?? new Date(), store: true });
  };
  archive.on("entry", () => {
    appendNext().catch((error: unknown) => archive.destroy(error as Error));
  });
  archive.on("close", () => {
    stopped = true;
  });
  archive.on("error", () => {
    stopped = true;
  });
  appendNext().catch((error: unknown) => archive.destroy(error as Error));
  return archive;
}

/** Entries read from upload storage by key (the original, or a download copy). */
export function storedZipEntries(
  storage: UploadStorage,
  files: readonly { name: string; key: string; size: number; mtime?: Date }[],
): ZipEntry[] {
  return files.map((file) => ({
    name: file.name,
    size: file.size,
    mtime: file.mtime,
    open: async () => {
      const found = await storage.read(file.key);
      if (!found) throw new Error(`${file.key} is no longer in storage`);
      return found.stream;
    },
  }));
}

/** A streamed download named `fileName`, its Content-Length computed beforehand (zipLength). */
export function zipResponse(entries: readonly ZipEntry[], fileName: string): Response {
  const length = zipLength(entries);
  const zip = streamZip(entries);
  const safe = fileName.replace(/[^\w .()-]/g, "_") || "download.zip";
  return new Response(Readable.toWeb(zip) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(length),
      "Content-Disposition": `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
