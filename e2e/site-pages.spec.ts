import { DEFAULT_STUDIO_PROFILE, type StudioProfile } from "@studio/validators";
import { expect, test } from "./fixtures";
import { adminToken, settleAnimations, watchConsole } from "./site-helpers";

const CATEGORIES = [
  { path: "/photography", title: "Photography", price: "$299", service: "Portrait Session" },
  { path: "/videography", title: "Videography", price: "$1,899", service: "Wedding Film" },
  { path: "/cinematography", title: "Cinematography", price: "$5,999", service: "Feature Film" },
  { path: "/drone-services", title: "Drone Services", price: "$1,299", service: "Cinematic FPV Flight" },
  { path: "/vfx-post", title: "VFX & Post Production", price: "$1,999", service: "3D Animation" },
  { path: "/commercial", title: "Commercial Production", price: "$4,999", service: "TV Commercial" },
];

for (const c of CATEGORIES) {
  test(`category page ${c.path}`, async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(c.path);
    await expect(page).toHaveTitle(`${c.title} — Studio`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.title);
    await expect(page.getByRole("heading", { name: `Why Choose Our ${c.title}?` })).toBeAttached();
    await expect(page.getByRole("heading", { name: `Our ${c.title} Services` })).toBeAttached();
    await expect(page.getByRole("heading", { name: `Our ${c.title} Portfolio` })).toBeAttached();
    await expect(page.getByRole("heading", { name: "Get Started Today" })).toBeAttached();
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length).toBeGreaterThan(50);

    await settleAnimations(page);
    await page.getByRole("link", { name: "Explore Services" }).click();
    await expect(page.locator("#services")).toBeInViewport();
    const card = page
      .locator("#services article")
      .filter({ has: page.getByRole("heading", { name: c.service, exact: true }) });
    await expect(card.getByText(c.price)).toBeVisible();
    await card.getByRole("button", { name: /^Book Now/ }).click();
    await expect(page.getByRole("dialog", { name: "Book a Session" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Book a Consultation" }).click();
    await expect(page.getByRole("dialog", { name: "Book a Session" })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test("each public page has its own title and description; the home page has Open Graph and LocalBusiness data", async ({
  page,
}) => {
  const seen = new Map<string, string>();
  for (const path of ["/", "/about", "/contact", "/photography", "/privacy", "/terms"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const title = await page.title();
    const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
    expect(description.length, path).toBeGreaterThan(50);
    expect([...seen.values()], path).not.toContain(title);
    seen.set(path, title);
  }
  expect(seen.get("/privacy")).toBe("Privacy Policy — Studio");
  expect(seen.get("/terms")).toBe("Terms of Service — Studio");

  await page.goto("/");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Studio/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og\/home\.jpg$/);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld).toMatchObject({ "@type": "LocalBusiness", address: { addressLocality: "Kolhapur" } });
  // Every public page carries its own card (issue 13): /about's title and image are its own.
  await page.goto("/about");
  await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og\/about\.jpg$/);
});

test("robots.txt and sitemap.xml are served", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toContain("text/plain");
  const rules = await robots.text();
  for (const prefix of ["admin", "manage", "calendar"]) expect(rules).toContain(`Disallow: /${prefix}\n`);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  for (const path of ["/photography", "/drone-services", "/privacy", "/contact"])
    expect(xml).toContain(`${path}</loc>`);
});

test("unknown paths go home; /admin goes to sign-in when logged out", async ({ page }) => {
  await page.goto("/this/does/not/exist");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Crafting Stories");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("about, privacy and terms pages; footer links and the current year", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const value of ["Creative Vision", "Professional Excellence", "Client-Focused", "Award-Winning"])
    await expect(page.getByRole("heading", { name: value })).toBeAttached();
  await page.getByText("Happy Clients").scrollIntoViewIfNeeded();
  await expect(page.getByText("500+", { exact: true }).first()).toBeVisible();
  await expect(page.locator("dd").filter({ hasText: "1,200+" }).first()).toBeVisible();

  const footer = page.getByRole("contentinfo");
  await footer.scrollIntoViewIfNeeded();
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Studio`);
  await footer.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await page.keyboard.press("End");
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  await expect(page.getByText(/Final pricing may vary based on specific requirements/)).toBeVisible();
});

test("public pages make no external requests and load no admin code", async ({ page }) => {
  const external: string[] = [];
  const scripts: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.hostname !== "127.0.0.1" && url.protocol.startsWith("http") && !url.hostname.includes("tile"))
      external.push(r.url());
    if (r.resourceType() === "script") scripts.push(url.pathname);
  });
  for (const path of ["/", "/photography", "/about"]) {
    await page.goto(path);
    await page.mouse.move(100, 100);
    await page.waitForLoadState("networkidle");
  }
  expect(external).toEqual([]);
  expect(scripts.filter((s) => /admin|dashboard|bookings|charts|signup|login/.test(s))).toEqual([]);
});

test("social links: none on a fresh install; the ones the studio sets open each platform's page, the empty ones stay hidden", async ({
  page,
  request,
}) => {
  // A fresh install points at no accounts: no social list in the footer or on the contact page.
  for (const path of ["/", "/contact"]) {
    await page.goto(path);
    await page.keyboard.press("End");
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("list", { name: "Social media" })).toHaveCount(0);
    await expect(
      page.getByRole("link", { name: /^(Instagram|YouTube|Facebook|Twitter|LinkedIn) / }),
    ).toHaveCount(0);
  }

  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const { updated_at: _u, ...defaults } = DEFAULT_STUDIO_PROFILE;
  const save = async (socials: StudioProfile["socials"]) => {
    const response = await request.put("/api/studio/profile", { headers, data: { ...defaults, socials } });
    expect(response.ok(), await response.text()).toBe(true);
  };
  const platforms = [
    ["Instagram", "https://www.instagram.com/"],
    ["YouTube", "https://www.youtube.com/"],
    ["Facebook", "https://www.facebook.com/"],
    ["Twitter", "https://x.com/"],
    ["LinkedIn", "https://www.linkedin.com/"],
  ] as const;
  try {
    await save({
      instagram: "https://www.instagram.com/lakeside/",
      youtube: "https://www.youtube.com/@lakeside",
      facebook: "https://www.facebook.com/lakeside",
      twitter: "https://x.com/lakeside",
      linkedin: "https://www.linkedin.com/company/lakeside",
    });
    for (const path of ["/", "/contact"]) {
      await page.goto(path);
      const lists = page.getByRole("list", { name: "Social media" });
      await expect(lists.first()).toBeAttached();
      for (const list of await lists.all()) {
        for (const [name, origin] of platforms) {
          const link = list.getByRole("link", { name: new RegExp(`^${name} `) });
          const href = (await link.getAttribute("href")) ?? "";
          expect({ path, name, href: href.startsWith(origin) }).toEqual({ path, name, href: true });
          await expect(link).toHaveAttribute("target", "_blank");
          await expect(link).toHaveAttribute("rel", /noopener/);
        }
      }
    }

    // Only the networks with a link show.
    await save({ ...defaults.socials, youtube: "https://www.youtube.com/@lakeside" });
    await page.goto("/contact");
    const lists = page.getByRole("list", { name: "Social media" });
    await expect(lists.first()).toBeAttached();
    for (const list of await lists.all()) {
      await expect(list.getByRole("link")).toHaveCount(1);
      await expect(list.getByRole("link")).toHaveAccessibleName(/^YouTube @lakeside /);
    }
  } finally {
    await save(defaults.socials);
  }
});

test("category pages draw their icons as SVG (no emoji text) and show every service's price", async ({
  page,
}) => {
  for (const c of CATEGORIES) {
    await page.goto(c.path);
    await settleAnimations(page);
    const text = (await page.locator("main").textContent()) ?? "";
    expect({ path: c.path, emoji: text.match(/\p{Extended_Pictographic}/gu) ?? [] }).toEqual({
      path: c.path,
      emoji: [],
    });
    const cards = page.locator("#services article");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) await expect(card).toContainText(/\$\d/);
  }
});
