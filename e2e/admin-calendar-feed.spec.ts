/** The owner's calendar feed on the Bookings page: create, copy, regenerate (the old link stops working). */
import { adminSession } from "./admin-helpers";
import { expect, test } from "./fixtures";

test("the calendar feed link is made, served as text/calendar, and regenerating kills the old one", async ({
  page,
}) => {
  await adminSession(page, "Cal Admin");
  await page.goto("/admin/bookings");
  const card = page.getByTestId("calendar-feed");
  await expect(card.getByRole("heading", { name: "Calendar feed" })).toBeVisible();
  // Another spec (or an earlier run) may have made one already.
  const create = card.getByRole("button", { name: "Create calendar link" });
  const link = card.getByLabel("Subscription link");
  await expect(create.or(link)).toBeVisible();
  if (await create.isVisible()) await create.click();
  await expect(link).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const oldUrl = await link.inputValue();
  await expect(card.getByRole("link", { name: "Open in calendar app" })).toHaveAttribute(
    "href",
    /^webcal:\/\//,
  );

  const feed = await page.request.get(new URL(oldUrl).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0/);

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await card.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldUrl);

  await card.getByRole("button", { name: "Regenerate link" }).click();
  const dialog = page.getByRole("dialog", { name: "Regenerate the calendar link?" });
  await dialog.getByRole("button", { name: "Keep current link" }).click();
  await expect(link).toHaveValue(oldUrl);

  await card.getByRole("button", { name: "Regenerate link" }).click();
  await page
    .getByRole("dialog", { name: "Regenerate the calendar link?" })
    .getByRole("button", { name: "Regenerate link" })
    .click();
  await expect(link).not.toHaveValue(oldUrl);
  const newUrl = await link.inputValue();
  expect((await page.request.get(new URL(oldUrl).pathname)).status()).toBe(404);
  expect((await page.request.get(new URL(newUrl).pathname)).status()).toBe(200);
});
