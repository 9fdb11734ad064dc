/**
 * Upload storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …) so several instances share one
 * set of files. The bucket stays private: every read goes through the server, which still decides who may see
 * a file (public media, or a proof behind a valid signed link).
 */
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertSafeKey, isSafeKey, type UploadStorage } from "./storage";

export type S3StorageOptions = {
  bucket: string;
  /** "us-east-1" for most S3-compatible servers; "auto" for Cloudflare R2. */
  region: string;
  /** Omit for AWS S3; e.g. http://127.0.0.1:9000 for MinIO, https://<account>.r2.cloudflarestorage.com for R2. */
  endpoint?: string;
  /** Bucket in the path (http://host/bucket/key) rather than the host name: MinIO and most self-hosted servers. */
  forcePathStyle?: boolean;
  /** Omit to use the SDK's default chain (env, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Local directory for files being received and re-encoded before they go to the bucket. */
  tempDir?: string;
  /** Multipart part size (at least 5 MiB, S3's minimum). Memory per upload is about partSize × (queueSize + 1). */
  partSize?: number;
  /** Parts sent at once. */
  queueSize?: number;
};

export type S3Storage = UploadStorage & {
  client: S3Client;
  bucket: string;
  /** Closes the client's keep-alive sockets. */
  close: () => void;
};

const MIN_PART_SIZE = 5 * 1024 * 1024;

export function createS3Client(options: Omit<S3StorageOptions, "bucket" | "tempDir">): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // Since 3.729 the SDK by default adds CRC32 trailers (aws-chunked bodies) to every upload, which several
    // S3-compatible servers do not understand: send checksums only where an operation requires one.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/**
 * Streams a local file into the bucket: one PUT below a part, a multipart upload above (parts read from disk one
 * by one, so memory stays flat). An S3 object appears only once complete, never half-written; an aborted
 * multipart upload is cancelled (leavePartsOnError: false).
 */
export async function uploadFileToBucket(
  client: S3Client,
  bucket: string,
  key: string,
  file: string,
  options: { partSize?: number; queueSize?: number; signal?: AbortSignal } = {},
): Promise<void> {
  assertSafeKey(key);
  const abortController = new AbortController();
  const abort = () => abortController.abort();
  if (options.signal?.aborted) abort();
  options.signal?.addEventListener("abort", abort, { once: true });
  const body = createReadStream(file);
  try {
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: body },
      partSize: Math.max(options.partSize ?? MIN_PART_SIZE, MIN_PART_SIZE),
      queueSize: options.queueSize ?? 2,
      leavePartsOnError: false,
      abortController,
    });
    await upload.done();
  } finally {
    options.signal?.removeEventListener("abort", abort);
    body.destroy();
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === "NoSuchKey" || name === "NotFound" || statusOf(error) === 404;
}

function isUnsatisfiableRange(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === "InvalidRange" || statusOf(error) === 416;
}

/** The whole object's size from "bytes 0-99/1234". */
function totalFromContentRange(contentRange: string | undefined): number | null {
  const match = contentRange ? /\/(\d+)\s*$/.exec(contentRange) : null;
  return match ? Number(match[1]) : null;
}

export function createS3Storage(options: S3StorageOptions): S3Storage {
  const client = createS3Client(options);
  const { bucket, partSize, queueSize } = options;
  return {
    client,
    bucket,
    tempDir: options.tempDir ?? path.join(os.tmpdir(), "studio-uploads"),
    close: () => client.destroy(),

    async putFile(key, tempFile) {
      await uploadFileToBucket(client, bucket, key, tempFile, { partSize, queueSize });
      await rm(tempFile, { force: true });
    },

    async stat(key) {
      if (!isSafeKey(key)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async read(key, range) {
      if (!isSafeKey(key)) return null;
      if (range && (range.start < 0 || range.end < range.start)) return null;
      let out: GetObjectCommandOutput;
      try {
        out = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
      } catch (error) {
        if (isNotFound(error) || (range && isUnsatisfiableRange(error))) return null;
        throw error;
      }
      const body = out.Body;
      if (!(body instanceof Readable)) throw new Error(`S3 object ${key} has no readable body`);
      const size = range ? totalFromContentRange(out.ContentRange) : (out.ContentLength ?? null);
      if (size === null) {
        body.destroy();
        throw new Error(`S3 answered ${key} without ${range ? "Content-Range" : "Content-Length"}`);
      }
      // S3 shortens a range that runs past the end; the disk driver refuses it, and so does this one.
      if (range && range.end >= size) {
        body.destroy();
        return null;
      }
      return { stream: body, size };
    },

    async remove(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
