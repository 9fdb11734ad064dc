import {
  DEFAULT_STUDIO_PROFILE,
  MESSAGES,
  openingHoursLines,
  openingHoursSpecification,
  type StudioProfile,
} from "@studio/validators";
import { adminSession, makePng, uid } from "./admin-helpers";
import { expect, test } from "./fixtures";

const s = MESSAGES.admin.settings;
const m = MESSAGES.studio;
const { updated_at: _never, ...DEFAULTS } = DEFAULT_STUDIO_PROFILE;

/** The studio profile is one record every spec shares: each test here puts the defaults back. */
let restoreHeaders: Record<string, string> | null = null;
test.afterEach(async ({ request }) => {
  if (!restoreHeaders) return;
  const response = await request.put("/api/studio/profile", { headers: restoreHeaders, data: DEFAULTS });
  expect(response.ok(), await response.text()).toBe(true);
  restoreHeaders = null;
});

async function publicProfile(request: import("@playwright/test").APIRequestContext): Promise<StudioProfile> {
  const response = await request.get("/api/studio/profile");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: StudioProfile }).data;
}

test("settings: a new phone number shows in the public footer and contact page at once, and is in the activity", async ({
  page,
  context,
}) => {
  const name = `Sam Settings ${uid()}`;
  const { headers } = await adminSession(page, name);
  restoreHeaders = headers;
  const phone = `+91 231 2${String(Date.now()).slice(-2)} ${String(Math.floor(Math.random() * 9000) + 1000)}`;

  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: s.title })).toBeVisible();
  await expect(page.getByLabel(s.phone(1), { exact: true })).toHaveValue(DEFAULT_STUDIO_PROFILE.phones[0]!);

  await page.getByLabel(s.phone(1), { exact: true }).fill(phone);
  await page.getByRole("button", { name: s.save }).click();
  await expect(page.getByText(s.saved)).toBeVisible();

  // A visitor's page, in another tab: the same server process, no restart, no rebuild.
  const visitor = await context.newPage();
  await visitor.goto("/contact");
  await expect(visitor.getByRole("main").getByRole("link", { name: phone })).toBeVisible();
  await visitor.keyboard.press("End");
  const footer = visitor.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: phone })).toHaveAttribute(
    "href",
    `tel:${phone.replace(/[^+\d]/g, "")}`,
  );
  await expect(footer.getByText(DEFAULT_STUDIO_PROFILE.phones[0]!)).toHaveCount(0);
  await visitor.close();

  // The audit row: who, what, and the phones before and after.
  await page.goto("/admin/activity");
  await page.getByRole("combobox", { name: "Admin", exact: true }).selectOption({ label: name });
  const entry = page.getByTestId("activity-entry").filter({ hasText: "Updated studio profile #1" });
  await expect(entry).toHaveCount(1);
  await entry.getByText("Details").click();
  const row = entry.getByRole("row", { name: /Phones/ });
  await expect(row).toContainText(DEFAULT_STUDIO_PROFILE.phones[0]!);
  await expect(row).toContainText(phone);
});

