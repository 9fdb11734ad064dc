import { expect, test } from "./fixtures";

/** Deferred parts of the page wait for a first interaction or for the browser to be idle — never only the former. */
test("the whole home page renders without any scroll, key or mouse movement", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("Ready to start your project?")).toBeAttached();
  await expect(page.locator("#portfolio")).toBeAttached();
  await expect(page.locator("#about")).toBeAttached();
  await expect(page.locator("#contact")).toBeAttached();
  await expect(page.getByRole("link", { name: "Privacy Policy" })).toBeAttached();
  await expect(page.getByRole("link", { name: "Terms of Service" }).first()).toBeAttached();
});
