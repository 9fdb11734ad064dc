/**
 * Issue 26, part 1: nothing a visitor does between the first paint and hydration is lost. The CPU is throttled
 * 4× (as a mid-range phone), every action is made right after `domcontentloaded`, and each test checks that the
 * action was made before the page was live (else it proves nothing) and that it took effect once it was.
 * Without JavaScript, the contact and feedback forms post to pages the server answers.
 */
import type { Page } from "@playwright/test";
import { CATEGORY_SLUGS, MESSAGES } from "@studio/validators";
import { expect, test } from "./fixtures";
import { adminToken, uid } from "./site-helpers";

/** Records, for every click and key, whether the page was already live (set before any of the page's scripts). */
async function watchEarlyActions(page: Page) {
  await page.addInitScript(() => {
    const seen: boolean[] = [];
    (window as unknown as { __actedWhileLive: boolean[] }).__actedWhileLive = seen;
    const record = () => seen.push(document.documentElement.dataset.hydrated === "true");
    window.addEventListener("pointerdown", record, { capture: true });
    window.addEventListener("keydown", record, { capture: true });
  });
}

/**
 * Opens `path` with the CPU throttled 4× and returns once the DOM is there (not waiting for hydration). The
 * app's scripts (all but the page's first, src/hydrate.ts) are held back until the test has acted (as on a slow
 * network), so every action is certain to come before the page is live; `live()` lets them through.
 */
async function openThrottled(page: Page, path: string) {
  await watchEarlyActions(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  let release = () => {};
  const acted = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    if (!/\/assets\/hydrate-[\w-]+\.js$/.test(route.request().url())) await acted;
    await route.continue();
  });
  // "commit": the fixture's goto does not wait for hydration; the test acts as soon as the DOM is parsed.
  await page.goto(path, { waitUntil: "commit" });
  await page.waitForLoadState("domcontentloaded");
  return { live: release };
}

async function expectFirstActionBeforeLive(page: Page, opened: { live: () => void }) {
  opened.live();
  const seen = await page.evaluate(
    () => (window as unknown as { __actedWhileLive: boolean[] }).__actedWhileLive,
  );
  expect(seen.length).toBeGreaterThan(0);
  expect(seen[0], "the first action was made before the page was live").toBe(false);
}

const waitLive = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 20_000 });

const CATEGORY_PAGES = CATEGORY_SLUGS.map((slug) => `/${slug}`);

test.describe("a tap before the page is live takes effect (CPU 4× slower)", () => {
  for (const path of ["/", "/contact", ...CATEGORY_PAGES]) {
    test(`Book Now in the header opens the booking form on ${path}`, async ({ page }) => {
      const opened = await openThrottled(page, path);
      await page.getByRole("banner").getByRole("button", { name: "Book Now", exact: true }).first().click();
      await expectFirstActionBeforeLive(page, opened);
      await expect(page.getByRole("dialog", { name: "Book a Session" })).toBeVisible({ timeout: 20_000 });
    });
  }

  for (const path of CATEGORY_PAGES) {
    test(`Book a Consultation opens the booking form on ${path}`, async ({ page }) => {
      const opened = await openThrottled(page, path);
      await page.getByRole("button", { name: "Book a Consultation" }).click();
      await expectFirstActionBeforeLive(page, opened);
      await expect(page.getByRole("dialog", { name: "Book a Session" })).toBeVisible({ timeout: 20_000 });
    });
  }

  test.describe("at 390×844", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    for (const path of ["/", "/contact", ...CATEGORY_PAGES]) {
      test(`the phone menu opens at once, and stays open once live, on ${path}`, async ({ page }) => {
        const opened = await openThrottled(page, path);
        const header = page.getByRole("banner");
        await header.getByRole("button", { name: "Open menu" }).tap();
        await expectFirstActionBeforeLive(page, opened);
        const menu = header.getByRole("navigation", { name: "Mobile" });
        await expect(menu).toBeVisible();
        await waitLive(page);
        await expect(menu).toBeVisible();
        // Live: React follows the menu's state, and closes it.
        const close = header.getByRole("button", { name: "Close menu" });
        await expect(close).toHaveAttribute("aria-expanded", "true");
        await close.tap();
        await expect(menu).toBeHidden();
      });

      test(`a tap outside the open phone menu closes it before the page is live, on ${path}`, async ({
        page,
      }) => {
        const opened = await openThrottled(page, path);
        const header = page.getByRole("banner");
        await header.getByRole("button", { name: "Open menu" }).tap();
        const menu = header.getByRole("navigation", { name: "Mobile" });
        await expect(menu).toBeVisible();
        // Below the open menu, in the page's left margin (no control there); the app's scripts are still held.
        const panel = (await menu.boundingBox())!;
        await page.touchscreen.tap(8, panel.y + panel.height + 60);
        await expect(menu).toBeHidden();
        await expectFirstActionBeforeLive(page, opened);
        await waitLive(page);
        await expect(menu).toBeHidden();
        await expect(header.getByRole("button", { name: "Open menu" })).toHaveAttribute(
          "aria-expanded",
          "false",
        );
      });

      test(`the calendar button opens the booking form on ${path}`, async ({ page }) => {
        const opened = await openThrottled(page, path);
        await page.getByRole("banner").getByRole("button", { name: "Book Now", exact: true }).tap();
        await expectFirstActionBeforeLive(page, opened);
        await expect(page.getByRole("dialog", { name: "Book a Session" })).toBeVisible({ timeout: 20_000 });
      });
    }
  });
});

