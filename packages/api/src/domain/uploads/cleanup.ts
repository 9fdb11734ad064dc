/**
 * Uploads nobody uses are deleted 24 h after they arrive (DESIGN.md, "Uploads"): a booking proof whose booking
 * was never submitted (or was deleted), a service image or portfolio file the admin uploaded but never saved,
 * or one that a later image replaced (or whose service or portfolio item was deleted).
 * Service and portfolio media are recognised as used by looking at what services and portfolio items reference
 * at clean-up time, so the catalogue code need not remember to mark them.
 */
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@studio/db";
import type { UploadStorage } from "../../storage/storage";
import { parseUploadUrl } from "./links";

export type CleanupDeps = { db: Db; storage: UploadStorage; now: () => Date };

export const UNATTACHED_TTL_MS = 24 * 3600 * 1000;
/**
 * A booking proof nobody attached is removed sooner, so the per-address upload budget (budget.ts) is freed and
 * a stranger's files stay at most an hour: 45 minutes, plus at most one 15-minute clean-up interval.
 */
export const UNATTACHED_PROOF_TTL_MS = 45 * 60 * 1000;
/** Temporary files of uploads that crashed mid-way. */
const TEMP_TTL_MS = 3600 * 1000;
const BATCH = 200;

export type CleanupResult = { removed: number; attached: number; tempFilesRemoved: number };

/** Ids of our public uploads that a service image or a portfolio media URL points at (variants included). */
async function referencedMediaIds(db: Db): Promise<Set<string>> {
  const [services, items, profiles] = await Promise.all([
    db.service.findMany({ where: { image: { contains: "/uploads/media/" } }, select: { image: true } }),
    db.portfolioItem.findMany({
      where: { mediaUrl: { contains: "/uploads/media/" } },
      select: { mediaUrl: true },
    }),
    // The studio's logo (uploaded as a service image).
    db.studioProfile.findMany({ where: { logo: { contains: "/uploads/media/" } }, select: { logo: true } }),
  ]);
  const ids = new Set<string>();
  for (const url of [
    ...services.map((s) => s.image),
    ...items.map((i) => i.mediaUrl),
    ...profiles.map((p) => p.logo),
  ]) {
    const parsed = url ? parseUploadUrl(url) : null;
    if (parsed?.visibility === "public") ids.add(parsed.id);
  }
  return ids;
}

/** Marks the service/portfolio uploads behind these URLs as attached (for callers that know at save time). */
export async function markMediaReferenced(
  deps: { db: Db; now: () => Date },
  urls: (string | null | undefined)[],
): Promise<number> {
  const ids = urls
    .map((url) => (url ? parseUploadUrl(url) : null))
    .filter((p) => p?.visibility === "public")
    .map((p) => p!.id);
  if (!ids.length) return 0;
  const result = await deps.db.upload.updateMany({
    where: { id: { in: ids }, purpose: { in: ["service_image", "portfolio_media"] }, attachedAt: null },
    data: { attachedAt: deps.now() },
  });
  return result.count;
}

function storageKeysOf(upload: { storageKey: string; variants: unknown }): string[] {
  const keys = [upload.storageKey];
  if (upload.variants && typeof upload.variants === "object" && !Array.isArray(upload.variants)) {
    for (const value of Object.values(upload.variants as Record<string, unknown>)) {
      if (typeof value === "string") keys.push(value);
    }
  }
  return keys;
}

/** Deletes the row (only while it is still unclaimed, so a booking claiming it at this moment wins) and its files. */
async function removeUpload(
  deps: CleanupDeps,
  upload: { id: string; storageKey: string; variants: unknown },
  where: { attachedAt: null } | { booking: { is: null } } | { attachedAt: { not: null } },
): Promise<boolean> {
  const { count } = await deps.db.upload.deleteMany({ where: { id: upload.id, ...where } });
  if (count === 0) return false;
  await Promise.all(storageKeysOf(upload).map((key) => deps.storage.remove(key).catch(() => undefined)));
  return true;
}

