import { adminSession, createBooking, createService, uid } from "./admin-helpers";
import { expect, test } from "./fixtures";

test("bookings and messages made elsewhere show in the back office at once, without waiting for a poll", async ({
  page,
}) => {
  const { token } = await adminSession(page);
  const tag = uid();
  const service = await createService(page.request, token, { title: `E2E Live ${tag}`, price: 60 });
  // The clock is frozen: no 30-second poll can run, so only the live stream can bring the changes in.
  await page.clock.install();
  const live = page.waitForResponse((r) => r.url().endsWith("/api/live") && r.status() === 200);
  await page.goto("/admin/bookings");
  await expect(page.getByRole("heading", { name: "Bookings Management" })).toBeVisible();
  await live;

  await createBooking(page.request, { name: `Liv ${tag}`, service_id: service.id });
  await expect(page.getByRole("row").filter({ hasText: `Liv ${tag}` })).toBeVisible();

  // The inbox, already open, hears of a new contact message the same way.
  await page.getByRole("link", { name: "Messages" }).first().click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(page.getByText(`Live ${tag}`)).toHaveCount(0);
  const contact = await page.request.post("/api/contact", {
    data: { name: `Mo ${tag}`, email: "mo@client.e2e", subject: `Live ${tag}`, message: "Hi" },
  });
  expect(contact.ok()).toBe(true);
  await expect(page.getByText(`Live ${tag}`).first()).toBeVisible();
});
