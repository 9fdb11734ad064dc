/** A gallery's private files: served only through a valid signed link, WebP variants included (serve.ts). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGalleryUpload } from "../../testing/gallery-fixtures";
import { createHarness, type Harness } from "../../testing/harness";
import { signPrivateUrl } from "../uploads/links";
import { lookupStoredFile } from "../uploads/serve";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const query = (signed: string) =>
  Object.fromEntries(new URL(signed, "http://x").searchParams) as { expires?: string; sig?: string };

describe("gallery files", () => {
  it("serve the original and a variant with a signature, and nothing without one", async () => {
    const upload = await createGalleryUpload(h.deps.db, "IMG_1.jpg");
    const now = h.deps.now();
    for (const path of [`/uploads/private/${upload.id}.jpg`, `/uploads/private/${upload.id}-480.webp`]) {
      const signed = signPrivateUrl(h.deps.config, path, now);
      expect((await lookupStoredFile(h.deps, path, query(signed))).status).toBe("ok");
      expect((await lookupStoredFile(h.deps, path, {})).status).toBe("forbidden");
    }
    const variant = signPrivateUrl(h.deps.config, `/uploads/private/${upload.id}-480.webp`, now);
    expect(
      await lookupStoredFile(h.deps, `/uploads/private/${upload.id}-480.webp`, query(variant)),
    ).toMatchObject({
      contentType: "image/webp",
      fileName: "IMG_1.webp",
    });
    // A width the upload has no variant of is not found, even signed.
    const missing = `/uploads/private/${upload.id}-1600.webp`;
    expect(
      (await lookupStoredFile(h.deps, missing, query(signPrivateUrl(h.deps.config, missing, now)))).status,
    ).toBe("not_found");
  });
});
