/**
 * The client's side of a gallery (/g/<token>): no account, the link is the capability (ADR 020). Every call
 * finds the gallery by the token's hash, so a regenerated link or an expiry holds at once on every instance.
 * Files are private uploads served through short signed links (uploads/links.ts); downloads sit behind the
 * PIN when one is set, its attempts limited like a password's.
 */
import type { Db } from "@studio/db";
import {
  GALLERY_PAGE_SIZE,
  type GalleryClientItem,
  type GalleryClientView,
  type GalleryItemsPage,
  type GalleryStudio,
  MESSAGES,
} from "@studio/validators";
import { verifyPassword } from "../../auth/passwords";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import { scheduleRules } from "../bookings/schedule";
import { getStoredStudioProfile } from "../studio-profile";
import { expiryDayOf } from "./expiry";
import { issuePinGrant, lookupHash, signGalleryDownload, signGalleryView, verifyPinGrant } from "./links";
import { type DownloadFile, downloadFileOf, ITEM_MEDIA_SELECT, itemView, stateOf } from "./media";
import { notifyGallerySelection } from "./notify";

export type GalleryClientDeps = Pick<
  Context,
  "db" | "provider" | "config" | "now" | "cache" | "limiter" | "ip" | "storage"
>;
/** What a ZIP download needs (the REST route calls it with the server's dependencies). */
export type GalleryZipDeps = Pick<Context, "db" | "config" | "now">;

const invalidLink = () => new AppError("NOT_FOUND", MESSAGES.gallery.linkInvalid);
const expired = () => new AppError("FORBIDDEN", MESSAGES.gallery.expired);

type GalleryRow = NonNullable<Awaited<ReturnType<Db["gallery"]["findUnique"]>>>;

async function galleryOf(deps: Pick<GalleryClientDeps, "db">, token: string): Promise<GalleryRow> {
  const hash = lookupHash(token);
  const row = hash ? await deps.db.gallery.findUnique({ where: { tokenHash: hash } }) : null;
  if (!row) throw invalidLink();
  return row;
}

const isExpired = (row: GalleryRow, now: Date) => row.expiresAt !== null && row.expiresAt <= now;

/** A gallery the client may use now: found by its current link and not expired. */
async function liveGallery(deps: Pick<GalleryClientDeps, "db" | "now">, token: string): Promise<GalleryRow> {
  const row = await galleryOf(deps, token);
  if (isExpired(row, deps.now())) throw expired();
  return row;
}

async function studioOf(deps: GalleryClientDeps): Promise<GalleryStudio> {
  const profile = await getStoredStudioProfile(deps);
  return { name: profile.name, logo: profile.logo, emails: profile.emails, phones: profile.phones };
}

function record(db: Db, galleryId: number, kind: string, detail: string, now: Date) {
  return db.galleryEvent.create({ data: { galleryId, kind, detail: detail.slice(0, 300), createdAt: now } });
}

export async function openGallery(deps: GalleryClientDeps, token: string): Promise<GalleryClientView> {
  const row = await galleryOf(deps, token);
  const now = deps.now();
  const studio = await studioOf(deps);
  if (isExpired(row, now)) return { status: "expired", title: row.title, studio };
  const [sets, favourites, cover, rules] = await Promise.all([
    deps.db.gallerySet.findMany({
      where: { galleryId: row.id },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: { id: true, name: true, _count: { select: { items: true } } },
    }),
    deps.db.galleryItem.count({ where: { galleryId: row.id, favourite: true } }),
    row.coverItemId === null
      ? null
      : deps.db.galleryItem.findUnique({
          where: { id: row.coverItemId },
          select: { upload: { select: ITEM_MEDIA_SELECT } },
        }),
    scheduleRules(deps),
  ]);
  await record(deps.db, row.id, "view", "", now);
  const sign = (key: string) => signGalleryView(deps.config, `/uploads/${key}`, now);
  const shown = cover?.upload.kind === "image" ? itemView(cover.upload, sign, row.watermarkProofs) : null;
  return {
    status: "open",
    title: row.title,
    client_name: row.clientName,
    cover: shown?.src
      ? { src: shown.src, avif: shown.avif, webp: shown.webp, placeholder: shown.placeholder }
      : null,
    downloads: row.downloads,
    has_pin: row.pinHash !== null,
    selection_limit: row.selectionLimit,
    selection_state: row.selectionState,
    favourite_count: favourites,
    expires_on: expiryDayOf(row.expiresAt, rules.timeZone),
    time_zone: rules.timeZone,
    sets: sets
      .filter((s) => s._count.items > 0)
      .map((s) => ({ id: s.id, name: s.name, count: s._count.items })),
    studio,
  };
}

