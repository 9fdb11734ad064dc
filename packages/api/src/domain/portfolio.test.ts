import { MESSAGES, type PortfolioInput, type PortfolioStatus } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";
import { failure } from "../testing/rejection";
import { mediaTypeOf } from "./portfolio";

let h: Harness;
let admin: Awaited<ReturnType<Harness["admin"]>>["caller"];
const m = MESSAGES.portfolio;
let clock = Date.parse("2030-01-01T10:00:00Z");

const valid = (overrides: Partial<PortfolioInput> = {}): PortfolioInput => ({
  title: "Harbour at dawn",
  description: "Aerial stills of the harbour",
  category: "drone-services",
  tags: ["aerial"],
  ...overrides,
});

/** Creates an item one minute after the previous one, so "newest first" is well defined. */
async function create(overrides: Partial<PortfolioInput> = {}) {
  clock += 60_000;
  h.setNow(new Date(clock));
  return admin.portfolio.create(valid(overrides));
}

let published: { id: number }[];
let draft: { id: number };
let hidden: { id: number };

beforeAll(async () => {
  h = await createHarness();
  h.setNow(new Date(clock)); // the token must be valid on the harness clock
  admin = (await h.admin()).caller;
  published = [
    await create({ title: "P1", category: "photography" }),
    await create({ title: "P2", category: "drone-services" }),
  ];
  draft = await create({ title: "Draft", status: "draft", category: "photography" });
  hidden = await create({ title: "Private", status: "private", category: "drone-services" });
  published.push(await create({ title: "P3", category: "photography" }));
});
afterAll(async () => {
  await h.close();
});

describe("portfolio: public reads never show drafts or private items", () => {
  it("lists published items only, newest first", async () => {
    const list = await h.caller().portfolio.list();
    expect(list.map((i) => i.title)).toEqual(["P3", "P2", "P1"]);
    expect(list.every((i) => i.status === "published")).toBe(true);
  });

  it("filters by category, published only", async () => {
    const photos = await h.caller().portfolio.byCategory({ category: "photography" });
    expect(photos.map((i) => i.title)).toEqual(["P3", "P1"]);
    const drones = await h.caller().portfolio.byCategory({ category: "drone-services" });
    expect(drones.map((i) => i.title)).toEqual(["P2"]);
  });

  it("refuses an unknown category with the category message", async () => {
    const error = await failure(h.caller().portfolio.byCategory({ category: "weddings" as never }));
    expect(error).toEqual({ code: "BAD_REQUEST", message: m.categoryInvalid });
  });

  it("hides drafts and private items by id from visitors and garbage tokens, shows them to admins", async () => {
    for (const item of [draft, hidden]) {
      for (const caller of [h.caller(), h.caller({ token: "garbage" })]) {
        expect(await failure(caller.portfolio.get({ id: item.id }))).toEqual({
          code: "NOT_FOUND",
          message: m.notFound,
        });
      }
      expect((await admin.portfolio.get({ id: item.id })).id).toBe(item.id);
    }
    expect((await h.caller({ token: "garbage" }).portfolio.get({ id: published[0]!.id })).title).toBe("P1");
  });

  it("answers NOT_FOUND for an unknown id and BAD_REQUEST for a malformed one", async () => {
    expect(await failure(h.caller().portfolio.get({ id: 999_999 }))).toEqual({
      code: "NOT_FOUND",
      message: m.notFound,
    });
    expect(await failure(h.caller().portfolio.get({ id: "x1" }))).toEqual({
      code: "BAD_REQUEST",
      message: MESSAGES.common.invalidId,
    });
  });
});

describe("portfolio: admin list", () => {
  it("returns every status, newest first, with the status on each item", async () => {
    const all = await admin.portfolio.adminList();
    expect(all.map((i) => [i.title, i.status])).toEqual([
      ["P3", "published"],
      ["Private", "private"],
      ["Draft", "draft"],
      ["P2", "published"],
      ["P1", "published"],
    ]);
  });

  it("filters by status and category", async () => {
    const drafts = await admin.portfolio.adminList({ status: "draft" });
    expect(drafts.map((i) => i.title)).toEqual(["Draft"]);
    const privateDrones = await admin.portfolio.adminList({ status: "private", category: "drone-services" });
    expect(privateDrones.map((i) => i.title)).toEqual(["Private"]);
    const photos = await admin.portfolio.adminList({ category: "photography" });
    expect(photos.map((i) => i.title)).toEqual(["P3", "Draft", "P1"]);
  });

  it("refuses an unknown status filter", async () => {
    expect(await failure(admin.portfolio.adminList({ status: "archived" as never }))).toEqual({
      code: "BAD_REQUEST",
      message: m.statusInvalid,
    });
  });

  it("requires an admin token", async () => {
    for (const caller of [h.caller(), h.caller({ token: "garbage" })]) {
      expect((await failure(caller.portfolio.adminList())).code).toBe("UNAUTHORIZED");
    }
  });
});

