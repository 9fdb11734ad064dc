/**
 * The "media.process" durable job (ADR 013, ADR 021): one per uploaded photo or video, written with its Upload
 * and MediaAsset rows. The handler copies the original from storage to a local temporary directory (streamed),
 * makes the variants there (image.ts, video.ts), puts each into storage under a key derived from the original's
 * (`private/<id>.jpg` → `private/<id>/w1024.webp`), then records them on the MediaAsset row.
 *
 * - Idempotent: the keys are fixed per upload, so a run resumed after a crash (the lease ran out, another
 *   instance claimed the job) overwrites what the dead run left half-done and records the same result.
 * - Progress goes to the MediaAsset row and, as "media.progress" / "media.ready" / "media.failed" events, to the
 *   back office's live stream (LiveEvent rows, entityId = the MediaAsset's id, status = the percentage or the
 *   reason), woken on every instance through the event bus.
 * - CPU-heavy: one job at a time per instance, so the server keeps answering while a shoot is processed.
 */
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { crc32 } from "node:zlib";
import type { Db } from "@studio/db";
import { z } from "zod";
import type { EventBus } from "../../events/bus";
import { enqueueJob } from "../../jobs/queue";
import { type AnyJobHandler, defineJob, PermanentJobError } from "../../jobs/worker";
import type { UploadStorage } from "../../storage/storage";
import type { Tx } from "../uploads/proof";
import { ImageDecodeError, ImageTooLargeError } from "../uploads/images";
import { processImage } from "./image";
import { yieldHelperThreads } from "./priority";
import { processVideo, VideoDecodeError } from "./video";

export const MEDIA_PROCESS = {
  kind: "media.process",
  payload: z.object({
    uploadId: z.string().uuid(),
    /** Text drawn across the web variants (proofs); null: none. */
    watermark: z.string().trim().min(1).max(80).nullable().default(null),
    /** Keep GPS and personal EXIF in the download copy (the studio opted in). */
    keepLocation: z.boolean().default(false),
  }),
};
export type MediaProcessPayload = z.input<typeof MEDIA_PROCESS.payload>;

export const MEDIA_EVENT_TYPES = ["media.progress", "media.ready", "media.failed"] as const;

export type MediaVariant = {
  role: "web" | "download" | "poster" | "preview";
  format: string;
  width: number | null;
  height: number | null;
  key: string;
  size: number;
  /** CRC-32 of a download copy: with every entry's CRC known ahead, a ZIP of them can be resumed (zip-ranges.ts). */
  crc32?: number;
};

export type MediaDeps = { db: Db; storage: UploadStorage; bus: EventBus; now: () => Date };

/** The job's key: one waiting job per upload. */
export const mediaJobKey = (uploadId: string) => `media:${uploadId}`;

/**
 * Writes the MediaAsset row and its processing job with the caller's transaction (the one that writes the
 * Upload row), so the job exists exactly when the upload does. Answers the asset's id.
 */
export async function enqueueMediaProcessing(tx: Tx | Db, payload: MediaProcessPayload): Promise<number> {
  const asset = await tx.mediaAsset.upsert({
    where: { uploadId: payload.uploadId },
    create: { uploadId: payload.uploadId },
    update: { status: "pending", progress: 0, error: null },
    select: { id: true },
  });
  await enqueueJob(tx, MEDIA_PROCESS, MEDIA_PROCESS.payload.parse(payload), {
    key: mediaJobKey(payload.uploadId),
    dedupe: true,
    maxAttempts: 5,
  });
  return asset.id;
}

/** `private/<id>.jpg` → `private/<id>/` : where the upload's variants live. */
export const variantPrefix = (storageKey: string) => `${storageKey.replace(/\.[a-z0-9]+$/i, "")}/`;

async function announce(
  deps: MediaDeps,
  type: (typeof MEDIA_EVENT_TYPES)[number],
  id: number,
  status: string,
) {
  await deps.db.liveEvent.create({ data: { type, entityId: id, status: status.slice(0, 200) } });
  deps.bus.publish("live", type);
}

/** CRC-32 of a local file, read in chunks. */
async function crc32Of(file: string): Promise<number> {
  let crc = 0;
  for await (const chunk of createReadStream(file)) crc = crc32(chunk as Buffer, crc);
  return crc;
}

/** Copies a stored file to a local path, streamed (S3 objects and disk files alike). */
async function download(storage: UploadStorage, key: string, file: string): Promise<void> {
  const found = await storage.read(key);
  if (!found) throw new PermanentJobError(`The original ${key} is not in storage`);
  await pipeline(found.stream, createWriteStream(file, { flags: "w", mode: 0o600 }));
}

export type ProcessOptions = {
  /** Called after each stored step, for tests that stop a run in the middle (a crash). */
  onStep?: (fraction: number) => Promise<void>;
};