/**
 * What the page's HTML asks the browser for, and paints, before any script runs (apps/server gallery-html.ts):
 * the cover's AVIF (else WebP) srcset, signed exactly as `open` signs it, so the largest picture of the first
 * screen is on screen while the scripts load. Null when the link opens no gallery now, or it has no processed cover.
 */
export async function galleryPreload(
  deps: Pick<GalleryClientDeps, "db" | "config" | "now">,
  token: string,
): Promise<{
  type: "image/avif" | "image/webp";
  srcset: string;
  avif: string;
  webp: string;
  src: string;
} | null> {
  const hash = lookupHash(token);
  const row = hash
    ? await deps.db.gallery.findUnique({
        where: { tokenHash: hash },
        select: { coverItemId: true, expiresAt: true, watermarkProofs: true },
      })
    : null;
  const now = deps.now();
  if (!row || row.coverItemId === null || (row.expiresAt !== null && row.expiresAt <= now)) return null;
  const cover = await deps.db.galleryItem.findUnique({
    where: { id: row.coverItemId },
    select: { upload: { select: ITEM_MEDIA_SELECT } },
  });
  if (cover?.upload.kind !== "image") return null;
  const sign = (key: string) => signGalleryView(deps.config, `/uploads/${key}`, now);
  const shown = itemView(cover.upload, sign, row.watermarkProofs);
  if (!shown.src) return null;
  const picture = { avif: shown.avif, webp: shown.webp, src: shown.src };
  if (shown.avif) return { type: "image/avif", srcset: shown.avif, ...picture };
  if (shown.webp) return { type: "image/webp", srcset: shown.webp, ...picture };
  return null;
}

/**
 * A page of a set's items. Without `set_id`, the first set that has any (what the page opens on): asked together
 * with `open`, so the grid's first pictures need one round trip less.
 */
export async function galleryItemsPage(
  deps: GalleryClientDeps,
  input: { token: string; set_id?: number; page: number },
): Promise<GalleryItemsPage> {
  const row = await liveGallery(deps, input.token);
  const setId =
    input.set_id ??
    (
      await deps.db.gallerySet.findFirst({
        where: { galleryId: row.id, items: { some: {} } },
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: { id: true },
      })
    )?.id ??
    null;
  if (setId === null) return { set_id: null, items: [], page: 1, pages: 1, total: 0 };
  const where = { galleryId: row.id, setId };
  const total = await deps.db.galleryItem.count({ where });
  const pages = Math.max(1, Math.ceil(total / GALLERY_PAGE_SIZE));
  const page = Math.min(input.page, pages);
  const rows = await deps.db.galleryItem.findMany({
    where,
    orderBy: [{ position: "asc" }, { id: "asc" }],
    skip: (page - 1) * GALLERY_PAGE_SIZE,
    take: GALLERY_PAGE_SIZE,
    select: { id: true, favourite: true, note: true, upload: { select: ITEM_MEDIA_SELECT } },
  });
  const now = deps.now();
  const sign = (key: string) => signGalleryView(deps.config, `/uploads/${key}`, now);
  const items: GalleryClientItem[] = rows.map((r) => ({
    id: r.id,
    name: r.upload.originalName,
    kind: r.upload.kind,
    ...itemView(r.upload, sign, row.watermarkProofs),
    favourite: r.favourite,
    note: r.note,
  }));
  return { set_id: setId, items, page, pages, total };
}

/** Runs `write` with the gallery's row locked (PostgreSQL; SQLite's transaction has the connection to itself). */
async function withGalleryLock<T>(
  deps: GalleryClientDeps,
  id: number,
  write: (tx: Parameters<Parameters<Db["$transaction"]>[0]>[0]) => Promise<T>,
): Promise<T> {
  return deps.db.$transaction(async (tx) => {
    if (deps.provider === "postgresql") {
      await tx.$queryRaw`SELECT 1 FROM "Gallery" WHERE "id" = ${id} FOR UPDATE`;
    }
    return write(tx);
  });
}

