import { startRadicale, type TestRadicale } from "@studio/api/testing/radicale";
import { MESSAGES } from "@studio/validators";
import { expect, OWNER, storeSession, test } from "./fixtures";

const t = MESSAGES.calendarSync.admin;
const m = MESSAGES.calendarSync;
let radicale: TestRadicale;

test.beforeAll(async () => {
  radicale = await startRadicale();
});
test.afterAll(async () => {
  await radicale?.stop();
});

test("calendar sync: the owner connects a CalDAV calendar on the Hours page; its busy event blocks a slot; bookings go there", async ({
  page,
}) => {
  const login = await page.request.post("/api/auth/login", {
    data: { email: OWNER.email, password: OWNER.password },
  });
  expect(login.status()).toBe(200);
  const session = (await login.json()) as { token: string; user: unknown };
  await storeSession(page, session);
  const headers = { authorization: `Bearer ${session.token}` };
  // A day 40 days ahead, 10:00–11:00 on the studio's clock (STUDIO_TIMEZONE, Asia/Kolkata by default).
  const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const availability = async () => {
    const response = await page.request.get(
      `/trpc/bookings.availability?input=${encodeURIComponent(JSON.stringify({ date }))}`,
    );
    const body = (await response.json()) as {
      result: { data: { slots: { time: string; reason: string | null }[] } };
    };
    return Object.fromEntries(body.result.data.slots.map((s) => [s.time, s.reason]));
  };
  /** The section at three widths; nothing pushes the page sideways. */
  const screens = async (state: string) => {
    for (const width of [1440, 768, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBeLessThanOrEqual(0);
      await page
        .getByRole("region", { name: t.title })
        .screenshot({ path: test.info().outputPath(`calendar-sync-${state}-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  };
  try {
    await page.goto("/admin/hours");
    const section = page.getByRole("region", { name: t.title });
    await expect(section.getByLabel(t.url)).toBeVisible();
    await screens("form");
    await section.getByLabel(t.url).fill(radicale.calendarUrl);
    await section.getByLabel(t.username).fill(radicale.username);
    await section.getByLabel(t.password).fill("not-the-password");
    await section.getByRole("button", { name: t.connect }).click();
    await expect(section.getByText(m.credentialsRefused)).toBeVisible();

    await section.getByLabel(t.password).fill(radicale.password);
    await section.getByRole("button", { name: t.connect }).click();
    await expect(page.getByText(m.connected)).toBeVisible();
    await expect(section.getByText(radicale.calendarUrl)).toBeVisible();
    await expect(section.getByRole("status")).toContainText(t.busyEvents(0));

    const day = date.replaceAll("-", "");
    await radicale.putObject(
      "e2e-busy",
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//E2E//Phone//EN",
        "BEGIN:VEVENT",
        "UID:e2e-busy@phone",
        "DTSTAMP:20260101T000000Z",
        `DTSTART;TZID=Asia/Kolkata:${day}T100000`,
        `DTEND;TZID=Asia/Kolkata:${day}T110000`,
        "SUMMARY:Dentist",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );
    expect((await availability())["10:00"]).toBeNull();
    await section.getByRole("button", { name: t.syncNow }).click();
    await expect(section.getByRole("status")).toContainText(t.busyEvents(1));
    expect((await availability())["10:00"]).toBe("busy");

    await page.reload();
    await expect(section.getByRole("status")).toContainText(t.busyEvents(1));
    await screens("connected");

    // A booking at 12:00 goes to the calendar as an event.
    const service = await page.request.get("/api/services");
    const services = ((await service.json()) as { data: { id: number }[] }).data;
    const booked = await page.request.post("/api/bookings", {
      data: {
        name: "Cal Sync",
        email: "cal.sync@client.e2e",
        phone: "+1 555 010 2040",
        service_id: services[0]!.id,
        date,
        time: "12:00",
        message: "",
      },
    });
    expect(booked.status()).toBe(201);
    const { id } = ((await booked.json()) as { data: { id: number } }).data;
    await expect.poll(async () => (await radicale.getObject(`studio-booking-${id}`)) !== null).toBe(true);

    await section.getByRole("button", { name: t.disconnect }).click();
    await page
      .getByRole("dialog", { name: t.disconnectTitle })
      .getByRole("button", { name: t.disconnect })
      .click();
    await expect(section.getByLabel(t.url)).toBeVisible();
    expect((await availability())["10:00"]).toBeNull();
  } finally {
    // Other specs book on this server: never leave a calendar connected.
    await page.request.post("/trpc/calendarSync.disconnect", { headers, data: {} });
  }
});
