/**
 * The contact and feedback forms posted without JavaScript (issue 26): same-site posts only, the same
 * validation and messages as the JSON forms, the typed values kept on a refusal, and the same per-address limit.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { FORM_LIMIT } from "@studio/api";
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app";

let dist: string;
const ORIGIN = "http://localhost";
const SAME_SITE = { Origin: ORIGIN };

beforeAll(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), "studio-form-pages-"));
  writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><html><head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>',
  );
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const contact = {
  name: "Ann Example",
  email: "ann@example.test",
  phone: "",
  serviceType: "Drone Services",
  subject: "A shoot",
  message: "Line one\r\nline two <b>bold</b>",
};

function post(
  t: TestApp,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = SAME_SITE,
) {
  const body = new URLSearchParams(fields).toString();
  return t.app.request(path, {
    method: "POST",
    // As a browser sends it (the JSON guard of /api and /trpc reads the declared length).
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(Buffer.byteLength(body)),
      ...headers,
    },
    body,
  });
}

describe("form pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist: dist });
  });
  afterAll(() => t.close());

  it("stores a contact message posted from the site and answers with the success page", async () => {
    const res = await post(t, "/contact", contact, { "Sec-Fetch-Site": "same-origin" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain(MESSAGES.contact.sent.replace("'", "&#39;"));
    expect(html).toContain('href="/assets/index-abc.css"');
    const row = await t.deps.db.contactMessage.findFirstOrThrow({ where: { subject: "A shoot" } });
    expect(row).toMatchObject({
      name: "Ann Example",
      email: "ann@example.test",
      serviceType: "Drone Services",
    });
    expect(row.message).toBe("Line one\nline two <b>bold</b>");
  });

  it("refuses a post from another site, or one that names no site, with 403 and stores nothing", async () => {
    const before = await t.deps.db.contactMessage.count();
    const refused = [
      await post(t, "/contact", contact, { Origin: "https://evil.example" }),
      await post(t, "/contact", contact, { "Sec-Fetch-Site": "cross-site", Origin: ORIGIN }),
      await post(t, "/contact", contact, { "Sec-Fetch-Site": "same-site" }),
      await post(t, "/contact", contact, { Origin: "null" }),
      await post(t, "/contact", contact, {}),
      await post(t, "/feedback", { name: "X", email: "x@example.test", rating: "5", message: "Hi" }, {}),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await refused[0]?.text()).toContain(MESSAGES.common.crossSiteForm.replace("'", "&#39;"));
    expect(await t.deps.db.contactMessage.count()).toBe(before);
  });

  it("shows the form again with the validators' messages and the typed values", async () => {
    const res = await post(t, "/contact", {
      ...contact,
      name: "  ",
      email: "not-an-email",
      phone: "12",
      subject: 'Say "hi" <script>',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(MESSAGES.contact.nameRequired);
    expect(html).toContain(MESSAGES.contact.emailInvalid);
    expect(html).toContain(MESSAGES.common.phoneInvalid);
    // Typed values come back, escaped.
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('value="Say &quot;hi&quot; &lt;script&gt;"');
    expect(html).not.toContain("<script>");
    expect(html).toMatch(/>Line one\r?\nline two &lt;b&gt;bold&lt;\/b&gt;<\/textarea>/);
    expect(html).toContain('<option value="Drone Services" selected>');
    expect(html).toMatch(/<form method="post" action="\/contact"/);
  });

  it("stores feedback from its page, and shows its errors in the spec's order", async () => {
    const page = await t.app.request("/feedback");
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<form method="post" action="\/feedback"/);

    const missing = await post(t, "/feedback", {
      name: "Bo",
      email: "bo@example.test",
      rating: "",
      message: "",
    });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain(MESSAGES.feedback.ratingRequired);
    expect(html).toContain(MESSAGES.feedback.messageRequired);
    expect(html).toContain('value="bo@example.test"');

    const ok = await post(t, "/feedback", {
      name: "Bo",
      email: "bo@example.test",
      rating: "4",
      service_category: "photography",
      message: "Lovely session",
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(MESSAGES.feedback.submitted);
    const row = await t.deps.db.feedback.findFirstOrThrow({ where: { message: "Lovely session" } });
    expect(row).toMatchObject({ rating: 4, status: "pending" });
  });

  it("takes only form posts; the JSON endpoints still take only JSON", async () => {
    const json = await t.app.request("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...SAME_SITE },
      body: JSON.stringify(contact),
    });
    expect(json.status).toBe(415);
    const api = await post(t, "/api/contact", contact);
    expect(api.status).toBe(415);
    const trpc = await post(t, "/trpc/contact.send", contact);
    expect(trpc.status).toBe(415);
  });
});

describe("form pages: rate limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist: dist, rateLimit: true });
  });
  afterAll(() => t.close());

  it("counts against the same per-address limit as the JSON form", async () => {
    // Half the limit through the JSON form, the rest through the page: the next post of either is refused.
    for (let i = 0; i < FORM_LIMIT.points; i++) {
      const status =
        i % 2
          ? (await post(t, "/contact", { ...contact, subject: `Page ${i}` })).status
          : (await t.call("POST", "/api/contact", { body: { ...contact, subject: `Json ${i}` } })).status;
      expect(status === 200 || status === 201).toBe(true);
    }
    const page = await post(t, "/contact", { ...contact, subject: "One too many" });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await page.text();
    expect(html).toContain(MESSAGES.common.tooManyRequests);
    expect(html).toContain('value="One too many"');
    const json = await t.call("POST", "/api/contact", { body: contact });
    expect(json.status).toBe(429);
    expect(await t.deps.db.contactMessage.count({ where: { subject: "One too many" } })).toBe(0);
  });
});
