import type { APIRequestContext } from "@playwright/test";
import { DEFAULT_SCHEDULE, MESSAGES, type ScheduleUpdateInput } from "@studio/validators";
import { expect, test } from "./fixtures";
import { adminToken, uid } from "./site-helpers";

const m = MESSAGES.schedule;

/** Changes the studio's booking rules through the admin's tRPC call (as the Hours page does). */
async function setSchedule(request: APIRequestContext, token: string, input: ScheduleUpdateInput) {
  const response = await request.post("/trpc/schedule.update", {
    headers: { Authorization: `Bearer ${token}` },
    data: input,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function trpcCall(request: APIRequestContext, token: string, path: string, input: unknown) {
  const response = await request.post(`/trpc/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: input,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { result: { data: Record<string, unknown> } }).result.data;
}

const closedSundays: ScheduleUpdateInput = {
  ...DEFAULT_SCHEDULE,
  weekly: DEFAULT_SCHEDULE.weekly.map((day, i) => (i === 0 ? { ...day, open: false } : day)),
};

/**
 * A random Sunday of the 2060s, years no other spec books in (the back-office specs fill 2031 to 2044, the
 * site's 2045 on for about eight years): the open Monday after it must have its slots free, and the closure
 * must not refuse another spec's booking.
 */
function randomSunday(): string {
  const day = new Date(Date.UTC(2060, 0, 1) + Math.floor(Math.random() * 3000) * 86_400_000);
  while (day.getUTCDay() !== 0) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function openSchedule(page: import("@playwright/test").Page) {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Book Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Book a Session" });
  await dialog.getByLabel("Name").fill("Asha Rao");
  await dialog.getByLabel("Email").fill(`asha-${uid()}@client.e2e`);
  await dialog.getByLabel("Phone").fill("+91 98765 43210");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByRole("heading", { name: "Schedule" })).toBeVisible();
  await dialog.getByLabel("Service").selectOption({ label: "Portrait Session — $299" });
  return dialog;
}

test.describe("opening hours on the public site", () => {
  test("closing Sundays disables Sunday in the booking dialog, and POST /api/bookings on a Sunday answers 400", async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const sunday = randomSunday();
    await setSchedule(request, token, closedSundays);
    try {
      const dialog = await openSchedule(page);
      await dialog.getByLabel("Date").fill(sunday);
      await expect(dialog.getByText(`Closed on Sundays. ${m.chooseAnotherDay}`)).toBeVisible();
      const slots = dialog.getByRole("group", { name: "Time" }).getByRole("radio");
      await expect(slots).toHaveCount(9);
      for (const slot of await slots.all()) await expect(slot).toBeDisabled();
      await dialog.getByRole("button", { name: "Next" }).click();
      await expect(dialog.getByText(m.closedDay)).toBeVisible();
      await expect(dialog.getByRole("heading", { name: "Schedule" })).toBeVisible();

      // Monday is open: its slots can be chosen again.
      await dialog.getByLabel("Date").fill(addDays(sunday, 1));
      await expect(dialog.getByRole("radio", { name: "11:00 AM" })).toBeEnabled();
      await expect(dialog.getByText(/Closed on Sundays/)).toHaveCount(0);

      const services = (await (await request.get("/api/services")).json()) as { data: { id: number }[] };
      const refused = await request.post("/api/bookings", {
        data: {
          name: "Sunday Client",
          email: `sunday-${uid()}@client.e2e`,
          phone: "+1 555 0100",
          service_id: services.data[0]?.id,
          date: sunday,
          time: "10:00",
        },
      });
      expect(refused.status()).toBe(400);
      expect(await refused.json()).toEqual({
        success: false,
        message: "The studio is closed on that day.",
        errors: { date: "The studio is closed on that day." },
      });
    } finally {
      await setSchedule(request, token, DEFAULT_SCHEDULE);
    }
  });

  test("a closure disables its days with its reason; the availability call reports it", async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const start = addDays(randomSunday(), 1);
    const reason = `Shoot away ${uid()}`;
    const closure = await trpcCall(request, token, "schedule.addClosure", {
      start,
      end: addDays(start, 2),
      reason,
    });
    try {
      const query = encodeURIComponent(JSON.stringify({ date: addDays(start, 1) }));
      const day = (await (await request.get(`/trpc/bookings.availability?input=${query}`)).json()) as {
        result: { data: { closed_reason: string; slots: { available: boolean; reason: string }[] } };
      };
      expect(day.result.data.closed_reason).toBe(`Closed: ${reason}`);
      expect(day.result.data.slots.every((s) => !s.available && s.reason === "closed")).toBe(true);

      const dialog = await openSchedule(page);
      await dialog.getByLabel("Date").fill(addDays(start, 2));
      await expect(dialog.getByText(`Closed: ${reason}. ${m.chooseAnotherDay}`)).toBeVisible();
      await expect(dialog.getByRole("radio", { name: /^11:00 AM\W+Closed$/ })).toBeDisabled();
      await dialog.getByLabel("Date").fill(addDays(start, 3));
      await expect(dialog.getByRole("radio", { name: "11:00 AM" })).toBeEnabled();
    } finally {
      await trpcCall(request, token, "schedule.removeClosure", { id: closure.id });
    }
  });
});
