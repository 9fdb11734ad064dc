import { MESSAGES } from "@studio/validators";
import { adminSession, createBooking, uid } from "./admin-helpers";
import { expect, test } from "./fixtures";

const m = MESSAGES.mail;

test("mail: with no mail server a booking still succeeds, and the Mail page shows what the client would get", async ({
  page,
}) => {
  await adminSession(page, `Mona Mail ${uid()}`);
  const services = (await (await page.request.get("/api/services")).json()) as { data: { id: number }[] };
  const name = `Mail Client ${uid()}`;
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}@client.e2e`;
  const booking = await createBooking(page.request, { name, email, service_id: services.data[0]?.id ?? 0 });

  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Mail" }).click();
  await expect(page).toHaveURL(/\/admin\/mail$/);
  await expect(page.getByRole("heading", { level: 1, name: m.title })).toBeVisible();
  await expect(page.getByRole("note")).toHaveText(m.offBanner);

  // The client's message: listed as not sent, with the reason in words.
  const item = page.getByTestId("mail-item").filter({ hasText: email });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("We received your booking");
  await expect(item).toContainText(m.notConfigured);
  await expect(item).toContainText("Not sent");
  // Nothing can be sent again while there is no mail server.
  await expect(item.getByRole("button", { name: m.resend })).toHaveCount(0);

  // Its rendered content, in a sandboxed frame, and the plain text.
  await item.getByRole("button", { name: /^View message: We received your booking/ }).click();
  const dialog = page.getByRole("dialog", { name: /We received your booking/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(email);
  await expect(dialog).toContainText("invite.ics");
  const frame = dialog.getByTitle(m.htmlFrame);
  await expect(frame).toHaveAttribute("sandbox", "");
  const body = page.frameLocator(`iframe[title="${m.htmlFrame}"]`).locator("body");
  await expect(body).toContainText(`Thank you, ${name}. We have your booking.`);
  await expect(body).toContainText(`Booking #${booking.id}`);
  // The client's one-time link is never shown to the studio: redacted in the HTML and the text alike.
  await expect(body.getByRole("link", { name: "Manage your booking" })).toHaveAttribute(
    "href",
    /\/manage\/•••$/,
  );
  await dialog.getByRole("button", { name: m.textTab }).click();
  await expect(dialog.locator("pre")).toContainText("WHAT HAPPENS NEXT");
  await expect(dialog.locator("pre")).toContainText("/manage/•••");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // The studio's alert about the same booking, filtered by status.
  await page.getByRole("combobox", { name: m.statusFilter }).selectOption({ label: "Not sent" });
  await expect(page.getByTestId("mail-item").filter({ hasText: `New booking #${booking.id}` })).toHaveCount(
    1,
  );
  await page.getByRole("combobox", { name: m.statusFilter }).selectOption({ label: "Failed" });
  await expect(page.getByTestId("mail-item").filter({ hasText: email })).toHaveCount(0);

  // The alert's link opens that booking in the back office, ready to confirm.
  await page.getByRole("combobox", { name: m.statusFilter }).selectOption({ label: "Not sent" });
  await page
    .getByTestId("mail-item")
    .filter({ hasText: `New booking #${booking.id}` })
    .getByRole("button", { name: /^View message: New booking/ })
    .click();
  const alert = page.getByRole("dialog", { name: /New booking/ });
  await alert.getByRole("button", { name: m.textTab }).click();
  const text = (await alert.locator("pre").textContent()) ?? "";
  const target = new URL(/Open in the back office: (\S+)/.exec(text)?.[1] ?? "", "http://x");
  expect(`${target.pathname}${target.search}`).toBe(`/admin/bookings?booking=${booking.id}`);
  await page.goto(`${target.pathname}${target.search}`);
  const details = page.getByRole("dialog", { name: `Booking #${booking.id}` });
  await expect(details.getByText(name)).toBeVisible();
  await details.getByRole("button", { name: `Confirm booking of ${name}` }).click();
  await expect(details.getByRole("button", { name: `Confirm booking of ${name}` })).toHaveCount(0);
  await expect(details.locator("[data-status]")).toHaveText("Confirmed");
  // Its history: made by the client on the site, then confirmed by the admin, with when.
  const history = details.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem").first()).toContainText("Booked by the client");
  await expect(history.getByRole("listitem").nth(1)).toContainText(/^Marked confirmed by \S/);
  await expect(details.getByRole("region", { name: "This client's other bookings" })).toContainText(
    "No other bookings with this e-mail.",
  );
  await details.getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/admin\/bookings$/);
});

test("the thank-you e-mail's link opens the feedback dialog filled in", async ({ page }) => {
  const name = `Fay Feedback ${uid()}`;
  const email = "fay@client.e2e";
  await page.goto(
    `/?${new URLSearchParams({ feedback: "1", name, email, category: "drone-services" }).toString()}`,
  );
  const dialog = page.getByRole("dialog", { name: "Share Your Experience" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Name")).toHaveValue(name);
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
  await expect(dialog.getByLabel("Service Category")).toHaveValue("drone-services");
  // The address no longer carries the client's details.
  await expect(page).toHaveURL(/\/$/);
});

test("forgot password: the page says plainly that reset by e-mail needs a mail server; a bad link is refused", async ({
  page,
}) => {
  await page.goto("/admin/login");
  await page.getByRole("link", { name: MESSAGES.auth.forgotPassword }).click();
  await expect(page).toHaveURL(/\/admin\/reset-password$/);
  await expect(page.getByRole("heading", { name: MESSAGES.auth.resetTitle })).toBeVisible();
  await page.getByLabel("Email").fill("owner@studio.e2e");
  await page.getByRole("button", { name: MESSAGES.auth.sendResetLink }).click();
  await expect(page.getByRole("status")).toHaveText(MESSAGES.auth.resetUnavailable);

  await page.goto(`/admin/reset-password?token=${"x".repeat(43)}`);
  await page.getByLabel(MESSAGES.auth.newPassword, { exact: true }).fill("new-password-1");
  await page.getByLabel(MESSAGES.auth.confirmNewPassword).fill("new-password-2");
  await page.getByRole("button", { name: MESSAGES.auth.setNewPassword }).click();
  await expect(page.getByText(MESSAGES.auth.passwordsDoNotMatch)).toBeVisible();
  await page.getByLabel(MESSAGES.auth.confirmNewPassword).fill("new-password-1");
  await page.getByRole("button", { name: MESSAGES.auth.setNewPassword }).click();
  await expect(page.getByRole("alert")).toHaveText(MESSAGES.auth.resetInvalid);
});
