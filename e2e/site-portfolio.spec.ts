import { expect, test } from "./fixtures";

test("portfolio filters and the lightbox keys (Escape, wrapping arrows, thumbnails, counter)", async ({
  page,
}) => {
  await page.goto("/#portfolio");
  const section = page.locator("#portfolio");
  await expect(section.getByRole("heading", { name: "Golden Hour Portraits" })).toBeVisible();

  await section.getByRole("button", { name: "Drone Services" }).click();
  await expect(section.getByRole("button", { name: "Drone Services" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(section.getByRole("heading", { name: "Golden Hour Portraits" })).toHaveCount(0);
  const cards = section.locator("article");
  const total = await cards.count();
  expect(total).toBeGreaterThanOrEqual(3);
  for (const card of await cards.all()) await expect(card).toContainText("Drone Services");

  const first = cards.first();
  const firstTitle = (await first.getByRole("heading").textContent()) ?? "";
  await first.hover();
  await first.getByRole("button", { name: /^Quick View/ }).click();
  const box = page.getByRole("dialog");
  await expect(box).toHaveAccessibleName(firstTitle);
  await expect(box.getByText(`1 of ${total}`)).toBeVisible();

  await page.keyboard.press("ArrowRight");
  await expect(box.getByText(`2 of ${total}`)).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(box.getByText(`${total} of ${total}`)).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(box.getByText(`1 of ${total}`)).toBeVisible();
  await expect(box).toHaveAccessibleName(firstTitle);

  await box
    .getByRole("button", { name: /^Show / })
    .nth(1)
    .click();
  await expect(box.getByText(`2 of ${total}`)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("Quick View opens with one click from a pointer that had not hovered the card", async ({ page }) => {
  await page.goto("/#portfolio");
  const section = page.locator("#portfolio");
  const cards = section.locator("article");
  await expect(cards.nth(2)).toBeVisible();
  // The pointer has not been over any card: the button is faded out, and still where a click lands on it.
  for (const index of [2, 0]) {
    const card = cards.nth(index);
    const title = (await card.getByRole("heading").textContent()) ?? "";
    await card.getByRole("button", { name: `Quick View: ${title}` }).click();
    await expect(page.getByRole("dialog")).toHaveAccessibleName(title);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.mouse.move(0, 0);
  }
});
