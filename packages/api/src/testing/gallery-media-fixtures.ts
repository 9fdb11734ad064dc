/**
 * Gallery items as the media pipeline leaves them, for tests: an Upload of purpose gallery_media, its files
 * in storage under the upload's folder (random bytes: nothing here decodes them) and a MediaAsset listing them
 * (media/process.ts's shape), the download copy's CRC-32 recorded. `status` other than "ready": no files yet.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import type { Db } from "@studio/db";
import type { UploadStorage } from "../storage/storage";

export type ProcessedOptions = {
  kind?: "image" | "video";
  status?: "ready" | "processing" | "pending" | "failed";
  /** Watermarked proof variants besides the web ones. */
  proofs?: boolean;
  /** Record the download copy's CRC-32 (false: as assets processed before it was recorded). */
  crc?: boolean;
  /** Size of the download copy in bytes. */
  bytes?: number;
};

export async function createProcessedGalleryUpload(
  db: Db,
  storage: UploadStorage,
  name = "photo.jpg",
  options: ProcessedOptions = {},
) {
  const kind = options.kind ?? "image";
  const status = options.status ?? "ready";
  const id = randomUUID();
  const ext = kind === "image" ? "jpg" : "mp4";
  const original = randomBytes(options.bytes ?? 3000);
  const prefix = `private/${id}/`;
  await mkdir(storage.tempDir, { recursive: true });
  const put = async (key: string, data: Buffer) => {
    const temp = path.join(storage.tempDir, `fixture-${randomUUID()}`);
    await writeFile(temp, data);
    await storage.putFile(key, temp);
    return { key, size: data.length };
  };
  await put(`private/${id}.${ext}`, original);
  const upload = await db.upload.create({
    data: {
      id,
      purpose: "gallery_media",
      kind,
      mimeType: kind === "image" ? "image/jpeg" : "video/mp4",
      extension: ext,
      size: original.length,
      originalName: name,
      storageKey: `private/${id}.${ext}`,
    },
  });
  const variants: object[] = [];
  let facts: Record<string, unknown> = {};
  if (status === "ready") {
    const download = randomBytes(options.bytes ?? 3000);
    const copy = await put(`${prefix}download.${ext}`, download);
    variants.push({
      role: "download",
      format: ext === "jpg" ? "jpeg" : ext,
      width: 3000,
      height: 2000,
      ...copy,
      ...(options.crc === false ? {} : { crc32: crc32(download) }),
    });
    if (kind === "image") {
      for (const role of options.proofs ? ["web", "proof"] : ["web"]) {
        for (const width of [480, 1024, 2048]) {
          for (const format of ["webp", "avif"]) {
            const name = role === "proof" ? `p${width}.${format}` : `w${width}.${format}`;
            const file = await put(`${prefix}${name}`, randomBytes(200));
            variants.push({ role, format, width, height: Math.round((width * 2) / 3), ...file });
          }
        }
      }
      facts = { placeholder: "1QcSHQRnh493V4dIh4eXh1h4kJUI", width: 3000, height: 2000 };
    } else {
      await put(`${prefix}poster.jpg`, randomBytes(200));
      await put(`${prefix}preview.mp4`, randomBytes(400));
      variants.push(
        { role: "poster", format: "jpeg", width: null, height: null, key: `${prefix}poster.jpg`, size: 200 },
        { role: "preview", format: "mp4", width: null, height: null, key: `${prefix}preview.mp4`, size: 400 },
      );
      facts = {
        width: 1280,
        height: 720,
        durationMs: 2000,
        posterKey: `${prefix}poster.jpg`,
        previewKey: `${prefix}preview.mp4`,
      };
    }
  }
  await db.mediaAsset.create({
    data: {
      uploadId: id,
      status,
      progress: status === "ready" ? 100 : 40,
      ...(status === "ready" ? { variants } : {}),
      ...facts,
    },
  });
  return upload;
}
