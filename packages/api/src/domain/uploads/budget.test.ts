import { MB, MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../testing/harness";
import { multipartBody, multipartType, PDF_FILE, pngFile, streamOf } from "../../testing/upload-files";
import { cleanupUploads } from "./cleanup";

// Small budgets so a few files reach them: 1 MB per address, 3 MB for the studio.
const PER_ADDRESS = 1 * MB;
const TOTAL = 3 * MB;
let h: Harness;
let adminToken: string;
const T0 = new Date("2030-01-01T00:00:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

beforeAll(async () => {
  h = await createHarness({ uploadBudget: { perAddressBytes: PER_ADDRESS, totalBytes: TOTAL } });
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  h.setNow(T0);
  await h.deps.db.upload.deleteMany();
  adminToken = (await h.admin()).token;
});

/** A PDF of about `bytes` (PDFs are stored as sent, so the stored size is the sent size). */
const pdfOf = (bytes: number) => Buffer.concat([PDF_FILE, Buffer.alloc(bytes - PDF_FILE.length, 0x20)]);

function proofFrom(ip: string, data: Buffer) {
  const body = multipartBody([{ name: "image", filename: "proof.pdf", data }]);
  return h.caller({ ip }).uploads.bookingProof({
    body: streamOf(body),
    contentType: multipartType(),
    contentLength: body.length,
  });
}
async function adminImage() {
  const body = multipartBody([{ name: "image", filename: "s.png", data: await pngFile(40, 40) }]);
  return h.caller({ token: adminToken }).uploads.serviceImage({
    body: streamOf(body),
    contentType: multipartType(),
    contentLength: body.length,
  });
}
const storedBytes = async (where: object = {}) =>
  (await h.deps.db.upload.aggregate({ _sum: { size: true }, where }))._sum.size ?? 0;

describe("upload byte budgets", () => {
  it("lets one address keep at most its budget of unattached proofs in an hour, then answers 429", async () => {
    await proofFrom("198.51.100.1", pdfOf(0.45 * MB));
    await proofFrom("198.51.100.1", pdfOf(0.45 * MB));
    // The third would take the address over 1 MB: refused, and nothing of it kept.
    await expect(proofFrom("198.51.100.1", pdfOf(0.45 * MB))).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: MESSAGES.upload.addressBudget(1),
      details: { retryAfterSeconds: 3600 },
    });
    expect(await h.deps.db.upload.count()).toBe(2);
    // Now over nothing but at the brim: refused before the body is read.
    await proofFrom("198.51.100.1", pdfOf(0.09 * MB));
    await expect(proofFrom("198.51.100.1", pdfOf(0.02 * MB))).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    expect(await storedBytes({ uploaderAddress: "198.51.100.1" })).toBeLessThanOrEqual(PER_ADDRESS);
    // Another address has its own budget.
    await expect(proofFrom("198.51.100.2", pdfOf(0.45 * MB))).resolves.toMatchObject({ kind: "document" });
  });

  it("frees the budget once the address's files are attached or an hour has passed", async () => {
    const first = await proofFrom("198.51.100.3", pdfOf(0.9 * MB));
    await expect(proofFrom("198.51.100.3", pdfOf(0.2 * MB))).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    await h.deps.db.upload.updateMany({
      where: { storageKey: first.reference.replace("/uploads/", "") },
      data: { attachedAt: T0 },
    });
    await expect(proofFrom("198.51.100.3", pdfOf(0.2 * MB))).resolves.toMatchObject({ kind: "document" });
    await proofFrom("198.51.100.3", pdfOf(0.75 * MB));
    // Unattached proofs are removed within the hour, which frees the budget for good.
    h.setNow(minutes(46));
    expect((await cleanupUploads(h.deps)).removed).toBe(2);
    h.setNow(minutes(47));
    await expect(proofFrom("198.51.100.3", pdfOf(0.9 * MB))).resolves.toMatchObject({ kind: "document" });
  });

  it("refuses every upload, admins' too, once all unattached files reach the studio's budget", async () => {
    // Each address exactly at its own budget; together exactly at the studio's.
    for (const ip of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) await proofFrom(ip, pdfOf(1 * MB));
    await expect(proofFrom("192.0.2.4", pdfOf(0.1 * MB))).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: MESSAGES.upload.storageBudget,
    });
    await expect(adminImage()).rejects.toMatchObject({ message: MESSAGES.upload.storageBudget });
    expect(await storedBytes({ attachedAt: null })).toBeLessThanOrEqual(TOTAL);
  });

  it("does not count admin uploads against the admin's address", async () => {
    for (let i = 0; i < 3; i++) await expect(adminImage()).resolves.toMatchObject({ kind: "image" });
    const rows = await h.deps.db.upload.findMany({ select: { uploaderAddress: true } });
    expect(rows.every((r) => r.uploaderAddress === null)).toBe(true);
  });
});
