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
import { Readable } from "node:stream";
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
export function streamZip(entries: readonly ZipEntry[]): Readable {
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  const archive = new ZipArchive({
    store: true,
    forceZip64: total > ZIP32_LIMIT || entries.length > 65_535,
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
    const source = await entry.open();
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

/** A streamed download: `Content-Disposition` named `fileName`, no Content-Length (the size is known at the end). */
export function zipResponse(entries: readonly ZipEntry[], fileName: string): Response {
  const zip = streamZip(entries);
  const safe = fileName.replace(/[^\w .()-]/g, "_") || "download.zip";
  return new Response(Readable.toWeb(zip) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
