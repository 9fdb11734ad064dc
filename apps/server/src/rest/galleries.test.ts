/**
 * Galleries over HTTP: the admin's multipart upload of a gallery file (private, with WebP variants, served only
 * signed), and the streamed ZIP of its files.
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

    // The ZIP: streamed, STORE, with its exact length announced; it holds the original bytes of the file.
    const zip = await t.app.request(`/api/g/${token43}/zip?which=all`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const archive = Buffer.from(await zip.arrayBuffer());
    expect(archive.length).toBe(Number(zip.headers.get("content-length")));
    expect(archive.subarray(0, 4).toString("hex")).toBe("504b0304");
    expect(archive.includes(Buffer.from("IMG_7.png"))).toBe(true);
    // Favourites only, none chosen: said in words.
    const none = await t.app.request(`/api/g/${token43}/zip?which=favourites`);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { message: string }).message).toBe(MESSAGES.gallery.zipEmpty);
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
