/**
 * Client galleries (issue 30), through the tRPC callers as the back office and the client's page use them:
 * the link (unguessable, shown again, regenerated: the old one ends at once), the PIN (hashed, attempts limited),
 * expiry, the selection limit, lock and reopen, what non-admins may call, and the audit entries.
 * Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGalleryUpload } from "../../testing/gallery-fixtures";
import { createHarness, type Harness } from "../../testing/harness";
import { uniqueEntryNames } from "../media/zip";
import { lightroomSearch } from "./admin";
import { galleryZipFiles } from "./client";

let h: Harness;
let owner: Awaited<ReturnType<Harness["admin"]>>["caller"];

beforeAll(async () => {
  h = await createHarness();
  owner = (await h.admin()).caller;
});
afterAll(async () => {
  await h.close();
});

/** A booking written straight in the database (its slot does not matter here). */
const createTestBooking = (db: Harness["deps"]["db"], client: { name: string; email: string }) =>
  db.booking.create({ data: { ...client, phone: "+1 555 010 2040", date: "2030-03-01", time: "10:00" } });

const tokenOf = (url: string) => url.split("/g/")[1]!;

/** A gallery with `n` images in its first set; answers its id, set, items and link token. */
async function gallery(n: number, data: Record<string, unknown> = {}) {
  const { id } = await owner.galleries.create({ title: "Wedding of Ann & Bo", ...data });
  const detail = await owner.galleries.get({ id });
  const setId = detail.sets[0]!.id;
  const itemIds: number[] = [];
  for (let i = 0; i < n; i++) {
    const upload = await createGalleryUpload(h.deps.db, `IMG_${1000 + i}.jpg`);
    itemIds.push((await owner.galleries.addItem({ id, set_id: setId, upload_id: upload.id })).item_id);
  }
  return { id, setId, itemIds, token: tokenOf(detail.url!) };
}

