/**
 * Delivering a shoot end to end (issue 30), on the instance that sends e-mail (playwright.config.ts:
 * DELIVERY_PORT, with a real SMTP server started here): the studio makes a gallery for a client's booking with a
 * download PIN and a selection limit, uploads the shoot's folder (two photos and a short film) and sees processing
 * finish live, sends the gallery; the client follows the link in the e-mail they received, chooses up to the
 * limit, enters the PIN, downloads a photo and the ZIP of favourites (its entries checked) and sends the
 * selection; the studio sees the selection and the downloads.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { startTestSmtp, type TestSmtp } from "@studio/api/testing/smtp";
import { MESSAGES } from "@studio/validators";
import { DELIVERY_PORT, DELIVERY_SMTP_PORT } from "../playwright.config";
import { shootFolder, uid } from "./admin-helpers";
import { expect, test } from "./fixtures";

const BASE = `http://127.0.0.1:${DELIVERY_PORT}`;
const PIN = "4821";
let smtp: TestSmtp;

test.beforeAll(async () => {
  smtp = await startTestSmtp({ port: DELIVERY_SMTP_PORT });
});
test.afterAll(async () => {
  await smtp?.close();
});

test("the studio sends a gallery; the client follows the e-mailed link, unlocks downloads with the PIN and sends a selection", async ({
  page,
  browser,
  request,
}) => {
  // Processing (sharp, ffmpeg) shares two cores with the browser and both servers.
  test.setTimeout(240_000);
  // The first account of this instance is its owner.
  const registered = await request.post(`${BASE}/api/auth/register`, {
    data: { name: "Delivery Owner", email: `owner-${uid()}@studio.e2e`, password: "owner-password" },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const session = (await registered.json()) as { token: string; user: unknown };
  // The client's booking, made on the site's booking form.
  const client = { name: "Ana Harbour", email: `ana-${uid()}@client.e2e` };
  const date = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  const booked = await request.post(`${BASE}/api/bookings`, {
    data: { ...client, phone: "+1 555 0142", service_id: 1, date, time: "10:00", message: "" },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = ((await booked.json()) as { data: { id: number } }).data.id;

  await page.goto(`${BASE}/admin/login`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem("adminToken", token);
    localStorage.setItem("adminUser", JSON.stringify(user));
  }, session);
  await page.goto(`${BASE}/admin/galleries`);
  await page.getByRole("button", { name: "New gallery" }).first().click();
  const form = page.getByRole("dialog", { name: "New gallery" });
  await form.getByLabel("Title").fill("Harbour wedding");
  await form.getByLabel("Booking number").fill(String(bookingId));
  await form.getByLabel("Download PIN").fill(PIN);
  await form.getByLabel("Selection limit").fill("1");
  await form.getByRole("button", { name: "Create gallery" }).click();
  await expect(page.getByRole("heading", { name: "Harbour wedding" })).toBeVisible();
  await expect(page.getByText(client.name).first()).toBeVisible();

  // The shoot's folder through the resumable uploader; processing finishes live.
  await page.getByLabel("Choose folder").setInputFiles(shootFolder());
  await expect(page.getByText("Uploaded: 3 of 3 files (100%)")).toBeVisible({ timeout: 30_000 });
  const items = page.getByRole("list", { name: "Photos and videos, in order" });
  await expect(items.getByTestId("processing-state").filter({ hasText: "Ready" })).toHaveCount(3, {
    timeout: 120_000,
  });

  // Sent to the client: a real message through the outbox and SMTP, to the booking's address.
  await page.getByRole("button", { name: "Send to client" }).click();
  await expect(page.getByText("Gallery sent to the client")).toBeVisible();
  // (The client also has the e-mail of their booking.)
  const galleryLink = () =>
    smtp.received
      .filter((m) => m.envelopeTo.includes(client.email))
      .map((m) => /https?:\/\/[^\s"<>]+\/g\/[A-Za-z0-9_-]{43}/.exec(m.text ?? "")?.[0])
      .find(Boolean) ?? null;
  await expect.poll(galleryLink, { timeout: 30_000, message: "the gallery e-mail" }).not.toBeNull();
  const link = galleryLink();
  expect(new URL(link!).origin).toBe(BASE);

  // The client, in a browser of their own, from the e-mail.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(link!);
  await expect(visitor.getByRole("heading", { name: "Harbour wedding" })).toBeVisible();
  const counter = visitor.getByTestId("favourite-counter");
  await visitor.getByRole("button", { name: "Add DSC_0002.png to favourites" }).click();
  await expect(counter).toHaveText(/1 of 1 chosen/);
  await visitor.getByRole("button", { name: "Add DSC_0001.png to favourites" }).click();
  await expect(visitor.getByText(MESSAGES.gallery.selectionFull(1))).toBeVisible();

  // Downloads wait for the PIN: a wrong one is refused, the right one unlocks them.
  await visitor.getByRole("button", { name: "Open DSC_0002.png" }).click();
  const lightbox = visitor.getByRole("dialog");
  await lightbox.getByRole("button", { name: "Download original" }).click();
  const pinDialog = visitor.getByRole("dialog", { name: "Download PIN" });
  await pinDialog.getByLabel("PIN").fill("0000");
  await pinDialog.getByRole("button", { name: "Unlock downloads" }).click();
  await expect(pinDialog.getByText(MESSAGES.gallery.pinWrong)).toBeVisible();
  await pinDialog.getByLabel("PIN").fill(PIN);
  await pinDialog.getByRole("button", { name: "Unlock downloads" }).click();
  await expect(pinDialog).toHaveCount(0);
  const [single] = await Promise.all([
    visitor.waitForEvent("download"),
    visitor.getByRole("dialog").getByRole("button", { name: "Download original" }).click(),
  ]);
  expect(single.suggestedFilename()).toBe("DSC_0002.jpg");
  const photo = readFileSync((await single.path())!);
  expect(photo.subarray(0, 3).toString("hex")).toBe("ffd8ff");
  await visitor.keyboard.press("Escape");

  const [archive] = await Promise.all([
    visitor.waitForEvent("download"),
    visitor.getByRole("button", { name: "Download favourites" }).click(),
  ]);
  const zipPath = (await archive.path())!;
  expect(execFileSync("unzip", ["-Z1", zipPath], { encoding: "utf8" }).trim().split("\n")).toEqual([
    "DSC_0002.jpg",
  ]);
  expect(execFileSync("unzip", ["-p", zipPath, "DSC_0002.jpg"]).equals(photo)).toBe(true);
  await visitor.getByRole("button", { name: "Send my selection" }).click();
  await expect(visitor.getByText(MESSAGES.gallery.selectionLocked)).toBeVisible();

  // The studio: the selection, and who downloaded what.
  await page.reload();
  await expect(page.getByRole("list", { name: "Chosen files" })).toHaveText("DSC_0002.png");
  const log = page.getByRole("region", { name: "Views and downloads" });
  await expect(log.getByText(/Opened/).first()).toBeVisible();
  await expect(log.getByText("Downloaded DSC_0002.png (original)")).toBeVisible();
  await expect(log.getByText("Downloaded ZIP of favourites")).toBeVisible();
});
