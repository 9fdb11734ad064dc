/**
 * The client's self-service page (/manage/<token>), opened from the link the booking gives: move to
 * another free slot, cancel, the text after the change cut-off, and the pages for forged, expired and
 * used-up links.
 */
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { DEFAULT_STUDIO_TIMEZONE, MESSAGES, TIME_SLOTS } from "@studio/validators";
import { moveSessionIntoThePast } from "./db-helpers";
import { expect, test } from "./fixtures";
import { adminToken, bookSlot, serviceId, uid, uniqueDay } from "./site-helpers";

const m = MESSAGES.manage;
/** The demo studio's zone (STUDIO_TIMEZONE's default: the e2e server sets none). */
const ZONE = DEFAULT_STUDIO_TIMEZONE;

let token: string;
let portraitId: number;

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  portraitId = await serviceId(request, "Portrait Session");
});

/** An admin tRPC query over HTTP (what the back office's Outgoing mail page reads). */
async function adminQuery<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/**
 * Books a session as the site's booking form does and returns its manage link: the booking's answer gives it
 * (the same link the client's e-mail carries; the back office only ever sees it redacted).
 */
async function bookAndOpenMail(request: APIRequestContext, date: string, time: string) {
  const email = `client-${uid()}@client.e2e`;
  const response = await request.post("/trpc/bookings.create", {
    data: {
      name: "Casey Client",
      email,
      phone: "+1 555 0142",
      service_id: portraitId,
      date,
      time,
      message: "",
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const created = (
    (await response.json()) as {
      result: { data: { booking: { id: number }; manage_url: string | null } };
    }
  ).result.data;
  const link = created.manage_url;
  expect(link, "the manage link").toMatch(/^https?:\/\/[^\s>"]+\/manage\/[A-Za-z0-9_-]{43}$/);
  // The Outgoing mail page shows the client's message with the link redacted.
  const list = await adminQuery<{ items: Array<{ id: number; kind: string; recipients: string }> }>(
    request,
    "mail.list",
    { limit: 100 },
  );
  const mail = list.items.find((item) => item.kind === "booking.received" && item.recipients.includes(email));
  expect(mail, "the client's booking e-mail").toBeTruthy();
  const detail = await adminQuery<{ text: string }>(request, "mail.get", { id: mail?.id });
  expect(detail.text).toContain("/manage/•••");
  expect(detail.text).not.toContain(link ?? "");
  return { bookingId: created.booking.id, path: new URL(link ?? "").pathname, email };
}

async function axe(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return result.violations.map((v) => ({
    id: v.id,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
  }));
}

/** The studio's wall clock now: date and minutes since midnight. */
function studioNow(): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The next slot that starts at least 30 minutes from now (today or tomorrow): inside the 24-hour cut-off. */
function nextSlotWithinCutoff(): { date: string; time: string } {
  const now = studioNow();
  const today = TIME_SLOTS.find((slot) => Number(slot.slice(0, 2)) * 60 >= now.minutes + 30);
  if (today) return { date: now.date, time: today };
  const [y, mo, d] = now.date.split("-").map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(y, mo - 1, d + 1)).toISOString().slice(0, 10);
  return { date: tomorrow, time: TIME_SLOTS[0] };
}

test.describe("the client's manage page", () => {
  test("shows the booking and moves it to another free slot; the old slot is freed", async ({
    page,
    request,
  }) => {
    const from = uniqueDay();
    const to = uniqueDay();
    await bookSlot(request, to, "11:00", portraitId);
    const { path } = await bookAndOpenMail(request, from, "10:00");

    const answer = await page.goto(path);
    expect(answer?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello Casey, here is your session");
    await expect(page.getByTestId("manage-summary")).toContainText("Portrait Session");
    await expect(page.getByTestId("manage-time")).toContainText("10:00 AM");
    await expect(page.getByTestId("manage-time")).toContainText(ZONE);
    await expect(page.getByTestId("manage-status")).toHaveText("Awaiting confirmation");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

    await page.getByLabel("New date").fill(to);
    const taken = page.getByRole("radio", { name: /11:00 AM\s*,\s*Fully booked/ });
    await expect(taken).toBeDisabled();
    await page.getByText("2:00 PM", { exact: true }).click();
    await expect(page.getByRole("radio", { name: "2:00 PM", exact: true })).toBeChecked();
    await page.getByRole("button", { name: "Move my session" }).click();

    await expect(page.getByText(m.moved)).toBeVisible();
    await expect(page.getByTestId("manage-time")).toContainText("2:00 PM");
    await expect(page.getByRole("region", { name: "Changes" })).toContainText("Moved from");

    // The old slot is free again, the new one taken.
    const fromDay = await request.get(`/api/bookings/availability?date=${from}`);
    const slots = (
      (await fromDay.json()) as { data?: { slots: Array<{ time: string; available: boolean }> } }
    ).data?.slots;
    if (slots) expect(slots.find((s) => s.time === "10:00")?.available).toBe(true);
    const again = await request.post("/api/bookings", {
      data: {
        name: "Next",
        email: `n-${uid()}@client.e2e`,
        phone: "+1 555 0100",
        service_id: portraitId,
        date: from,
        time: "10:00",
        message: "",
      },
    });
    expect(again.status()).toBe(201);

    // A reload shows the new time: the link keeps working after a move.
    await page.reload();
    await expect(page.getByTestId("manage-time")).toContainText("2:00 PM");
  });

  test("cancels after a titled confirmation; the used-up link then says so and changes nothing", async ({
    page,
    request,
  }) => {
    const day = uniqueDay();
    const { path } = await bookAndOpenMail(request, day, "15:00");
    await page.goto(path);

    await page.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this booking?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Keep booking" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("manage-status")).toHaveText("Awaiting confirmation");

    await page.getByRole("button", { name: "Cancel booking" }).click();
    await page
      .getByRole("dialog", { name: "Cancel this booking?" })
      .getByRole("button", { name: "Cancel booking" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This booking has been cancelled");
    await expect(page.getByTestId("manage-status")).toHaveText("Cancelled");

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This booking has been cancelled");
    await expect(page.getByTestId("manage-problem")).toHaveText(m.bookingCancelled);
    await expect(page.getByRole("button", { name: "Move my session" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);

    // The slot is free for someone else.
    const next = await request.post("/api/bookings", {
      data: {
        name: "Next",
        email: `n-${uid()}@client.e2e`,
        phone: "+1 555 0100",
        service_id: portraitId,
        date: day,
        time: "15:00",
        message: "",
      },
    });
    expect(next.status()).toBe(201);
  });

  test("after the cut-off the page says how to reach the studio instead of offering changes", async ({
    page,
    request,
  }) => {
    const slot = nextSlotWithinCutoff();
    const { path } = await bookAndOpenMail(request, slot.date, slot.time);
    await page.goto(path);
    await expect(page.getByTestId("manage-cutoff")).toHaveText(m.cutoffPassed(24));
    const contact = page.getByTestId("manage-contact-studio");
    await expect(contact).toBeVisible();
    await expect(contact.getByRole("link").first()).toHaveAttribute("href", /^(tel|mailto):/);
    await expect(page.getByRole("button", { name: "Move my session" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  });

  test("the page, its slots and the cancel dialog have no accessibility violations", async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const { path } = await bookAndOpenMail(request, uniqueDay(), "12:00");
    await page.goto(path);
    await page.getByLabel("New date").fill(uniqueDay());
    await expect(page.getByRole("radio", { name: "9:00 AM", exact: true })).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByRole("dialog", { name: "Cancel this booking?" })).toBeVisible();
    expect(await axe(page)).toEqual([]);
  });

  test("a forged link gets a clear page", async ({ page }) => {
    await page.goto(`/manage/${randomBytes(32).toString("base64url")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
    await expect(page.getByTestId("manage-problem")).toHaveText(m.linkInvalid);
    await expect(page.getByTestId("manage-contact-studio")).toBeVisible();

    await page.goto("/manage/not-a-token");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
  });

  test("an expired link (the session is over) gets a clear page, and nothing changes", async ({
    page,
    request,
  }) => {
    const { path, bookingId } = await bookAndOpenMail(request, uniqueDay(), "09:00");
    // The session took place, and the studio marks it done.
    await moveSessionIntoThePast(bookingId);
    const done = await request.patch(`/api/bookings/${bookingId}/status`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { status: "completed" },
    });
    expect(done.status(), await done.text()).toBe(200);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired");
    await expect(page.getByTestId("manage-problem")).toHaveText(m.linkExpired);
    const cancel = await request.post(`/api/manage/${path.split("/").pop()}/cancel`);
    expect(cancel.status()).toBe(404);
    const booking = await request.get(`/api/bookings/${bookingId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await booking.json()) as { data: { status: string } }).data.status).toBe("completed");
  });
});
