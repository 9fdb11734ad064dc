/**
 * Galleries in the back office (issue 30): create and edit, sets, items (`gallery_media` uploads: resumable ones
 * join their set as their last byte is recorded, uploads.ts; multipart ones through addGalleryItem), order,
 * cover, the share link, the client's selection and the log of views and downloads. Every change is one audited
 * transaction (ADR 017), recorded under the gallery (audit entity "gallery": its row, its sets and a compact list
 * of its items).
 */
import type { Prisma } from "@studio/db";
import {
  type GalleryAdminItem,
  type GalleryDetail,
  type GalleryEventDto,
  type GalleryInput,
  type GalleryItemMedia,
  type GallerySelection,
  type GallerySummary,
  MEDIA_STATUSES,
  MESSAGES,
  type ZGalleryInput,
} from "@studio/validators";
import type { z } from "zod";
import { type AuditRecorder, auditedChange, auditedWithin, type AuditTx } from "../../audit/trail";
import { hashPassword } from "../../auth/passwords";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import { scheduleRules } from "../bookings/schedule";
import { storedVariants } from "../media/variants";
import { notFound, orNotFound } from "../records";
import { expiryDayOf, expiryOf } from "./expiry";
import { currentGalleryUrl, galleryTokenOf, galleryUrl, newGalleryLink, signGalleryView } from "./links";
import { notifyGalleryLink } from "./notify";

export type GalleryDeps = Pick<Context, "db" | "provider" | "config" | "now" | "cache" | "audit" | "storage">;
type GalleryData = z.output<typeof ZGalleryInput>;
export type { GalleryInput };

const notFoundGallery = () => notFound(MESSAGES.gallery.notFound);

type Variants = Record<string, string>;
function variantsOf(value: unknown): Variants {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Variants) : {};
}

/** What a thumbnail is chosen from: the upload's own WebP widths, or the media pipeline's files. */
type ThumbSource = {
  kind: string;
  variants: unknown;
  media?: { variants: unknown; posterKey: string | null } | null;
};

/**
 * The smallest picture of an item, for thumbnails (signed by the caller): an image's smallest WebP (its Upload's
 * own widths, else the pipeline's web sizes), a video's poster; null while there is none yet.
 */
export function thumbKey(upload: ThumbSource): string | null {
  if (upload.kind === "video") return upload.media?.posterKey ?? null;
  if (upload.kind !== "image") return null;
  const widths = Object.keys(variantsOf(upload.variants))
    .map(Number)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const first = widths[0];
  if (first !== undefined) return variantsOf(upload.variants)[String(first)] ?? null;
  const web = storedVariants(upload.media?.variants)
    .filter((v) => v.role === "web" && v.format === "webp" && v.width)
    .sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  return web[0]?.key ?? null;
}

const ITEM_SELECT = {
  id: true,
  setId: true,
  position: true,
  favourite: true,
  note: true,
  upload: {
    select: {
      originalName: true,
      kind: true,
      variants: true,
      storageKey: true,
      media: {
        select: { id: true, status: true, progress: true, error: true, variants: true, posterKey: true },
      },
    },
  },
} as const;

const MEDIA_STATUS = new Set<string>(MEDIA_STATUSES);
/** A file's processing as the back office shows it (an unknown status reads as pending). */
function mediaOf(
  media: { id: number; status: string; progress: number; error: string | null } | null,
): GalleryItemMedia | null {
  if (!media) return null;
  const status = (MEDIA_STATUS.has(media.status) ? media.status : "pending") as GalleryItemMedia["status"];
  return { id: media.id, status, progress: media.progress, error: media.error };
}

type SummaryRow = Prisma.GalleryGetPayload<{ include: { _count: { select: { items: true } } } }>;