export async function setFavourite(
  deps: GalleryClientDeps,
  input: { token: string; item_id: number; favourite: boolean },
): Promise<{ favourite: boolean; favourite_count: number }> {
  const row = await liveGallery(deps, input.token);
  return withGalleryLock(deps, row.id, async (tx) => {
    const gallery = await tx.gallery.findUnique({ where: { id: row.id } });
    if (!gallery || gallery.tokenHash !== row.tokenHash) throw invalidLink();
    if (gallery.selectionState !== "open") throw new AppError("CONFLICT", MESSAGES.gallery.selectionLocked);
    const item = await tx.galleryItem.findUnique({
      where: { id: input.item_id },
      select: { galleryId: true, favourite: true },
    });
    if (item?.galleryId !== row.id) throw new AppError("NOT_FOUND", MESSAGES.gallery.itemNotFound);
    const count = await tx.galleryItem.count({ where: { galleryId: row.id, favourite: true } });
    if (
      input.favourite &&
      !item.favourite &&
      gallery.selectionLimit !== null &&
      count >= gallery.selectionLimit
    ) {
      throw new AppError("CONFLICT", MESSAGES.gallery.selectionFull(gallery.selectionLimit));
    }
    if (item.favourite === input.favourite) return { favourite: item.favourite, favourite_count: count };
    await tx.galleryItem.update({ where: { id: input.item_id }, data: { favourite: input.favourite } });
    return { favourite: input.favourite, favourite_count: count + (input.favourite ? 1 : -1) };
  });
}

export async function setNote(
  deps: GalleryClientDeps,
  input: { token: string; item_id: number; note: string },
): Promise<{ note: string }> {
  const row = await liveGallery(deps, input.token);
  if (row.selectionState !== "open") throw new AppError("CONFLICT", MESSAGES.gallery.selectionLocked);
  const { count } = await deps.db.galleryItem.updateMany({
    where: { id: input.item_id, galleryId: row.id, gallery: { selectionState: "open" } },
    data: { note: input.note },
  });
  if (count === 0) throw new AppError("NOT_FOUND", MESSAGES.gallery.itemNotFound);
  return { note: input.note };
}

/** "Send my selection": locks it, tells the studio (e-mail and the back office's live stream). */
export async function sendSelection(
  deps: GalleryClientDeps,
  token: string,
): Promise<{ selection_state: "sent"; count: number }> {
  const row = await liveGallery(deps, token);
  const now = deps.now();
  return withGalleryLock(deps, row.id, async (tx) => {
    const count = await tx.galleryItem.count({ where: { galleryId: row.id, favourite: true } });
    if (count === 0) throw new AppError("BAD_REQUEST", MESSAGES.gallery.selectionEmpty);
    const { count: changed } = await tx.gallery.updateMany({
      where: { id: row.id, tokenHash: row.tokenHash, selectionState: "open" },
      data: { selectionState: "sent", selectionSentAt: now },
    });
    // Already sent (a double click): answered the same, nothing sent twice.
    if (changed === 0) return { selection_state: "sent" as const, count };
    await tx.galleryEvent.create({
      data: { galleryId: row.id, kind: "selection_sent", detail: `${count} favourites`, createdAt: now },
    });
    await tx.liveEvent.create({ data: { type: "gallery.selection", entityId: row.id, status: "sent" } });
    await notifyGallerySelection(tx, deps, {
      galleryId: row.id,
      title: row.title,
      clientName: row.clientName,
      clientEmail: row.clientEmail,
      count,
    });
    return { selection_state: "sent" as const, count };
  });
}

