/**
 * Copies the files of a local upload directory into a bucket under the same keys (pnpm storage:migrate), so a
 * product that ran on local disk can switch to STORAGE=s3 without losing a file.
 *
 * Idempotent and resumable: a file whose object is already in the bucket with the same size is skipped, and an
 * object only appears in S3 once it is complete (a PUT, or a completed multipart upload), so a run that stops
 * half-way leaves every file either fully copied or not at all; running again copies the rest.
 */
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { HeadObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { uploadFileToBucket } from "./s3";
import { isSafeKey } from "./storage";

export type MigrateOptions = {
  /** The local UPLOAD_DIR. */
  sourceDir: string;
  client: S3Client;
  bucket: string;
  /** Copy at most this many files, then stop (a partial run; the next run goes on from there). */
  limit?: number;
  /** Files copied at once. */
  concurrency?: number;
  /** Stops starting new files and cancels the uploads in flight (Ctrl-C). */
  signal?: AbortSignal;
  /** Called after each file, for progress output. */
  onFile?: (event: { key: string; outcome: "copied" | "skipped" | "failed"; error?: string }) => void;
};

export type MigrateSummary = {
  /** Files found under the upload directory (its .tmp excluded). */
  total: number;
  copied: number;
  skipped: number;
  failed: number;
  failures: { key: string; error: string }[];
  /** Files not looked at because of `limit` or an interruption. */
  notAttempted: number;
};

/** Stored files under `root` as storage keys ("media/<id>.png"), sorted; .tmp and dot-files are not uploads. */
export async function listUploadFiles(root: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const keys: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name));
    const parts = relative.split(path.sep);
    if (parts.some((part) => part.startsWith("."))) continue;
    keys.push(parts.join("/"));
  }
  return keys.sort();
}

async function objectSize(client: S3Client, bucket: string, key: string): Promise<number | null> {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return head.ContentLength ?? null;
  } catch (error) {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === "NotFound" || e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

export async function migrateUploadsToBucket(options: MigrateOptions): Promise<MigrateSummary> {
  const { client, bucket, sourceDir, signal } = options;
  const keys = await listUploadFiles(sourceDir);
  const summary: MigrateSummary = {
    total: keys.length,
    copied: 0,
    skipped: 0,
    failed: 0,
    failures: [],
    notAttempted: 0,
  };
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  let next = 0;
  let copiedOrStarted = 0;

  const migrateOne = async (key: string) => {
    const file = path.join(sourceDir, ...key.split("/"));
    try {
      if (!isSafeKey(key)) throw new Error("not a storage key the product would generate");
      const { size } = await stat(file);
      if ((await objectSize(client, bucket, key)) === size) {
        summary.skipped++;
        options.onFile?.({ key, outcome: "skipped" });
        return;
      }
      if (copiedOrStarted >= limit) {
        summary.notAttempted++;
        return;
      }
      copiedOrStarted++;
      await uploadFileToBucket(client, bucket, key, file, { signal });
      summary.copied++;
      options.onFile?.({ key, outcome: "copied" });
    } catch (error) {
      if (signal?.aborted) {
        summary.notAttempted++;
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      summary.failed++;
      summary.failures.push({ key, error: message });
      options.onFile?.({ key, outcome: "failed", error: message });
    }
  };

  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      if (signal?.aborted) {
        summary.notAttempted++;
        continue;
      }
      await migrateOne(key);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return summary;
}
