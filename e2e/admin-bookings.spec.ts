import { readFileSync } from "node:fs";
import { formatTime, MESSAGES } from "@studio/validators";
import { moveSessionIntoThePast } from "./db-helpers";
import { expect, test } from "./fixtures";
import {
  adminSession,
  bookingStats,
  createBooking,
  createService,
  expectShowing,
  makePng,
  PDF_BYTES,
  statValue,
  uid,
  uniqueSlot,
  uploadProof,
} from "./admin-helpers";

const num = async (locator: ReturnType<typeof statValue>) => Number(await locator.textContent());

test("confirm, status change and delete update the table and the five stats", async ({ page }) => {
  const { token } = await adminSession(page);
  const tag = uid();
  const service = await createService(page.request, token, { title: `E2E Session ${tag}`, price: 250 });
  const proof = await uploadProof(page.request, "scan.png", "image/png", makePng());
  await createBooking(page.request, { name: `Ann ${tag}`, service_id: service.id, image: proof });
  const ben = await createBooking(page.request, {
    name: `Ben ${tag}`,
    service_id: service.id,
    message: "Golden hour please",
  });
  const cat = await createBooking(page.request, { name: `Cat ${tag}`, service_id: service.id });
  // Ben's session is over (a booking is marked completed only then); Ann's and Cat's are still to come.
  await moveSessionIntoThePast(ben.id);

  await page.goto("/admin/bookings");
  await expect(page.getByRole("heading", { name: "Bookings Management" })).toBeVisible();
  const stats = await bookingStats(page.request, token);
  await expect(statValue(page, "Total")).toHaveText(String(stats.total));
  await expect(statValue(page, "Pending")).toHaveText(String(stats.pending));
  await expect(statValue(page, "With Proof")).toHaveText(String(stats.withProof));
  await expect(page.getByTestId("upload-rate")).toHaveText(
    `${stats.total ? Math.round((stats.withProof / stats.total) * 100) : 0}% upload rate`,
  );

  await page.getByLabel("Search bookings").fill(tag);
  await expectShowing(page, token, 3);
  const row = (name: string) => page.getByRole("row").filter({ hasText: `${name} ${tag}` });
  await expect(row("Ann")).toContainText(`E2E Session ${tag}`);
  await expect(row("Ann").getByRole("link", { name: /proof image of Ann/ })).toHaveAttribute("href", /sig=/);
  await expect(row("Ben")).toContainText("Golden hour please");
  await expect(row("Ben")).toContainText("No proof document");
  await expect(row("Ben").locator("[data-status]")).toHaveText("Pending");

  const pending = await num(statValue(page, "Pending"));
  const confirmed = await num(statValue(page, "Confirmed"));
  const completed = await num(statValue(page, "Completed"));
  const total = await num(statValue(page, "Total"));

  // Confirm (pending only).
  await row("Ann")
    .getByRole("button", { name: /^Confirm/ })
    .click();
  await expect(page.getByText(MESSAGES.booking.confirmed)).toBeVisible();
  await expect(row("Ann").locator("[data-status]")).toHaveText("Confirmed");
  await expect(row("Ann").getByRole("button", { name: /^Confirm/ })).toHaveCount(0);
  await expect(statValue(page, "Pending")).toHaveText(String(pending - 1));
  await expect(statValue(page, "Confirmed")).toHaveText(String(confirmed + 1));

  // Completed is offered only once the session is over, and the server refuses it before (409).
  const offered = (name: string) =>
    row(name)
      .getByRole("combobox")
      .locator("option")
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(await offered("Ann")).toEqual(["pending", "confirmed", "cancelled"]);
  expect(await offered("Cat")).toEqual(["pending", "confirmed", "cancelled"]);
  expect(await offered("Ben")).toEqual(["pending", "confirmed", "completed", "cancelled"]);
  const early = await page.request.patch(`/api/bookings/${cat.id}/status`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { status: "completed" },
  });
  expect(early.status()).toBe(409);
  expect(((await early.json()) as { message: string }).message).toBe(MESSAGES.booking.completedTooEarly);

  // Completed is final: asked first, then the status control disappears.
  await row("Ben").getByRole("combobox").selectOption("completed");
  await page
    .getByRole("dialog", { name: "Complete booking" })
    .getByRole("button", { name: "Mark completed" })
    .click();
  await expect(row("Ben").locator("[data-status]")).toHaveText("Completed");
  await expect(row("Ben").getByRole("combobox")).toHaveCount(0);
  await expect(statValue(page, "Completed")).toHaveText(String(completed + 1));
  await expect(statValue(page, "Pending")).toHaveText(String(pending - 2));

  // Delete asks first; Cancel keeps the booking.
  await row("Cat")
    .getByRole("button", { name: /^Delete/ })
    .click();
  const confirmDelete = page.getByRole("dialog", { name: "Delete booking" });
  await expect(confirmDelete).toContainText(`Cat ${tag}`);
  await confirmDelete.getByRole("button", { name: "Cancel" }).click();
  await expect(row("Cat")).toBeVisible();
  await row("Cat")
    .getByRole("button", { name: /^Delete/ })
    .click();
  await page.getByRole("dialog", { name: "Delete booking" }).getByRole("button", { name: "Delete" }).click();
  await expect(row("Cat")).toHaveCount(0);
  await expectShowing(page, token, 2);
  await expect(statValue(page, "Total")).toHaveText(String(total - 1));
  await expect(statValue(page, "Pending")).toHaveText(String(pending - 3));

  // Server-side status filter combined with the search.
  await page.getByLabel("Status", { exact: true }).selectOption("completed");
  await expectShowing(page, token, 1);
  await expect(row("Ben")).toBeVisible();
  await page.getByLabel("Status", { exact: true }).selectOption("pending");
  await expect(page.getByText("No bookings found")).toBeVisible();
});

