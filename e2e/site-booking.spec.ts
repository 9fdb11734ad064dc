import { formatDate, MESSAGES } from "@studio/validators";
import { expect, test } from "./fixtures";
import { adminToken, bookSlot, pngFile, serviceId, uid, uniqueDay, watchConsole } from "./site-helpers";

const c = MESSAGES.booking.confirmation;

/** "2045-03-04" as the site writes a calendar date: "Saturday, 4 March 2045" (the shared date module). */
const longDate = (date: string) => formatDate(date);

type Booking = {
  id: number;
  name: string;
  email: string;
  date: string;
  time: string;
  image: string | null;
  status: string;
};

async function findBooking(
  request: import("@playwright/test").APIRequestContext,
  token: string,
  email: string,
) {
  const response = await request.get(`/api/bookings`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const list = ((await response.json()) as { data: Booking[] }).data;
  return list.filter((b) => b.email === email);
}

test.describe("booking dialog", () => {
  test("books a session without a file, in four steps, once", async ({ page, request }) => {
    const errors = watchConsole(page);
    const email = `asha-${uid()}@client.e2e`;
    const date = uniqueDay();
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Book Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Book a Session" });
    await expect(dialog.getByRole("heading", { name: "Your Info" })).toBeVisible();

    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("Phone number is required")).toBeVisible();
    await dialog.getByLabel("Name").fill("Asha Rao");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Phone").fill("+91 98765 43210");
    await dialog.getByRole("button", { name: "Next" }).click();

    await expect(dialog.getByRole("heading", { name: "Schedule" })).toBeVisible();
    await dialog.getByLabel("Service").selectOption({ label: "Portrait Session — $299" });
    await expect(dialog.getByText("Final pricing may vary based on specific requirements.")).toBeVisible();
    const today = await dialog.getByLabel("Date").getAttribute("min");
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await dialog.getByLabel("Date").fill(date);
    await dialog.getByText("11:00 AM", { exact: true }).click();
    await dialog.getByRole("button", { name: "Next" }).click();

    await expect(dialog.getByRole("heading", { name: "Project Details" })).toBeVisible();
    await dialog.getByLabel("Message (optional)").fill("Portraits by the lake at golden hour.");
    await dialog.getByRole("button", { name: "Back" }).click();
    await expect(dialog.getByLabel("Date")).toHaveValue(date);
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("button", { name: "Next" }).click();

    await expect(dialog.getByRole("heading", { name: "Review" })).toBeVisible();
    await expect(dialog.getByText("Portrait Session", { exact: true })).toBeVisible();
    await expect(dialog.getByText("$299 USD")).toBeVisible();
    await dialog.getByRole("button", { name: "Confirm Booking" }).click();
    // The dialog turns into the booking's confirmation and stays until the visitor is done with it.
    const confirmation = dialog.getByTestId("booking-confirmation");
    await expect(confirmation.getByRole("heading", { name: c.title })).toBeVisible();
    await expect(confirmation.getByRole("status")).toHaveText(MESSAGES.booking.submitted);
    const row = (label: string) => confirmation.locator("dt", { hasText: label }).locator("+ dd");
    await expect(row(c.service)).toHaveText("Portrait Session");
    await expect(row(c.date)).toHaveText(longDate(date));
    // The demo studio is in Kolhapur: India Standard Time (English names it by its offset).
    await expect(row(c.time)).toHaveText(/^11:00 AM GMT\+5:30 \(Asia\/Kolkata\)$/);
    await expect(confirmation.getByText(c.email(email))).toBeVisible();
    await expect(confirmation.getByText(c.review)).toBeVisible();
    // Its manage link opens the booking's own page (and the dialog goes).
    await confirmation.getByRole("link", { name: c.manageLink }).click();
    await expect(page).toHaveURL(/\/manage\/[\w-]{43}$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("manage-date")).toHaveText(longDate(date));

    const token = await adminToken(request);
    const bookings = await findBooking(request, token, email);
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({
      name: "Asha Rao",
      date,
      time: "11:00",
      image: null,
      status: "pending",
    });
    expect(errors).toEqual([]);
  });

  test("books a session with a real PNG attached", async ({ page, request }) => {
    const email = `file-${uid()}@client.e2e`;
    await page.goto("/photography");
    await page.getByRole("button", { name: "Book a Consultation" }).click();
    const dialog = page.getByRole("dialog", { name: "Book a Session" });
    await dialog.getByLabel("Name").fill("Marcus Chen");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Phone").fill("+1 555 0142");
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByLabel("Service").selectOption({ label: "Product Photography — $199" });
    await dialog.getByLabel("Date").fill(uniqueDay());
    // A half day with set-up and pack-down (09:30–14:30 from 10:00): 2:00 PM would end after closing, and the
    // set-up of 9:00 AM would begin before the studio opens.
    await expect(dialog.getByRole("radio", { name: /2:00 PM\W+Ends after closing/ })).toBeDisabled();
    await expect(
      dialog.getByRole("radio", { name: /9:00 AM\W+Set-up starts before opening/ }),
    ).toBeDisabled();
    await dialog.getByText("10:00 AM", { exact: true }).click();
    await dialog.getByRole("button", { name: "Next" }).click();

    await dialog.getByLabel("Upload File (optional)").setInputFiles({
      name: "moodboard.png",
      mimeType: "image/png",
      buffer: pngFile(),
    });
    await expect(dialog.getByText("File uploaded successfully")).toBeVisible();
    await expect(dialog.getByText("moodboard.png")).toBeVisible({ timeout: 5000 });
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByText("moodboard.png")).toBeVisible();
    await dialog.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(dialog.getByRole("heading", { name: c.title })).toBeVisible();
    await dialog.getByRole("button", { name: c.done }).click();
    await expect(dialog).toBeHidden();

    const token = await adminToken(request);
    const [booking] = await findBooking(request, token, email);
    expect(booking?.image).toBeTruthy();
    const file = await request.get(booking!.image!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toMatch(/^image\//);
  });

  test("shows taken slots as unavailable and sends a slot taken meanwhile back to Schedule", async ({
    page,
    request,
  }) => {
    const date = uniqueDay();
    const portrait = await serviceId(request, "Portrait Session");
    await bookSlot(request, date, "10:00", portrait);

    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Book Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Book a Session" });
    await dialog.getByLabel("Name").fill("Late Comer");
    await dialog.getByLabel("Email").fill(`late-${uid()}@client.e2e`);
    await dialog.getByLabel("Phone").fill("+1 555 0100");
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByLabel("Service").selectOption({ label: "Portrait Session — $299" });
    await dialog.getByLabel("Date").fill(date);
    const taken = dialog.getByRole("radio", { name: /^10:00 AM\W+Fully booked$/ });
    await expect(taken).toBeDisabled();
    await expect(dialog.getByRole("radio", { name: "9:00 AM", exact: true })).toBeEnabled();

    await dialog.getByText("3:00 PM", { exact: true }).click();
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByRole("heading", { name: "Review" })).toBeVisible();
    // Somebody else takes 3 PM while the visitor reviews.
    await bookSlot(request, date, "15:00", portrait);
    await dialog.getByRole("button", { name: "Confirm Booking" }).click();

    await expect(dialog.getByRole("heading", { name: "Schedule" })).toBeVisible();
    await expect(
      dialog.getByText("This time slot is no longer available. Please choose another time."),
    ).toBeVisible();
    await expect(dialog.getByRole("radio", { name: /^3:00 PM\W+Fully booked$/ })).toBeDisabled();
    await dialog.getByText("4:00 PM", { exact: true }).click();
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(dialog.getByRole("heading", { name: c.title })).toBeVisible();
    await dialog.getByRole("button", { name: c.done }).click();
    await expect(dialog).toBeHidden();
  });

  test("Escape closes the dialog and every close starts it afresh", async ({ page }) => {
    await page.goto("/about");
    // A pointer reaches the page before it clicks: the page's deferred parts load on that first interaction.
    await page.mouse.move(200, 200);
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType("resource").some((e) => /\/assets\/footer-[\w-]+\.js$/.test(e.name)),
        ),
      )
      .toBe(true);
    await page.getByRole("banner").getByRole("button", { name: "Book Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Book a Session" });
    await dialog.getByLabel("Name").fill("Forgetful");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByRole("banner").getByRole("button", { name: "Book Now" }).click();
    await expect(page.getByRole("dialog", { name: "Book a Session" }).getByLabel("Name")).toHaveValue("");
  });
});
