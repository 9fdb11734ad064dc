/**
 * A service or portfolio item saved with a link to one of our private uploads: the file becomes public media
 * (issue 29 B.2), on a real database and the real disk storage.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../testing/harness";
import { AppError } from "../../errors";
import { rejection } from "../../testing/rejection";
import { multipartBody, multipartType, PDF_FILE, pngFile, streamOf } from "../../testing/upload-files";

let h: Harness;
let admin: Awaited<ReturnType<Harness["admin"]>>["caller"];

beforeAll(async () => {
  h = await createHarness();
  admin = (await h.admin()).caller;
});
afterAll(async () => {
  await h.close();
});

/** A booking-proof upload through the public procedure, as the original dashboard does it. */
async function proof(data: Buffer, filename: string, contentType: string) {
  const body = multipartBody([{ name: "image", filename, contentType, data }]);
  return h.caller().uploads.bookingProof({
    body: streamOf(body),
    contentType: multipartType(),
    contentLength: body.length,
  });
}

const service = (image: string | null) => ({
  title: "Promoted",
  description: "Its image came through the proof upload",
  price: 100,
  duration: "1 hour",
  category: "photography" as const,
  image,
  features: [],
});

const refused = { code: "BAD_REQUEST", message: MESSAGES.upload.notPublishable };

/** Code, message and field errors of the AppError a call fails with. */
async function rejectionOf(promise: Promise<unknown>) {
  const error = await rejection(promise);
  return {
    code: error.code,
    message: error.message,
    fieldErrors: error instanceof AppError ? error.details.fieldErrors : undefined,
  };
}

describe("private uploads saved as public media", () => {
  it("moves the file under media/ with its variants, signed link or not, and keeps it on a second save", async () => {
    const uploaded = await proof(await pngFile(1200, 900), "hero.png", "image/png");
    const created = await admin.services.create(service(uploaded.url));
    const id = uploaded.reference.slice("/uploads/private/".length, -".png".length);
    expect(created.image).toBe(`/uploads/media/${id}.png`);
    const row = await h.deps.db.upload.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ purpose: "service_image", storageKey: `media/${id}.png` });
    expect(row.attachedAt).not.toBeNull();
    expect(row.variants).toEqual({ "480": `media/${id}-480.webp`, "960": `media/${id}-960.webp` });
    expect(existsSync(path.join(h.uploadDir, "media", `${id}.png`))).toBe(true);
    expect(existsSync(path.join(h.uploadDir, "media", `${id}-480.webp`))).toBe(true);
    expect(existsSync(path.join(h.uploadDir, "private", `${id}.png`))).toBe(false);
    // The unsigned reference, saved again on another item, names the same public file.
    const again = await admin.services.update({ id: created.id, data: service(uploaded.reference) });
    expect(again.image).toBe(`/uploads/media/${id}.png`);
    // A booking can no longer claim it: it is not a proof any more.
    const booking = await rejectionOf(
      h.caller().bookings.create({
        name: "Late Claim",
        email: "late@example.test",
        phone: "+1 555 0100",
        service_id: created.id,
        date: "2035-01-09",
        time: "10:00",
        image: uploaded.reference,
      }),
    );
    expect(booking.message).toBe(MESSAGES.booking.proofInvalid);
  });

  it("makes a portfolio item's private upload public media too", async () => {
    const uploaded = await proof(await pngFile(400, 300), "work.png", "image/png");
    const item = await admin.portfolio.create({
      title: "Work",
      description: "Uploaded through the proof endpoint",
      media_url: uploaded.url,
    });
    expect(item.media_url).toMatch(/^\/uploads\/media\/[0-9a-f-]{36}\.png$/);
    expect(item.media_type).toBe("image");
  });

  it("refuses a proof that a booking holds, and a document as a service image", async () => {
    const held = await proof(await pngFile(200, 200), "receipt.png", "image/png");
    const owner = await admin.services.create(service(null));
    await h.caller().bookings.create({
      name: "Holder",
      email: "holder@example.test",
      phone: "+1 555 0100",
      service_id: owner.id,
      date: "2035-01-10",
      time: "11:00",
      image: held.reference,
    });
    expect(await rejectionOf(admin.services.create(service(held.url)))).toMatchObject({
      ...refused,
      fieldErrors: { image: MESSAGES.upload.notPublishable },
    });
    const pdf = await proof(PDF_FILE, "quote.pdf", "application/pdf");
    expect(await rejectionOf(admin.services.create(service(pdf.url)))).toMatchObject(refused);
    expect(
      await rejectionOf(
        admin.portfolio.create({ title: "Doc", description: "A document", media_url: pdf.reference }),
      ),
    ).toMatchObject({ ...refused, fieldErrors: { media_url: MESSAGES.upload.notPublishable } });
    // Nothing was moved.
    const still = await h.deps.db.upload.findUniqueOrThrow({
      where: { id: held.reference.slice("/uploads/private/".length, -".png".length) },
    });
    expect(still.purpose).toBe("booking_proof");
  });

  it("refuses a private link to a file that does not exist", async () => {
    const error = await rejectionOf(
      admin.services.create(service("/uploads/private/00000000-0000-4000-8000-000000000000.png")),
    );
    expect(error).toMatchObject(refused);
  });
});
