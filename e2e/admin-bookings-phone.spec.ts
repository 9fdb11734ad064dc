import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { ADMIN_SHELL_PAGES, formatShortDate, formatTime, MESSAGES } from "@studio/validators";
import { expect, test } from "./fixtures";
import {
  adminSession,
  createBooking,
  createService,
  expectShowing,
  makePng,
  uid,
  uploadProof,
} from "./admin-helpers";

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });

/** Fully on screen horizontally: nothing cut off at the right edge, nothing to scroll sideways to. */
async function expectWithinViewport(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(WIDTH);
}

/** Stat cards whose label text intersects the icon's box. */
function overlappingStatCards(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[role="group"]')]
      .filter((card) => card.querySelector('[data-testid="stat-value"]'))
      .filter((card) => {
        const label = card.querySelector("p");
        const icon = card.querySelector("svg")?.parentElement;
        if (!label || !icon) return false;
        const range = document.createRange();
        range.selectNodeContents(label);
        const text = range.getBoundingClientRect();
        const box = icon.getBoundingClientRect();
        return !(
          text.right <= box.left ||
          text.left >= box.right ||
          text.bottom <= box.top ||
          text.top >= box.bottom
        );
      })
      .map((card) => card.getAttribute("aria-label")),
  );
}

test("on a 390 px phone each booking is a card with every column and every action on screen", async ({
  page,
}) => {
  const { token } = await adminSession(page);
  const tag = uid();
  const service = await createService(page.request, token, { title: `E2E Phone ${tag}`, price: 180 });
  const proof = await uploadProof(page.request, "scan.png", "image/png", makePng());
  const ann = await createBooking(page.request, {
    name: `Ann ${tag}`,
    email: `ann.${tag}@client.e2e`,
    phone: "+1 555 0142",
    service_id: service.id,
    image: proof,
    message: "Golden hour please",
  });

  await page.goto("/admin/bookings");
  await expect(page.getByRole("heading", { name: "Bookings Management" })).toBeVisible();
  await page.getByLabel("Search bookings").fill(tag);
  await expectShowing(page, token, 1);

  // Only the card layout is exposed: no table (whose Status and Actions columns would be off-screen).
  await expect(page.getByRole("table")).toHaveCount(0);
  const card = page.getByRole("article", { name: `Ann ${tag}` });
  await expect(card).toBeVisible();
  for (const text of [
    `Ann ${tag}`,
    `ann.${tag}@client.e2e`,
    "+1 555 0142",
    `E2E Phone ${tag}`,
    "Golden hour please",
    formatShortDate(ann.date),
    formatTime(ann.time),
  ]) {
    await expectWithinViewport(card.getByText(text, { exact: true }));
  }
  await expectWithinViewport(card.getByRole("link", { name: /proof image of Ann/ }));
  const status = card.locator("[data-status]");
  await expect(status).toHaveText("Pending");
  await expectWithinViewport(status);

  const confirm = card.getByRole("button", { name: `Confirm booking of Ann ${tag}` });
  const select = card.getByRole("combobox", { name: new RegExp(`Ann ${tag}`) });
  const remove = card.getByRole("button", { name: `Delete booking of Ann ${tag}` });
  for (const control of [confirm, select, remove]) await expectWithinViewport(control);

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  expect(await overlappingStatCards(page)).toEqual([]);
  const axe = await new AxeBuilder({ page }).include("main").analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
    [],
  );

  // The card's actions work like the row's: Confirm, then Delete after its confirmation.
  await confirm.click();
  await expect(page.getByText(MESSAGES.booking.confirmed)).toBeVisible();
  await expect(status).toHaveText("Confirmed");
  await expect(confirm).toHaveCount(0);
  await expectWithinViewport(select);
  await remove.click();
  const dialog = page.getByRole("dialog", { name: "Delete booking" });
  await expect(dialog).toContainText(`Ann ${tag}`);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText("No bookings found")).toBeVisible();
});

test("no back-office page scrolls sideways on a 390 px phone, even with long names and addresses", async ({
  page,
}) => {
  const { token } = await adminSession(page);
  const tag = uid();
  const service = await createService(page.request, token, { title: `E2E Narrow ${tag}`, price: 75 });
  await createBooking(page.request, {
    name: `Alexandra Montgomery-Smith ${tag}`,
    email: `alexandra.montgomery-smith.${tag}@example-client.e2e`,
    service_id: service.id,
    message: "We would love some golden hour portraits near the lake, and a few candid shots too",
  });
  for (const path of ADMIN_SHELL_PAGES) {
    await page.goto(`/admin/${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect({ path, width }).toEqual({ path, width: WIDTH });
  }
});

test.describe("wider screens", () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test("the layout follows the room the bookings have: cards beside an open sidebar at 768 px, the table where it fits", async ({
    page,
  }) => {
    const { token } = await adminSession(page);
    const tag = uid();
    const service = await createService(page.request, token, { title: `E2E Tablet ${tag}`, price: 90 });
    await createBooking(page.request, { name: `Tia ${tag}`, service_id: service.id });

    await page.goto("/admin/bookings");
    await page.getByLabel("Search bookings").fill(tag);
    await expectShowing(page, token, 1);
    // The sidebar is open at 768 px, leaving less than the table's five columns need.
    await expect(page.getByTestId("admin-sidebar")).toHaveAttribute("data-collapsed", "false");
    await expect(page.getByRole("table")).toHaveCount(0);
    const card = page.getByRole("article", { name: `Tia ${tag}` });
    for (const name of [`Confirm booking of Tia ${tag}`, `Delete booking of Tia ${tag}`]) {
      const box = await card.getByRole("button", { name }).boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(768);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);

    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByRole("row").filter({ hasText: `Tia ${tag}` })).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});
