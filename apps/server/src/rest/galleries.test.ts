/**
 * Galleries over HTTP: the admin's multipart upload of a gallery file (private, with WebP variants, served only
 * signed), and the ZIP route's checks (the archive itself is the media work's).
 */
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { fileForm, pngFile } from "../upload-test-files";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
});
afterAll(async () => {
  await t.close();
});

const auth = () => ({ Authorization: `Bearer ${token}` });

describe("gallery uploads and files", () => {
  it("stores a photo privately with variants, adds it to a set, and serves it only signed", async () => {
    const res = await t.app.request("/api/galleries/upload-media", {
      method: "POST",
      body: fileForm(pngFile(1200, 800), "IMG_7.png", "image/png"),
      headers: auth(),
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { id: string; url: string; name: string } };
    // REST answers absolute file URLs (other frontends put them straight into pages).
    expect(data.url).toMatch(/^http:\/\/[^/]+\/uploads\/private\/[0-9a-f-]+\.png$/);
    expect(data.name).toBe("IMG_7.png");
    // Unsigned: refused.
    expect((await t.app.request(new URL(data.url).pathname)).status).toBe(403);

    const caller = t.harness.caller({ token });
    const { id } = await caller.galleries.create({ title: "Over HTTP" });
    const detail = await caller.galleries.get({ id });
    await caller.galleries.addItem({ id, set_id: detail.sets[0]!.id, upload_id: data.id });
    const token43 = (await caller.galleries.get({ id })).url!.split("/g/")[1]!;
    const page = await t.harness.caller().galleryView.items({ token: token43, set_id: detail.sets[0]!.id });
    const thumb = page.items[0]!.srcset.split(" ")[0]!;
    const served = await t.app.request(thumb);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");

    // The ZIP route checks the link and answers that the archive is not there yet (the page's X-Robots-Tag is
    // checked by e2e/admin-galleries.spec.ts, against the built site).
    const zip = await t.app.request(`/api/g/${token43}/zip?which=all`);
    expect(zip.status).toBe(501);
    expect(((await zip.json()) as { message: string }).message).toBe(MESSAGES.gallery.zipPending);
    expect((await t.app.request(`/api/g/${"x".repeat(43)}/zip`)).status).toBe(404);
  });

  it("refuses the upload without an admin token", async () => {
    const res = await t.app.request("/api/galleries/upload-media", {
      method: "POST",
      body: fileForm(pngFile(10, 10), "a.png", "image/png"),
    });
    expect(res.status).toBe(401);
  });
});