/** Processes one upload; the job's body. */
export async function processMedia(
  deps: MediaDeps,
  payload: z.output<typeof MEDIA_PROCESS.payload>,
  signal: AbortSignal,
  options: ProcessOptions = {},
): Promise<void> {
  const upload = await deps.db.upload.findUnique({
    where: { id: payload.uploadId },
    select: { id: true, kind: true, extension: true, storageKey: true, media: { select: { id: true } } },
  });
  // Deleted since (a cleared gallery): nothing to do.
  if (!upload) return;
  if (upload.kind === "document") throw new PermanentJobError("Documents are not processed");
  const asset =
    upload.media ??
    (await deps.db.mediaAsset.create({ data: { uploadId: upload.id }, select: { id: true } }));
  const work = path.join(deps.storage.tempDir, `media-${randomUUID()}`);
  await mkdir(work, { recursive: true });
  const prefix = variantPrefix(upload.storageKey);
  let lastPercent = -1;
  let lastWrite = 0;
  const progress = async (fraction: number) => {
    // libvips makes its worker threads as it needs them: lowered again at every step (a few system calls).
    yieldHelperThreads();
    const percent = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
    const at = Date.now();
    // At most one progress write a second per file (and never the same figure twice).
    if (percent !== lastPercent && (at - lastWrite >= 1_000 || lastPercent < 0)) {
      lastPercent = percent;
      lastWrite = at;
      await deps.db.mediaAsset.update({
        where: { id: asset.id },
        data: { status: "processing", progress: percent },
      });
      await announce(deps, "media.progress", asset.id, String(percent));
    }
    await options.onStep?.(fraction);
  };
  try {
    await progress(0);
    const original = path.join(work, `original.${upload.extension}`);
    await download(deps.storage, upload.storageKey, original);
    const pathFor = (name: string) => path.join(work, name);
    const variants: MediaVariant[] = [];
    const put = async (file: string, variant: Omit<MediaVariant, "key" | "size">, name: string) => {
      const key = `${prefix}${name}`;
      const { size } = await stat(file);
      // Before putFile: on disk it moves the file.
      const crc = variant.role === "download" ? await crc32Of(file) : undefined;
      await deps.storage.putFile(key, file);
      variants.push({ ...variant, key, size, ...(crc === undefined ? {} : { crc32: crc }) });
    };
    let facts: {
      width: number | null;
      height: number | null;
      placeholder?: string | null;
      capturedAt?: Date | null;
      orientation?: number | null;
      posterKey?: string | null;
      previewKey?: string | null;
      durationMs?: number | null;
    };
    if (upload.kind === "image") {
      const result = await processImage(original, payload, pathFor, progress, signal);
      for (const out of result.outputs) {
        await put(
          out.file,
          { role: out.role, format: out.format, width: out.width, height: out.height },
          path.basename(out.file),
        );
      }
      facts = result.facts;
    } else {
      const result = await processVideo(original, payload, pathFor, progress, signal);
      await put(result.poster, { role: "poster", format: "jpeg", width: null, height: null }, "poster.jpg");
      await put(result.preview, { role: "preview", format: "mp4", width: null, height: null }, "preview.mp4");
      const downloadName = `download.${upload.extension}`;
      await put(
        result.download,
        { role: "download", format: upload.extension, width: result.width, height: result.height },
        downloadName,
      );
      facts = {
        width: result.width,
        height: result.height,
        durationMs: result.durationMs,
        posterKey: `${prefix}poster.jpg`,
        previewKey: `${prefix}preview.mp4`,
      };
    }
    signal.throwIfAborted();
    await deps.db.mediaAsset.update({
      where: { id: asset.id },
      data: { ...facts, status: "ready", progress: 100, error: null, variants: variants as object },
    });
    await announce(deps, "media.ready", asset.id, "100");
  } catch (error) {
    if (signal.aborted) throw error;
    const permanent =
      error instanceof ImageDecodeError ||
      error instanceof ImageTooLargeError ||
      error instanceof VideoDecodeError ||
      error instanceof PermanentJobError;
    const reason = permanent
      ? upload.kind === "image"
        ? "The photo could not be read: it may be damaged."
        : "The video could not be read: it may be damaged or in a format ffmpeg does not know."
      : error instanceof Error
        ? error.message
        : String(error);
    if (permanent) {
      await deps.db.mediaAsset.update({ where: { id: asset.id }, data: { status: "failed", error: reason } });
      await announce(deps, "media.failed", asset.id, reason);
      throw new PermanentJobError(reason);
    }
    // Retried later (storage or database down, ffmpeg missing): the back office shows why it waits.
    await deps.db.mediaAsset
      .update({ where: { id: asset.id }, data: { status: "pending", error: reason.slice(0, 500) } })
      .catch(() => undefined);
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true }).catch(() => undefined);
  }
}

export function mediaJobHandlers(
  deps: MediaDeps,
  options: ProcessOptions & { leaseMs?: number } = {},
): AnyJobHandler[] {
  return [
    defineJob({
      ...MEDIA_PROCESS,
      // Both cores would otherwise go to sharp and ffmpeg while requests wait; one file at a time per instance.
      concurrency: 1,
      // A long film's preview takes minutes: the lease (2 minutes by default) is renewed every third of it while
      // it runs; another instance takes over a job whose instance died once the lease has run out.
      leaseMs: options.leaseMs ?? 120_000,
      retryDelaysMs: [10_000, 60_000, 300_000, 1_800_000],
      run: (payload, { signal }) => processMedia(deps, payload, signal, options),
    }) as AnyJobHandler,
  ];
}
