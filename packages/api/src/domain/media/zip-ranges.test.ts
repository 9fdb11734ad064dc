/**
 * The resumable ZIP (zip-ranges.ts): the planned archive is a valid ZIP (Info-ZIP's `unzip` tests and extracts
 * it, names and bytes as given), its length is known before a byte is read, any range of it is the same bytes
 * as the whole, a file changed since the plan breaks the stream, and the ETag follows the plan.
 */
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { crc32 } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStorage, type UploadStorage } from "../../storage/storage";
import { startTestS3, type TestS3 } from "../../testing/s3";
import { type KnownZipEntry, planZip, plannedZipResponse, streamZipRange } from "./zip-ranges";

const root = mkdtempSync(path.join(os.tmpdir(), "studio-zip-ranges-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let storage: UploadStorage;

async function stored(name: string, data: Buffer): Promise<KnownZipEntry> {
  const key = `private/${randomUUID()}/download.jpg`;
  await mkdir(storage.tempDir, { recursive: true });
  const temp = path.join(storage.tempDir, randomUUID());
  writeFileSync(temp, data);
  await storage.putFile(key, temp);
  return { name, key, size: data.length, crc32: crc32(data), mtime: new Date("2031-05-01T14:03:22Z") };
}

describe.each(["disk", "s3"] as const)("a planned ZIP, files on %s", (where) => {
  let s3: TestS3 | null = null;
  beforeAll(async () => {
    s3 = where === "s3" ? await startTestS3() : null;
    storage = s3 ? s3.createStorage(path.join(root, "s3-tmp")) : createDiskStorage(path.join(root, "store"));
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it("is a valid archive of the files, exactly as long as planned, and every range is the same bytes", async () => {
    const datas = [randomBytes(2_500_000), Buffer.alloc(0), randomBytes(1), randomBytes(70_000)];
    const entries = [
      await stored("IMG_1.jpg", datas[0]!),
      await stored("empty.jpg", datas[1]!),
      await stored("IMG_1.jpg", datas[2]!),
      await stored("Été à Kolhapur.jpg", datas[3]!),
    ];
    const plan = planZip(entries);
    const whole = await buffer(streamZipRange(plan, storage));
    expect(whole.length).toBe(plan.length);
    const file = path.join(root, `whole-${where}.zip`);
    writeFileSync(file, whole);
    expect(execFileSync("unzip", ["-t", file], { encoding: "utf8" })).toContain("No errors detected");
    const out = path.join(root, `out-${where}`);
    execFileSync("unzip", ["-q", "-o", file, "-d", out]);
    expect(readFileSync(path.join(out, "IMG_1.jpg")).equals(datas[0]!)).toBe(true);
    expect(readFileSync(path.join(out, "IMG_1 (2).jpg")).equals(datas[2]!)).toBe(true);
    expect(readFileSync(path.join(out, "Été à Kolhapur.jpg")).equals(datas[3]!)).toBe(true);
    expect(readFileSync(path.join(out, "empty.jpg")).length).toBe(0);

    // The same plan twice is the same bytes and the same ETag.
    const again = planZip(entries);
    expect(again.etag).toBe(plan.etag);
    expect((await buffer(streamZipRange(again, storage))).equals(whole)).toBe(true);

    // Cut anywhere (inside a header, a file, the directory), the parts are the whole.
    const cuts = [0, 1, 29, 31, 1_000_000, 2_500_040, plan.length - 30, plan.length - 1];
    for (const cut of cuts) {
      const head = await buffer(streamZipRange(plan, storage, 0, Math.max(cut - 1, 0)));
      const tail = await buffer(streamZipRange(plan, storage, cut, plan.length - 1));
      expect(Buffer.concat([cut === 0 ? Buffer.alloc(0) : head, tail]).equals(whole), `cut at ${cut}`).toBe(
        true,
      );
    }
    const middle = await buffer(streamZipRange(plan, storage, 1234, 2_600_000));
    expect(middle.equals(whole.subarray(1234, 2_600_001))).toBe(true);
  });

  it("answers 206 with Content-Range and 416 past the end, with Accept-Ranges and the ETag", async () => {
    const entries = [await stored("a.jpg", randomBytes(5000))];
    const plan = planZip(entries);
    const part = plannedZipResponse(plan, storage, "Wedding.zip", { start: 100, end: 199 });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${plan.length}`);
    expect(part.headers.get("content-length")).toBe("100");
    expect(part.headers.get("accept-ranges")).toBe("bytes");
    expect(part.headers.get("etag")).toBe(plan.etag);
    expect(Buffer.from(await part.arrayBuffer()).length).toBe(100);
    const whole = plannedZipResponse(plan, storage, "Wedding.zip", null);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe(String(plan.length));
    expect(whole.headers.get("content-disposition")).toContain('filename="Wedding.zip"');
    await whole.body?.cancel();
    expect(plannedZipResponse(plan, storage, "Wedding.zip", "unsatisfiable").status).toBe(416);
  });

  it("a different file (another CRC) is another ETag; a file changed since breaks the stream", async () => {
    const a = await stored("a.jpg", randomBytes(5000));
    const plan = planZip([a]);
    expect(planZip([{ ...a, crc32: (a.crc32 + 1) >>> 0 }]).etag).not.toBe(plan.etag);
    const shorter = planZip([{ ...a, size: a.size + 10 }]);
    await expect(buffer(streamZipRange(shorter, storage))).rejects.toThrow(/changed/);
    await storage.remove(a.key);
    await expect(buffer(streamZipRange(plan, storage))).rejects.toThrow(/no longer in storage/);
    // Longer now than planned: the ranged read would succeed, but the file's size tells it changed.
    const longer = await stored("b.jpg", randomBytes(5000));
    await expect(buffer(streamZipRange(planZip([{ ...longer, size: 4990 }]), storage))).rejects.toThrow(
      /changed since/,
    );
  });
});
