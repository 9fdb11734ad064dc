import { expect, test } from "./fixtures";

test.describe("header", () => {
  test("is transparent at the top and a dark bar after 50 px of scrolling", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    const transparent = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(transparent).toBe("rgba(0, 0, 0, 0)");
    await page.evaluate(() => window.scrollTo(0, 49));
    await page.waitForTimeout(150);
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");
  });

  test("on the home page a section item scrolls there and becomes the active item", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Portfolio" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("#portfolio")).toBeInViewport();
    await expect(nav.getByRole("link", { name: "Portfolio" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "About" }).click();
    await expect(page.locator("#about")).toBeInViewport();
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Home" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("from another page a section item is a full navigation to /#section", async ({ page }) => {
    await page.goto("/videography");
    const marker = await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
      return 42;
    });
    expect(marker).toBe(42);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/#services$/);
    await expect(page.locator("#services")).toBeInViewport();
    // A full page load: the marker set on the old document is gone.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
  });

  test("Explore Work scrolls to the portfolio", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Explore Work" }).click();
    await expect(page.locator("#portfolio")).toBeInViewport();
  });
});

test.describe("mobile menu at 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("opens, closes on an outside click and after an item is chosen; the calendar button books", async ({
    page,
  }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = header.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = header.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expect(header.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");

    // A tap outside the menu: on the hero below the open menu (the page's left margin, where no control is).
    const panel = (await menu.boundingBox())!;
    const below = panel.y + panel.height + 60;
    expect(below).toBeLessThan(844);
    await page.mouse.click(8, below);
    await expect(menu).toBeHidden();

    await header.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Contact" }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator("#contact")).toBeInViewport();

    await header.getByRole("button", { name: "Book Now" }).click();
    await expect(page.getByRole("dialog", { name: "Book a Session" })).toBeVisible();
  });

  test("the menu has the categories the side buttons offer on larger screens; one opens its page", async ({
    page,
  }) => {
    await page.goto("/");
    // The side buttons load on a first interaction; on a phone they are there but not shown.
    await page.mouse.move(10, 10);
    const sideLinks = page
      .getByRole("navigation", { name: "Categories", includeHidden: true })
      .getByRole("link", { includeHidden: true });
    await expect(sideLinks).toHaveCount(5);
    await expect(sideLinks.first()).toBeHidden();
    const side = await sideLinks.evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")]));
    expect(side).toHaveLength(5);
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Open menu" }).click();
    const menu = header.getByRole("navigation", { name: "Mobile" });
    const categories = menu.getByRole("list", { name: "Categories" });
    await expect(categories).toBeVisible();
    expect(
      await categories
        .getByRole("link")
        .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")])),
    ).toEqual(side);
    // The whole menu fits the phone's screen, below the header.
    const box = (await menu.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await categories.getByRole("link", { name: "Drone Services" }).click();
    await expect(page).toHaveURL(/\/drone-services$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Drone Services");
    await expect(menu).toBeHidden();
    await header.getByRole("button", { name: "Open menu" }).click();
    await expect(menu.getByRole("link", { name: "Drone Services" })).toHaveAttribute("aria-current", "page");
  });

  test("the floating category buttons are for larger screens; the page does not scroll sideways", async ({
    page,
  }) => {
    await page.goto("/");
    await page.mouse.move(10, 10);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto("/photography");
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
});

test("floating side buttons link to the categories and hide beyond twice the window height", async ({
  page,
}) => {
  await page.goto("/");
  await page.mouse.move(300, 300);
  const side = page.getByRole("navigation", { name: "Categories" });
  await expect(side).toBeVisible();
  const links = side.getByRole("link");
  expect(await links.evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")]))).toEqual([
    ["Live Streaming", "/videography"],
    ["Photography", "/photography"],
    ["Drone Services", "/drone-services"],
    ["VFX & Post", "/vfx-post"],
    ["Brand Content", "/commercial"],
  ]);
  const height = await page.evaluate(() => window.innerHeight);
  await page.evaluate((h) => window.scrollTo(0, h * 2 + 10), height);
  await expect(side).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(side).toBeVisible();
  await side.getByRole("link", { name: "Drone Services" }).click();
  await expect(page).toHaveURL(/\/drone-services$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Drone Services");
});
