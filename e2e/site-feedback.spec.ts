import { expect, test } from "./fixtures";
import { adminToken, uid } from "./site-helpers";

test("feedback is submitted, approved by an admin through the API, then shown in the carousel", async ({
  page,
  request,
}) => {
  const name = `Nadia ${uid()}`;
  await page.goto("/#testimonials");
  const section = page.locator("#testimonials");
  await section.getByRole("link", { name: "Share Your Experience" }).click();
  const dialog = page.getByRole("dialog", { name: "Share Your Experience" });

  await dialog.getByRole("button", { name: "Submit Feedback" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Name is required");
  await dialog.getByLabel("Name").fill(name);
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByLabel("Email").fill("nadia@client.e2e");
  await dialog.getByRole("button", { name: "Submit Feedback" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please provide a rating");
  await dialog.getByRole("radio", { name: "5 stars" }).check({ force: true });
  await dialog.getByLabel("Message").fill("The drone footage of our venue was breathtaking.");
  await dialog.getByLabel("Service Category").selectOption("drone-services");
  await dialog.getByRole("button", { name: "Submit Feedback" }).click();
  await expect(dialog.getByText("Thank You!")).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5000 });

  // Not public until reviewed.
  const before = await request.get("/api/feedback/approved?limit=10");
  expect(JSON.stringify(await before.json())).not.toContain(name);

  const token = await adminToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const pending = await request.get("/api/feedback?limit=50&offset=0&status=pending", { headers });
  const list = ((await pending.json()) as { data: Array<{ id: number; name: string }> }).data;
  const mine = list.find((f) => f.name === name);
  expect(mine).toBeTruthy();
  const approve = await request.patch(`/api/feedback/${mine!.id}/status`, {
    headers,
    data: { status: "approved" },
  });
  expect(approve.ok()).toBe(true);

  await page.reload();
  const carousel = page.getByRole("region", { name: "Client testimonials" });
  await expect(carousel.getByText(name)).toBeVisible();
  await expect(carousel.getByText("The drone footage of our venue was breathtaking.")).toBeVisible();
  await expect(carousel.getByText("Drone Services")).toBeVisible();
  await expect(page.getByText(/^Based on \d+ reviews?$/)).toBeVisible();
});

test("the floating Share Feedback button opens the dialog on the home page", async ({ page }) => {
  await page.goto("/");
  await page.mouse.move(200, 200);
  await page.getByRole("link", { name: "Share Feedback" }).click();
  await expect(page.getByRole("dialog", { name: "Share Your Experience" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
