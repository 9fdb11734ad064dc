import { MESSAGES } from "@studio/validators";
import { adminSession, createBooking, createService, uid } from "./admin-helpers";
import { expect, test } from "./fixtures";

const t = MESSAGES.admin.equipment;

/** A random day of 2040 (specs never share one). */
function farDay(): string {
  const day = new Date(Date.UTC(2040, 0, 1) + Math.floor(Math.random() * 360) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

test("equipment on the Hours page: added, needed by a service, and a session that needs it holds it", async ({
  page,
}) => {
  const { token } = await adminSession(page, `Eli Equipment ${uid()}`);
  const tag = uid();
  const aerial = await createService(page.request, token, { title: `Aerial ${tag}`, price: 400 });
  const kit = `Drone kit ${tag}`;

  await page.goto("/admin/hours");
  const add = page.getByRole("form", { name: t.add });
  await add.getByLabel(t.count).fill("0");
  await add.getByLabel(t.name).fill(kit);
  await add.getByRole("button", { name: t.add }).click();
  await expect(add.getByText(MESSAGES.equipment.countInvalid)).toBeVisible();
  await add.getByLabel(t.count).fill("1");
  await add.getByRole("button", { name: t.add }).click();
  const list = page.getByRole("list", { name: t.title });
  await expect(list.getByText(`${kit} × 1`)).toBeVisible();

  await page.getByRole("button", { name: t.editLabel(kit) }).click();
  const dialog = page.getByRole("dialog", { name: t.editTitle(kit) });
  await dialog.getByRole("checkbox", { name: `Aerial ${tag}` }).check();
  await dialog.getByRole("button", { name: MESSAGES.admin.common.save }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByText(t.usedBy(`Aerial ${tag}`))).toBeVisible();

  // Two sessions of the service cannot overlap: the studio has one kit.
  const date = farDay();
  const first = await page.request.post("/api/bookings", {
    data: {
      name: "Ann",
      email: "ann@client.e2e",
      phone: "+1 555 0100",
      service_id: aerial.id,
      date,
      time: "10:00",
    },
  });
  expect(first.status()).toBe(201);
  const second = await page.request.post("/api/bookings", {
    data: {
      name: "Bo",
      email: "bo@client.e2e",
      phone: "+1 555 0100",
      service_id: aerial.id,
      date,
      time: "10:00",
    },
  });
  expect(second.status()).toBe(409);

  // The phone layout: nothing pushes the page sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/hours");
  await expect(list.getByText(`${kit} × 1`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});

test("the studio reschedules a booking from its details; the client's history says the studio moved it", async ({
  page,
}) => {
  const { token } = await adminSession(page, `Rae Reschedule ${uid()}`);
  const tag = uid();
  const service = await createService(page.request, token, { title: `Portrait ${tag}`, price: 200 });
  const booking = await createBooking(page.request, { name: `Cara ${tag}`, service_id: service.id });
  const target = farDay();

  await page.goto(`/admin/bookings?booking=${booking.id}`);
  const details = page.getByRole("dialog", { name: MESSAGES.admin.bookings.detailsTitle(booking.id) });
  await details.getByRole("button", { name: MESSAGES.admin.bookings.reschedule }).click();
  const move = page.getByRole("dialog", { name: MESSAGES.admin.bookings.rescheduleTitle(booking.id) });
  await move.getByLabel("Date").fill(target);
  await move.getByLabel("Time").selectOption("11:00");
  await move.getByRole("button", { name: MESSAGES.admin.bookings.rescheduleSubmit }).click();
  await expect(page.getByText(MESSAGES.booking.rescheduled)).toBeVisible();
  await expect(move).toBeHidden();

  const stored = await page.request.get(`/api/bookings/${booking.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await stored.json()) as { data: { date: string; time: string } }).data).toMatchObject({
    date: target,
    time: "11:00",
  });
  await expect(details.getByText(/moved/i).first()).toBeVisible();
});
