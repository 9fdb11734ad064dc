import { moveSessionIntoThePast } from "./db-helpers";
import { expect, test } from "./fixtures";
import { adminSession, bookingStats, createBooking, createService, uid } from "./admin-helpers";

test("analytics figures match the bookings and services created", async ({ page }) => {
  const { token, headers } = await adminSession(page);
  const tag = uid();
  const service = await createService(page.request, token, { title: `E2E Analytics ${tag}`, price: 200 });
  const a = await createBooking(page.request, { name: `Ana ${tag}`, service_id: service.id });
  const b = await createBooking(page.request, { name: `Bob ${tag}`, service_id: service.id });
  await createBooking(page.request, { name: `Cy ${tag}`, service_id: service.id });
  expect((await page.request.patch(`/api/bookings/${a.id}/confirm`, { headers })).ok()).toBe(true);
  await moveSessionIntoThePast(b.id); // completed only once the session is over
  expect(
    (
      await page.request.patch(`/api/bookings/${b.id}/status`, { headers, data: { status: "completed" } })
    ).ok(),
  ).toBe(true);

  // Expected figures from the REST API.
  const stats = await bookingStats(page.request, token);
  const all = (
    (await (await page.request.get("/api/bookings", { headers })).json()) as {
      data: { service_id: number | null; status: string }[];
    }
  ).data;
  const prices = new Map(
    (
      (await (await page.request.get("/api/services")).json()) as { data: { id: number; price: number }[] }
    ).data.map((s) => [s.id, s.price]),
  );
  const revenue = all
    .filter((x) => (x.status === "confirmed" || x.status === "completed") && x.service_id !== null)
    .reduce((sum, x) => sum + (prices.get(x.service_id as number) ?? 0), 0);
  // Money as the whole product writes it: cents only when there are some ("$1,299", "$1,299.50").
  const money = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(revenue) ? 0 : 2,
  }).format(revenue);
  const rate = (part: number) => `${Math.round((part / stats.total) * 100)}%`;

  await page.goto("/admin/analytics");
  const value = (label: string) =>
    page.getByRole("group", { name: label, exact: true }).getByTestId("stat-value");
  await expect(value("Total bookings")).toHaveText(String(stats.total));
  await expect(value("Confirm rate")).toHaveText(rate(stats.confirmed + stats.completed));
  await expect(value("Upload rate")).toHaveText(rate(stats.withProof));
  await expect(value("Estimated revenue")).toHaveText(money);

  const byService = page.getByRole("region", { name: "Bookings by service" });
  await byService.getByText("View data").click();
  await expect(byService.getByRole("row", { name: `E2E Analytics ${tag}` })).toContainText("3");

  const byStatus = page.getByRole("region", { name: "Bookings by status" });
  await byStatus.getByText("View data").click();
  await expect(byStatus.getByRole("row", { name: /^Pending/ })).toContainText(String(stats.pending));
  await expect(byStatus.getByRole("row", { name: /^Completed/ })).toContainText(String(stats.completed));

  const perWeek = page.getByRole("region", { name: "Bookings per week (last 12 weeks)" });
  await perWeek.getByText("View data").click();
  const rows = perWeek.getByRole("row");
  await expect(rows).toHaveCount(13);
  // All three were made this week.
  expect(Number(await rows.last().getByRole("cell").textContent())).toBeGreaterThanOrEqual(3);
  // Charts render (recharts is loaded lazily).
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
});

test("on a 390 px phone the revenue stays on one line and every week keeps its axis label", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { token, headers } = await adminSession(page);
  const service = await createService(page.request, token, { title: `E2E Revenue ${uid()}`, price: 1499 });
  const booking = await createBooking(page.request, { name: `Rae ${uid()}`, service_id: service.id });
  expect((await page.request.patch(`/api/bookings/${booking.id}/confirm`, { headers })).ok()).toBe(true);

  await page.goto("/admin/analytics");
  const revenue = page
    .getByRole("group", { name: "Estimated revenue", exact: true })
    .getByTestId("stat-value");
  await expect(revenue).toHaveText(/^\$[\d,]+(\.\d\d)?$/);
  // One line: as tall as one line of its own text, and nothing cut off at its side.
  const fits = await revenue.evaluate((el) => {
    const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
    return {
      oneLine: el.getBoundingClientRect().height < lineHeight * 1.5,
      clipped: el.scrollWidth > el.clientWidth,
    };
  });
  expect(fits).toEqual({ oneLine: true, clipped: false });
  // The weekly chart names each of its 12 weeks (recharts would drop colliding labels).
  const weekly = page.getByRole("region", { name: /Bookings per week/ });
  await expect(weekly.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value")).toHaveCount(
    12,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});
