import { PUBLIC_PAGE_PATHS } from "@studio/validators";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { scrollThrough } from "./site-helpers";

const ROUTES = PUBLIC_PAGE_PATHS;

async function axe(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
  }));
}

test.describe("accessibility (axe)", () => {
  for (const route of ROUTES) {
    test(`${route} has no violations`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(route);
      await scrollThrough(page);
      expect(await axe(page)).toEqual([]);
    });
  }

  test("the dialogs and the lightbox have no violations", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await scrollThrough(page);
    await page.getByRole("banner").getByRole("button", { name: "Book Now" }).click();
    await expect(page.getByRole("dialog", { name: "Book a Session" })).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await page.keyboard.press("Escape");

    await page.locator("#testimonials").getByRole("link", { name: "Share Your Experience" }).click();
    await expect(page.getByRole("dialog", { name: "Share Your Experience" })).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await page.keyboard.press("Escape");

    const card = page.locator("#portfolio article").first();
    await card.hover();
    await card.getByRole("button", { name: /^Quick View/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await axe(page)).toEqual([]);
  });

  test("keyboard: skip link, visible focus, and the booking dialog traps focus", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement as Element).outlineStyle,
    );
    expect(outline).not.toBe("none");
    await page.getByRole("banner").getByRole("button", { name: "Book Now" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Book a Session" });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(page.getByRole("banner").getByRole("button", { name: "Book Now" })).toBeFocused();
  });
});