test("settings: bad input gets a clear message by its field and nothing is stored", async ({ page }) => {
  const { headers } = await adminSession(page, "Bea Badinput");
  restoreHeaders = headers;
  const before = await publicProfile(page.request);

  await page.goto("/admin/settings");
  await page.getByLabel(s.name).fill("Renamed Studio");
  await page.getByLabel(s.latitude).fill("200");
  await page.getByLabel(s.email(2), { exact: true }).fill("bookings-at-studio");
  await page.getByLabel("Instagram", { exact: true }).fill("instagram.com/studio");
  await page.getByRole("button", { name: s.save }).click();

  await expect(page.getByText(m.latitudeInvalid)).toBeVisible();
  await expect(page.getByText(m.emailInvalid)).toBeVisible();
  await expect(page.getByText(m.socialInvalid("Instagram", "instagram.com"))).toBeVisible();
  await expect(page.getByLabel(s.latitude)).toHaveAttribute("aria-invalid", "true");
  expect(await publicProfile(page.request)).toEqual(before);

  // The server refuses the same on its own (a client that skips the form's checks): 400, every field named.
  const response = await page.request.put("/api/studio/profile", {
    headers,
    data: { ...DEFAULTS, name: "Renamed Studio", latitude: 200, emails: ["nope"], zoom: 40 },
  });
  expect(response.status()).toBe(400);
  const body = (await response.json()) as { success: boolean; errors: Record<string, string> };
  expect(body.success).toBe(false);
  expect(body.errors).toMatchObject({
    latitude: m.latitudeInvalid,
    "emails.0": m.emailInvalid,
    zoom: m.zoomInvalid(1, 19),
  });
  expect(await publicProfile(page.request)).toEqual(before);

  // Fixing the fields clears their messages, and the save goes through.
  await page.getByLabel(s.latitude).fill("16.7");
  await page.getByLabel(s.email(2), { exact: true }).fill("bookings@studio.example");
  await page.getByLabel("Instagram", { exact: true }).fill("https://www.instagram.com/renamed/");
  await expect(page.getByText(m.latitudeInvalid)).toHaveCount(0);
  await page.getByRole("button", { name: s.save }).click();
  await expect(page.getByText(s.saved)).toBeVisible();
  const after = await publicProfile(page.request);
  expect(after).toMatchObject({ name: "Renamed Studio", latitude: 16.7 });
  expect(after.socials.instagram).toBe("https://www.instagram.com/renamed/");
});

test("settings: the About text and the hours note show on the public pages, in their served HTML too; the Terms state the cut-off", async ({
  page,
  context,
}) => {
  const { headers } = await adminSession(page, `Avi About ${uid()}`);
  restoreHeaders = headers;
  const story = `We began by the lake ${uid()}.`;
  const note = `Closed on public holidays ${uid()}`;
  await page.goto("/admin/settings");
  const about = page.getByLabel(s.about, { exact: true });
  await expect(about).toHaveValue(DEFAULT_STUDIO_PROFILE.about);
  await about.fill(`${story}\n\nToday we film all over Maharashtra.`);
  await page.getByLabel(s.hoursNote, { exact: true }).fill(note);
  await page.getByRole("button", { name: s.save }).click();
  await expect(page.getByText(s.saved)).toBeVisible();
  const saved = await publicProfile(page.request);

  const visitor = await context.newPage();
  await visitor.goto("/about");
  await expect(visitor.getByText(story, { exact: true })).toBeVisible();
  await expect(visitor.getByText("Today we film all over Maharashtra.", { exact: true })).toBeVisible();
  await expect(visitor.getByText(/began in 2018/)).toHaveCount(0);

  // The contact page's hours are the schedule's (the Hours page), with the note under them.
  await visitor.goto("/contact");
  const hours = visitor.getByRole("main").getByTestId("opening-hours");
  for (const line of openingHoursLines(saved.openingHours)) {
    await expect(hours.getByText(line.days, { exact: true })).toBeVisible();
    await expect(hours.getByText(line.hours, { exact: true }).first()).toBeVisible();
  }
  await expect(hours).toContainText(`Times in ${saved.timeZone}`);
  await expect(hours.getByText(note)).toBeVisible();
  await visitor.keyboard.press("End");
  await expect(visitor.getByRole("contentinfo").getByTestId("opening-hours").getByText(note)).toBeVisible();

  // The Terms state the self-service cut-off the server runs with (BOOKING_CHANGE_CUTOFF_HOURS, 24 here).
  await visitor.goto("/terms");
  expect(saved.changeCutoffHours).toBe(24);
  await expect(visitor.getByTestId("terms-change-cutoff")).toContainText(
    "as often as you need, until 24 hours before the session",
  );
  await expect(visitor.getByText(/deposit of 30%|7 days before the session, once/)).toHaveCount(0);
  await visitor.close();

  // Without script: the served HTML already says it (rendered again on the server with the new profile).
  const aboutHtml = await (await page.request.get("/about")).text();
  expect(aboutHtml).toContain(story);
  const contactHtml = await (await page.request.get("/contact")).text();
  expect(contactHtml).toContain(note);
  const data = JSON.parse(
    /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(contactHtml)?.[1] ?? "{}",
  ) as Record<string, unknown>;
  expect(data).toMatchObject({ name: saved.name, telephone: saved.phones[0] });
  expect(data.openingHoursSpecification).toEqual(openingHoursSpecification(saved.openingHours));
});

