import { expect, test } from "./fixtures";
import { adminSession, createBooking, createService, uid } from "./admin-helpers";

test("a booking made through the API appears in the bell without reloading", async ({ page }) => {
  const { token } = await adminSession(page);
  const tag = uid();
  const service = await createService(page.request, token, { title: `E2E Bell ${tag}`, price: 50 });
  await page.clock.install();
  await page.goto("/admin/dashboard");
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await bell.click();
  await expect(page.getByRole("region", { name: "Notifications" })).toBeVisible();
  // Opening marked everything read: the badge is gone.
  await bell.click();
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);

  await createBooking(page.request, { name: `Nia ${tag}`, service_id: service.id });
  const contact = await page.request.post("/api/contact", {
    data: { name: `Ola ${tag}`, email: "ola@client.e2e", subject: `Drone quote ${tag}`, message: "Hi" },
  });
  expect(contact.ok()).toBe(true);

  // The bell polls every 30 s: move the page's clock past one poll.
  await page.clock.fastForward(31_000);
  await expect(page.getByTestId("notification-badge")).toHaveText("2", { timeout: 15_000 });
  expect(page.url()).toMatch(/\/admin\/dashboard$/);

  await bell.click();
  const panel = page.getByRole("region", { name: "Notifications" });
  await expect(panel).toContainText(`Nia ${tag} booked E2E Bell ${tag}`);
  await expect(panel).toContainText(`Ola ${tag}: Drone quote ${tag}`);
  await expect(panel).toContainText("Just now");
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
  await panel.getByRole("link", { name: new RegExp(`Nia ${tag}`) }).click();
  await expect(page).toHaveURL(/\/admin\/bookings$/);

  await bell.click();
  await page.getByRole("button", { name: "Clear all" }).click();
  await expect(page.getByText("No new notifications")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("region", { name: "Notifications" })).toHaveCount(0);
});