test("the proof link opens the private file in a new tab through a signed link", async ({
  page,
  context,
}) => {
  const { token } = await adminSession(page);
  const tag = uid();
  const service = await createService(page.request, token, { title: `E2E Proof ${tag}`, price: 90 });
  const proof = await uploadProof(page.request, "brief.pdf", "application/pdf", PDF_BYTES);
  await createBooking(page.request, { name: `Pia ${tag}`, service_id: service.id, image: proof });
  // The plain URL is private.
  expect((await page.request.get(proof)).status()).toBeGreaterThanOrEqual(403);

  await page.goto("/admin/bookings");
  await page.getByLabel("Search bookings").fill(tag);
  const row = page.getByRole("row").filter({ hasText: `Pia ${tag}` });
  const link = row.getByRole("link", { name: /Proof attached - Click to view/ });
  await expect(link).toContainText("PDF Document");
  const href = await link.getAttribute("href");
  expect((await page.request.get(href ?? "")).status()).toBe(200);
  expect(await link.getAttribute("target")).toBe("_blank");
  // Documents are served as attachments, so the new tab turns into a download.
  const [popup] = await Promise.all([context.waitForEvent("page"), link.click()]);
  expect(popup).toBeTruthy();
  await popup.close();
});

test("Create New Booking with a file, and the slot guard's conflict message", async ({ page }) => {
  const { token } = await adminSession(page);
  const tag = uid();
  const service = await createService(page.request, token, { title: `E2E Shoot ${tag}`, price: 320 });
  const slot = uniqueSlot();

  await page.goto("/admin/bookings");
  await page.getByRole("button", { name: "Add Booking" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Booking" });
  await expect(dialog.getByText(MESSAGES.upload.hint)).toBeVisible();
  await dialog.getByRole("button", { name: "Create Booking" }).click();
  await expect(dialog.getByText(MESSAGES.booking.nameRequired)).toBeVisible();

  await dialog.getByLabel("Customer Name").fill(`Dora ${tag}`);
  await dialog.getByLabel("Email").fill("dora@client.e2e");
  await dialog.getByLabel("Phone Number").fill("+1 555 0199");
  await dialog.getByLabel("Service").selectOption({ label: `E2E Shoot ${tag} - $320` });
  await dialog.getByLabel("Date").fill(slot.date);
  await dialog.getByLabel("Time").selectOption(slot.time);
  await dialog.getByLabel("Message").fill("Brief attached");
  await dialog
    .getByLabel("Upload File")
    .setInputFiles({ name: "brief.pdf", mimeType: "application/pdf", buffer: PDF_BYTES });
  await expect(dialog.getByText(/Ready to submit/)).toBeVisible();
  await expect(dialog.getByText("brief.pdf")).toBeVisible();
  await dialog.getByRole("button", { name: "Create Booking" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(MESSAGES.booking.created)).toBeVisible();

  await page.getByLabel("Search bookings").fill(tag);
  const row = page.getByRole("row").filter({ hasText: `Dora ${tag}` });
  await expect(row).toContainText(`E2E Shoot ${tag}`);
  await expect(row).toContainText("PDF Document");
  await expect(row).toContainText("Proof attached - Click to view");

  // Someone takes the slot while the dialog is open: the server's slot guard answers.
  const second = uniqueSlot();
  await page.getByRole("button", { name: "Add Booking" }).click();
  await dialog.getByLabel("Customer Name").fill(`Eve ${tag}`);
  await dialog.getByLabel("Email").fill("eve@client.e2e");
  await dialog.getByLabel("Phone Number").fill("+1 555 0198");
  await dialog.getByLabel("Service").selectOption({ label: `E2E Shoot ${tag} - $320` });
  await dialog.getByLabel("Date").fill(second.date);
  await dialog.getByLabel("Time").selectOption(second.time);
  const taken = await page.request.post("/api/bookings", {
    data: {
      name: "Fast Fred",
      email: "fred@client.e2e",
      phone: "+1 555 0197",
      service_id: service.id,
      ...second,
      user_id: null,
    },
  });
  expect(taken.status()).toBe(201);
  await dialog.getByRole("button", { name: "Create Booking" }).click();
  await expect(dialog.getByText(MESSAGES.booking.slotTaken)).toBeVisible();
  await expect(
    dialog.getByRole("option", { name: `${formatTime(second.time)} (taken)`, exact: true }),
  ).toBeDisabled();
  // Cancel closes and resets.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Add Booking" }).click();
  await expect(dialog.getByLabel("Customer Name")).toHaveValue("");
  await page.keyboard.press("Escape");
});

test("CSV export downloads the filtered bookings", async ({ page }) => {
  const { token } = await adminSession(page);
  const tag = uid();
  const service = await createService(page.request, token, { title: `E2E Csv ${tag}`, price: 75 });
  await createBooking(page.request, { name: `Gus ${tag}`, service_id: service.id });
  await createBooking(page.request, { name: `Hal ${tag}`, service_id: service.id });
  await page.goto("/admin/bookings");
  await page.getByLabel("Search bookings").fill(tag);
  await expectShowing(page, token, 2);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync((await download.path()) ?? "", "utf8");
  expect(csv).toContain(`Gus ${tag}`);
  expect(csv).toContain(`Hal ${tag}`);
  expect(csv.trim().split("\n")).toHaveLength(3);
});
