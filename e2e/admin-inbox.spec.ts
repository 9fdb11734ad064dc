import { expect, test } from "./fixtures";
import { adminSession, uid } from "./admin-helpers";

test("the inbox lists new messages unread, opening reads them, and delete asks first", async ({ page }) => {
  await adminSession(page);
  const tag = uid();
  for (const subject of [`Older question ${tag}`, `Wedding in June ${tag}`]) {
    const response = await page.request.post("/api/contact", {
      data: {
        name: `Lena ${tag}`,
        email: "lena@client.e2e",
        phone: "+1 555 0142",
        subject,
        message: `Hello, is the 14th free? ${subject}`,
        serviceType: "Wedding Photography",
      },
    });
    expect(response.ok()).toBe(true);
  }

  await page.goto("/admin/messages");
  const inbox = page.getByRole("list", { name: "Inbox" });
  const items = inbox.getByRole("listitem");
  // Newest first.
  await expect(items.first()).toContainText(`Wedding in June ${tag}`);
  await expect(items.nth(1)).toContainText(`Older question ${tag}`);
  const newest = items.first().getByRole("button");
  await expect(newest).toContainText("Unread");

  await newest.click();
  const reader = page.getByRole("region", { name: "Message" });
  await expect(reader.getByRole("heading", { name: `Wedding in June ${tag}` })).toBeVisible();
  await expect(reader).toContainText("Hello, is the 14th free?");
  await expect(reader).toContainText("Wedding Photography");
  await expect(newest).not.toContainText("Unread");
  await reader.getByRole("button", { name: "Mark as unread" }).click();
  await expect(newest).toContainText("Unread");
  await reader.getByRole("button", { name: "Mark as read" }).click();
  await expect(newest).not.toContainText("Unread");

  await page.getByRole("button", { name: "Unread", exact: true }).click();
  await expect(page.getByText(`Wedding in June ${tag}`, { exact: true })).toHaveCount(0);
  await expect(page.getByText(`Older question ${tag}`, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "All", exact: true }).click();

  await items
    .filter({ hasText: `Wedding in June ${tag}` })
    .getByRole("button")
    .click();
  await reader.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete message" });
  await expect(confirm).toContainText(`Lena ${tag}`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(`Wedding in June ${tag}`, { exact: true })).toHaveCount(0);
});
