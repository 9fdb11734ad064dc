/**
 * Stored XSS (ASVS V1 encoding, V3 web front end): feedback, contact and booking texts carrying HTML and
 * script are rendered as text on every page that shows them — the public testimonials carousel after
 * approval, the feedback list and its View dialog, the bookings table, the dashboard's recent activity and
 * the messages inbox. In the browser: no dialog fires, no injected element exists, the literal text shows.
 */
import type { Page } from "@playwright/test";
import { MESSAGES } from "@studio/validators";
import { adminSession, createBooking, createService, uid } from "./admin-helpers";
import { expect, test } from "./fixtures";

/** Short enough for a name (120) or a truncated table cell (60); each injects an element with a known id. */
const shortPayload = (tag: string) => `<img id="xss-${tag}" src=x onerror=alert(1)>`;
const svgPayload = (tag: string) => `<svg id="xsv-${tag}" onload=alert(2)>`;
const longPayload = (tag: string) =>
  `Hi </p><script id="xsc-${tag}">window.__xss="${tag}";alert(3)</script><b id="xsb-${tag}">bold</b>` +
  `<a id="xsa-${tag}" href="javascript:alert(4)">link</a><iframe id="xsf-${tag}" src="javascript:alert(5)"></iframe>`;

/** Fails the test on any JavaScript dialog the page opens. */
function watchDialogs(page: Page): string[] {
  const fired: string[] = [];
  page.on("dialog", (dialog) => {
    fired.push(dialog.message());
    void dialog.dismiss();
  });
  return fired;
}

async function expectInert(page: Page, tag: string, fired: string[]) {
  for (const prefix of ["xss", "xsv", "xsc", "xsb", "xsa", "xsf"]) {
    await expect(page.locator(`[id="${prefix}-${tag}"]`)).toHaveCount(0);
  }
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(fired).toEqual([]);
}

test("feedback with markup stays text in the feedback list, the View dialog and the public carousel", async ({
  page,
  browser,
}) => {
  const fired = watchDialogs(page);
  await adminSession(page);
  const tag = uid();
  const name = shortPayload(tag);
  const message = longPayload(tag);
  const response = await page.request.post("/api/feedback", {
    data: { name, email: "xss@client.e2e", rating: 5, message, service_category: "" },
  });
  expect(response.status()).toBe(201);

  await page.goto("/admin/feedback");
  const item = page.getByRole("listitem").filter({ hasText: name });
  await expect(item).toBeVisible();
  await expect(item).toContainText(`<b id="xsb-${tag}">bold</b>`);
  await expectInert(page, tag, fired);

  await item.getByRole("button", { name: `View feedback from ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Feedback details" });
  await expect(dialog).toContainText(name);
  await expect(dialog).toContainText(message);
  await expectInert(page, tag, fired);
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(dialog).toContainText("Approved");
  await expectInert(page, tag, fired);

  const visitor = await browser.newPage();
  const visitorFired = watchDialogs(visitor);
  await visitor.emulateMedia({ reducedMotion: "reduce" });
  await visitor.goto("/#testimonials");
  const carousel = visitor.getByRole("region", { name: "Client testimonials" });
  await expect(carousel.getByText(message, { exact: false }).first()).toBeVisible({ timeout: 15_000 });
  await expect(carousel.getByText(name, { exact: false }).first()).toBeVisible();
  await expectInert(visitor, tag, visitorFired);
  await visitor.close();
});

test("a booking with markup stays text in the bookings table and the dashboard", async ({ page }) => {
  const fired = watchDialogs(page);
  const { token } = await adminSession(page);
  const tag = uid();
  const service = await createService(page.request, token, { title: `Shoot ${tag}`, price: 100 });
  const name = shortPayload(tag);
  const message = svgPayload(tag);
  // Markup never gets in through the phone field: it must look like a phone number.
  const markupPhone = await page.request.post("/api/bookings", {
    data: { name, email: `xss.${tag}@client.e2e`, phone: `<b id="xsb-${tag}">1</b>`, service_id: service.id },
  });
  expect(markupPhone.status()).toBe(400);
  expect(((await markupPhone.json()) as { errors: Record<string, string> }).errors.phone).toBe(
    MESSAGES.common.phoneInvalid,
  );
  await createBooking(page.request, {
    name,
    email: `xss.${tag}@client.e2e`,
    message,
    service_id: service.id,
  });

  await page.goto("/admin/bookings");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText(message);
  await expectInert(page, tag, fired);

  await page.goto("/admin/dashboard");
  await expect(page.getByText(name, { exact: false }).first()).toBeVisible();
  await expectInert(page, tag, fired);
});

test("a contact message with markup stays text in the messages inbox", async ({ page }) => {
  const fired = watchDialogs(page);
  await adminSession(page);
  const tag = uid();
  const name = shortPayload(tag);
  const subject = svgPayload(tag);
  const message = longPayload(tag);
  const response = await page.request.post("/api/contact", {
    data: { name, email: "xss@client.e2e", phone: "", subject, message, serviceType: "" },
  });
  expect(response.status()).toBe(201);

  await page.goto("/admin/messages");
  const entry = page.getByRole("list", { name: "Inbox" }).getByRole("listitem").filter({ hasText: subject });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(name);
  await expectInert(page, tag, fired);

  await entry.getByRole("button").click();
  const reader = page.getByRole("region", { name: "Message" });
  await expect(reader).toContainText(subject);
  await expect(reader).toContainText(message);
  await expectInert(page, tag, fired);
});
