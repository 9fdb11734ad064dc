import { existsSync } from "node:fs";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../testing/harness";
import { cleanupUploads, markMediaReferenced } from "./cleanup";
import {
  docxFile,
  type FormPart,
  multipartBody,
  multipartType,
  PDF_FILE,
  pngFile,
  streamOf,
} from "../../testing/upload-files";
import { issuedProofFile } from "./proof";

let h: Harness;
const T0 = new Date("2030-01-01T00:00:00Z");
const hours = (n: number) => new Date(T0.getTime() + n * 3600_000);

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

/** Admin tokens expire, and the clock jumps here: sign in again at the current harness time. */
const admin = async () => (await h.admin()).caller;

type Caller = Awaited<ReturnType<typeof admin>>;
type Proc = "bookingProof" | "serviceImage" | "portfolioMedia";
type UploadInput = Parameters<Caller["uploads"]["bookingProof"]>[0];

async function upload<P extends Proc>(
  proc: P,
  part: FormPart,
): Promise<Awaited<ReturnType<Caller["uploads"][P]>>> {
  const body = multipartBody([part]);
  const caller = proc === "bookingProof" ? h.caller() : await admin();
  const call = caller.uploads[proc] as unknown as (input: UploadInput) => Promise<unknown>;
  const result = (await call({
    body: streamOf(body),
    contentType: multipartType(),
    contentLength: body.length,
  })) as Awaited<ReturnType<Caller["uploads"][P]>>;
  // A booking proof answers a signed preview link; these tests work with its stable reference.
  const proof = result as { url: string; reference?: string };
  return (proof.reference ? { ...proof, url: proof.reference } : result) as typeof result;
}
/** An admin image upload (service image or portfolio media) of a fresh PNG. */
const uploadPng = async (proc: "serviceImage" | "portfolioMedia", filename: string) =>
  upload(proc, { name: "image", filename, data: await pngFile(1200, 800) });
