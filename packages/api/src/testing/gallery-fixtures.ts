/** Galleries for tests: Upload rows of purpose gallery_media written directly (no bytes stored). */
import { randomUUID } from "node:crypto";
import type { Db } from "@studio/db";

/** A gallery_media upload row no gallery holds yet (an image with two WebP variants, or a video). */
export async function createGalleryUpload(db: Db, name = "photo.jpg", kind: "image" | "video" = "image") {
  const id = randomUUID();
  const ext = kind === "image" ? "jpg" : "mp4";
  return db.upload.create({
    data: {
      id,
      purpose: "gallery_media",
      kind,
      mimeType: kind === "image" ? "image/jpeg" : "video/mp4",
      extension: ext,
      size: 1000,
      originalName: name,
      storageKey: `private/${id}.${ext}`,
      ...(kind === "image"
        ? { variants: { "480": `private/${id}-480.webp`, "960": `private/${id}-960.webp` } }
        : {}),
    },
  });
}

/** A gallery with one set and `items` images named img-1.jpg…, straight in the database. */
export async function createTestGallery(
  db: Db,
  options: { items?: number; title?: string; tokenHash?: string } = {},
) {
  const gallery = await db.gallery.create({
    data: {
      title: options.title ?? "Wedding",
      tokenHash: options.tokenHash ?? randomUUID(),
      nonce: randomUUID(),
      sets: { create: { name: "Ceremony", position: 0 } },
    },
    include: { sets: true },
  });
  const set = gallery.sets[0]!;
  const itemIds: number[] = [];
  for (let i = 0; i < (options.items ?? 0); i++) {
    const upload = await createGalleryUpload(db, `img-${i + 1}.jpg`);
    const item = await db.galleryItem.create({
      data: { galleryId: gallery.id, setId: set.id, uploadId: upload.id, position: i },
    });
    itemIds.push(item.id);
  }
  return { id: gallery.id, setId: set.id, itemIds };
}