test("settings: a click on the map sets the position; the logo upload shows in the site's header", async ({
  page,
  context,
}) => {
  const { headers } = await adminSession(page, "Mia Mapper");
  restoreHeaders = headers;
  await page.goto("/admin/settings");
  const map = page.getByTestId("settings-map");
  await expect(map.locator(".leaflet-marker-icon")).toBeVisible();
  const latitude = page.getByLabel(s.latitude);
  const longitude = page.getByLabel(s.longitude);
  await expect(latitude).toHaveValue(String(DEFAULT_STUDIO_PROFILE.latitude));
  await map.scrollIntoViewIfNeeded();
  const box = await map.boundingBox();
  if (!box) throw new Error("the map has no box");
  // Up and to the left of the middle (where the studio is): north and west of it.
  await page.mouse.click(box.x + box.width / 2 - 80, box.y + box.height / 2 - 60);
  await expect(latitude).not.toHaveValue(String(DEFAULT_STUDIO_PROFILE.latitude));
  expect(Number(await latitude.inputValue())).toBeGreaterThan(DEFAULT_STUDIO_PROFILE.latitude);
  expect(Number(await longitude.inputValue())).toBeLessThan(DEFAULT_STUDIO_PROFILE.longitude);

  await page
    .getByLabel(s.logo)
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePng(64) });
  await expect(page.getByAltText("Current media preview")).toBeVisible();
  await page.getByRole("button", { name: s.save }).click();
  await expect(page.getByText(s.saved)).toBeVisible();
  const saved = await publicProfile(page.request);
  expect(saved.logo).toMatch(/\/uploads\/media\//);
  expect(saved.latitude).toBeGreaterThan(DEFAULT_STUDIO_PROFILE.latitude);

  const visitor = await context.newPage();
  await visitor.goto("/about");
  const banner = visitor.getByRole("banner");
  const logo = banner.getByTestId("studio-logo");
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The logo stands instead of the name (as the setting's help says); the name is its alt text.
  await expect(logo).toHaveAttribute("alt", saved.name);
  await expect(banner.getByTestId("studio-name")).toHaveCount(0);
  await visitor.close();
});

test("on a 390 px phone a long studio name stays on one line in the header, cut with an ellipsis", async ({
  page,
  request,
}) => {
  const { headers } = await adminSession(page, "Nia Namer");
  restoreHeaders = headers;
  const name = "The Golden Hour Photography and Film Company";
  const response = await request.put("/api/studio/profile", { headers, data: { ...DEFAULTS, name } });
  expect(response.ok(), await response.text()).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/about");
  const label = page.getByRole("banner").getByTestId("studio-name");
  await expect(label).toHaveText(name);
  await expect(label).toHaveAttribute("title", name);
  const shape = await label.evaluate((el) => ({
    lines: Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight)),
    cut: el.scrollWidth > el.clientWidth,
    ellipsis: getComputedStyle(el).textOverflow,
  }));
  expect(shape).toEqual({ lines: 1, cut: true, ellipsis: "ellipsis" });
  // The phone's buttons keep their place and size beside it.
  const menu = page.getByRole("banner").getByRole("button", { name: "Open menu" });
  const box = (await menu.boundingBox())!;
  expect(box.width).toBe(44);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("settings on a 390 px phone: the logo's file button is whole, beside nothing that clips it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await adminSession(page);
  await page.goto("/admin/settings");
  const input = page.getByLabel(s.logo, { exact: true });
  await expect(input).toBeVisible();
  // The file button is drawn inside the input: the input must be as wide as it wants to be, inside its card.
  const fit = await input.evaluate((el) => {
    const card = el.closest(".border-dashed")?.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return { clipped: el.scrollWidth > el.clientWidth, inside: card ? box.right <= card.right : false };
  });
  expect(fit).toEqual({ clipped: false, inside: true });
});
