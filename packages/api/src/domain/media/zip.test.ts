/**
 * The streamed ZIP: read back by Info-ZIP's `unzip` (test, list, extract), with STORE entries, safe unique
 * names, ZIP64 records for big archives, one entry open at a time, and a broken download (never a silently
 * incomplete archive) when a file has gone from storage.
 */
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, describe, expect, it } from "vitest";
import { createDiskStorage } from "../../storage/storage";
import { storedZipEntries, streamZip, uniqueEntryNames, type ZipEntry, zipLength, zipResponse } from "./zip";

const dir = mkdtempSync(path.join(os.tmpdir(), "studio-zip-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const storage = createDiskStorage(path.join(dir, "storage"));

async function put(key: string, bytes: Buffer) {
  const file = path.join(dir, `${Math.random()}.tmp`);
  writeFileSync(file, bytes);
  await storage.putFile(key, file);
}

async function writeZip(stream: Readable): Promise<string> {
  const file = path.join(dir, `${Math.random()}.zip`);
  const out = createWriteStream(file);
  try {
    await pipeline(stream, out);
  } finally {
    // A failed archive still has its file being opened: wait, so the clean-up finds nothing in flight.
    if (!out.closed) await once(out, "close");
  }
  return file;
}

describe("streamZip", () => {
  it("writes a valid archive of stored files, STORE method, with safe unique names", async () => {
    const photo = randomBytes(300_000);
    const film = randomBytes(1_200_000);
    await put("private/a/photo.jpg", photo);
    await put("private/b/photo.jpg", photo);
    await put("private/c/film.mp4", film);
    await put("private/d/empty.txt", Buffer.alloc(0));
    const entries = storedZipEntries(storage, [
      { name: "IMG_0001.jpg", key: "private/a/photo.jpg", size: photo.length },
      { name: "../../IMG_0001.jpg", key: "private/b/photo.jpg", size: photo.length },
      { name: "Ceremony/film.mp4", key: "private/c/film.mp4", size: film.length },
      { name: ".hidden", key: "private/d/empty.txt", size: 0 },
    ]);
    const zip = await writeZip(streamZip(entries));
    expect(execFileSync("unzip", ["-t", zip], { encoding: "utf8" })).toContain("No errors detected");
    const listing = execFileSync("unzip", ["-v", zip], { encoding: "utf8" });
    for (const name of ["IMG_0001.jpg", "IMG_0001 (2).jpg", "film.mp4", "hidden"])
      expect(listing).toContain(name);
    expect(listing.match(/Stored/g)?.length).toBe(4);
    expect(listing).not.toContain("Defl");
    const out = path.join(dir, "out");
    execFileSync("unzip", ["-q", "-o", zip, "-d", out]);
    expect(readFileSync(path.join(out, "IMG_0001 (2).jpg")).equals(photo)).toBe(true);
    expect(readFileSync(path.join(out, "film.mp4")).equals(film)).toBe(true);
  });

  it("opens one entry at a time, only when its turn comes", async () => {
    let open = 0;
    let most = 0;
    const opened: number[] = [];
    const entries: ZipEntry[] = Array.from({ length: 5 }, (_, i) => ({
      name: `${i}.bin`,
      size: 200_000,
      open: async () => {
        opened.push(i);
        open++;
        most = Math.max(most, open);
        const stream = Readable.from([randomBytes(100_000), randomBytes(100_000)]);
        stream.on("end", () => open--);
        return stream;
      },
    }));
    const zip = await writeZip(streamZip(entries));
    expect(opened).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(1);
    expect(execFileSync("unzip", ["-t", zip], { encoding: "utf8" })).toContain("No errors detected");
  });

  it("writes valid ZIP64 records (as it does past 4 GB or 65,535 files)", async () => {
    const entries: ZipEntry[] = [0, 1].map((i) => ({
      name: `${i}.bin`,
      size: 1000,
      open: async () => Readable.from([randomBytes(1000)]),
    }));
    const zip = await writeZip(streamZip(entries, { zip64: true }));
    const bytes = readFileSync(zip);
    // The ZIP64 end of central directory record and its locator.
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x07]))).toBe(true);
    expect(bytes.length).toBe(zipLength(entries, { zip64: true }));
    expect(execFileSync("unzip", ["-t", zip], { encoding: "utf8" })).toContain("No errors detected");
  });

  it("fails the download when a file has gone from storage, rather than leave it out", async () => {
    await put("private/e/kept.jpg", randomBytes(1000));
    const entries = storedZipEntries(storage, [
      { name: "kept.jpg", key: "private/e/kept.jpg", size: 1000 },
      { name: "gone.jpg", key: "private/e/gone.jpg", size: 1000 },
    ]);
    await expect(writeZip(streamZip(entries))).rejects.toThrow("no longer in storage");
  });

  it("answers an HTTP download with the archive's name", async () => {
    await put("private/f/one.jpg", randomBytes(5000));
    const response = zipResponse(
      storedZipEntries(storage, [{ name: "one.jpg", key: "private/f/one.jpg", size: 5000 }]),
      "Wedding – favourites.zip",
    );
    expect(response.headers.get("content-type")).toBe("application/zip");
    const declared = Number(response.headers.get("content-length"));
    expect(response.headers.get("content-disposition")).toContain(
      "filename*=UTF-8''Wedding%20%E2%80%93%20favourites.zip",
    );
    const file = path.join(dir, "http.zip");
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBe(declared);
    writeFileSync(file, body);
    expect(execFileSync("unzip", ["-t", file], { encoding: "utf8" })).toContain("No errors detected");
  });

  it("knows its exact length before a byte is read: ASCII and UTF-8 names, empty files, ZIP64", async () => {
    const make = (names: string[], sizes: number[]): ZipEntry[] =>
      names.map((name, i) => ({
        name,
        size: sizes[i]!,
        open: async () => Readable.from(sizes[i]! > 0 ? [randomBytes(sizes[i]!)] : []),
      }));
    const cases = [
      make(["a.jpg"], [10]),
      make(
        ["Mariée – première danse.jpg", "日本.mp4", "empty.txt", "a.jpg", "a.jpg"],
        [5000, 70_000, 0, 1, 2],
      ),
      make(["x.bin"], [0]),
    ];
    for (const entries of cases) {
      const written = readFileSync(await writeZip(streamZip(entries))).length;
      expect(zipLength(entries)).toBe(written);
    }
    // ZIP64 records (forced by the declared sizes, as in the ZIP64 test above): declared and real sizes agree here.
    const many = Array.from({ length: 3 }, (_, i) => ({ name: `${i}.bin`, size: 1000 }));
    const forced = zipLength([...many, { name: "big.bin", size: 4_300_000_000 }]);
    expect(forced).toBe(
      3 * (30 + 5 + 1000 + 16) + (30 + 7 + 4_300_000_000 + 24) + 3 * (46 + 5) + (46 + 7 + 28) + 22 + 76,
    );
  });

  it("breaks the download when a file is not the size it was declared with", async () => {
    const entries: ZipEntry[] = [
      { name: "a.jpg", size: 10, open: async () => Readable.from([randomBytes(12)]) },
    ];
    await expect(writeZip(streamZip(entries))).rejects.toThrow("a.jpg is longer than declared");
    const short: ZipEntry[] = [
      { name: "b.jpg", size: 10, open: async () => Readable.from([randomBytes(8)]) },
    ];
    await expect(writeZip(streamZip(short))).rejects.toThrow("b.jpg is shorter than declared");
  });

  it("names entries safely", () => {
    expect(uniqueEntryNames(["a.jpg", "A.JPG", "x/a.jpg", "", "con\u0000trol.png"])).toEqual([
      "a.jpg",
      "A (2).JPG",
      "a (3).jpg",
      "file",
      "control.png",
    ]);
  });
});
