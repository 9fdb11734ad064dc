/**
 * Copying a local upload directory into a bucket (pnpm storage:migrate) against a real S3-protocol server:
 * everything arrives byte for byte, a second run copies nothing, and interrupted runs (a limit, a cancelled
 * multipart upload, an object of the wrong size) are completed by running again.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../testing/s3";
import { listUploadFiles, migrateUploadsToBucket } from "./migrate";

let s3: TestS3;
let source: string;
const files: Record<string, Buffer> = {
  "media/0b4f5a8e-1c2d-4e3f-8a9b-0c1d2e3f4a5b.png": randomBytes(2_000),
  "media/0b4f5a8e-1c2d-4e3f-8a9b-0c1d2e3f4a5b-320.webp": randomBytes(700),
  "media/7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6.mp4": randomBytes(12 * 1024 * 1024),
  "private/3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f.pdf": randomBytes(5_000),
};
const KEYS = Object.keys(files).sort();
const VIDEO = "media/7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6.mp4";

let buckets = 0;
/** A fresh, empty bucket on the test server. */
async function newBucket(): Promise<string> {
  const name = `migrate-${++buckets}`;
  await s3.client.send(new CreateBucketCommand({ Bucket: name }));
  return name;
}
const run = (bucket: string, extra: Partial<Parameters<typeof migrateUploadsToBucket>[0]> = {}) =>
  migrateUploadsToBucket({ sourceDir: source, client: s3.client, bucket, ...extra });

async function expectComplete(bucket: string) {
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }));
  expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual(KEYS);
  for (const key of KEYS) {
    const out = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(Buffer.from(await out.Body!.transformToByteArray()).equals(files[key]!), key).toBe(true);
  }
}

beforeAll(async () => {
  s3 = await startTestS3();
  source = mkdtempSync(path.join(os.tmpdir(), "studio-migrate-"));
  for (const [key, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(source, key)), { recursive: true });
    writeFileSync(path.join(source, key), data);
  }
  // Not uploads: temporary files of uploads in progress, and hidden files.
  mkdirSync(path.join(source, ".tmp"));
  writeFileSync(path.join(source, ".tmp", "half-received.upload"), "partial");
  writeFileSync(path.join(source, "media", ".DS_Store"), "finder");
});
afterAll(async () => {
  await s3.stop();
  rmSync(source, { recursive: true, force: true });
});

describe("migrateUploadsToBucket", () => {
  it("lists the stored files under their storage keys, without .tmp and hidden files", async () => {
    expect(await listUploadFiles(source)).toEqual(KEYS);
    expect(await listUploadFiles(path.join(source, "does-not-exist"))).toEqual([]);
  });

  it("copies every file under the same key, then copies nothing on a second run", async () => {
    const bucket = await newBucket();
    const first = await run(bucket);
    expect(first).toEqual({
      total: KEYS.length,
      copied: KEYS.length,
      skipped: 0,
      failed: 0,
      failures: [],
      notAttempted: 0,
    });
    await expectComplete(bucket);

    const second = await run(bucket);
    expect(second).toMatchObject({ copied: 0, skipped: KEYS.length, failed: 0, notAttempted: 0 });
  });

  it("stops after --limit files; the next run copies the rest and skips what is there", async () => {
    const bucket = await newBucket();
    const partial = await run(bucket, { limit: 2, concurrency: 1 });
    expect(partial).toMatchObject({ copied: 2, skipped: 0, failed: 0, notAttempted: KEYS.length - 2 });

    const rest = await run(bucket);
    expect(rest).toMatchObject({ copied: KEYS.length - 2, skipped: 2, failed: 0, notAttempted: 0 });
    await expectComplete(bucket);
  });

  it("is interrupted in the middle of a multipart upload without leaving a half object; a rerun completes", async () => {
    const bucket = await newBucket();
    const controller = new AbortController();
    // Cancel as soon as the first part of the 12 MB video reaches the server.
    const unsubscribe = s3.onRequest((request) => {
      if (request.url.startsWith(`/${bucket}/${VIDEO}?`) && request.url.includes("partNumber=")) {
        controller.abort();
      }
    });
    const interrupted = await run(bucket, { signal: controller.signal, concurrency: 1 });
    unsubscribe();
    expect(controller.signal.aborted).toBe(true);
    expect(interrupted.failed).toBe(0);
    expect(interrupted.copied + interrupted.notAttempted).toBe(KEYS.length);
    expect(interrupted.notAttempted).toBeGreaterThan(0);
    // The video is not in the bucket at all: S3 only shows a multipart object once it is completed.
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }));
    expect((listed.Contents ?? []).map((o) => o.Key)).not.toContain(VIDEO);

    const rerun = await run(bucket);
    expect(rerun).toMatchObject({ copied: interrupted.notAttempted, skipped: interrupted.copied, failed: 0 });
    await expectComplete(bucket);
  });

  it("copies again an object whose size differs (an older or broken copy)", async () => {
    const bucket = await newBucket();
    const key = KEYS[0]!;
    await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: Buffer.from("truncated") }));
    const result = await run(bucket);
    expect(result).toMatchObject({ copied: KEYS.length, skipped: 0, failed: 0 });
    await expectComplete(bucket);
  });

  it("reports files it cannot copy and copies the others", async () => {
    const bucket = await newBucket();
    const odd = path.join(source, "media", "not a generated name.png");
    writeFileSync(odd, "x");
    try {
      const result = await run(bucket);
      expect(result).toMatchObject({ copied: KEYS.length, failed: 1 });
      expect(result.failures).toEqual([
        { key: "media/not a generated name.png", error: "not a storage key the product would generate" },
      ]);
    } finally {
      rmSync(odd);
    }
  });

  it("fails every file, loudly, when the bucket does not exist", async () => {
    const result = await run("no-such-bucket");
    expect(result.failed).toBe(KEYS.length);
    expect(result.copied).toBe(0);
  });
});