async function summaries(deps: GalleryDeps, rows: SummaryRow[]): Promise<GallerySummary[]> {
  const ids = rows.map((r) => r.id);
  const [favourites, covers] = await Promise.all([
    deps.db.galleryItem.groupBy({
      by: ["galleryId"],
      where: { galleryId: { in: ids }, favourite: true },
      _count: { _all: true },
    }),
    deps.db.galleryItem.findMany({
      where: { id: { in: rows.map((r) => r.coverItemId).filter((v): v is number => v !== null) } },
      select: {
        id: true,
        upload: {
          select: { kind: true, variants: true, media: { select: { variants: true, posterKey: true } } },
        },
      },
    }),
  ]);
  const favouriteCount = new Map(favourites.map((f) => [f.galleryId, f._count._all]));
  const coverKey = new Map(covers.map((c) => [c.id, thumbKey(c.upload)]));
  const now = deps.now();
  return rows.map((row) => {
    const key = row.coverItemId === null ? null : coverKey.get(row.coverItemId);
    return {
      id: row.id,
      title: row.title,
      booking_id: row.bookingId,
      client_name: row.clientName,
      client_email: row.clientEmail,
      expires_at: row.expiresAt?.toISOString() ?? null,
      expired: row.expiresAt !== null && row.expiresAt <= now,
      item_count: row._count.items,
      favourite_count: favouriteCount.get(row.id) ?? 0,
      selection_state: row.selectionState,
      selection_sent_at: row.selectionSentAt?.toISOString() ?? null,
      cover_url: key ? signGalleryView(deps.config, `/uploads/${key}`, now) : null,
      created_at: row.createdAt.toISOString(),
    };
  });
}

export async function listGalleries(deps: GalleryDeps): Promise<GallerySummary[]> {
  const rows = await deps.db.gallery.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { _count: { select: { items: true } } },
    take: 500,
  });
  return summaries(deps, rows);
}