async function removeStaleTempFiles(storage: UploadStorage, now: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(storage.tempDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(storage.tempDir, name);
    try {
      const info = await stat(file);
      if (info.isFile() && now.getTime() - info.mtimeMs > TEMP_TTL_MS) {
        await rm(file, { force: true });
        removed++;
      }
    } catch {
      // Gone already (another instance), or unreadable: nothing to do.
    }
  }
  return removed;
}

/** One clean-up pass; safe to run on several instances at once. */
export async function cleanupUploads(deps: CleanupDeps): Promise<CleanupResult> {
  const now = deps.now();
  const cutoff = new Date(now.getTime() - UNATTACHED_TTL_MS);
  const proofCutoff = new Date(now.getTime() - UNATTACHED_PROOF_TTL_MS);
  const referenced = await referencedMediaIds(deps.db);
  const result: CleanupResult = { removed: 0, attached: 0, tempFilesRemoved: 0 };

  // Never attached within 24 h (a booking proof: within 45 minutes).
  let cursor: string | undefined;
  for (;;) {
    const batch = await deps.db.upload.findMany({
      where: {
        attachedAt: null,
        OR: [
          { purpose: "booking_proof", createdAt: { lt: proofCutoff } },
          { purpose: { not: "booking_proof" }, createdAt: { lt: cutoff } },
        ],
        ...(cursor ? { id: { gt: cursor } } : {}),
      },
      select: {
        id: true,
        purpose: true,
        storageKey: true,
        variants: true,
        booking: { select: { id: true } },
      },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    for (const upload of batch) {
      const inUse =
        upload.booking !== null || (upload.purpose !== "booking_proof" && referenced.has(upload.id));
      if (inUse) {
        const { count } = await deps.db.upload.updateMany({
          where: { id: upload.id, attachedAt: null },
          data: { attachedAt: now },
        });
        result.attached += count;
      } else if (await removeUpload(deps, upload, { attachedAt: null })) {
        result.removed++;
      }
    }
    if (batch.length < BATCH) break;
    cursor = batch[batch.length - 1]!.id;
  }

  // Proof files of bookings that were deleted: customer data no booking points at any more.
  for (;;) {
    const orphans = await deps.db.upload.findMany({
      where: {
        purpose: "booking_proof",
        attachedAt: { not: null },
        createdAt: { lt: cutoff },
        booking: { is: null },
      },
      select: { id: true, storageKey: true, variants: true },
      take: BATCH,
    });
    for (const upload of orphans) {
      if (await removeUpload(deps, upload, { booking: { is: null } })) result.removed++;
    }
    if (orphans.length < BATCH) break;
  }

  // Service images and portfolio files no service or item points at any more (replaced, or their owner
  // deleted). Checked again one by one just before removal, in case one was saved again meanwhile.
  let mediaCursor: string | undefined;
  for (;;) {
    const media = await deps.db.upload.findMany({
      where: {
        purpose: { in: ["service_image", "portfolio_media"] },
        attachedAt: { not: null },
        createdAt: { lt: cutoff },
        ...(mediaCursor ? { id: { gt: mediaCursor } } : {}),
      },
      select: { id: true, storageKey: true, variants: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    for (const upload of media) {
      if (referenced.has(upload.id) || (await isStillReferenced(deps.db, upload.id))) continue;
      if (await removeUpload(deps, upload, { attachedAt: { not: null } })) result.removed++;
    }
    if (media.length < BATCH) break;
    mediaCursor = media[media.length - 1]!.id;
  }

  result.tempFilesRemoved = await removeStaleTempFiles(deps.storage, now);
  return result;
}

async function isStillReferenced(db: Db, uploadId: string): Promise<boolean> {
  const [services, items, profiles] = await Promise.all([
    db.service.count({ where: { image: { contains: uploadId } } }),
    db.portfolioItem.count({ where: { mediaUrl: { contains: uploadId } } }),
    db.studioProfile.count({ where: { logo: { contains: uploadId } } }),
  ]);
  return services + items + profiles > 0;
}
