import { MESSAGES } from "@studio/validators";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { adminSession, statValue, uid } from "./admin-helpers";

async function scrollUntilVisible(page: Page, locator: Locator) {
  await expect(async () => {
    await page.mouse.wheel(0, 700);
    await expect(locator.first()).toBeVisible({ timeout: 400 });
  }).toPass({ timeout: 20_000 });
}

async function submitFeedback(
  page: Page,
  data: { name: string; rating: number; message: string; service_category?: string },
) {
  const response = await page.request.post("/api/feedback", {
    data: { email: `${data.name.split(" ")[0]?.toLowerCase()}@client.e2e`, service_category: "", ...data },
  });
  expect(response.status()).toBe(201);
}

test("moderation: approve reaches the public testimonials, unpublish removes it, reject and delete", async ({
  page,
  browser,
}) => {
  await adminSession(page);
  const tag = uid();
  const happy = `Wonderful shoot, thank you! ${tag}`;
  const meh = `Not for us ${tag}`;
  await submitFeedback(page, { name: `Fay ${tag}`, rating: 5, message: happy });
  await submitFeedback(page, { name: `Gil ${tag}`, rating: 2, message: meh, service_category: "vfx-post" });

  await page.goto("/admin/feedback");
  await expect(page.getByRole("heading", { name: "Feedback Management" })).toBeVisible();
  for (const label of ["Total Feedback", "Average Rating", "Pending Review", "Approved"])
    await expect(page.getByRole("group", { name: label })).toBeVisible();
  await expect(statValue(page, "Pending Review")).not.toHaveText("–");
  const pending = Number(await statValue(page, "Pending Review").textContent());
  const approved = Number(await statValue(page, "Approved").textContent());

  await page.getByRole("button", { name: "Pending Review" }).click();
  const fay = page.getByRole("listitem").filter({ hasText: `Fay ${tag}` });
  await expect(fay).toContainText("Pending");
  // An empty category: "General" in the list, "General Feedback" in the detail dialog.
  await expect(fay).toContainText("General");
  await expect(fay).not.toContainText("General Feedback");
  await expect(fay).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (AM|PM)/);
  await expect(page.getByRole("listitem").filter({ hasText: `Gil ${tag}` })).toContainText("VFX & Post");

  // View dialog with the details, then approve from it.
  await fay.getByRole("button", { name: `View feedback from Fay ${tag}` }).click();
  const dialog = page.getByRole("dialog", { name: "Feedback details" });
  await expect(dialog).toContainText(`fay@client.e2e`);
  await expect(dialog).toContainText("General Feedback");
  await expect(dialog).toContainText("5/5");
  await expect(dialog).toContainText(happy);
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(dialog).toContainText("Approved");
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(statValue(page, "Approved")).toHaveText(String(approved + 1));
  await expect(statValue(page, "Pending Review")).toHaveText(String(pending - 1));

  // The public carousel (autoplay off with reduced motion) shows it, newest first.
  const visitor = await browser.newPage();
  await visitor.emulateMedia({ reducedMotion: "reduce" });
  await visitor.goto("/");
  // The home page renders its lower sections as they scroll into view.
  await scrollUntilVisible(visitor, visitor.getByText(happy));

  // Unpublish: back to pending, gone from the site.
  await page.getByRole("button", { name: "All Feedback" }).click();
  await page.getByRole("button", { name: `Unpublish feedback from Fay ${tag}` }).click();
  await expect(page.getByRole("listitem").filter({ hasText: `Fay ${tag}` })).toContainText("Pending");
  await visitor.reload();
  await scrollUntilVisible(
    visitor,
    visitor
      .getByRole("region", { name: "Client testimonials" })
      .or(visitor.getByText("No testimonials available at the moment.")),
  );
  await expect(visitor.getByText(happy)).toHaveCount(0);
  await visitor.close();

  // Reject leaves only Delete; Delete asks the specification's question.
  const gil = page.getByRole("listitem").filter({ hasText: `Gil ${tag}` });
  await gil.getByRole("button", { name: `Reject feedback from Gil ${tag}` }).click();
  await expect(gil).toContainText("Rejected");
  await expect(gil.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  await expect(gil.getByRole("button", { name: /^Unpublish/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Rejected" }).click();
  await expect(gil).toBeVisible();
  await gil.getByRole("button", { name: `Delete feedback from Gil ${tag}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete feedback" });
  await expect(confirm).toContainText(MESSAGES.feedback.deleteConfirm);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(gil).toHaveCount(0);
});
