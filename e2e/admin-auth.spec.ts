import { expect, INVITE_CODE, test } from "./fixtures";
import { adminSession, uid } from "./admin-helpers";

test("an invited admin signs up with the invite code and lands on the dashboard", async ({ page }) => {
  await page.goto("/admin/signup");
  await page.getByLabel("Full Name").fill("Ivy Invited");
  await page.getByLabel("Email").fill(`ivy-${uid()}@studio.e2e`);
  await page.getByLabel("Password", { exact: true }).fill("ivy-pass-123");
  await page.getByLabel("Confirm Password", { exact: true }).fill("ivy-pass-123");
  await page.getByLabel("Invite Code").fill(INVITE_CODE);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Ivy Invited" })).toBeVisible();
  for (const label of ["Total Services", "Portfolio Items", "Total Bookings", "Pending Bookings"])
    await expect(page.getByRole("group", { name: label })).toBeVisible();
});

test("a code generated in Settings lets the next admin sign up, once", async ({ page, browser }) => {
  await adminSession(page, "Sam Settings");
  await page.goto("/admin/dashboard");
  await page.getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await dialog.getByRole("button", { name: "Create invite code" }).click();
  const code = (await dialog.getByTestId("invite-code").textContent())?.trim() ?? "";
  expect(code.length).toBeGreaterThan(8);

  const other = await browser.newPage();
  await other.goto("/admin/signup");
  await other.getByLabel("Full Name").fill("Gina Guest");
  await other.getByLabel("Email").fill(`gina-${uid()}@studio.e2e`);
  await other.getByLabel("Password", { exact: true }).fill("gina-pass-123");
  await other.getByLabel("Confirm Password", { exact: true }).fill("gina-pass-123");
  await other.getByLabel("Invite Code").fill(code);
  await other.getByRole("button", { name: "Create Account" }).click();
  await expect(other).toHaveURL(/\/admin\/dashboard$/);
  await other.close();
  const again = await page.request.post("/api/auth/register", {
    data: {
      name: "Second Use",
      email: `again-${uid()}@studio.e2e`,
      password: "again-pass-123",
      invite_code: code,
    },
  });
  expect(again.status()).toBe(403);
});

test("login, logout (which revokes the token on the server) and the guard", async ({ page }) => {
  const email = `lou-${uid()}@studio.e2e`;
  const register = await page.request.post("/api/auth/register", {
    data: { name: "Lou Login", email, password: "lou-pass-123", invite_code: INVITE_CODE },
  });
  expect(register.status()).toBe(201);

  await page.goto("/admin/services");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("lou-pass-123");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Sign In" }).click();
  // The guard remembered where the admin was going.
  await expect(page).toHaveURL(/\/admin\/services$/);
  const token = await page.evaluate(() => localStorage.getItem("adminToken"));
  expect(token).toBeTruthy();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(
    await page.evaluate(() => [localStorage.getItem("adminToken"), localStorage.getItem("adminUser")]),
  ).toEqual([null, null]);
  const after = await page.request.get("/api/bookings/stats", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(after.status()).toBe(401);

  for (const path of ["dashboard", "portfolio", "bookings", "feedback", "analytics", "messages"]) {
    await page.goto(`/admin/${path}`);
    await expect(page).toHaveURL(/\/admin\/login$/);
  }
});

test("the sidebar has every section, collapses on demand, and starts collapsed under 768 px", async ({
  page,
}) => {
  await adminSession(page);
  await page.goto("/admin/dashboard");
  const sidebar = page.getByTestId("admin-sidebar");
  await expect(sidebar).toHaveAttribute("data-collapsed", "false");
  const nav = page.getByRole("navigation", { name: "Admin" });
  for (const label of ["Dashboard", "Services", "Portfolio", "Bookings", "Feedback", "Analytics", "Messages"])
    await expect(nav.getByRole("link", { name: new RegExp(`^${label}`) })).toBeVisible();
  await nav.getByRole("link", { name: /^Bookings/ }).click();
  await expect(page).toHaveURL(/\/admin\/bookings$/);
  await expect(page.getByTestId("admin-page-title")).toHaveText("Bookings");

  await page.getByRole("button", { name: "Collapse menu" }).click();
  await expect(sidebar).toHaveAttribute("data-collapsed", "true");
  await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 999).toBeLessThan(100);
  await page.getByRole("button", { name: "Expand menu" }).click();
  await expect(sidebar).toHaveAttribute("data-collapsed", "false");

  await page.setViewportSize({ width: 700, height: 900 });
  await expect(sidebar).toHaveAttribute("data-collapsed", "true");
  await page.reload();
  await expect(page.getByTestId("admin-sidebar")).toHaveAttribute("data-collapsed", "true");
  // Collapsed, the links keep their names for keyboard and screen-reader users.
  await expect(nav.getByRole("link", { name: /^Analytics/ })).toBeVisible();
  await page.setViewportSize({ width: 1200, height: 900 });
  await expect(sidebar).toHaveAttribute("data-collapsed", "false");
});
