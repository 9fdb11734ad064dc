import type { Browser, Page } from "@playwright/test";
import { uid } from "./admin-helpers";
import { expect, INVITE_CODE, OWNER, signInAsNewAdmin, storeSession, test } from "./fixtures";

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A second browser (its own storage) signed in with `token`, as another device would be. */
async function otherDevice(browser: Browser, token: string, user: unknown) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await storeSession(page, { token, user });
  return { context, page };
}

async function signInAsOwner(page: Page) {
  const response = await page.request.post("/api/auth/login", {
    data: { email: OWNER.email, password: OWNER.password },
  });
  expect(response.status()).toBe(200);
  await storeSession(page, (await response.json()) as { token: string; user: unknown });
}

test("an admin changes the password on the Team page: the other session ends, this one keeps working", async ({
  page,
  browser,
}) => {
  const name = `Paula Pass ${uid()}`;
  const { token, email } = await signInAsNewAdmin(page, name);
  // The same admin signed in on another device.
  const login = await page.request.post("/api/auth/login", { data: { email, password: "admin-pass-123" } });
  expect(login.status()).toBe(200);
  const other = (await login.json()) as { token: string; user: unknown };
  const device = await otherDevice(browser, other.token, other.user);

  await page.goto("/admin/team");
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  // Not the owner: the list has no Remove or Make owner.
  await expect(page.getByTestId("admin-row").filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /the owner$/ })).toHaveCount(0);

  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill("brand-new-pass-1");
  await page.getByLabel("Confirm new password").fill("brand-new-pass-1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is incorrect.")).toBeVisible();
  expect((await device.context.request.get("/api/auth/me", { headers: bearer(other.token) })).status()).toBe(
    200,
  );

  await page.getByLabel("Current password").fill("admin-pass-123");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Your other sessions have been signed out.")).toBeVisible();

  // The other device's token answers 401, and its next action sends it to the sign-in page.
  expect((await device.context.request.get("/api/auth/me", { headers: bearer(other.token) })).status()).toBe(
    401,
  );
  await device.page.goto("/admin/dashboard");
  await expect(device.page).toHaveURL(/\/admin\/login$/);
  await device.context.close();

  // This session keeps working.
  expect((await page.request.get("/api/auth/me", { headers: bearer(token) })).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/team$/);
  // The old password no longer signs in; the new one does.
  expect(
    (await page.request.post("/api/auth/login", { data: { email, password: "admin-pass-123" } })).status(),
  ).toBe(401);
  expect(
    (await page.request.post("/api/auth/login", { data: { email, password: "brand-new-pass-1" } })).status(),
  ).toBe(200);
});

test("the owner removes an admin on the Team page: that admin's token answers 401", async ({
  page,
  browser,
}) => {
  const name = `Rita Removed ${uid()}`;
  const register = await page.request.post("/api/auth/register", {
    data: { name, email: `rita-${uid()}@studio.e2e`, password: "rita-pass-123", invite_code: INVITE_CODE },
  });
  expect(register.status()).toBe(201);
  const rita = (await register.json()) as { token: string; user: unknown };
  const device = await otherDevice(browser, rita.token, rita.user);
  expect((await device.context.request.get("/api/auth/me", { headers: bearer(rita.token) })).status()).toBe(
    200,
  );

  await signInAsOwner(page);
  await page.goto("/admin/team");
  const row = page.getByTestId("admin-row").filter({ hasText: name });
  await expect(row).toBeVisible();
  // Signing up was Rita's first sign-in.
  await expect(row).toContainText(/Last sign-in: \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (AM|PM)/);
  // The owner's own row has no actions.
  const own = page.getByTestId("admin-row").filter({ hasText: OWNER.email });
  await expect(own.getByText("(you)")).toBeVisible();
  await expect(own.getByRole("button")).toHaveCount(0);
  await expect(row.getByRole("button", { name: `Make ${name} the owner` })).toBeVisible();

  await row.getByRole("button", { name: `Remove ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Remove admin" });
  await expect(dialog).toContainText(name);
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByText("The admin has been removed and signed out everywhere")).toBeVisible();
  await expect(row).toHaveCount(0);

  expect((await device.context.request.get("/api/auth/me", { headers: bearer(rita.token) })).status()).toBe(
    401,
  );
  await device.page.goto("/admin/dashboard");
  await expect(device.page).toHaveURL(/\/admin\/login$/);
  await device.context.close();
});
