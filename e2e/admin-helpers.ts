/** Helpers of the back-office specs: REST shortcuts that create their own data, never relying on others'. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { TIME_SLOTS } from "@studio/validators";
import { expect, signInAsNewAdmin } from "./fixtures";

// A random far-future day per spec file; each call moves on one slot, so specs never fight over a slot.
let slotIndex = Math.floor(Math.random() * 5000) * TIME_SLOTS.length;

export function uniqueSlot(): { date: string; time: string } {
  const i = slotIndex++;
  const day = new Date(Date.UTC(2031, 0, 1) + Math.floor(i / TIME_SLOTS.length) * 86_400_000);
  return { date: day.toISOString().slice(0, 10), time: TIME_SLOTS[i % TIME_SLOTS.length]! };
}

export const uid = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A valid solid-colour PNG (the server decodes and re-encodes images, so it must be real). */
export function makePng(size = 16, rgb: [number, number, number] = [245, 158, 11]): Buffer {
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
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
export const PDF_BYTES = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

export async function adminSession(page: Page, name = "Eddie Editor") {
  const session = await signInAsNewAdmin(page, name);
  return { ...session, headers: { Authorization: `Bearer ${session.token}` } };
}

export async function createService(
  request: APIRequestContext,
  token: string,
  data: {
    title: string;
    price: number;
    category?: string;
    /** "1 hour" unless told ("2 days": a session of two days). */
    duration?: string;
    start_every_minutes?: 30 | 60;
  },
): Promise<{ id: number; title: string; price: number }> {
  const response = await request.post("/api/services", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      description: "Created by an e2e test",
      duration: "1 hour",
      category: "photography",
      features: [],
      ...data,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: number; title: string; price: number } }).data;
}

export async function uploadProof(
  request: APIRequestContext,
  name: string,
  mimeType: string,
  buffer: Buffer,
) {
  const response = await request.post("/api/upload/image", {
    multipart: { image: { name, mimeType, buffer } },
  });
  expect(response.ok()).toBe(true);
  const { url, data } = (await response.json()) as { url: string; data: { reference: string } };
  // The answer's url is a short-lived signed link that opens for the uploader; the booking keeps the reference.
  expect((await request.get(url)).status()).toBe(200);
  return data.reference;
}

export async function createBooking(
  request: APIRequestContext,
  data: {
    name: string;
    service_id: number;
    email?: string;
    phone?: string;
    image?: string | null;
    message?: string;
  },
): Promise<{ id: number; date: string; time: string }> {
  const slot = uniqueSlot();
  const response = await request.post("/api/bookings", {
    data: {
      email: `${data.name.toLowerCase().replace(/\W+/g, ".")}@client.e2e`,
      phone: "+1 555 0100",
      message: "",
      image: null,
      user_id: null,
      ...slot,
      ...data,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number; date: string; time: string } }).data;
}

export async function bookingStats(request: APIRequestContext, token: string) {
  const response = await request.get("/api/bookings/stats", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (
    (await response.json()) as {
      data: {
        total: number;
        pending: number;
        confirmed: number;
        completed: number;
        cancelled: number;
        withProof: number;
      };
    }
  ).data;
}

/** The Bookings page's counter: how many match the filter, of every booking the studio has. */
export async function expectShowing(page: Page, token: string, matching: number) {
  const { total } = await bookingStats(page.request, token);
  await expect(page.getByText(`Showing ${matching} of ${total} bookings`)).toBeVisible();
}

/** The figure of a stat card, by its label. */
export function statValue(page: Page, label: string) {
  return page.getByRole("group", { name: label, exact: true }).getByTestId("stat-value");
}

/** A folder as a shoot arrives from a card: two photos, a one-second film, and a file the camera left. */
export function shootFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "studio-shoot-"));
  writeFileSync(path.join(dir, "DSC_0001.png"), makePng(640, [40, 90, 140]));
  writeFileSync(path.join(dir, "DSC_0002.png"), makePng(640, [200, 120, 60]));
  writeFileSync(path.join(dir, ".DS_Store"), Buffer.from("Bud1"));
  // Debian's ffmpeg, as the server's processing uses it.
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=1"],
    ...["-c:v", "mpeg4", path.join(dir, "MVI_0003.mp4")],
  ]);
  return dir;
}
