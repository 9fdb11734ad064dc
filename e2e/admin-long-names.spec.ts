/**
 * The back office as a phone, a tablet and a desktop meet it when clients type long things: a 110-character
 * name with no spaces, a long e-mail and a 110-character subject. No page is wider than the screen, the
 * notification dropdown stays on it, and on a phone the menu is an overlay drawer that closes on a choice, on
 * Escape and on a tap outside, keeping focus inside while it is open.
 */
import { ADMIN_SHELL_PAGES } from "@studio/validators";
import { adminSession, createBooking, createService, uid } from "./admin-helpers";
import { expect, test } from "./fixtures";

const LONG = "Bartholomew".repeat(10); // 110 characters, no space to break at

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  const tag = uid();
  // A visitor's own data, through the public forms.
  const contact = await request.post("/api/contact", {
    data: {
      name: LONG,
      // A local part at its RFC 5321 limit (64) and a long domain.
      email: `${"x".repeat(63 - tag.length)}.${tag}@an-uncommonly-long-domain-name-for-a-client.example`,
      phone: "",
      subject: LONG,
      message: `${LONG} ${LONG}`,
      serviceType: "",
    },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const feedback = await request.post("/api/feedback", {
    data: { name: LONG, email: `long.${tag}@client.e2e`, rating: 5, message: LONG, service_category: "" },
  });
  expect(feedback.status(), await feedback.text()).toBe(201);
});

for (const width of [1440, 768, 390]) {
  test(`no back-office page is wider than a ${width} px screen with 110-character names`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { token } = await adminSession(page);
    const service = await createService(page.request, token, { title: `${LONG} ${uid()}`, price: 1299 });
    const tag = uid();
    await createBooking(page.request, {
      name: LONG,
      email: `${"y".repeat(63 - tag.length)}.${tag}@an-uncommonly-long-domain-name-for-a-client.example`,
      service_id: service.id,
      message: `${LONG} ${LONG}`,
    });
    for (const path of ADMIN_SHELL_PAGES) {
      await page.goto(`/admin/${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
      const size = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      expect({ path, width: size.scroll }).toEqual({ path, width: size.inner });
    }

    // The bell's dropdown, with the long names in its notifications, stays on the screen.
    await page.goto("/admin/dashboard");
    await page.getByRole("button", { name: /notification/i }).click();
    const panel = page.getByRole("region", { name: "Notifications" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("Bartholomew");
    const box = await panel.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width);
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu is an overlay drawer: the page keeps its width, and a choice, Escape or a tap outside closes it", async ({
    page,
  }) => {
    await adminSession(page);
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const main = page.locator("#admin-main");
    const before = await main.boundingBox();

    const open = async () => {
      await page.getByRole("button", { name: "Expand menu" }).click();
      const drawer = page.getByRole("dialog", { name: /Admin$/ });
      await expect(drawer).toBeVisible();
      return drawer;
    };

    let drawer = await open();
    // Over the page, not beside it: the page is exactly as wide as before.
    expect((await main.boundingBox())?.width).toBe(before?.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await expect(drawer.getByRole("link", { name: "Bookings" })).toBeVisible();
    // Focus stays inside while it is open.
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press("Tab");
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);

    drawer = await open();
    await page.mouse.click(380, 500); // the page beside the drawer
    await expect(drawer).toHaveCount(0);

    drawer = await open();
    await drawer.getByRole("link", { name: "Bookings" }).click();
    await expect(page).toHaveURL(/\/admin\/bookings$/);
    await expect(drawer).toHaveCount(0);
    await expect(page.getByTestId("admin-page-title")).toHaveText("Bookings");
  });
});