/** Checks the download PIN (attempts counted before the check, like a password) and gives a grant. */
export async function unlockGallery(
  deps: GalleryClientDeps,
  input: { token: string; pin: string },
): Promise<{ grant: string }> {
  const row = await liveGallery(deps, input.token);
  if (!row.pinHash) return { grant: "" };
  const reservation = await deps.limiter.reserveGalleryPin(row.id, deps.ip);
  if (!/^\d{4,8}$/.test(input.pin) || !(await verifyPassword(row.pinHash, input.pin))) {
    throw new AppError("UNAUTHORIZED", MESSAGES.gallery.pinWrong, {
      fieldErrors: { pin: MESSAGES.gallery.pinWrong },
    });
  }
  await reservation.succeeded();
  return { grant: issuePinGrant(deps.config, row.tokenHash, row.pinHash, deps.now()) };
}

/** May this file be downloaded (downloads setting, PIN)? Throws the reason when not. */
function assertDownloadable(
  deps: Pick<GalleryClientDeps, "config" | "now">,
  row: GalleryRow,
  item: { favourite: boolean } | null,
  grant: string | null | undefined,
): void {
  if (row.downloads === "none") throw new AppError("FORBIDDEN", MESSAGES.gallery.downloadsOff);
  if (row.downloads === "favourites" && item && !item.favourite) {
    throw new AppError("FORBIDDEN", MESSAGES.gallery.favouritesOnly);
  }
  if (row.pinHash && !verifyPinGrant(deps.config, row.tokenHash, row.pinHash, grant, deps.now())) {
    throw new AppError("UNAUTHORIZED", MESSAGES.gallery.pinRequired);
  }
}

/** A short signed link to one file: the download copy ("original") or the largest web size. Logged. */
export async function downloadLink(
  deps: GalleryClientDeps,
  input: { token: string; item_id: number; size: "original" | "web"; grant?: string | null },
): Promise<{ url: string; name: string }> {
  const row = await liveGallery(deps, input.token);
  const item = await deps.db.galleryItem.findUnique({
    where: { id: input.item_id },
    select: { galleryId: true, favourite: true, upload: { select: ITEM_MEDIA_SELECT } },
  });
  if (item?.galleryId !== row.id) throw new AppError("NOT_FOUND", MESSAGES.gallery.itemNotFound);
  assertDownloadable(deps, row, item, input.grant);
  const file = downloadFileOf(item.upload, input.size);
  if (!file) throw new AppError("CONFLICT", MESSAGES.gallery.itemNotReady);
  const now = deps.now();
  const web = input.size === "web" && item.upload.kind === "image";
  await record(
    deps.db,
    row.id,
    "download",
    `${item.upload.originalName} (${web ? "web size" : "original"})`,
    now,
  );
  return { url: signGalleryDownload(deps.config, `/uploads/${file.key}`, now), name: file.name };
}

/**
 * The files a ZIP download holds ("all" or "favourites"), checked like a single download: each item's
 * download copy (EXIF-clean; items still being processed are left out), named after the original. Not a tRPC
 * procedure: the storage keys stay on the server (apps/server/src/rest/galleries.ts streams the archive).
 * `resumed`: not logged (the rest of a download already logged, a Range request; or the page's HEAD asking
 * whether the archive is there before the browser downloads it).
 */
export async function galleryZipFiles(
  deps: GalleryZipDeps,
  input: { token: string; which: "all" | "favourites"; grant?: string | null; resumed?: boolean },
): Promise<{ title: string; files: DownloadFile[] }> {
  const row = await liveGallery(deps, input.token);
  assertDownloadable(deps, row, null, input.grant);
  const favouritesOnly = input.which === "favourites" || row.downloads === "favourites";
  const items = await deps.db.galleryItem.findMany({
    where: { galleryId: row.id, ...(favouritesOnly ? { favourite: true } : {}) },
    orderBy: [{ set: { position: "asc" } }, { position: "asc" }, { id: "asc" }],
    select: { upload: { select: ITEM_MEDIA_SELECT } },
  });
  const files = items
    .filter((i) => stateOf(i.upload) === "ready")
    .map((i) => downloadFileOf(i.upload, "original"))
    .filter((f): f is DownloadFile => f !== null);
  // An empty archive is refused (nothing was downloaded).
  if (!input.resumed && files.length > 0) {
    await record(
      deps.db,
      row.id,
      "download",
      `ZIP of ${favouritesOnly ? "favourites" : "all files"}`,
      deps.now(),
    );
  }
  return { title: row.title, files };
}