const onDisk = (url: string) => path.join(h.uploadDir, url.replace(/^\/uploads\//, ""));

async function book(image: string, slot: string) {
  return h.deps.db.$transaction(async (tx) => {
    // What a booking's write leaves (bookings/insert.ts): the proof attached and held by the booking.
    const claim = await issuedProofFile(tx, image);
    await tx.upload.update({ where: { id: claim.uploadId }, data: { attachedAt: h.deps.now() } });
    return tx.booking.create({
      data: {
        name: "Ana",
        email: "ana@example.com",
        phone: "555-0100",
        date: "2030-01-10",
        time: slot,
        slotKey: `2030-01-10 ${slot}`,
        image: claim.image,
        uploadId: claim.uploadId,
      },
    });
  });
}

describe("cleanupUploads", () => {
  it("deletes uploads nobody attached within 24 h, with their files, and keeps the used ones", async () => {
    h.setNow(T0);
    const unclaimedProof = await upload("bookingProof", { name: "image", filename: "a.pdf", data: PDF_FILE });
    const bookedProof = await upload("bookingProof", { name: "image", filename: "b.docx", data: docxFile() });
    const deletedBookingProof = await upload("bookingProof", {
      name: "image",
      filename: "c.pdf",
      data: PDF_FILE,
    });
    const serviceImage = await uploadPng("serviceImage", "s.png");
    const unusedMedia = await uploadPng("portfolioMedia", "u.png");
    const variantReferenced = await uploadPng("portfolioMedia", "v.png");

    await book(bookedProof.url, "10:00");
    const doomed = await book(deletedBookingProof.url, "11:00");
    await h.deps.db.booking.delete({ where: { id: doomed.id } });
    // References as the catalogue stores them: a relative URL, an absolute one, a variant.
    await h.deps.db.service.create({
      data: { title: "Shoot", description: "d", priceCents: 100, features: [], image: serviceImage.url },
    });
    await h.deps.db.portfolioItem.create({
      data: {
        title: "Reel",
        description: "d",
        tags: [],
        mediaUrl: `https://studio.example${variantReferenced.variants[0]!.url}`,
      },
    });

    // Not yet 45 minutes old: nothing happens.
    h.setNow(hours(0.7));
    expect(await cleanupUploads(h.deps)).toEqual({ removed: 0, attached: 0, tempFilesRemoved: 0 });
    // A proof nobody attached goes after 45 minutes (within the hour with a 15-minute clean-up interval)...
    h.setNow(hours(0.76));
    expect(await cleanupUploads(h.deps)).toEqual({ removed: 1, attached: 0, tempFilesRemoved: 0 });
    expect(existsSync(onDisk(unclaimedProof.url))).toBe(false);
    // ...the admin's media after 24 h.
    h.setNow(hours(23));
    expect(await cleanupUploads(h.deps)).toEqual({ removed: 0, attached: 0, tempFilesRemoved: 0 });

    h.setNow(hours(25));
    const result = await cleanupUploads(h.deps);
    expect(result).toEqual({ removed: 2, attached: 2, tempFilesRemoved: 0 });

    const remaining = await h.deps.db.upload.findMany({ select: { storageKey: true, attachedAt: true } });
    const keyOf = (url: string) => url.replace("/uploads/", "");
    expect(remaining.map((r) => r.storageKey).sort()).toEqual(
      [bookedProof.url, serviceImage.url, variantReferenced.url].map(keyOf).sort(),
    );
    expect(remaining.every((r) => r.attachedAt !== null)).toBe(true);
    for (const gone of [
      unclaimedProof.url,
      deletedBookingProof.url,
      unusedMedia.url,
      ...unusedMedia.variants.map((v) => v.url),
    ]) {
      expect(existsSync(onDisk(gone)), gone).toBe(false);
    }
    for (const kept of [
      bookedProof.url,
      serviceImage.url,
      ...serviceImage.variants.map((v) => v.url),
      variantReferenced.url,
    ]) {
      expect(existsSync(onDisk(kept)), kept).toBe(true);
    }

    // A second pass finds nothing more to do.
    h.setNow(hours(48));
    expect(await cleanupUploads(h.deps)).toEqual({ removed: 0, attached: 0, tempFilesRemoved: 0 });
  });

  it("removes a service image or portfolio file once nothing points at it any more", async () => {
    h.setNow(hours(100));
    const first = await uploadPng("serviceImage", "1.png");
    const second = await uploadPng("serviceImage", "2.png");
    const reel = await uploadPng("portfolioMedia", "r.png");
    const service = await h.deps.db.service.create({
      data: { title: "Headshots", description: "d", priceCents: 100, features: [], image: first.url },
    });
    const item = await h.deps.db.portfolioItem.create({
      data: { title: "Launch", description: "d", tags: [], mediaUrl: reel.url },
    });
    await markMediaReferenced(h.deps, [first.url, reel.url]);

    // The image is replaced and the portfolio item deleted.
    await h.deps.db.service.update({ where: { id: service.id }, data: { image: second.url } });
    await h.deps.db.portfolioItem.delete({ where: { id: item.id } });
    h.setNow(hours(125));
    const result = await cleanupUploads(h.deps);
    expect(result.removed).toBe(2);
    for (const gone of [first.url, ...first.variants.map((v) => v.url), reel.url])
      expect(existsSync(onDisk(gone)), gone).toBe(false);
    for (const kept of [second.url, ...second.variants.map((v) => v.url)])
      expect(existsSync(onDisk(kept)), kept).toBe(true);
    const ids = (await h.deps.db.upload.findMany({ select: { storageKey: true } })).map((u) => u.storageKey);
    expect(ids).toContain(second.url.replace("/uploads/", ""));
    expect(ids).not.toContain(first.url.replace("/uploads/", ""));
  });

  it("removes temporary files left by crashed uploads after an hour", async () => {
    h.setNow(hours(100));
    await mkdir(h.deps.storage.tempDir, { recursive: true });
    const stale = path.join(h.deps.storage.tempDir, "stale.upload");
    const fresh = path.join(h.deps.storage.tempDir, "fresh.upload");
    await writeFile(stale, "x");
    await writeFile(fresh, "y");
    await utimes(stale, hours(98), hours(98));
    await utimes(fresh, hours(99.9), hours(99.9));
    expect((await cleanupUploads(h.deps)).tempFilesRemoved).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it("runs from the admin procedure only", async () => {
    await expect(h.caller().uploads.cleanup()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    h.setNow(hours(200));
    const media = await uploadPng("serviceImage", "x.png");
    h.setNow(hours(225));
    expect(await (await admin()).uploads.cleanup()).toMatchObject({ removed: 1 });
    expect(existsSync(onDisk(media.url))).toBe(false);
  });
});

describe("markMediaReferenced", () => {
  it("marks public service/portfolio uploads behind URLs as attached, ignoring other URLs", async () => {
    h.setNow(hours(300));
    const media = await uploadPng("portfolioMedia", "m.png");
    const proof = await upload("bookingProof", { name: "image", filename: "p.pdf", data: PDF_FILE });
    const count = await markMediaReferenced(h.deps, [
      `${media.variants[0]!.url}`,
      proof.url,
      "https://elsewhere.example/cat.jpg",
      null,
    ]);
    expect(count).toBe(1);
    const rows = await h.deps.db.upload.findMany({
      where: { storageKey: { in: [media.url.slice(9), proof.url.slice(9)] } },
    });
    expect(rows.find((r) => r.purpose === "portfolio_media")?.attachedAt).toEqual(hours(300));
    expect(rows.find((r) => r.purpose === "booking_proof")?.attachedAt).toBeNull();
  });
});
