/**
 * A private S3-protocol server for a test file: s3rver on a free loopback port, its bucket in a temporary
 * directory. Drivers made here talk to it exactly as they would to AWS, MinIO or R2 (SigV4, path-style).
 */
/// <reference path="./s3rver.d.ts" />
import { createHash } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import os from "node:os";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { createS3Client, createS3Storage, type S3Storage, type S3StorageOptions } from "../storage/s3";

export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** What the server's env would say: STORAGE=s3 with these S3_* settings. */
  options: Omit<S3StorageOptions, "tempDir">;
  /** A driver on this server; its temporary files go to `tempDir`. Closed by stop(). */
  createStorage: (tempDir: string, overrides?: Partial<S3StorageOptions>) => S3Storage;
  /** A plain client for looking into the bucket from the outside. */
  client: S3Client;
  /** Every key in the bucket (or under `prefix`), sorted. */
  listKeys: (prefix?: string) => Promise<string[]>;
  /** Every request the server received (method, path with query, headers), oldest first. */
  requests: { method: string; url: string; headers: IncomingHttpHeaders }[];
  /** Calls `listener` as each request arrives (before it is answered); returns the unsubscribe function. */
  onRequest: (listener: (request: { method: string; url: string }) => void) => () => void;
  /** An object's bytes, or null when there is none. */
  objectBytes: (key: string) => Promise<Buffer | null>;
  stop: () => Promise<void>;
};

/**
 * s3rver 3.7 answers S3's ListParts (GET ?uploadId=…) with 405. `@tus/s3-store` asks for it to learn how much of
 * a resumable upload the bucket has; AWS, MinIO, R2 and every other server we know of implement it. With
 * `listParts`, a small proxy in front of s3rver passes every request through unchanged (signatures included:
 * the Host header is forwarded as signed) and answers ListParts from the UploadPart requests it saw succeed.
 */
function listPartsProxy(upstreamPort: number): Promise<{ port: number; close: () => Promise<void> }> {
  type Part = { number: number; etag: string; size: number };
  const parts = new Map<string, Part[]>();
  const proxy = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const uploadId = url.searchParams.get("uploadId");
    const partNumber = url.searchParams.get("partNumber");
    if (req.method === "GET" && uploadId && !partNumber) {
      const list = (parts.get(uploadId) ?? []).sort((a, b) => a.number - b.number);
      req.resume();
      res.writeHead(200, { "Content-Type": "application/xml" });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><UploadId>${uploadId}</UploadId>` +
          "<IsTruncated>false</IsTruncated>" +
          list
            .map(
              (p) =>
                `<Part><PartNumber>${p.number}</PartNumber><ETag>${p.etag}</ETag><Size>${p.size}</Size></Part>`,
            )
            .join("") +
          "</ListPartsResult>",
      );
      return;
    }
    const upstream = http.request(
      { host: "127.0.0.1", port: upstreamPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (req.method === "PUT" && uploadId && partNumber && answer.statusCode === 200) {
          const list = (parts.get(uploadId) ?? []).filter((p) => p.number !== Number(partNumber));
          list.push({
            number: Number(partNumber),
            etag: String(answer.headers.etag ?? ""),
            size: Number(req.headers["content-length"] ?? 0),
          });
          parts.set(uploadId, list);
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    proxy.listen(0, "127.0.0.1", () => {
      const address = proxy.address();
      resolve({
        port: typeof address === "object" && address ? address.port : 0,
        close: () =>
          new Promise<void>((done) => {
            proxy.closeAllConnections();
            proxy.close(() => done());
          }),
      });
    });
  });
}

/**
 * s3rver 3.7 answers PUT Object, UploadPart and CompleteMultipartUpload once it has read the body, not once the
 * bytes are in its file (its FilesystemStore resolves on its hashing Transform's "finish", not the file stream's):
 * on a busy machine a GET right after, e.g. @tus/s3-store reading the `.info` it has just written, finds no file or
 * an empty one. S3, MinIO and R2 are read-after-write consistent; with this, the emulator is too.
 */
function durableWrites(server: S3rver) {
  type Store = {
    getResourcePath: (bucket: string, key: string | undefined, resource: string) => string;
    putMetadata: (bucket: string, key: string, metadata: unknown, md5: string) => Promise<void>;
    putObject: (object: {
      bucket: string;
      key: string;
      content: Readable | Buffer;
      metadata: unknown;
    }) => Promise<{ size: number; md5: string }>;
    putPart: (
      bucket: string,
      uploadId: string,
      partNumber: number,
      content: Readable,
    ) => Promise<{ size: number; md5: string }>;
  };
  const store = (server as unknown as { store: Store }).store;
  /** Writes `content` to `file`; answers its size and MD5 once the file holds every byte. */
  const write = async (file: string, content: Readable | Buffer) => {
    await mkdir(path.dirname(file), { recursive: true });
    const md5 = createHash("md5");
    let size = 0;
    if (Buffer.isBuffer(content)) {
      await writeFile(file, content);
      md5.update(content);
      size = content.length;
    } else {
      const count = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          md5.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      await pipeline(content, count, createWriteStream(file));
    }
    return { size, md5: md5.digest("hex") };
  };
  store.putObject = async (object) => {
    const written = await write(store.getResourcePath(object.bucket, object.key, "object"), object.content);
    await store.putMetadata(object.bucket, object.key, object.metadata, written.md5);
    return written;
  };
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    const file = path.join(store.getResourcePath(bucket, undefined, "uploads"), uploadId, String(partNumber));
    const written = await write(file, content);
    await writeFile(`${file}.md5`, written.md5);
    return written;
  };
}

export async function startTestS3(
  bucket = "studio-test",
  settings: { listParts?: boolean } = {},
): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "studio-s3rver-"));
  const server = new S3rver({
    // Port 0: the system picks a free one, so parallel test files never collide.
    port: 0,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  durableWrites(server);
  const { port } = await server.run();
  const requests: TestS3["requests"] = [];
  const listeners = new Set<(request: { method: string; url: string }) => void>();
  server.httpServer?.on("request", (req: IncomingMessage) => {
    const request = { method: req.method ?? "", url: req.url ?? "", headers: req.headers };
    requests.push(request);
    for (const listener of listeners) listener(request);
  });
  const proxy = settings.listParts ? await listPartsProxy(port) : null;
  const endpoint = `http://127.0.0.1:${proxy?.port ?? port}`;
  const options: TestS3["options"] = {
    bucket,
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  };
  const client = createS3Client(options);
  const drivers: S3Storage[] = [];

  const listKeys = async (prefix?: string) => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  };

  const objectBytes = async (key: string) => {
    try {
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (error) {
      if ((error as { name?: string }).name === "NoSuchKey") return null;
      throw error;
    }
  };

  return {
    endpoint,
    bucket,
    options,
    client,
    createStorage: (tempDir, overrides = {}) => {
      const driver = createS3Storage({ ...options, tempDir, ...overrides });
      drivers.push(driver);
      return driver;
    },
    listKeys,
    requests,
    onRequest: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    objectBytes,
    stop: async () => {
      for (const driver of drivers) driver.close();
      client.destroy();
      await proxy?.close();
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