describe("the link", () => {
  it("is 256 bits, stored only as a hash, shown again, and regenerating ends the old one at once", async () => {
    const g = await gallery(1);
    expect(g.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await h.deps.db.gallery.findUniqueOrThrow({ where: { id: g.id } });
    expect(JSON.stringify(row)).not.toContain(g.token);
    expect(tokenOf((await owner.galleries.get({ id: g.id })).url!)).toBe(g.token);

    const client = h.caller();
    expect((await client.galleryView.open({ token: g.token })).status).toBe("open");
    const { url } = await owner.galleries.regenerateLink({ id: g.id });
    await expect(client.galleryView.open({ token: g.token })).rejects.toThrow(MESSAGES.gallery.linkInvalid);
    expect((await client.galleryView.open({ token: tokenOf(url) })).status).toBe("open");
    // A guessed or malformed token finds nothing, and the answer is the same.
    await expect(client.galleryView.open({ token: "x".repeat(43) })).rejects.toThrow(
      MESSAGES.gallery.linkInvalid,
    );
    await expect(client.galleryView.open({ token: "../../etc" })).rejects.toThrow(
      MESSAGES.gallery.linkInvalid,
    );
  });

  it("after its expiry says so with the studio's contact, and refuses the rest", async () => {
    const g = await gallery(1, { expires_on: "2020-01-01" });
    const client = h.caller();
    const view = await client.galleryView.open({ token: g.token });
    expect(view.status).toBe("expired");
    expect(view.studio.name.length).toBeGreaterThan(0);
    await expect(client.galleryView.items({ token: g.token, set_id: g.setId })).rejects.toThrow(
      MESSAGES.gallery.expired,
    );
    await expect(
      client.galleryView.favourite({ token: g.token, item_id: g.itemIds[0]!, favourite: true }),
    ).rejects.toThrow(MESSAGES.gallery.expired);
  });

  it("pages the grid and signs every file link", async () => {
    const g = await gallery(3);
    const page = await h.caller().galleryView.items({ token: g.token, set_id: g.setId });
    expect(page.total).toBe(3);
    expect(page.items.map((i) => i.name)).toEqual(["IMG_1000.jpg", "IMG_1001.jpg", "IMG_1002.jpg"]);
    expect(page.items[0]!.webp).toMatch(
      /^\/uploads\/private\/[0-9a-f-]+-480\.webp\?expires=\d+&sig=[\w-]+ 480w, /,
    );
  });
});

describe("proof choices", () => {
  it("watermark and EXIF are off unless chosen, and an edit changes them", async () => {
    const g = await gallery(0);
    expect(await owner.galleries.get({ id: g.id })).toMatchObject({ watermark: false, keep_exif: false });
    await owner.galleries.update({ id: g.id, data: { title: "Proofs", watermark: true, keep_exif: true } });
    expect(await owner.galleries.get({ id: g.id })).toMatchObject({ watermark: true, keep_exif: true });
    const row = await h.deps.db.gallery.findUniqueOrThrow({ where: { id: g.id } });
    expect(row).toMatchObject({ watermarkProofs: true, keepExif: true });
    await expect(
      owner.galleries.update({ id: g.id, data: { title: "x", watermark: "yes" as unknown as boolean } }),
    ).rejects.toThrow();
  });
});

describe("the PIN", () => {
  it("is stored hashed (argon2), required for downloads, and its wrong attempts are limited", async () => {
    const g = await gallery(1, { pin: "4821" });
    const row = await h.deps.db.gallery.findUniqueOrThrow({ where: { id: g.id } });
    expect(row.pinHash).toMatch(/^\$argon2id\$/);
    expect(row.pinHash).not.toContain("4821");
    expect((await owner.galleries.get({ id: g.id })).has_pin).toBe(true);

    const client = h.caller({ ip: "198.51.100.7" });
    const item = { token: g.token, item_id: g.itemIds[0]! };
    await expect(client.galleryView.download(item)).rejects.toThrow(MESSAGES.gallery.pinRequired);
    await expect(client.galleryView.unlock({ token: g.token, pin: "0000" })).rejects.toThrow(
      MESSAGES.gallery.pinWrong,
    );
    const { grant } = await client.galleryView.unlock({ token: g.token, pin: "4821" });
    const link = await client.galleryView.download({ ...item, grant });
    expect(link.url).toMatch(/^\/uploads\/private\/[0-9a-f-]+\.jpg\?expires=\d+&sig=/);
    // Changing the PIN ends the grants given for the old one.
    await owner.galleries.update({ id: g.id, data: { title: "Wedding", pin: "99999" } });
    await expect(client.galleryView.download({ ...item, grant })).rejects.toThrow(
      MESSAGES.gallery.pinRequired,
    );

    // Ten wrong PINs for one gallery lock it for the window, even with the right PIN (from any address).
    for (let i = 0; i < 10; i++) {
      await client.galleryView.unlock({ token: g.token, pin: "1111" }).catch(() => undefined);
    }
    await expect(
      h.caller({ ip: "192.0.2.9" }).galleryView.unlock({ token: g.token, pin: "99999" }),
    ).rejects.toThrow(/Too many wrong PINs/);
  });

  it("keeps the PIN when an edit leaves it out, and removes it with an empty one", async () => {
    const g = await gallery(0, { pin: "1234" });
    await owner.galleries.update({ id: g.id, data: { title: "Still" } });
    expect((await owner.galleries.get({ id: g.id })).has_pin).toBe(true);
    await owner.galleries.update({ id: g.id, data: { title: "Open", pin: "" } });
    expect((await owner.galleries.get({ id: g.id })).has_pin).toBe(false);
    await expect(owner.galleries.update({ id: g.id, data: { title: "x", pin: "12ab" } })).rejects.toThrow(
      MESSAGES.gallery.pinInvalid,
    );
  });
});

describe("the selection", () => {
  it("holds the limit, locks when sent (studio told by e-mail and live event), and reopens", async () => {
    const booking = await createTestBooking(h.deps.db, { name: "Ann Lee", email: "ann@client.test" });
    const g = await gallery(4, { selection_limit: 2, booking_id: booking.id });
    const client = h.caller();
    const fav = (i: number, favourite = true) =>
      client.galleryView.favourite({ token: g.token, item_id: g.itemIds[i]!, favourite });
    await expect(client.galleryView.sendSelection({ token: g.token })).rejects.toThrow(
      MESSAGES.gallery.selectionEmpty,
    );
    expect((await fav(0)).favourite_count).toBe(1);
    expect((await fav(1)).favourite_count).toBe(2);
    await expect(fav(2)).rejects.toThrow(MESSAGES.gallery.selectionFull(2));
    expect((await fav(1, false)).favourite_count).toBe(1);
    expect((await fav(2)).favourite_count).toBe(2);
    await client.galleryView.note({ token: g.token, item_id: g.itemIds[2]!, note: "Warmer, please" });

    const sent = await client.galleryView.sendSelection({ token: g.token });
    expect(sent).toEqual({ selection_state: "sent", count: 2 });
    // A second press sends nothing twice.
    await client.galleryView.sendSelection({ token: g.token });
    expect(await h.deps.db.outgoingMail.count({ where: { kind: "studio.gallery_selection" } })).toBe(1);
    expect(await h.deps.db.liveEvent.count({ where: { type: "gallery.selection", entityId: g.id } })).toBe(1);
    await expect(fav(0, false)).rejects.toThrow(MESSAGES.gallery.selectionLocked);
    await expect(
      client.galleryView.note({ token: g.token, item_id: g.itemIds[0]!, note: "x" }),
    ).rejects.toThrow(MESSAGES.gallery.selectionLocked);

    const selection = await owner.galleries.selection({ id: g.id });
    expect(selection.names).toEqual(["IMG_1000.jpg", "IMG_1002.jpg"]);
    expect(selection.search).toBe("IMG_1000.jpg OR IMG_1002.jpg");
    expect(selection.csv).toBe('file,note\nIMG_1000.jpg,\nIMG_1002.jpg,"Warmer, please"\n');
    const summary = (await owner.galleries.list()).find((s) => s.id === g.id)!;
    expect(summary).toMatchObject({
      client_name: "Ann Lee",
      client_email: "ann@client.test",
      selection_state: "sent",
    });

    await owner.galleries.reopenSelection({ id: g.id });
    expect((await fav(0, false)).favourite_count).toBe(1);
  });

  it("quotes names with spaces in the Lightroom search", () => {
    expect(lightroomSearch(["a.jpg", "my photo.jpg"])).toBe('a.jpg OR "my photo.jpg"');
  });
});

describe("the studio's side", () => {
  it("orders items, sets the cover, deletes items and sets, and logs views and downloads", async () => {
    const g = await gallery(3);
    await owner.galleries.orderItems({
      id: g.id,
      set_id: g.setId,
      item_ids: [g.itemIds[2]!, g.itemIds[0]!, g.itemIds[1]!],
    });
    await expect(
      owner.galleries.orderItems({ id: g.id, set_id: g.setId, item_ids: [g.itemIds[0]!] }),
    ).rejects.toThrow(MESSAGES.gallery.orderMismatch);
    let detail = await owner.galleries.get({ id: g.id });
    expect(detail.sets[0]!.items.map((i) => i.id)).toEqual([g.itemIds[2], g.itemIds[0], g.itemIds[1]]);
    expect(detail.cover_item_id).toBe(g.itemIds[0]);
    await owner.galleries.setCover({ id: g.id, item_id: g.itemIds[1]! });
    await owner.galleries.deleteItem({ id: g.id, item_id: g.itemIds[1]! });
    detail = await owner.galleries.get({ id: g.id });
    expect(detail.cover_item_id).toBeNull();
    expect(detail.item_count).toBe(2);
    // The deleted item's file is released for the upload clean-up.
    const released = await h.deps.db.upload.count({
      where: { purpose: "gallery_media", attachedAt: null, galleryItem: null },
    });
    expect(released).toBeGreaterThan(0);

    await expect(owner.galleries.deleteSet({ id: g.id, set_id: g.setId })).rejects.toThrow(
      MESSAGES.gallery.lastSet,
    );
    const { set_id } = await owner.galleries.addSet({ id: g.id, name: "Portraits" });
    await owner.galleries.renameSet({ id: g.id, set_id, name: "Family" });
    await owner.galleries.deleteSet({ id: g.id, set_id: g.setId });
    expect((await owner.galleries.get({ id: g.id })).sets.map((s) => s.name)).toEqual(["Family"]);

    const other = await gallery(1);
    const client = h.caller();
    await client.galleryView.open({ token: other.token });
    await client.galleryView.download({ token: other.token, item_id: other.itemIds[0]!, size: "web" });
    const events = await owner.galleries.events({ id: other.id });
    expect(events.map((e) => e.kind)).toEqual(["download", "view"]);
    expect(events[0]!.detail).toBe("IMG_1000.jpg (web size)");
    // An item of another gallery is not this gallery's.
    await expect(client.galleryView.download({ token: other.token, item_id: g.itemIds[0]! })).rejects.toThrow(
      MESSAGES.gallery.itemNotFound,
    );
  });

  it("refuses an upload that is not a gallery file, or already in a gallery", async () => {
    const g = await gallery(1);
    const used = await h.deps.db.galleryItem.findUniqueOrThrow({ where: { id: g.itemIds[0]! } });
    await expect(
      owner.galleries.addItem({ id: g.id, set_id: g.setId, upload_id: used.uploadId }),
    ).rejects.toThrow(MESSAGES.gallery.uploadNotUsable);
  });

  it("e-mails the client the link through the outbox, sealed", async () => {
    const booking = await createTestBooking(h.deps.db, { name: "Cleo", email: "cleo@client.test" });
    const g = await gallery(1, { booking_id: booking.id });
    await owner.galleries.sendToClient({ id: g.id });
    const mail = await h.deps.db.outgoingMail.findFirstOrThrow({
      where: { kind: "gallery.link" },
      orderBy: { id: "desc" },
    });
    expect(mail.recipients).toBe("cleo@client.test");
    expect(JSON.stringify(mail.content)).not.toContain(g.token);
  });

  it("downloads follow the gallery's setting", async () => {
    const g = await gallery(2, { downloads: "favourites" });
    const client = h.caller();
    await expect(client.galleryView.download({ token: g.token, item_id: g.itemIds[0]! })).rejects.toThrow(
      MESSAGES.gallery.favouritesOnly,
    );
    await client.galleryView.favourite({ token: g.token, item_id: g.itemIds[0]!, favourite: true });
    await client.galleryView.download({ token: g.token, item_id: g.itemIds[0]! });
    await owner.galleries.update({ id: g.id, data: { title: "No downloads", downloads: "none" } });
    await expect(client.galleryView.download({ token: g.token, item_id: g.itemIds[0]! })).rejects.toThrow(
      MESSAGES.gallery.downloadsOff,
    );
  });
});

describe("the ZIP's entries", () => {
  it("are checked like a single download, hold the favourites when asked, with unique names", async () => {
    const g = await gallery(3, { pin: "7777" });
    const client = h.caller();
    await expect(galleryZipFiles(h.deps, { token: g.token, which: "all" })).rejects.toThrow(
      MESSAGES.gallery.pinRequired,
    );
    const { grant } = await client.galleryView.unlock({ token: g.token, pin: "7777" });
    // Two files of the same name get "(2)".
    const [first, second] = await h.deps.db.galleryItem.findMany({
      where: { galleryId: g.id },
      take: 2,
      orderBy: { id: "asc" },
    });
    await h.deps.db.upload.update({
      where: { id: second!.uploadId },
      data: { originalName: "IMG_1000.jpg" },
    });
    const all = await galleryZipFiles(h.deps, { token: g.token, which: "all", grant });
    expect(uniqueEntryNames(all.files.map((e) => e.name))).toEqual([
      "IMG_1000.jpg",
      "IMG_1000 (2).jpg",
      "IMG_1002.jpg",
    ]);
    await client.galleryView.favourite({ token: g.token, item_id: first!.id, favourite: true });
    const favourites = await galleryZipFiles(h.deps, { token: g.token, which: "favourites", grant });
    expect(favourites.files).toHaveLength(1);
    // Uploaded before the media pipeline: the stored file itself (no CRC known, so no ranges).
    expect(favourites.files[0]).toMatchObject({
      key: expect.stringMatching(/^private\/[0-9a-f-]+\.jpg$/),
      crc32: null,
    });
    expect(
      (await owner.galleries.events({ id: g.id })).filter((e) => e.kind === "download").map((e) => e.detail),
    ).toEqual(["ZIP of favourites", "ZIP of all files"]);
  });
});

describe("permissions and the trail", () => {
  it("a visitor cannot call the back office's procedures", async () => {
    const g = await gallery(1);
    const visitor = h.caller();
    await expect(visitor.galleries.list()).rejects.toThrow(MESSAGES.auth.unauthorized);
    await expect(visitor.galleries.get({ id: g.id })).rejects.toThrow(MESSAGES.auth.unauthorized);
    await expect(visitor.galleries.regenerateLink({ id: g.id })).rejects.toThrow(MESSAGES.auth.unauthorized);
    await expect(visitor.galleries.selection({ id: g.id })).rejects.toThrow(MESSAGES.auth.unauthorized);
    await expect(visitor.galleries.delete({ id: g.id })).rejects.toThrow(MESSAGES.auth.unauthorized);
  });

  it("another admin of the studio may manage galleries (owner and admins, as the other pages)", async () => {
    const { caller } = await h.admin("member@studio.test");
    const { id } = await caller.galleries.create({ title: "Team's gallery" });
    expect((await caller.galleries.get({ id })).title).toBe("Team's gallery");
  });

  it("every change writes one entry under the gallery, without the PIN's hash", async () => {
    const before = await h.deps.db.auditEntry.count({ where: { entity: "gallery" } });
    const g = await gallery(2, { pin: "2468" });
    await owner.galleries.regenerateLink({ id: g.id });
    const entries = await h.deps.db.auditEntry.findMany({
      where: { entity: "gallery", entityId: String(g.id) },
      orderBy: { id: "asc" },
    });
    expect(entries.map((e) => e.action)).toEqual(["created", "item_added", "item_added", "link_regenerated"]);
    expect(await h.deps.db.auditEntry.count({ where: { entity: "gallery" } })).toBe(before + 4);
    const text = JSON.stringify(entries);
    expect(text).not.toContain("argon2");
    expect(text).not.toContain("tokenHash");
  });
});
