import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/** Where uploaded bytes live; metadata stays in the database. Local disk by default. */
export type UploadStorage = {
  /** Moves a finished temporary file into storage under `key`. */
  putFile: (key: string, tempFile: string) => Promise<void>;
  /**
   * The stored bytes (all of them, or the inclusive byte `range`), with the whole file's size;
   * null when there is no such file.
   */
  read: (
    key: string,
    range?: { start: number; end: number },
  ) => Promise<{ stream: Readable; size: number } | null>;
  remove: (key: string) => Promise<void>;
  /** A directory for temporary files on the same filesystem (so putFile is a rename). */
  tempDir: string;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function createDiskStorage(root: string): UploadStorage {
  const resolveKey = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  const tempDir = path.join(root, ".tmp");
  return {
    tempDir,
    async putFile(key, tempFile) {
      const target = resolveKey(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tempFile, target);
    },
    async read(key, range) {
      try {
        const file = resolveKey(key);
        const info = await stat(file);
        if (!info.isFile()) return null;
        if (range && (range.start < 0 || range.end < range.start || range.end >= info.size)) return null;
        return { stream: createReadStream(file, range ?? {}), size: info.size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(resolveKey(key), { force: true });
    },
  };
}
