import { ADMIN_SHELL_PAGES } from "@studio/validators";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import {
  adminSession,
  createBooking,
  createService,
  makePng,
  PDF_BYTES,
  uid,
  uploadProof,
} from "./admin-helpers";

async function expectNoViolations(page: import("@playwright/test").Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

test("admin sign-in and sign-up have no axe violations", async ({ page }) => {
  for (const path of ["/admin/login", "/admin/signup"]) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: /Sign In|Create Account/ })).toBeVisible();
    await expectNoViolations(page, path);
  }
});

for (const path of ADMIN_SHELL_PAGES) {
  test(`/admin/${path} has no axe violations`, async ({ page }) => {
    const { token } = await adminSession(page);
    if (path === "bookings" || path === "dashboard") {
      // A booking without a file and one with each kind of proof: every shape of the proof cell is checked.
      const service = await createService(page.request, token, { title: `E2E A11y ${uid()}`, price: 10 });
      const png = await uploadProof(page.request, "proof.png", "image/png", makePng());
      const pdf = await uploadProof(page.request, "proof.pdf", "application/pdf", PDF_BYTES);
      for (const image of [null, png, pdf])
        await createBooking(page.request, { name: `Axe ${uid()}`, service_id: service.id, image });
    }
    await page.goto(`/admin/${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    // Not "networkidle": the back office keeps its live-update stream open.
    await page.waitForFunction(() =>
      Array.from(document.images).every((image) => image.loading === "lazy" || image.complete),
    );
    await expectNoViolations(page, path);
  });
}

test("the admin dialogs and the bell have no axe violations", async ({ page }) => {
  await adminSession(page);
  await page.goto("/admin/bookings");
  await page.getByRole("button", { name: "Add Booking" }).click();
  await expect(page.getByRole("dialog", { name: "Create New Booking" })).toBeVisible();
  await expectNoViolations(page, "create booking dialog");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toBeVisible();
  await expectNoViolations(page, "notification panel");

  const name = `Vera ${uid()}`;
  await page.request.post("/api/feedback", {
    data: { name, email: "vera@client.e2e", rating: 4, message: "Lovely", service_category: "photography" },
  });
  await page.goto("/admin/feedback");
  await page.getByRole("button", { name: `View feedback from ${name}` }).click();
  await expect(page.getByRole("dialog", { name: "Feedback details" })).toBeVisible();
  await expectNoViolations(page, "feedback dialog");

  await page.goto("/admin/services");
  await page.getByRole("button", { name: "Add Service" }).first().click();
  await expect(page.getByRole("dialog", { name: "Add Service" })).toBeVisible();
  await expectNoViolations(page, "service form");
  await page.goto("/admin/portfolio");
  await page.getByRole("button", { name: "Add Item" }).first().click();
  await expect(page.getByRole("dialog", { name: "Add Item" })).toBeVisible();
  await expectNoViolations(page, "portfolio form");
});

test("the bookings table works by keyboard: Tab to Confirm and press Enter", async ({ page }) => {
  const { token } = await adminSession(page);
  const tag = uid();
  const service = await createService(page.request, token, { title: `E2E Keys ${tag}`, price: 10 });
  await createBooking(page.request, { name: `Kim ${tag}`, service_id: service.id });
  await page.goto("/admin/bookings");
  await page.getByLabel("Search bookings").fill(tag);
  const row = page.getByRole("row").filter({ hasText: `Kim ${tag}` });
  await expect(row).toBeVisible();
  await row.getByRole("link", { name: /@client\.e2e/ }).focus();
  const confirm = row.getByRole("button", { name: /^Confirm/ });
  for (let i = 0; i < 6 && !(await confirm.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(confirm).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(row.locator("[data-status]")).toHaveText("Confirmed");
  // The delete confirmation is a real dialog: focus moves into it and Escape cancels.
  const deleteButton = row.getByRole("button", { name: /^Delete/ });
  await expect(deleteButton).toBeEnabled();
  await deleteButton.focus();
  await expect(deleteButton).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete booking" });
  await expect(dialog.getByRole("button", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();
});
