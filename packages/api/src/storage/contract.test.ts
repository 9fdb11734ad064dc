/**
 * One contract, two drivers: the same cases run against the local disk and against a real S3-protocol server
 * (s3rver on loopback), so the upload rules above the interface can rely on either.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../testing/s3";
import { createDiskStorage, type UploadStorage } from "./storage";

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

let s3: TestS3;
const dirs: string[] = [];
const tempRoot = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `studio-storage-${name}-`));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const drivers: [string, () => UploadStorage][] = [
  ["local disk", () => createDiskStorage(tempRoot("disk"))],
  ["S3 (s3rver)", () => s3.createStorage(path.join(tempRoot("s3"), ".tmp"))],
];

describe.each(drivers)("UploadStorage contract: %s", (_name, make) => {
  let storage: UploadStorage;
  const content = randomBytes(10_000);

  /** A finished temporary file, as the upload pipeline hands it over. */
  async function tempFile(data: Buffer): Promise<string> {
    await mkdir(storage.tempDir, { recursive: true });
    const file = path.join(storage.tempDir, `${randomBytes(8).toString("hex")}.upload`);
    await writeFile(file, data);
    return file;
  }

  beforeAll(async () => {
    storage = make();
    await storage.putFile("media/contract.bin", await tempFile(content));
  });

  it("takes over the temporary file and reads the whole of it back with its size", async () => {
    const temp = await tempFile(Buffer.from("hello"));
    await storage.putFile("private/hello.txt", temp);
    expect(existsSync(temp)).toBe(false);

    const whole = await storage.read("media/contract.bin");
    expect(whole?.size).toBe(content.length);
    expect((await bytesOf(whole!.stream)).equals(content)).toBe(true);
    expect(await storage.stat("media/contract.bin")).toEqual({ size: content.length });
    const hello = await storage.read("private/hello.txt");
    expect((await bytesOf(hello!.stream)).toString()).toBe("hello");
  });

  it("reads inclusive byte ranges, reporting the whole file's size", async () => {
    for (const range of [
      { start: 0, end: 99 },
      { start: 5000, end: 5000 },
      { start: 1234, end: 8765 },
      { start: content.length - 10, end: content.length - 1 },
      { start: 0, end: content.length - 1 },
    ]) {
      const part = await storage.read("media/contract.bin", range);
      expect(part?.size).toBe(content.length);
      expect((await bytesOf(part!.stream)).equals(content.subarray(range.start, range.end + 1))).toBe(true);
    }
  });

  it("answers null for a range it cannot satisfy", async () => {
    for (const range of [
      { start: 10, end: 5 },
      { start: -1, end: 5 },
      { start: 0, end: content.length },
      { start: content.length, end: content.length + 10 },
      { start: content.length + 100, end: content.length + 200 },
    ]) {
      expect(await storage.read("media/contract.bin", range)).toBeNull();
    }
  });

  it("answers null for a key it does not hold, and refuses unsafe keys", async () => {
    expect(await storage.read("media/missing.bin")).toBeNull();
    expect(await storage.read("media/missing.bin", { start: 0, end: 1 })).toBeNull();
    expect(await storage.stat("media/missing.bin")).toBeNull();
    expect(await storage.read("../outside.bin")).toBeNull();
    expect(await storage.read("/etc/passwd")).toBeNull();
    await expect(storage.putFile("media/../../x.bin", await tempFile(content))).rejects.toThrow(/Unsafe/);
  });

  it("removes a file; removing it again is harmless", async () => {
    await storage.putFile("media/gone.bin", await tempFile(content));
    expect(await storage.stat("media/gone.bin")).not.toBeNull();
    await storage.remove("media/gone.bin");
    expect(await storage.read("media/gone.bin")).toBeNull();
    expect(await storage.stat("media/gone.bin")).toBeNull();
    await storage.remove("media/gone.bin");
  });

  it("stores a file larger than one multipart part byte for byte", async () => {
    const big = randomBytes(12 * 1024 * 1024 + 123);
    const temp = await tempFile(big);
    await storage.putFile("media/big.mp4", temp);
    expect(existsSync(temp)).toBe(false);
    const whole = await storage.read("media/big.mp4");
    expect(whole?.size).toBe(big.length);
    expect((await bytesOf(whole!.stream)).equals(big)).toBe(true);
    const tail = await storage.read("media/big.mp4", { start: big.length - 1000, end: big.length - 1 });
    expect((await bytesOf(tail!.stream)).equals(big.subarray(big.length - 1000))).toBe(true);
  });
});

describe("S3 driver specifics", () => {
  it("sends a large file as a streamed multipart upload, not one buffered PUT", async () => {
    const storage = s3.createStorage(path.join(tempRoot("s3-multipart"), ".tmp"));
    await mkdir(storage.tempDir, { recursive: true });
    const file = path.join(storage.tempDir, "video.upload");
    const data = randomBytes(11 * 1024 * 1024);
    await writeFile(file, data);
    const before = s3.requests.length;
    await storage.putFile("media/video.mp4", file);
    const sent = s3.requests.slice(before).map((r) => `${r.method} ${r.url}`);
    // Created, three 5 MiB-or-less parts, completed: never the whole file in one request.
    expect(sent.filter((r) => /^POST \/studio-test\/media\/video\.mp4\?uploads/.test(r))).toHaveLength(1);
    expect(sent.filter((r) => /^PUT \/studio-test\/media\/video\.mp4\?.*partNumber=/.test(r))).toHaveLength(
      3,
    );
    expect(sent.filter((r) => /^POST \/studio-test\/media\/video\.mp4\?uploadId=/.test(r))).toHaveLength(1);
    expect(sent.filter((r) => /^PUT \/studio-test\/media\/video\.mp4$/.test(r))).toHaveLength(0);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: "media/video.mp4" }));
    expect(head.ContentLength).toBe(data.length);
    expect((await s3.objectBytes("media/video.mp4"))!.equals(data)).toBe(true);
    expect(await s3.listKeys("media/video")).toEqual(["media/video.mp4"]);
  });

  it("keeps its temporary files on the local disk and the objects only in the bucket", async () => {
    const root = tempRoot("s3-local");
    const storage = s3.createStorage(path.join(root, ".tmp"));
    await mkdir(storage.tempDir, { recursive: true });
    const file = path.join(storage.tempDir, "a.upload");
    await writeFile(file, "bytes");
    await storage.putFile("private/only-in-bucket.pdf", file);
    expect(existsSync(path.join(root, "private"))).toBe(false);
    expect((await s3.objectBytes("private/only-in-bucket.pdf"))?.toString()).toBe("bytes");
  });

  it("fails loudly, not as a missing file, when the server cannot be reached", async () => {
    const storage = s3.createStorage(path.join(tempRoot("s3-down"), ".tmp"), {
      endpoint: "http://127.0.0.1:1",
    });
    await expect(storage.read("media/contract.bin")).rejects.toThrow();
    await expect(storage.stat("media/contract.bin")).rejects.toThrow();
  });
});
