import type { ConsoleMessage, Page } from "@playwright/test";
import { DEFAULT_STUDIO_PROFILE, PUBLIC_PAGE_PATHS, pageSlugOf } from "@studio/validators";
import { expect, signInAsNewAdmin, test } from "./fixtures";

/**
 * Public pages paint before JavaScript (issue 13): every page is prerendered at build time with its own head
 * tags and Open Graph image, hydrates without a mismatch, reads fine with JavaScript off, and follows the
 * studio profile when it changes (the server renders the page again).
 */

const ORIGIN = "https://studio.example"; // No PUBLIC_URL in the e2e server: the placeholder origin stays.
const { phones, emails } = DEFAULT_STUDIO_PROFILE;

/** The attribute of the one head tag matching `selector` (a regular expression over the tag). */
function tagsOf(html: string, name: "meta" | "link" | "title") {
  const head = html.slice(0, html.indexOf("</head>"));
  if (name === "title") return [...head.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => m[1] ?? "");
  return [...head.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].map((m) => m[0]);
}
function attr(tag: string, attribute: string): string | null {
  const match = new RegExp(`\\s${attribute}="([^"]*)"`).exec(tag);
  return match ? decode(match[1] ?? "") : null;
}
function decode(text: string): string {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}
/** The content of the single meta tag with that name or property. */
function metaContent(html: string, key: string): string {
  const tags = tagsOf(html, "meta").filter((t) => attr(t, "name") === key || attr(t, "property") === key);
  expect(tags, `one <meta> ${key}`).toHaveLength(1);
  return attr(tags[0] as string, "content") ?? "";
}
/** Width and height from a JPEG's start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let offset = 2;
  while (offset < bytes.length) {
    const marker = bytes[offset + 1] as number;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  throw new Error("no JPEG frame header");
}
const textOf = (html: string) =>
  decode(
    html
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " "),
  );

test.describe("prerendered HTML (no JavaScript: plain requests)", () => {
  for (const path of PUBLIC_PAGE_PATHS) {
    test(`${path} carries its content, head tags and a 1200×630 Open Graph image`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("text/html");
      const html = await response.text();

      const titles = tagsOf(html, "title");
      expect(titles).toHaveLength(1);
      const title = decode(titles[0] as string);
      expect(title).toMatch(/^\S.* — \S.*$/);
      expect(title).toContain(DEFAULT_STUDIO_PROFILE.name);
      const description = metaContent(html, "description");
      expect(description.length).toBeGreaterThan(50);

      const url = `${ORIGIN}${path}`;
      const canonical = tagsOf(html, "link").filter((t) => attr(t, "rel") === "canonical");
      expect(canonical.map((t) => attr(t, "href"))).toEqual([url]);
      expect(metaContent(html, "og:type")).toBe("website");
      expect(metaContent(html, "og:site_name")).toBe(DEFAULT_STUDIO_PROFILE.name);
      expect(metaContent(html, "og:title")).toBe(title);
      expect(metaContent(html, "og:description")).toBe(description);
      expect(metaContent(html, "og:url")).toBe(url);
      const image = `${ORIGIN}/og/${pageSlugOf(path)}.jpg`;
      expect(metaContent(html, "og:image")).toBe(image);
      expect(metaContent(html, "og:image:width")).toBe("1200");
      expect(metaContent(html, "og:image:height")).toBe("630");
      expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
      expect(metaContent(html, "twitter:title")).toBe(title);
      expect(metaContent(html, "twitter:description")).toBe(description);
      expect(metaContent(html, "twitter:image")).toBe(image);

      const picture = await request.get(new URL(image).pathname);
      expect(picture.status()).toBe(200);
      expect(picture.headers()["content-type"]).toBe("image/jpeg");
      expect(jpegSize(await picture.body())).toEqual({ width: 1200, height: 630 });

      // The page itself: one h1, the header, and the footer with the studio's details.
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root.match(/<h1\b/g)).toHaveLength(1);
      const text = textOf(root);
      expect(text).toContain("Skip to content");
      for (const line of [phones[0], emails[0], DEFAULT_STUDIO_PROFILE.city]) expect(text).toContain(line);
      expect(html).toMatch(/<footer\b/);
      // Booking without JavaScript: the notice names the phone and e-mail.
      expect(html).toContain('id="noscript-booking"');
      expect(html).toContain(`href="mailto:${emails[0]}"`);
    });
  }

  test("the category pages carry their content; the back office and unknown paths keep the app shell", async ({
    request,
  }) => {
    // Each page has a title of its own.
    const titles = new Set<string>();
    for (const path of PUBLIC_PAGE_PATHS)
      titles.add(tagsOf(await (await request.get(path)).text(), "title")[0] ?? "");
    expect(titles.size).toBe(PUBLIC_PAGE_PATHS.length);

    const photography = textOf(await (await request.get("/photography")).text());
    expect(photography).toContain("Why Choose Our Photography?");
    expect(photography).toContain("Our Photography Services");
    // The studio's own services and work (the database's), in the HTML itself.
    expect(photography).toContain("Portrait Session");
    expect(photography).toContain("$299");
    expect(photography).toContain("Our Photography Portfolio");
    expect(photography).toContain("Golden Hour Portraits");

    for (const path of ["/admin/login", "/no-such-page"]) {
      const html = await (await request.get(path)).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('rel="canonical"');
    }
    expect((await request.get("/no-such-page")).status()).toBe(404);
    // The server side of the build is not for browsers.
    expect((await request.get("/ssr/pages.json")).status()).toBe(404);
    expect((await request.get("/ssr/entry-server.js")).status()).toBe(404);
  });
});

const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/**
 * Console errors and warnings, and uncaught page errors (React reports hydration mismatches there). Map tiles
 * come from the internet, which the tests never reach: they get a blank tile, so nothing else is filtered out.
 */
