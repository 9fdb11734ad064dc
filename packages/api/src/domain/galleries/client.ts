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
import { getStoredStudioProfile } from "../studio-profile";
import { issuePinGrant, lookupHash, signGalleryDownload, signGalleryView, verifyPinGrant } from "./links";
import { notifyGallerySelection } from "./notify";

export type GalleryClientDeps = Pick<
  Context,
  "db" | "provider" | "config" | "now" | "cache" | "limiter" | "ip" | "storage"
>;

const invalidLink = () => new AppError("NOT_FOUND", MESSAGES.gallery.linkInvalid);
const expired = () => new AppError("FORBIDDEN", MESSAGES.gallery.expired);

type GalleryRow = NonNullable<Awaited<ReturnType<Db["gallery"]["findUnique"]>>>;

async function galleryOf(deps: GalleryClientDeps, token: string): Promise<GalleryRow> {
  const hash = lookupHash(token);
  const row = hash ? await deps.db.gallery.findUnique({ where: { tokenHash: hash } }) : null;
  if (!row) throw invalidLink();
  return row;
}

const isExpired = (row: GalleryRow, now: Date) => row.expiresAt !== null && row.expiresAt <= now;

/** A gallery the client may use now: found by its current link and not expired. */
async function liveGallery(deps: GalleryClientDeps, token: string): Promise<GalleryRow> {
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
  const [sets, favourites, cover] = await Promise.all([
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
          select: { upload: { select: { kind: true, variants: true } } },
        }),
  ]);
  await record(deps.db, row.id, "view", "", now);
  const coverVariants = cover ? largestVariant(cover.upload.variants) : null;
  return {
    status: "open",
    title: row.title,
    client_name: row.clientName,
    cover: coverVariants ? signGalleryView(deps.config, `/uploads/${coverVariants}`, now) : null,
    downloads: row.downloads,
    has_pin: row.pinHash !== null,
    selection_limit: row.selectionLimit,
    selection_state: row.selectionState,
    favourite_count: favourites,
    sets: sets
      .filter((s) => s._count.items > 0)
      .map((s) => ({ id: s.id, name: s.name, count: s._count.items })),
    studio,
  };
}

function variantEntries(value: unknown): [number, string][] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>)
    .filter((e): e is [string, string] => typeof e[1] === "string")
    .map(([w, key]) => [Number(w), key] as [number, string])
    .filter(([w]) => Number.isFinite(w))
    .sort((a, b) => a[0] - b[0]);
}
function largestVariant(value: unknown): string | null {
  return variantEntries(value).at(-1)?.[1] ?? null;
}

export async function galleryItemsPage(
  deps: GalleryClientDeps,
  input: { token: string; set_id: number; page: number },
): Promise<GalleryItemsPage> {
  const row = await liveGallery(deps, input.token);
  const where = { galleryId: row.id, setId: input.set_id };
  const total = await deps.db.galleryItem.count({ where });
  const pages = Math.max(1, Math.ceil(total / GALLERY_PAGE_SIZE));
  const page = Math.min(input.page, pages);
  const rows = await deps.db.galleryItem.findMany({
    where,
    orderBy: [{ position: "asc" }, { id: "asc" }],
    skip: (page - 1) * GALLERY_PAGE_SIZE,
    take: GALLERY_PAGE_SIZE,
    select: {
      id: true,
      favourite: true,
      note: true,
      upload: { select: { originalName: true, kind: true, variants: true, storageKey: true } },
    },
  });
  const now = deps.now();
  const sign = (key: string) => signGalleryView(deps.config, `/uploads/${key}`, now);
  const items: GalleryClientItem[] = rows.map((r) => {
    const variants = variantEntries(r.upload.variants);
    const largest = variants.at(-1)?.[1];
    return {
      id: r.id,
      name: r.upload.originalName,
      kind: r.upload.kind,
      // Videos play from the original until the media jobs make a web preview (helper "media").
      src: sign(largest ?? r.upload.storageKey),
      srcset: variants.map(([w, key]) => `${sign(key)} ${w}w`).join(", "),
      favourite: r.favourite,
      note: r.note,
    };
  });
  return { items, page, pages, total };
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
  deps: GalleryClientDeps,
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

/** A short signed link to one file: the original, or the largest web size of an image. Logged. */
export async function downloadLink(
  deps: GalleryClientDeps,
  input: { token: string; item_id: number; size: "original" | "web"; grant?: string | null },
): Promise<{ url: string; name: string }> {
  const row = await liveGallery(deps, input.token);
  const item = await deps.db.galleryItem.findUnique({
    where: { id: input.item_id },
    select: {
      galleryId: true,
      favourite: true,
      upload: { select: { originalName: true, storageKey: true, variants: true, kind: true } },
    },
  });
  if (item?.galleryId !== row.id) throw new AppError("NOT_FOUND", MESSAGES.gallery.itemNotFound);
  assertDownloadable(deps, row, item, input.grant);
  const web = input.size === "web" ? largestVariant(item.upload.variants) : null;
  const key = web ?? item.upload.storageKey;
  const name = web ? `${item.upload.originalName.replace(/\.[^.]+$/, "")}.webp` : item.upload.originalName;
  const now = deps.now();
  await record(
    deps.db,
    row.id,
    "download",
    `${item.upload.originalName} (${web ? "web size" : "original"})`,
    now,
  );
  return { url: signGalleryDownload(deps.config, `/uploads/${key}`, now), name };
}

/**
 * The files a ZIP download holds ("all" or "favourites"), checked like a single download: the place where the
 * streaming ZIP writer (helper "media": `zipResponse(storedZipEntries(storage, entries), name)`) plugs in, in
 * apps/server/src/rest/galleries.ts.
 */
export async function zipEntries(
  deps: GalleryClientDeps,
  input: { token: string; which: "all" | "favourites"; grant?: string | null },
): Promise<{ title: string; entries: { name: string; key: string; size: number; mtime: Date }[] }> {
  const row = await liveGallery(deps, input.token);
  assertDownloadable(deps, row, null, input.grant);
  const favouritesOnly = input.which === "favourites" || row.downloads === "favourites";
  const items = await deps.db.galleryItem.findMany({
    where: { galleryId: row.id, ...(favouritesOnly ? { favourite: true } : {}) },
    orderBy: [{ set: { position: "asc" } }, { position: "asc" }, { id: "asc" }],
    select: { upload: { select: { originalName: true, storageKey: true, size: true, createdAt: true } } },
  });
  await record(
    deps.db,
    row.id,
    "download",
    `ZIP of ${favouritesOnly ? "favourites" : "all files"}`,
    deps.now(),
  );
  // Names are unique inside the archive ("a.jpg", "a (2).jpg").
  const seen = new Map<string, number>();
  const entries = items.map(({ upload }) => {
    const n = (seen.get(upload.originalName) ?? 0) + 1;
    seen.set(upload.originalName, n);
    const name = n === 1 ? upload.originalName : upload.originalName.replace(/(\.[^.]+)?$/, ` (${n})$1`);
    return { name, key: upload.storageKey, size: upload.size, mtime: upload.createdAt };
  });
  return { title: row.title, entries };
}