test("text typed into the contact form before the page is live is all there after, and is sent", async ({
  page,
  request,
}) => {
  const subject = `Early ${uid()}`;
  const typed = {
    Name: "Zoë Early-Bird",
    Email: "zoe.early@client.e2e",
    Subject: subject,
    Message: "Typed while the page was still waking up.",
  };
  const opened = await openThrottled(page, "/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  for (const [label, text] of Object.entries(typed))
    await form.getByLabel(label, { exact: true }).pressSequentially(text);
  await expectFirstActionBeforeLive(page, opened);
  await waitLive(page);
  for (const [label, text] of Object.entries(typed))
    await expect(form.getByLabel(label, { exact: true })).toHaveValue(text);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("status")).toHaveText(MESSAGES.contact.sent);
  // Sent by the live page (the dialog-less JSON form), not posted away.
  await expect(page).toHaveURL(/\/contact$/);
  const token = await adminToken(request);
  const inbox = await request.get("/api/contact?limit=50", { headers: { Authorization: `Bearer ${token}` } });
  const rows = (await inbox.json()).data as { subject: string; name: string; message: string }[];
  expect(rows.find((r) => r.subject === subject)).toMatchObject({ name: typed.Name, message: typed.Message });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form shows its errors with what was typed, then sends the message", async ({
    page,
    request,
  }) => {
    const subject = `No script ${uid()}`;
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name", { exact: true }).fill("Nils Noscript");
    await form.getByLabel("Email", { exact: true }).fill("nils@noscript");
    await form.getByLabel("Subject", { exact: true }).fill(subject);
    await form.getByRole("button", { name: "Send Message" }).click();

    // The server's page: the same messages as the live form, the typed values kept.
    const again = page.getByRole("form", { name: "Contact form" });
    await expect(again.getByText(MESSAGES.contact.emailInvalid)).toBeVisible();
    await expect(again.getByText(MESSAGES.contact.messageRequired)).toBeVisible();
    await expect(again.getByLabel("Name", { exact: true })).toHaveValue("Nils Noscript");
    await expect(again.getByLabel("Subject", { exact: true })).toHaveValue(subject);

    await again.getByLabel("Email", { exact: true }).fill("nils@noscript.e2e");
    await again.getByLabel("Message", { exact: true }).fill("Sent with script blocked.");
    await again.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toHaveText(MESSAGES.contact.sent);

    const token = await adminToken(request);
    const inbox = await request.get("/api/contact?limit=50", {
      headers: { Authorization: `Bearer ${token}` },
    });
    const rows = (await inbox.json()).data as { subject: string; email: string; message: string }[];
    expect(rows.find((r) => r.subject === subject)).toMatchObject({
      email: "nils@noscript.e2e",
      message: "Sent with script blocked.",
    });
  });

  test("the footer's Feedback link leads to the feedback form, which stores the feedback", async ({
    page,
    request,
  }) => {
    const name = `Fay ${uid()}`;
    await page.goto("/about");
    await page.getByRole("contentinfo").getByRole("link", { name: "Feedback", exact: true }).click();
    await expect(page).toHaveURL(/\/feedback$/);
    const form = page.getByRole("form", { name: "Feedback form" });
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Email", { exact: true }).fill("fay@noscript.e2e");
    await form.getByRole("button", { name: "Submit Feedback" }).click();
    await expect(page.getByText(MESSAGES.feedback.ratingRequired)).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);

    await page.getByRole("radio", { name: "4 stars" }).check();
    await page.getByLabel("Feedback", { exact: true }).fill("Lovely, even without script.");
    await page.getByRole("button", { name: "Submit Feedback" }).click();
    await expect(page.getByRole("status")).toHaveText(MESSAGES.feedback.submitted);

    const token = await adminToken(request);
    const pending = await request.get("/api/feedback?limit=50&offset=0&status=pending", {
      headers: { Authorization: `Bearer ${token}` },
    });
    const rows = (await pending.json()).data as { name: string; rating: number }[];
    expect(rows.find((r) => r.name === name)).toMatchObject({ rating: 4 });
  });
});