describe("portfolio: create and update", () => {
  it("splits tags from a comma string, stores empty date/client/location as null, parses featured", async () => {
    const item = await create({
      tags: " wedding, ,outdoor ,, golden hour ",
      client: "  ",
      date: "",
      location: "",
      featured: "true" as never,
    });
    expect(item).toMatchObject({
      tags: ["wedding", "outdoor", "golden hour"],
      client: null,
      date: null,
      location: null,
      featured: true,
      status: "published",
      media_url: null,
      media_type: null,
    });
  });

  it("defaults category to photography, status to published and featured to false", async () => {
    const item = await admin.portfolio.create({ title: "Bare", description: "Only the required fields" });
    expect(item).toMatchObject({ category: "photography", status: "published", featured: false, tags: [] });
  });

  it("derives media_type from the media URL", async () => {
    const video = await create({ media_url: "/uploads/media/0b7c3f0e-1d2a-4c1b-9a55-3e1f2d4c5b6a.mp4" });
    expect(video.media_type).toBe("video");
    const image = await create({ media_url: "https://cdn.example/shot.JPG" });
    expect(image.media_type).toBe("image");
  });

  it.each([
    ["https://cdn.example/a.mp4", "video"],
    ["https://cdn.example/a.MOV", "video"],
    ["/uploads/media/a.avi", "video"],
    ["/uploads/media/a.mkv", "video"],
    ["https://cdn.example/a.webm?x=1", "video"],
    ["https://cdn.example/a.m4v#t=2", "video"],
    ["https://cdn.example/a.png", "image"],
    ["https://cdn.example/mp4", "image"],
    ["https://cdn.example/a.mp4.jpg", "image"],
    [null, null],
    ["", null],
  ] as const)("media type of %s is %s", (url, type) => {
    expect(mediaTypeOf(url)).toBe(type);
  });

  it.each([
    [{ title: "   " }, m.titleRequired],
    [{ title: undefined }, m.titleRequired],
    [{ description: " " }, m.descriptionRequired],
    [{ category: "weddings" }, m.categoryInvalid],
    [{ status: "archived" }, m.statusInvalid],
    [{ media_url: "ftp://x/y.mp4" }, MESSAGES.service.imageUrlInvalid],
  ] as const)("refuses %o with its message", async (overrides, message) => {
    expect(await failure(admin.portfolio.create({ ...valid(), ...overrides } as PortfolioInput))).toEqual({
      code: "BAD_REQUEST",
      message,
    });
  });

  it("updates an item (unpublishing hides it from the public list)", async () => {
    const item = await create({ title: "Soon hidden" });
    expect((await h.caller().portfolio.list()).some((i) => i.id === item.id)).toBe(true);
    const updated = await admin.portfolio.update({
      id: item.id,
      data: valid({ title: "Hidden now", status: "draft" as PortfolioStatus, tags: "a,b", client: "ACME" }),
    });
    expect(updated).toMatchObject({ title: "Hidden now", status: "draft", tags: ["a", "b"], client: "ACME" });
    expect((await h.caller().portfolio.list()).some((i) => i.id === item.id)).toBe(false);
  });

  it("answers NOT_FOUND when updating or deleting an unknown id", async () => {
    const expected = { code: "NOT_FOUND", message: m.notFound };
    expect(await failure(admin.portfolio.update({ id: 999_999, data: valid() }))).toEqual(expected);
    expect(await failure(admin.portfolio.delete({ id: 999_999 }))).toEqual(expected);
  });

  it("deletes an item", async () => {
    const item = await create();
    expect(await admin.portfolio.delete({ id: item.id })).toEqual({ id: item.id });
    expect((await failure(admin.portfolio.get({ id: item.id }))).code).toBe("NOT_FOUND");
  });

  it("requires an admin token for writes", async () => {
    for (const caller of [h.caller(), h.caller({ token: "garbage" })]) {
      expect((await failure(caller.portfolio.create(valid()))).code).toBe("UNAUTHORIZED");
      expect((await failure(caller.portfolio.update({ id: draft.id, data: valid() }))).code).toBe(
        "UNAUTHORIZED",
      );
      expect((await failure(caller.portfolio.delete({ id: draft.id }))).code).toBe("UNAUTHORIZED");
    }
  });
});
