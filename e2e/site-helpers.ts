/** Helpers of the public-site specs: each test makes its own data through the REST API. */
import { deflateSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, INVITE_CODE } from "./fixtures";

export const SLOTS = [
  "09:00",
  "10:00",
  "11:00",
  "12:00",
  "13:00",
  "14:00",
  "15:00",
  "16:00",
  "17:00",
] as const;

// A random far-future day (2033+) per spec file, one new day per call: specs never fight over slots.
let dayIndex = Math.floor(Math.random() * 3000);
export function uniqueDay(): string {
  return new Date(Date.UTC(2033, 0, 1) + dayIndex++ * 86_400_000).toISOString().slice(0, 10);
}

export const uid = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** An admin token from the REST sign-up with the invite code. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/auth/register", {
    data: {
      name: "Site Tester",
      email: `site-${uid()}@studio.e2e`,
      password: "site-pass-123",
      invite_code: INVITE_CODE,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

export async function bookSlot(request: APIRequestContext, date: string, time: string, serviceId: number) {
  const response = await request.post("/api/bookings", {
    data: {
      name: "Slot Holder",
      email: `holder-${uid()}@client.e2e`,
      phone: "+1 555 0199",
      service_id: serviceId,
      date,
      time,
      message: "",
      image: null,
      user_id: null,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

export async function serviceId(request: APIRequestContext, title: string): Promise<number> {
  const response = await request.get("/api/services");
  const services = ((await response.json()) as { data: Array<{ id: number; title: string }> }).data;
  const found = services.find((s) => s.title === title);
  expect(found, `service ${title}`).toBeTruthy();
  return found!.id;
}

function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A real, small PNG (gradient) — the server decodes and re-encodes images. */
export function pngFile(size = 24): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: size }, (_, y) =>
    Buffer.concat([
      Buffer.from([0]),
      Buffer.from(Array.from({ length: size }, (_, x) => [x * 10, y * 10, 120]).flat()),
    ]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Console errors except the map tiles, which cannot be reached from the test machine. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (/ERR_NAME_NOT_RESOLVED|ERR_CONNECTION|ERR_INTERNET_DISCONNECTED|ERR_NETWORK_ACCESS_DENIED/.test(text))
      return;
    errors.push(text);
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

/** Scrolls through the whole page so lazy sections load and reveal animations finish. */
export async function scrollThrough(page: Page) {
  for (let i = 0; i < 60; i++) {
    const done = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(80);
    if (done) break;
  }
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1000);
}

/** Waits until the one-off entrance animations are over, so a click lands where the element rests. */
export async function settleAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
      .every((a) => a.playState === "finished"),
  );
}
