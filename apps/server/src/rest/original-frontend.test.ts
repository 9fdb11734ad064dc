/**
 * The original system's own React frontend, built unchanged with its API base pointed at us, replayed call by
 * call as docs/rest-api.md documents them (issue 29, part B): the four places where our answers broke it.
 * Each call below is what that frontend sends, from another origin, with the admin token where it sends one.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { seedDemoContent } from "@studio/db";
import { REPO_ROOT } from "@studio/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { fileForm, pngFile } from "../upload-test-files";

let t: TestApp;
let token: string;
const ORIGIN = "https://partner.example";
const DOC = readFileSync(path.join(REPO_ROOT, "docs/rest-api.md"), "utf8");

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
  await seedDemoContent(t.deps.db);
});
afterAll(async () => {
  await t.close();
});

/** A call as the original frontend makes it: JSON, from its own origin, with the token when it has one. */
async function call(method: string, url: string, body?: unknown, withToken = false) {
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (withToken) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await t.app.request(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** What the browser does with a URL the frontend puts into <img src>: fetch it (same server here). */
async function load(url: string) {
  return t.app.request(url);
}

/** The original's forms use <input type="url">, which refuses anything but an absolute URL. */
const isAbsoluteUrl = (value: string) => {
  try {
    return Boolean(new URL(value).protocol.startsWith("http"));
  } catch {
    return false;
  }
};

type Service = { id: number; title: string; image: string | null; [key: string]: unknown };

describe("the original frontend against our REST layer", () => {
  it("the documented promises are the ones checked here", () => {
    expect(DOC).toContain("Every stored-file URL in a REST answer");
    expect(DOC).toContain("**absolute**");
  });

  it("1. gets absolute URLs for demo media (/media/…), and can save a demo service back unchanged", async () => {
    const list = await call("GET", "/api/services");
    const services = list.body.data as Service[];
    const demo = services.filter((s) => s.image);
    expect(demo.length).toBeGreaterThan(0);
    for (const service of demo) {
      expect(isAbsoluteUrl(service.image!), service.image!).toBe(true);
      expect((await load(service.image!)).status).not.toBe(403);
    }
    const first = demo[0]!;
    expect(first.image).toMatch(/^http:\/\/localhost\/media\//);
    // The edit form sends the service back as it got it.
    const { id, created_at: _created, ...form } = first;
    const saved = await call("PUT", `/api/services/${id}`, form, true);
    expect(saved.status).toBe(200);
    expect((saved.body.data as Service).image).toBe(first.image);
    // Stored as our own path, so the site (and another origin) keep working.
    const row = await t.deps.db.service.findUniqueOrThrow({ where: { id } });
    expect(row.image).toBe(new URL(first.image!).pathname);
    const portfolio = (await call("GET", "/api/portfolio")).body.data as { media_url: string | null }[];
    for (const item of portfolio.filter((i) => i.media_url))
      expect(isAbsoluteUrl(item.media_url!), item.media_url!).toBe(true);
  });

  it("2. a service and a portfolio item saved with an uploaded image keep showing it after the link expires", async () => {
    // The dashboard uploads through the public upload endpoint, with its token, and keeps the answer's url.
    const form = fileForm(pngFile(1200, 800), "hero.png", "image/png");
    const uploaded = await t.app.request("/api/upload/image", {
      method: "POST",
      body: form,
      headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN },
    });
    expect(uploaded.status).toBe(201);
    const url = ((await uploaded.json()) as { url: string }).url;
    expect(url).toContain("/uploads/private/");

    const created = await call(
      "POST",
      "/api/services",
      {
        title: "Uploaded hero",
        description: "A service whose image came from the upload endpoint",
        price: 120,
        duration: "2 hours",
        category: "photography",
        image: url,
        features: "One, Two",
      },
      true,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const image = (created.body.data as Service).image!;
    expect(image).toMatch(/^http:\/\/localhost\/uploads\/media\/[0-9a-f-]{36}\.png$/);

    // Six minutes later the signed link has expired; the stored image still opens, for anyone.
    t.harness.setNow(new Date(Date.now() + 6 * 60_000));
    try {
      expect((await load(url)).status).not.toBe(200);
      const later = ((await call("GET", "/api/services")).body.data as Service[]).find(
        (s) => s.title === "Uploaded hero",
      );
      expect(later?.image).toBe(image);
      const opened = await load(image);
      expect(opened.status).toBe(200);
      expect(opened.headers.get("content-type")).toBe("image/png");
    } finally {
      t.harness.setNow(new Date());
    }

    // The same for a portfolio item, with an unsigned link to the private file.
    const second = await t.app.request("/api/upload/image", {
      method: "POST",
      body: fileForm(pngFile(640, 480), "work.png", "image/png"),
      headers: { Authorization: `Bearer ${token}` },
    });
    const reference = ((await second.json()) as { data: { reference: string } }).data.reference;
    const item = await call(
      "POST",
      "/api/portfolio",
      {
        title: "Uploaded work",
        description: "Portfolio media from the upload endpoint",
        category: "photography",
        media_url: reference,
        tags: "a, b",
        status: "published",
      },
      true,
    );
    expect(item.status).toBe(201);
    const media = (item.body.data as { media_url: string }).media_url;
    expect(media).toMatch(/^http:\/\/localhost\/uploads\/media\/[0-9a-f-]{36}\.png$/);
    expect((await load(media)).status).toBe(200);
  });

  it("3. POST /api/bookings answers the same signed proof link as the booking list", async () => {
    const uploaded = await t.app.request("/api/upload/image", {
      method: "POST",
      body: fileForm(pngFile(300, 200), "receipt.png", "image/png"),
      headers: { Origin: ORIGIN },
    });
    const url = ((await uploaded.json()) as { url: string }).url;
    const serviceId = (((await call("GET", "/api/services")).body.data as Service[])[0] as Service).id;
    const booked = await call("POST", "/api/bookings", {
      name: "Original Frontend",
      email: "original@example.test",
      phone: "+1 555 0100",
      date: "2035-06-04",
      time: "10:00",
      message: "With proof",
      image: url,
      service_id: serviceId,
      user_id: null,
    });
    expect(booked.status).toBe(201);
    const answered = (booked.body.data as { id: number; image: string }).image;
    expect(answered).toMatch(
      /^http:\/\/localhost\/uploads\/private\/[0-9a-f-]{36}\.png\?expires=\d+&sig=[\w-]+$/,
    );
    expect((await load(answered)).status).toBe(200);
    const listed = (await call("GET", "/api/bookings", undefined, true)).body.data as {
      id: number;
      image: string;
    }[];
    const same = listed.find((b) => b.id === (booked.body.data as { id: number }).id);
    expect(new URL(same!.image).pathname).toBe(new URL(answered).pathname);
  });

  it("4. GET /api/portfolio lists every status with an admin token and published only without", async () => {
    for (const status of ["draft", "private"] as const) {
      const made = await call(
        "POST",
        "/api/portfolio",
        { title: `A ${status} item`, description: "Not public yet", status, tags: [] },
        true,
      );
      expect(made.status).toBe(201);
    }
    const admin = (await call("GET", "/api/portfolio", undefined, true)).body.data as { status: string }[];
    expect(new Set(admin.map((i) => i.status))).toEqual(new Set(["published", "draft", "private"]));
    const visitor = (await call("GET", "/api/portfolio")).body.data as { status: string }[];
    expect(visitor.length).toBeGreaterThan(0);
    expect(visitor.every((i) => i.status === "published")).toBe(true);
    // A stale token (signed out) still gets the public list, as before.
    const stale = await t.app.request("/api/portfolio", { headers: { Authorization: "Bearer not-a-token" } });
    expect(stale.status).toBe(200);
    const staleItems = ((await stale.json()) as { data: { status: string }[] }).data;
    expect(staleItems.every((i) => i.status === "published")).toBe(true);
  });
});
