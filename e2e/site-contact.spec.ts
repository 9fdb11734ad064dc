import {
  DEFAULT_STUDIO_TIMEZONE,
  FIELD_LIMITS,
  MESSAGES,
  openingHoursLines,
  type StudioProfile,
} from "@studio/validators";
import { expect, test } from "./fixtures";
import { adminToken, uid, watchConsole } from "./site-helpers";

test("the contact page sends a message, clears the form and shows the studio on the map", async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const subject = `Campus film ${uid()}`;
  await page.goto("/contact");
  await expect(page).toHaveTitle("Contact — Studio");
  // The hours the schedule states (the demo's: every day 9 to 6, India Standard Time), not a second text.
  const profile = ((await (await request.get("/api/studio/profile")).json()) as { data: StudioProfile }).data;
  const hours = page.getByRole("main").getByTestId("opening-hours");
  for (const line of openingHoursLines(profile.openingHours)) {
    await expect(hours.getByText(line.days, { exact: true })).toBeVisible();
    await expect(hours.getByText(line.hours, { exact: true }).first()).toBeVisible();
  }
  await expect(hours).toContainText(`Times in ${profile.timeZone}`);
  expect(profile.timeZone).toBe(DEFAULT_STUDIO_TIMEZONE);
  await expect(page.getByText(/within 2-4 hours/).first()).toBeVisible();

  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Subject is required")).toBeVisible();
  await form.getByLabel("Name").fill("Ravi Kulkarni");
  await form.getByLabel("Email").fill("ravi@client.e2e");
  await form.getByLabel("Phone (optional)").fill("+91 99999 00000");
  await form.getByLabel("Service Type (optional)").selectOption("Commercial Video");
  await form.getByLabel("Subject").fill(subject);
  await form.getByLabel("Message").fill("We would like a two-minute film about our campus.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("status")).toHaveText("Message sent successfully! We'll get back to you soon.");
  await expect(form.getByLabel("Subject")).toHaveValue("");

  const token = await adminToken(request);
  const inbox = await request.get("/api/contact?limit=50", { headers: { Authorization: `Bearer ${token}` } });
  const messages = ((await inbox.json()) as { data: Array<{ subject: string; serviceType: string | null }> })
    .data;
  expect(messages.find((m) => m.subject === subject)).toMatchObject({ serviceType: "Commercial Video" });

  // Leaflet (bundled, no CDN) replaces the stand-in once the visitor interacts; the marker and its
  // popup work without map tiles.
  await page.mouse.move(300, 300);
  const marker = page.getByRole("button", { name: "Studio location" });
  await expect(marker).toBeVisible();
  expect(await marker.getAttribute("src")).not.toMatch(/^https?:/);
  await marker.click();
  await expect(page.locator(".leaflet-popup-content")).toContainText("Kolhapur");
  await expect(page.locator(".leaflet-popup-content")).toContainText("Studio");
  expect(errors).toEqual([]);
});

test("the home contact section has the form and loads the map only when it is reached", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith(".js")) scripts.push(r.url());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(scripts.some((s) => s.includes("leaflet"))).toBe(false);
  await page.goto("/about");
  await page.goto("/#contact");
  await page.mouse.move(300, 300);
  const section = page.locator("#contact");
  await expect(section.getByRole("heading", { name: "Send us a message" })).toBeVisible();
  await expect(section.getByRole("button", { name: "Studio location" })).toBeVisible();
  expect(scripts.some((s) => s.includes("leaflet"))).toBe(true);
});

test("the interactive map waits for the visitor's first move, not for the browser's idle time", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith(".js")) scripts.push(r.url());
  });
  // The footer's code loads on a first interaction or once the browser is idle after the load: its arrival
  // without any interaction shows that idle time has come.
  const footer = page.waitForResponse((r) => /\/assets\/footer-[^/]*\.js$/.test(r.url()));
  await page.goto("/contact");
  await footer;
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("region", { name: /Map showing the studio location/ })).toBeVisible();
  expect(scripts.some((s) => s.includes("leaflet"))).toBe(false);
  await expect(page.getByRole("button", { name: "Studio location" })).toHaveCount(0);
  await page.mouse.move(300, 300);
  await expect(page.getByRole("button", { name: "Studio location" })).toBeVisible();
  expect(scripts.some((s) => s.includes("leaflet"))).toBe(true);
});

test("without map tiles the map still shows the studio: marker, address and an Open in maps link", async ({
  page,
}) => {
  // Tiles come from the internet, which these tests never reach: every tile fails, as offline or blocked.
  await page.goto("/contact");
  await page.mouse.move(300, 300);
  const map = page.getByRole("region", { name: /Map showing the studio location/ }).locator("..");
  const open = map.getByRole("link", { name: /^Open in maps/ });
  await expect(open).toBeVisible();
  await expect(open).toHaveAttribute(
    "href",
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=16\.654002&mlon=74\.26418/,
  );
  await expect(map.getByText("221 Rankala Lake Road, Shivaji Peth")).toBeVisible();
  await expect(page.getByRole("button", { name: "Studio location" })).toBeVisible();
  // The page's background map has no zoom buttons to slip under the sticky header.
  await expect(page.locator(".leaflet-control-zoom")).toHaveCount(0);
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px the map's address card is whole, above the Visit the studio card`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/contact");
    await page.mouse.move(viewport.width / 2, 10);
    const open = page.getByRole("link", { name: /^Open in maps/ });
    await expect(open).toBeVisible();
    const card = (await open.locator("..").boundingBox())!;
    const visit = (await page
      .getByRole("heading", { name: "Visit the studio" })
      .locator("..")
      .boundingBox())!;
    expect(card.y + card.height).toBeLessThanOrEqual(visit.y);
    expect(card.x).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(viewport.width);
    // The link is the element hit at its own centre: nothing else is drawn over the card.
    const link = (await open.boundingBox())!;
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest("a")?.textContent ?? null,
      { x: link.x + link.width / 2, y: link.y + link.height / 2 },
    );
    expect(hit).toContain("Open in maps");
  });
}

test("text over the length limit gets the server's message by each field, and no failure notice", async ({
  page,
}) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill("Ravi Kulkarni");
  await form.getByLabel("Email").fill("ravi@client.e2e");
  await form.getByLabel("Subject").fill("s".repeat(FIELD_LIMITS.subject + 1));
  await form.getByLabel("Message").fill("m".repeat(FIELD_LIMITS.message + 1));
  await form.getByRole("button", { name: "Send Message" }).click();
  const subject = form.getByLabel("Subject");
  await expect(subject).toHaveAttribute("aria-invalid", "true");
  await expect(subject).toHaveAccessibleDescription(/200/);
  await expect(form.getByLabel("Message")).toHaveAccessibleDescription(/5,?000/);
  await expect(subject).toBeFocused();
  await expect(form.getByText(MESSAGES.contact.failed)).toHaveCount(0);
  await expect(form.getByRole("status")).toHaveCount(0);
  await expect(subject).toHaveValue("s".repeat(FIELD_LIMITS.subject + 1));
});
