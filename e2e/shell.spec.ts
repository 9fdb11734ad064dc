import { expect, test } from "./fixtures";

test("a guarded route redirects to the sign-in page when logged out", async ({ page }) => {
  await page.goto("/admin/bookings");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("heading", { name: "Admin Sign In" })).toBeVisible();
});

test("/admin goes to the dashboard and unknown paths go home", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/(dashboard|login)$/);
  // The server says 404 (search engines index nothing there); the app still takes the visitor home.
  const unknown = await page.goto("/no/such/page");
  expect(unknown?.status()).toBe(404);
  expect(unknown?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a second sign-up needs the invite code", async ({ page }) => {
  await page.goto("/admin/signup");
  await expect(page.getByLabel("Invite Code")).toBeVisible();
  await page.getByLabel("Full Name").fill("Nora New");
  await page.getByLabel("Email").fill("nora@studio.e2e");
  await page.getByLabel("Password", { exact: true }).fill("nora-pass-123");
  await page.getByLabel("Confirm Password", { exact: true }).fill("nora-pass-123");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("alert")).toContainText("invitation");
});

test("a stale token is cleared on the first 401 and the admin is sent to sign in", async ({ page }) => {
  await page.goto("/admin/login");
  await page.evaluate(() => {
    localStorage.setItem("adminToken", "stale.token.value");
    localStorage.setItem("adminUser", JSON.stringify({ id: 1, name: "Ghost", email: "g@x", role: "admin" }));
  });
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(
    await page.evaluate(() => [localStorage.getItem("adminToken"), localStorage.getItem("adminUser")]),
  ).toEqual([null, null]);
});
