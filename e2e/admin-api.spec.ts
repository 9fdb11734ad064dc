import { MESSAGES } from "@studio/validators";
import { startWebhookReceiver, type WebhookReceiver } from "@studio/api/testing/webhooks";
import { signInAsNewAdmin, storeSession, expect, OWNER, test } from "./fixtures";
import { uid } from "./admin-helpers";

const t = MESSAGES.admin.api;
let receiver: WebhookReceiver;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

async function asOwner(page: import("@playwright/test").Page) {
  const login = await page.request.post("/api/auth/login", {
    data: { email: OWNER.email, password: OWNER.password },
  });
  expect(login.status()).toBe(200);
  await storeSession(page, (await login.json()) as { token: string; user: unknown });
}

test("api keys: made on the API page, shown once, work on /api, revoked at once", async ({ page }) => {
  await asOwner(page);
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "API" }).click();
  await expect(page).toHaveURL(/\/admin\/api$/);
  await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByRole("link", { name: t.docsLink })).toHaveAttribute("href", "/api/docs");

  const name = `Accounting sheet ${uid()}`;
  await page.getByRole("button", { name: t.newKey }).click();
  const dialog = page.getByRole("dialog", { name: t.newKey });
  // Every rule has its message: no name, no permission.
  await dialog.getByRole("checkbox", { name: "Read bookings" }).uncheck();
  await dialog.getByRole("button", { name: t.createKey }).click();
  await expect(dialog.getByText(MESSAGES.apiKeys.nameRequired)).toBeVisible();
  await expect(dialog.getByText(MESSAGES.apiKeys.scopesRequired)).toBeVisible();
  await dialog.getByLabel(t.keyName).fill(name);
  await dialog.getByRole("checkbox", { name: "Read bookings" }).check();
  await dialog.getByLabel(t.expiresOn).fill("2099-12-31");
  await dialog.getByRole("button", { name: t.createKey }).click();

  const shown = page.getByRole("dialog", { name: t.secretTitle });
  await expect(shown).toContainText(t.secretWarning);
  const secret = await shown.getByTestId("secret-value").inputValue();
  expect(secret).toMatch(/^sk_[\w-]{43}$/);
  await shown.getByRole("button", { name: t.done }).click();
  await expect(shown).toHaveCount(0);

  const row = page.getByTestId("api-key").filter({ hasText: name });
  await expect(row).toContainText(secret.slice(0, 11));
  await expect(row).not.toContainText(secret);
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Read bookings");

  const stats = () =>
    page.request.get("/api/bookings/stats", { headers: { Authorization: `Bearer ${secret}` } });
  expect((await stats()).status()).toBe(200);
  await page.reload();
  await expect(row.getByText(t.never)).toHaveCount(0); // last used is now shown

  await row.getByRole("button", { name: t.revoke }).click();
  await page.getByRole("dialog", { name: t.revokeTitle }).getByRole("button", { name: t.revoke }).click();
  await expect(row).toContainText("Revoked");
  expect((await stats()).status()).toBe(401);
});

test("webhooks: an endpoint gets signed deliveries, shown in the log, and a failed one is resent", async ({
  page,
}) => {
  await asOwner(page);
  await page.goto("/admin/api");
  const path = `/e2e-${uid()}`;
  const url = receiver.url(path);
  await page.getByRole("button", { name: t.newEndpoint }).click();
  const dialog = page.getByRole("dialog", { name: t.newEndpoint });
  await dialog.getByLabel(t.endpointUrl).fill("not a url");
  await dialog.getByRole("checkbox", { name: "Booking created" }).uncheck();
  await dialog.getByRole("button", { name: t.save }).click();
  await expect(dialog.getByText(MESSAGES.webhooks.urlInvalid)).toBeVisible();
  await expect(dialog.getByText(MESSAGES.webhooks.eventsRequired)).toBeVisible();
  await dialog.getByLabel(t.endpointUrl).fill(url);
  await dialog.getByRole("checkbox", { name: "Contact message received" }).check();
  await dialog.getByRole("button", { name: t.save }).click();
  const shown = page.getByRole("dialog", { name: t.secretFor(url) });
  const secret = await shown.getByTestId("secret-value").inputValue();
  expect(secret).toMatch(/^whsec_/);
  await shown.getByRole("button", { name: t.done }).click();
  await expect(page.getByTestId("webhook-endpoint").filter({ hasText: url })).toContainText(
    "Contact message received",
  );

  const subject = `Webhook ${uid()}`;
  const contact = () =>
    page.request.post("/api/contact", {
      data: { name: "Hook Sender", email: "hook@example.e2e", subject, message: "Hello" },
    });
  expect((await contact()).status()).toBe(201);
  await expect
    .poll(() => receiver.received.filter((r) => r.path === path).length, { timeout: 20_000 })
    .toBe(1);
  const mine = () => receiver.received.filter((r) => r.path === path);
  // Verified with the standardwebhooks library (the receiver's verified()), as a receiver is told to.
  const events = receiver.verified(secret, path);
  expect(events.map((e) => e.type)).toEqual(["contact.received"]);

  const log = page.getByTestId("webhook-delivery").filter({ hasText: url });
  await expect(log.first()).toContainText("Delivered", { timeout: 20_000 });
  await expect(log.first()).toContainText("HTTP 200");

  receiver.answer(500, "receiver down");
  expect((await contact()).status()).toBe(201);
  await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(2);
  await expect(log.first()).toContainText("Retrying", { timeout: 20_000 });
  await expect(log.first()).toContainText("HTTP 500");
  await log.first().getByText(t.response).click();
  await expect(log.first()).toContainText("receiver down");
  receiver.answer(200);
  await log.first().getByRole("button", { name: t.resend }).click();
  await expect(log.first()).toContainText("Delivered", { timeout: 20_000 });
});

test("the API page is the owner's: another admin is told so", async ({ page }) => {
  await signInAsNewAdmin(page, `Ada Admin ${uid()}`);
  await page.goto("/admin/api");
  await expect(page.getByText(t.ownerOnly)).toBeVisible();
  await expect(page.getByRole("button", { name: t.newKey })).toHaveCount(0);
});

test("the API page fits every width with long names", async ({ page }) => {
  await asOwner(page);
  const login = await page.request.post("/api/auth/login", {
    data: { email: OWNER.email, password: OWNER.password },
  });
  const token = ((await login.json()) as { token: string }).token;
  const long = "N".repeat(110);
  await page.request.post("/trpc/apiKeys.create", {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: long, scopes: ["bookings:read", "catalog:write", "feedback:read"] },
  });
  await page.request.post("/trpc/webhooks.create", {
    headers: { Authorization: `Bearer ${token}` },
    data: { url: receiver.url(`/${"p".repeat(110)}`), description: long, events: ["booking.created"] },
  });
  for (const width of [1440, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/api");
    await expect(page.getByTestId("api-key").filter({ hasText: long }).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/admin-api-${width}.png`, fullPage: true });
  }
});
