import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itRequiresAdmin } from "../testing/admin-only";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let token: string;
const m = MESSAGES.portfolio;

const item = {
  title: "Harbour at dawn",
  description: "Aerial stills",
  category: "drone-services",
  client: "",
  date: "",
  location: "Kolhapur",
  tags: "aerial, dawn,",
  featured: true,
  status: "published",
  media_url: "https://cdn.example/harbour.mp4",
};

type Item = { id: number; title: string; status: string };
const titles = (data: unknown) => (data as Item[]).map((i) => i.title);
let publishedId: number;
let draftId: number;
let privateId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
});
afterAll(async () => {
  await t.close();
});

describe("REST /api/portfolio", () => {
  it("POST creates an item: 201 { success, data, message }", async () => {
    const res = await t.call("POST", "/api/portfolio", { body: item, token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: m.created,
      data: {
        title: item.title,
        tags: ["aerial", "dawn"],
        client: null,
        date: null,
        location: "Kolhapur",
        featured: true,
        status: "published",
        media_url: item.media_url,
        media_type: "video",
      },
    });
    publishedId = (res.body.data as Item).id;
    const draft = await t.call("POST", "/api/portfolio", {
      body: { ...item, title: "Draft", status: "draft" },
      token,
    });
    draftId = (draft.body.data as Item).id;
    const hidden = await t.call("POST", "/api/portfolio", {
      body: { ...item, title: "Private", status: "private", category: "photography" },
      token,
    });
    privateId = (hidden.body.data as Item).id;
  });

  it("GET lists published items only without a valid token, and every status with an admin token", async () => {
    for (const auth of [undefined, "garbage"]) {
      const res = await t.call("GET", "/api/portfolio", { token: auth });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(titles(res.body.data)).toEqual(["Harbour at dawn"]);
    }
    const admin = await t.call("GET", "/api/portfolio", { token });
    expect(admin.status).toBe(200);
    expect(titles(admin.body.data).sort()).toEqual(["Draft", "Harbour at dawn", "Private"]);
  });

  it("GET ?status= is the admin list (all statuses with the token, 401 without)", async () => {
    const all = await t.call("GET", "/api/portfolio?status=all", { token });
    expect(all.status).toBe(200);
    expect(titles(all.body.data).sort()).toEqual(["Draft", "Harbour at dawn", "Private"]);
    const drafts = await t.call("GET", "/api/portfolio?status=draft", { token });
    expect(titles(drafts.body.data)).toEqual(["Draft"]);
    const photos = await t.call("GET", "/api/portfolio?status=all&category=photography", { token });
    expect(titles(photos.body.data)).toEqual(["Private"]);
    expect((await t.call("GET", "/api/portfolio?status=archived", { token })).status).toBe(400);
    expect((await t.call("GET", "/api/portfolio?status=all")).status).toBe(401);
  });

  it("GET /category/:category lists published items of that category; unknown → 400", async () => {
    const drones = await t.call("GET", "/api/portfolio/category/drone-services");
    expect(drones.status).toBe(200);
    expect(titles(drones.body.data)).toEqual(["Harbour at dawn"]);
    const photos = await t.call("GET", "/api/portfolio/category/photography");
    expect(photos.body).toEqual({ success: true, data: [] });
    const bad = await t.call("GET", "/api/portfolio/category/weddings");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: m.categoryInvalid });
  });

  it("GET /:id answers published items to anyone, drafts and private items only to admins", async () => {
    const res = await t.call("GET", `/api/portfolio/${publishedId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { id: publishedId } });
    for (const id of [draftId, privateId]) {
      for (const auth of [undefined, "garbage"]) {
        const hidden = await t.call("GET", `/api/portfolio/${id}`, { token: auth });
        expect(hidden.status).toBe(404);
        expect(hidden.body).toEqual({ success: false, message: m.notFound });
      }
      expect((await t.call("GET", `/api/portfolio/${id}`, { token })).status).toBe(200);
    }
    expect((await t.call("GET", "/api/portfolio/999999")).status).toBe(404);
    const bad = await t.call("GET", "/api/portfolio/abc");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: MESSAGES.common.invalidId });
  });

  it("PUT updates an item (unpublishing hides it)", async () => {
    const res = await t.call("PUT", `/api/portfolio/${publishedId}`, {
      body: { ...item, status: "private", tags: ["x"] },
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: m.updated,
      data: { status: "private", tags: ["x"] },
    });
    expect((await t.call("GET", "/api/portfolio")).body.data).toEqual([]);
    expect((await t.call("PUT", "/api/portfolio/999999", { body: item, token })).status).toBe(404);
  });

  it.each([
    ["a blank title", { ...item, title: "  " }, m.titleRequired],
    ["a numeric description", { ...item, description: 7 }, m.descriptionRequired],
    ["an unknown status", { ...item, status: "archived" }, m.statusInvalid],
    [
      "tags of the wrong type",
      { ...item, tags: { a: 1 } },
      "Must be a list of texts or a comma-separated text",
    ],
    ["featured of the wrong type", { ...item, featured: "maybe" }, "Must be true or false"],
  ])("POST with %s → 400 with the message", async (_label, body, message) => {
    const res = await t.call("POST", "/api/portfolio", { body, token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it("answers malformed JSON with 400", async () => {
    const res = await t.call("POST", "/api/portfolio", {
      raw: "{nope",
      headers: { "Content-Type": "application/json" },
      token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: MESSAGES.common.invalidJson });
  });

  it("DELETE removes an item: 200 then 404", async () => {
    const res = await t.call("DELETE", `/api/portfolio/${draftId}`, { token });
    expect(res.body).toEqual({ success: true, data: { id: draftId }, message: m.deleted });
    expect((await t.call("DELETE", `/api/portfolio/${draftId}`, { token })).status).toBe(404);
    expect((await t.call("DELETE", "/api/portfolio/-3", { token })).status).toBe(400);
  });
});

describe("REST /api/portfolio auth", () => {
  itRequiresAdmin(
    () => t,
    [
      ["GET", "/api/portfolio?status=all"],
      ["POST", "/api/portfolio", item],
      ["PUT", "/api/portfolio/1", item],
      ["DELETE", "/api/portfolio/1"],
    ],
  );
});
