import { adminSession, createBooking, createService, uid } from "./admin-helpers";
import { expect, test } from "./fixtures";

test("activity: an admin's changes are listed in plain words, filterable, with details", async ({ page }) => {
  const name = `Audra Audit ${uid()}`;
  const { token, headers } = await adminSession(page, name);
  const title = `E2E Activity Tour ${uid()}`;
  const service = await createService(page.request, token, { title, price: 120 });
  expect((await page.request.delete(`/api/services/${service.id}`, { headers })).ok()).toBe(true);
  const services = (await (await page.request.get("/api/services")).json()) as { data: { id: number }[] };
  const booking = await createBooking(page.request, {
    name: "Activity Client",
    service_id: services.data[0]?.id ?? 0,
  });
  const status = await page.request.patch(`/api/bookings/${booking.id}/status`, {
    headers,
    data: { status: "confirmed" },
  });
  expect(status.ok(), await status.text()).toBe(true);

  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity" }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();

  // Only this admin's entries: other specs change things at the same time.
  await page.getByRole("combobox", { name: "Admin", exact: true }).selectOption({ label: name });
  const entries = page.getByTestId("activity-entry");
  await expect(entries).toHaveCount(4);
  // Signing up with the server's invite code is the admin's first entry.
  await expect(entries.last()).toContainText(
    "Joined the team with the invite code from the server's settings",
  );
  const statusEntry = entries.filter({
    hasText: `Changed the status of booking #${booking.id} from pending to confirmed`,
  });
  await expect(statusEntry).toContainText(name);
  await expect(entries.filter({ hasText: `Deleted service #${service.id} '${title}'` })).toHaveCount(1);
  await expect(entries.filter({ hasText: `Created service #${service.id} '${title}'` })).toHaveCount(1);
  // Newest first.
  await expect(entries.first()).toContainText("Changed the status of booking");

  await statusEntry.getByText("Details").click();
  const row = statusEntry.getByRole("row", { name: /Status/ });
  await expect(row).toContainText("pending");
  await expect(row).toContainText("confirmed");
  await expect(statusEntry.getByRole("rowheader", { name: "Name" })).toHaveCount(0);

  await page.getByLabel("Kind of record").selectOption({ label: "Services" });
  await expect(entries).toHaveCount(2);
  for (const text of await entries.allTextContents()) expect(text).toMatch(/ service #\d+ /);
  await expect(page.getByText(/booking #/)).toHaveCount(0);

  // An impossible date range: the server's message, no entries.
  await page.getByLabel("From").fill("2030-02-02");
  await page.getByLabel("To").fill("2030-02-01");
  await expect(page.getByRole("alert")).toContainText("The start date must be on or before the end date");
  await expect(entries).toHaveCount(0);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(entries.first()).toBeVisible();
  // No way to change or remove an entry.
  await expect(page.getByRole("main").getByRole("button", { name: /edit|delete|remove/i })).toHaveCount(0);
});

test("activity: fits a 390 px phone without horizontal scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const name = `Petra Phone ${uid()}`;
  const { token, headers } = await adminSession(page, name);
  const service = await createService(page.request, token, {
    title: `E2E Activity Phone With A Rather Long Title ${uid()}`,
    price: 80,
  });
  expect((await page.request.delete(`/api/services/${service.id}`, { headers })).ok()).toBe(true);
  await page.goto("/admin/activity");
  await page.getByRole("combobox", { name: "Admin", exact: true }).selectOption({ label: name });
  const entries = page.getByTestId("activity-entry");
  await expect(entries).toHaveCount(3); // joined, created and deleted the service
  await entries.first().getByText("Details").click();
  await expect(entries.first().getByRole("table")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