async function watchConsole(page: Page): Promise<string[]> {
  await page.route(
    (url) => url.hostname !== "127.0.0.1",
    (route) => route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }),
  );
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/** Waits until the parts that hydrate after the first view (footer) have their code and had a frame to hydrate. */
async function hydrated(page: Page) {
  await page.mouse.move(200, 200);
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType("resource").some((e) => /\/assets\/footer-[\w-]+\.js$/.test(e.name)),
      ),
    )
    .toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

test.describe("hydration", () => {
  for (const path of PUBLIC_PAGE_PATHS) {
    test(`${path} hydrates without warnings and keeps one set of head tags`, async ({ page }) => {
      const problems = await watchConsole(page);
      await page.goto(path);
      await hydrated(page);
      const head = await page.evaluate(() => ({
        titles: document.querySelectorAll("title").length,
        descriptions: document.querySelectorAll('meta[name="description"]').length,
        canonicals: document.querySelectorAll('link[rel="canonical"]').length,
        images: document.querySelectorAll('meta[property="og:image"]').length,
      }));
      expect(head).toEqual({ titles: 1, descriptions: 1, canonicals: 1, images: 1 });
      expect(problems).toEqual([]);
      // Hydrated, not just painted: the Book button opens the booking dialog.
      await page.getByRole("button", { name: "Book Now" }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(problems).toEqual([]);
    });
  }

  test("navigating in the app moves the head tags to the new page", async ({ page }) => {
    const problems = await watchConsole(page);
    await page.goto("/");
    await hydrated(page);
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: /Photography/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/photography$/);
    await expect(page).toHaveTitle("Photography — Studio");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${ORIGIN}/photography`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      `${ORIGIN}/og/photography.jpg`,
    );
    expect(await page.locator("title").count()).toBe(1);
    expect(problems).toEqual([]);
  });
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  for (const path of ["/", "/photography", "/contact", "/about", "/privacy"]) {
    test(`${path} reads as a page and says how to reach and book the studio`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByText(phones[0] as string).first()).toBeVisible();
      await expect(footer.getByText(emails[0] as string).first()).toBeVisible();
      const notice = page.locator("#noscript-booking");
      await expect(notice).toBeVisible();
      await expect(notice).toContainText("To book a session");
      await expect(notice.getByRole("link", { name: phones[0] as string })).toHaveAttribute(
        "href",
        /^tel:\+/,
      );
      await expect(notice.getByRole("link", { name: emails[0] as string })).toHaveAttribute(
        "href",
        `mailto:${emails[0]}`,
      );
      await expect(notice.getByRole("link", { name: "all contact details" })).toHaveAttribute(
        "href",
        "/contact",
      );
    });
  }

  test("content that reveals on scroll is shown without JavaScript", async ({ page }) => {
    await page.goto("/photography");
    const services = page.getByRole("heading", { name: "Our Photography Services" });
    await services.scrollIntoViewIfNeeded();
    const opacity = await page
      .locator(".reveal-group")
      .first()
      .locator(":scope > *")
      .first()
      .evaluate((el) => getComputedStyle(el).opacity);
    expect(opacity).toBe("1");
  });
});

test.describe("a changed studio profile", () => {
  test("is rendered into the pages at once, hydrates, and the defaults bring back the prerendered files", async ({
    page,
    request,
  }) => {
    const { token } = await signInAsNewAdmin(page);
    const auth = { Authorization: `Bearer ${token}` };
    const current = (await (await request.get("/api/studio/profile")).json()) as {
      data: Record<string, unknown> & { phones: string[] };
    };
    const { updated_at: _saved, ...original } = current.data;
    const phone = "+91 231 555 0199";
    const changed = { ...original, phones: [phone, ...original.phones.slice(1)] };
    const save = await request.put("/api/studio/profile", { headers: auth, data: changed });
    expect(save.status()).toBe(200);
    try {
      for (const path of ["/", "/contact", "/photography"]) {
        const html = await (await request.get(path)).text();
        expect(textOf(html.slice(html.indexOf('<div id="root">')))).toContain(phone);
        expect(html).toContain(`"phones":["${phone}"`);
        expect(html).toContain(`>${phone}</a> or e-mail`);
      }
      const problems = await watchConsole(page);
      await page.goto("/");
      await hydrated(page);
      await expect(page.getByRole("contentinfo").getByText(phone).first()).toBeVisible();
      expect(problems).toEqual([]);
    } finally {
      const restore = await request.put("/api/studio/profile", { headers: auth, data: original });
      expect(restore.status()).toBe(200);
    }
    const html = await (await request.get("/")).text();
    expect(html).not.toContain(phone);
    expect(html).toContain(phones[0] as string);
  });
});
