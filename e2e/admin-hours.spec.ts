import { DEFAULT_SCHEDULE, MESSAGES } from "@studio/validators";
import { adminSession, uid } from "./admin-helpers";
import { expect, test } from "./fixtures";

const m = MESSAGES.schedule;

test("hours: the owner closes Sundays, sets capacity and a closure; bad input is refused; each change is in Activity", async ({
  page,
}) => {
  const name = `Hana Hours ${uid()}`;
  const { headers } = await adminSession(page, name);
  const reason = `Holiday ${uid()}`;
  try {
    await page.goto("/admin/dashboard");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Hours" }).click();
    await expect(page).toHaveURL(/\/admin\/hours$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hours" })).toBeVisible();

    // Bad input: a last slot before the first and a zone that does not exist. Nothing is saved.
    await page.getByRole("combobox", { name: "First slot on Wednesday" }).selectOption("14:00");
    await page.getByRole("combobox", { name: "Last slot on Wednesday" }).selectOption("10:00");
    await page.getByLabel("Time zone").fill("Mars/Olympus_Mons");
    await page.getByRole("button", { name: "Save hours" }).click();
    await expect(page.getByText(`Wednesday: ${m.lastBeforeFirst}`)).toBeVisible();
    await expect(page.getByText(m.timeZoneInvalid)).toBeVisible();
    await page.getByRole("combobox", { name: "Last slot on Wednesday" }).selectOption("17:00");
    await page.getByLabel("Time zone").fill("");

    await page.getByRole("checkbox", { name: "Open on Sunday" }).uncheck();
    await expect(page.getByRole("combobox", { name: "First slot on Sunday" })).toBeDisabled();
    await page.getByLabel("Crews").fill("2");
    await page.getByRole("button", { name: "Save hours" }).click();
    await expect(page.getByText(m.saved)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Open on Sunday" })).not.toBeChecked();
    await expect(page.getByRole("combobox", { name: "First slot on Wednesday" })).toHaveValue("14:00");
    await expect(page.getByLabel("Crews")).toHaveValue("2");

    // A closure, an overlapping one (refused under From), then its removal.
    const add = page.getByRole("form", { name: "Add closure" });
    await add.getByLabel("From").fill("2039-12-24");
    await add.getByLabel("To").fill("2039-12-26");
    await add.getByLabel("Reason (optional)").fill(reason);
    await add.getByRole("button", { name: "Add closure" }).click();
    const list = page.getByRole("list", { name: "Closed dates" });
    await expect(list.getByText(reason)).toBeVisible();
    await add.getByLabel("From").fill("2039-12-26");
    await add.getByLabel("To").fill("2039-12-27");
    await add.getByRole("button", { name: "Add closure" }).click();
    await expect(add.getByText(m.closureOverlaps("24 Dec 2039", "26 Dec 2039"))).toBeVisible();
    await expect(list.getByTestId("closure-row")).toHaveCount(1);
    await page.getByRole("button", { name: "Remove the closure from 24 Dec 2039 to 26 Dec 2039" }).click();
    await page
      .getByRole("dialog", { name: "Remove closure" })
      .getByRole("button", { name: "Remove" })
      .click();
    await expect(page.getByText(m.closureRemoved)).toBeVisible();
    await expect(page.getByText("No closed dates.")).toBeVisible();

    // The phone layout: nothing pushes the page sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("checkbox", { name: "Open on Monday" })).toBeVisible();
    // The shell folds its sidebar in after the resize: wait for the layout to settle, then nothing overflows.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Every change is in the audit trail, in words.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity" }).click();
    await page.getByRole("combobox", { name: "Admin", exact: true }).selectOption({ label: name });
    const entries = page.getByTestId("activity-entry");
    // Three changes here, and the admin's own sign-up (the first thing it did).
    await expect(entries).toHaveCount(4);
    await expect(entries.nth(3)).toContainText("Joined the team");
    await expect(entries.nth(0)).toContainText(
      `Reopened the studio from 24 Dec 2039 to 26 Dec 2039 (was: ${reason})`,
    );
    await expect(entries.nth(1)).toContainText(
      `Closed the studio from 24 Dec 2039 to 26 Dec 2039 (${reason})`,
    );
    await expect(entries.nth(2)).toContainText("Changed the opening hours and booking rules");
    await entries.nth(2).getByText("Details").click();
    await expect(entries.nth(2).getByRole("row", { name: /Sunday/ })).toContainText("closed");
    await expect(entries.nth(2).getByRole("row", { name: /Capacity/ })).toContainText("2");
    await page.getByLabel("Kind of record").selectOption({ label: "Closed dates" });
    await expect(entries).toHaveCount(2);
  } finally {
    const reset = await page.request.post("/trpc/schedule.update", { headers, data: DEFAULT_SCHEDULE });
    expect(reset.ok()).toBe(true);
  }
});