export async function getGallery(deps: GalleryDeps, id: number): Promise<GalleryDetail> {
  const row = await deps.db.gallery.findUnique({
    where: { id },
    include: { _count: { select: { items: true } } },
  });
  if (!row) throw notFoundGallery();
  const [summary] = await summaries(deps, [row]);
  const [sets, items] = await Promise.all([
    deps.db.gallerySet.findMany({ where: { galleryId: id }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    deps.db.galleryItem.findMany({
      where: { galleryId: id },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: ITEM_SELECT,
    }),
  ]);
  const now = deps.now();
  const { timeZone } = await scheduleRules(deps);
  const bySet = new Map<number, GalleryAdminItem[]>(sets.map((s) => [s.id, []]));
  for (const item of items) {
    const key = thumbKey(item.upload);
    bySet.get(item.setId)?.push({
      id: item.id,
      name: item.upload.originalName,
      kind: item.upload.kind,
      thumb_url: key ? signGalleryView(deps.config, `/uploads/${key}`, now) : null,
      favourite: item.favourite,
      note: item.note,
      media: mediaOf(item.upload.media),
    });
  }
  return {
    ...summary!,
    expires_on: expiryDayOf(row.expiresAt, timeZone),
    time_zone: timeZone,
    has_pin: row.pinHash !== null,
    downloads: row.downloads,
    selection_limit: row.selectionLimit,
    watermark: row.watermarkProofs,
    keep_exif: row.keepExif,
    cover_item_id: row.coverItemId,
    url: currentGalleryUrl(deps.config, row),
    sets: sets.map((s) => ({ id: s.id, name: s.name, items: bySet.get(s.id) ?? [] })),
  };
}

/** The client of a booking (name and e-mail), and its service's gallery selection limit. */
async function clientOf(deps: GalleryDeps, bookingId: number | null) {
  if (bookingId === null) return { bookingId: null, clientName: null, clientEmail: null, serviceLimit: null };
  const booking = await deps.db.booking.findUnique({
    where: { id: bookingId },
    select: { id: true, name: true, email: true, service: { select: { gallerySelectionLimit: true } } },
  });
  if (!booking) {
    throw new AppError("NOT_FOUND", MESSAGES.booking.notFound, {
      fieldErrors: { booking_id: MESSAGES.booking.notFound },
    });
  }
  return {
    bookingId: booking.id,
    clientName: booking.name,
    clientEmail: booking.email,
    serviceLimit: booking.service?.gallerySelectionLimit ?? null,
  };
}

/**
 * The columns of an input; the PIN is hashed here, before any transaction opens (ADR 017). The expiry is the
 * end of the chosen day on the studio's clock. A selection limit not given: a new gallery takes its booking's
 * service's (none without one); an edit keeps the gallery's.
 */
async function columnsOf(deps: GalleryDeps, data: GalleryData, creating: boolean) {
  const pin =
    data.pin === undefined ? {} : { pinHash: data.pin === null ? null : await hashPassword(data.pin) };
  const { timeZone } = await scheduleRules(deps);
  const { serviceLimit, ...client } = await clientOf(deps, data.booking_id);
  const limit =
    data.selection_limit !== undefined
      ? { selectionLimit: data.selection_limit }
      : creating
        ? { selectionLimit: serviceLimit }
        : {};
  return {
    title: data.title,
    ...client,
    expiresAt: expiryOf(data.expires_on, timeZone),
    downloads: data.downloads,
    ...limit,
    watermarkProofs: data.watermark,
    keepExif: data.keep_exif,
    ...pin,
  };
}

export async function createGallery(deps: GalleryDeps, data: GalleryData): Promise<{ id: number }> {
  const columns = await columnsOf(deps, data, true);
  const link = newGalleryLink(deps.config);
  const now = deps.now();
  const row = await auditedChange(
    deps,
    null,
    (tx) =>
      tx.gallery.create({
        data: {
          ...columns,
          nonce: link.nonce,
          tokenHash: link.tokenHash,
          createdAt: now,
          sets: { create: { name: "Highlights", position: 0 } },
        },
        select: { id: true },
      }),
    { transaction: true },
  );
  return { id: row.id };
}

export async function updateGallery(deps: GalleryDeps, input: { id: number; data: GalleryData }) {
  const columns = await columnsOf(deps, input.data, false);
  await auditedChange(deps, input.id, (tx) =>
    orNotFound(
      tx.gallery.update({ where: { id: input.id }, data: columns, select: { id: true } }),
      MESSAGES.gallery.notFound,
    ),
  );
  return { id: input.id };
}

/** Frees the gallery's files (the upload clean-up removes them; ADR 020) in the transaction of the change. */
async function releaseUploads(tx: AuditTx, where: Prisma.GalleryItemWhereInput): Promise<void> {
  const items = await tx.galleryItem.findMany({ where, select: { uploadId: true } });
  if (items.length === 0) return;
  await tx.upload.updateMany({
    where: { id: { in: items.map((i) => i.uploadId) } },
    data: { attachedAt: null },
  });
}

export async function deleteGallery(deps: GalleryDeps, id: number): Promise<{ id: number }> {
  await auditedChange(
    deps,
    id,
    async (tx) => {
      await releaseUploads(tx, { galleryId: id });
      return orNotFound(tx.gallery.delete({ where: { id } }), MESSAGES.gallery.notFound);
    },
    { transaction: true },
  );
  return { id };
}

async function assertGallery(tx: AuditTx, id: number): Promise<void> {
  const found = await tx.gallery.findUnique({ where: { id }, select: { id: true } });
  if (!found) throw notFoundGallery();
}
async function assertSet(tx: AuditTx, galleryId: number, setId: number): Promise<void> {
  await assertGallery(tx, galleryId);
  const set = await tx.gallerySet.findUnique({ where: { id: setId }, select: { galleryId: true } });
  if (set?.galleryId !== galleryId) throw notFound(MESSAGES.gallery.setNotFound);
}
/** Marks the gallery changed (its updatedAt), so the entry's before and after differ for set and item changes. */
const touch = (tx: AuditTx, id: number, now: Date) =>
  tx.gallery.update({ where: { id }, data: { updatedAt: now }, select: { id: true } });

export async function addGallerySet(deps: GalleryDeps, input: { id: number; name: string }) {
  return auditedChange(
    deps,
    input.id,
    async (tx) => {
      await assertGallery(tx, input.id);
      const last = await tx.gallerySet.findFirst({
        where: { galleryId: input.id },
        orderBy: { position: "desc" },
        select: { position: true },
      });
      const set = await tx.gallerySet.create({
        data: { galleryId: input.id, name: input.name, position: (last?.position ?? -1) + 1 },
      });
      await touch(tx, input.id, deps.now());
      return { id: input.id, set_id: set.id };
    },
    { transaction: true },
  );
}

export async function renameGallerySet(
  deps: GalleryDeps,
  input: { id: number; set_id: number; name: string },
) {
  return auditedChange(
    deps,
    input.id,
    async (tx) => {
      await assertSet(tx, input.id, input.set_id);
      await tx.gallerySet.update({ where: { id: input.set_id }, data: { name: input.name } });
      await touch(tx, input.id, deps.now());
      return { id: input.id };
    },
    { transaction: true },
  );
}

export async function deleteGallerySet(deps: GalleryDeps, input: { id: number; set_id: number }) {
  return auditedChange(
    deps,
    input.id,
    async (tx) => {
      await assertSet(tx, input.id, input.set_id);
      const sets = await tx.gallerySet.count({ where: { galleryId: input.id } });
      if (sets <= 1) throw new AppError("CONFLICT", MESSAGES.gallery.lastSet);
      await releaseUploads(tx, { setId: input.set_id });
      const items = await tx.galleryItem.findMany({ where: { setId: input.set_id }, select: { id: true } });
      await tx.gallerySet.delete({ where: { id: input.set_id } });
      await tx.gallery.updateMany({
        where: { id: input.id, coverItemId: { in: items.map((i) => i.id) } },
        data: { coverItemId: null },
      });
      await touch(tx, input.id, deps.now());
      return { id: input.id };
    },
    { transaction: true },
  );
}

type ItemTarget = { id: number; set_id: number; upload_id: string };

/**
 * Adds an uploaded file (a `gallery_media` upload no gallery holds yet) at the end of a set; the first image
 * becomes the cover.
 */
export async function addGalleryItem(
  deps: GalleryDeps,
  input: ItemTarget,
): Promise<{ id: number; item_id: number }> {
  return auditedChange(deps, input.id, (tx) => addItem(tx, deps.now(), input), { transaction: true });
}

/**
 * The same addition inside a transaction the caller holds: the one that records a resumable upload, its
 * MediaAsset and its processing job (uploads.ts), so the file is in the gallery exactly when it is stored.
 * Audited with `audit` (the uploading admin's "galleries.addItem" entry) on that transaction.
 */
export function addGalleryItemWithin(
  tx: AuditTx,
  deps: { now: () => Date; audit: AuditRecorder },
  input: ItemTarget,
): Promise<{ id: number; item_id: number }> {
  return auditedWithin(tx, deps.audit, input.id, (t) => addItem(t, deps.now(), input));
}

async function addItem(tx: AuditTx, now: Date, input: ItemTarget): Promise<{ id: number; item_id: number }> {
  await assertSet(tx, input.id, input.set_id);
  const upload = await tx.upload.findUnique({
    where: { id: input.upload_id },
    select: { purpose: true, kind: true, galleryItem: { select: { id: true } } },
  });
  if (upload?.purpose !== "gallery_media" || upload.galleryItem) {
    throw new AppError("BAD_REQUEST", MESSAGES.gallery.uploadNotUsable, {
      fieldErrors: { upload_id: MESSAGES.gallery.uploadNotUsable },
    });
  }
  const last = await tx.galleryItem.findFirst({
    where: { setId: input.set_id },
    orderBy: { position: "desc" },
    select: { position: true },
  });
  const item = await tx.galleryItem.create({
    data: {
      galleryId: input.id,
      setId: input.set_id,
      uploadId: input.upload_id,
      position: (last?.position ?? -1) + 1,
      createdAt: now,
    },
  });
  await tx.upload.update({ where: { id: input.upload_id }, data: { attachedAt: now } });
  if (upload.kind === "image") {
    await tx.gallery.updateMany({
      where: { id: input.id, coverItemId: null },
      data: { coverItemId: item.id },
    });
  }
  await touch(tx, input.id, now);
  return { id: input.id, item_id: item.id };
}

/** Sets the order of a set's items: `item_ids` lists every item of the set once. */
export async function orderGalleryItems(
  deps: GalleryDeps,
  input: { id: number; set_id: number; item_ids: number[] },
) {
  return auditedChange(
    deps,
    input.id,
    async (tx) => {
      await assertSet(tx, input.id, input.set_id);
      const items = await tx.galleryItem.findMany({ where: { setId: input.set_id }, select: { id: true } });
      const current = new Set(items.map((i) => i.id));
      const wanted = new Set(input.item_ids);
      if (
        wanted.size !== input.item_ids.length ||
        wanted.size !== current.size ||
        ![...wanted].every((id) => current.has(id))
      ) {
        throw new AppError("BAD_REQUEST", MESSAGES.gallery.orderMismatch);
      }
      for (const [position, id] of input.item_ids.entries()) {
        await tx.galleryItem.update({ where: { id }, data: { position } });
      }
      await touch(tx, input.id, deps.now());
      return { id: input.id };
    },
    { transaction: true },
  );
}

async function assertItem(tx: AuditTx, galleryId: number, itemId: number) {
  await assertGallery(tx, galleryId);
  const item = await tx.galleryItem.findUnique({
    where: { id: itemId },
    select: { galleryId: true, uploadId: true, upload: { select: { kind: true } } },
  });
  if (item?.galleryId !== galleryId) throw notFound(MESSAGES.gallery.itemNotFound);
  return item;
}

export async function deleteGalleryItem(deps: GalleryDeps, input: { id: number; item_id: number }) {
  return auditedChange(
    deps,
    input.id,
    async (tx) => {
      await assertItem(tx, input.id, input.item_id);
      await releaseUploads(tx, { id: input.item_id });
      await tx.galleryItem.delete({ where: { id: input.item_id } });
      await tx.gallery.updateMany({
        where: { id: input.id, coverItemId: input.item_id },
        data: { coverItemId: null },
      });
      await touch(tx, input.id, deps.now());
      return { id: input.id };
    },
    { transaction: true },
  );
}

export async function setGalleryCover(deps: GalleryDeps, input: { id: number; item_id: number }) {
  return auditedChange(
    deps,
    input.id,
    async (tx) => {
      const item = await assertItem(tx, input.id, input.item_id);
      if (item.upload.kind !== "image") throw notFound(MESSAGES.gallery.itemNotFound);
      await tx.gallery.update({ where: { id: input.id }, data: { coverItemId: input.item_id } });
      return { id: input.id };
    },
    { transaction: true },
  );
}

/** A new share link; the old one stops working in the same update. */
export async function regenerateGalleryLink(
  deps: GalleryDeps,
  id: number,
): Promise<{ id: number; url: string }> {
  const link = newGalleryLink(deps.config);
  await auditedChange(deps, id, (tx) =>
    orNotFound(
      tx.gallery.update({
        where: { id },
        data: { nonce: link.nonce, tokenHash: link.tokenHash },
        select: { id: true },
      }),
      MESSAGES.gallery.notFound,
    ),
  );
  return { id, url: galleryUrl(deps.config, link.token) };
}

export async function reopenGallerySelection(deps: GalleryDeps, id: number): Promise<{ id: number }> {
  await auditedChange(deps, id, (tx) =>
    orNotFound(
      tx.gallery.update({
        where: { id },
        data: { selectionState: "open", selectionSentAt: null },
        select: { id: true },
      }),
      MESSAGES.gallery.notFound,
    ),
  );
  return { id };
}

/** E-mails the client the gallery's link (through the outbox, in the change's transaction). */
export async function sendGalleryToClient(
  deps: GalleryDeps,
  id: number,
): Promise<{ id: number; mail_id: number }> {
  const row = await deps.db.gallery.findUnique({ where: { id } });
  if (!row) throw notFoundGallery();
  if (!row.clientEmail) throw new AppError("BAD_REQUEST", MESSAGES.gallery.noClientEmail);
  const url = galleryUrl(deps.config, galleryTokenOf(deps.config, row.nonce));
  return auditedChange(
    deps,
    id,
    async (tx) => {
      const fresh = await tx.gallery.findUnique({ where: { id } });
      if (!fresh?.clientEmail || fresh.nonce !== row.nonce) throw notFoundGallery();
      const mail = await notifyGalleryLink(tx, deps, {
        to: fresh.clientEmail,
        name: fresh.clientName,
        title: fresh.title,
        url,
        expiresAt: fresh.expiresAt,
        hasPin: fresh.pinHash !== null,
      });
      await touch(tx, id, deps.now());
      return { id, mail_id: mail.id };
    },
    { transaction: true },
  );
}

/** Lightroom's filter takes "name OR name"; a name with spaces is quoted. */
export function lightroomSearch(names: string[]): string {
  return names.map((n) => (/[\s"]/.test(n) ? `"${n.replace(/"/g, "")}"` : n)).join(" OR ");
}

function csvCell(value: string): string {
  // A leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export async function gallerySelection(deps: GalleryDeps, id: number): Promise<GallerySelection> {
  await assertGallery(deps.db, id);
  const items = await deps.db.galleryItem.findMany({
    where: { galleryId: id, favourite: true },
    orderBy: [{ set: { position: "asc" } }, { position: "asc" }, { id: "asc" }],
    select: { note: true, upload: { select: { originalName: true } } },
  });
  const names = items.map((i) => i.upload.originalName);
  const csv = ["file,note", ...items.map((i) => `${csvCell(i.upload.originalName)},${csvCell(i.note)}`)].join(
    "\n",
  );
  return {
    names,
    search: lightroomSearch(names),
    csv: `${csv}\n`,
    notes: items.filter((i) => i.note).map((i) => ({ name: i.upload.originalName, note: i.note })),
  };
}

export async function galleryEvents(deps: GalleryDeps, id: number): Promise<GalleryEventDto[]> {
  await assertGallery(deps.db, id);
  const rows = await deps.db.galleryEvent.findMany({
    where: { galleryId: id },
    orderBy: { id: "desc" },
    take: 200,
  });
  return rows.map((r) => ({ id: r.id, kind: r.kind, detail: r.detail, at: r.createdAt.toISOString() }));
}
