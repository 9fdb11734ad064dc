/** Helpers of the public-site specs: each test makes its own data through the REST API. */
import { deflateSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, INVITE_CODE } from "./fixtures";

// A random far-future day (2045+) per spec file, one new day per call: specs never fight over slots. The
// back-office specs fill whole days slot by slot (admin-helpers' uniqueSlot, 2031 to late 2044); the days here
// come after theirs, or a booking test could pick a slot one of them already took.
let dayIndex = Math.floor(Math.random() * 3000);
export function uniqueDay(): string {
  return new Date(Date.UTC(2045, 0, 1) + dayIndex++ * 86_400_000).toISOString().slice(0, 10);
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

/**
 * Waits until the page rests: no one-off animation or transition is running (delays included) and no link or
 * button has moved for five frames in a row (reveals that an IntersectionObserver starts a frame later, lazy
 * sections and images that push the page down). Endless decorative loops do not count.
 */
export async function settleLayout(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        let last = "";
        let still = 0;
        const tick = () => {
          const busy = document
            .getAnimations()
            .some(
              (a) =>
                a.playState === "running" && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
            );
          const layout = [
            document.documentElement.scrollHeight,
            window.scrollY,
            ...Array.from(document.querySelectorAll("a, button"), (el) => {
              const r = el.getBoundingClientRect();
              return `${r.x},${r.y},${r.width},${r.height}`;
            }),
          ].join(";");
          still = !busy && layout === last ? still + 1 : 0;
          last = layout;
          if (still >= 5) resolve(true);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/**
 * The visible links and buttons whose centre, in the window, is not them: something else (fixed, floating or
 * stacked above) is hit there. Each is described with what covers it. What is not checked, and why:
 * - elements not rendered (display none, `hidden`, zero size) or `visibility: hidden`: nothing to cover;
 * - visually hidden elements (clipped to nothing, like the "Skip to content" link until it gets focus): they are
 *   for screen readers and keyboards, and draw nothing at their centre until focused;
 * - a centre outside the window, or cut off by an ancestor that clips its overflow (a carousel's other slides,
 *   a scrolled strip): that part of the element is not drawn, so it is not covered either;
 * - a centre behind the fixed site header: the page scrolls under the header by design (that is the content
 *   scrolled past, and every in-page link scrolls its target below the header); the header's own links are
 *   checked like everything else, so anything drawn over the header is still found.
 */
export async function findCoveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const nameOf = (el: Element | null): string => {
      if (!el) return "nothing";
      const label =
        el.getAttribute("aria-label") ?? (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      const href = el.getAttribute("href");
      const classes = typeof el.className === "string" ? el.className.split(" ").slice(0, 3).join(".") : "";
      return `<${el.tagName.toLowerCase()}${classes ? `.${classes}` : ""}> "${label}"${href ? ` (${href})` : ""}`;
    };
    const owner = (el: Element | null) =>
      el?.closest("a, button, [aria-label], nav, header, footer, section") ?? el;
    const header = Array.from(document.querySelectorAll("header")).find(
      (h) => getComputedStyle(h).position === "fixed",
    );
    const headerBottom = header ? header.getBoundingClientRect().bottom : 0;
    const clippedAt = (el: Element, x: number, y: number) => {
      for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX === "visible" && style.overflowY === "visible" && style.clipPath === "none")
          continue;
        const r = p.getBoundingClientRect();
        if (x < r.left || x >= r.right || y < r.top || y >= r.bottom) return true;
      }
      return false;
    };
    const offenders: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("a, button"))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(el);
      const visuallyHidden =
        (style.clip === "rect(0px, 0px, 0px, 0px)" || style.clipPath === "inset(50%)") &&
        rect.width <= 1 &&
        rect.height <= 1;
      if (visuallyHidden) continue;
      // Whole pixels inside the layout viewport (a centre at 1023.9 of 1024 hits nothing).
      const x = Math.floor(rect.left + rect.width / 2);
      const y = Math.floor(rect.top + rect.height / 2);
      const { clientWidth, clientHeight } = document.documentElement;
      if (x < 0 || y < 0 || x >= clientWidth || y >= clientHeight) continue;
      if (header && !header.contains(el) && y < headerBottom) continue;
      if (clippedAt(el, x, y)) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit))) continue;
      offenders.push(`${nameOf(el)} at (${x}, ${y}) is under ${nameOf(owner(hit))}`);
    }
    return offenders;
  });
}

/**
 * Text and form fields that a fixed or sticky element (other than the site header, see findCoveredControls)
 * draws over: their boxes, as far as they are drawn (inside the window and every ancestor that clips), must
 * not meet the floating element's box. This finds what the centre test cannot: a floating rail over a card's
 * heading, a button over the start of a line. Touching counts too: a floating element keeps at least
 * CLEARANCE_PX from the content (issue 29: the Share Feedback tab flush against the hero text at 390 px).
 * Text that is not shown (hidden, invisible, fully transparent like a hover-only caption) is not content a
 * floating element could hide.
 */
export async function findContentUnderFloating(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Box = { left: number; top: number; right: number; bottom: number };
    const { clientWidth, clientHeight } = document.documentElement;
    const meet = (a: Box, b: Box): Box => ({
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    });
    // Half a pixel of tolerance for rounding, after the floating box has grown by the clearance.
    const overlaps = (a: Box, b: Box) => {
      const m = meet(a, b);
      return m.right - m.left > 0.5 && m.bottom - m.top > 0.5;
    };
    const CLEARANCE_PX = 2;
    const grown = (r: DOMRect): Box => ({
      left: r.left - CLEARANCE_PX,
      top: r.top - CLEARANCE_PX,
      right: r.right + CLEARANCE_PX,
      bottom: r.bottom + CLEARANCE_PX,
    });
    const clipBoxes = new Map<Element, Box>();
    const drawnArea = (el: Element): Box => {
      const known = clipBoxes.get(el);
      if (known) return known;
      let box: Box = { left: 0, top: 0, right: clientWidth, bottom: clientHeight };
      const parent = el.parentElement;
      if (parent && parent !== document.documentElement) box = meet(box, drawnArea(parent));
      const style = getComputedStyle(el);
      if (style.overflowX !== "visible" || style.overflowY !== "visible" || style.clipPath !== "none")
        box = meet(box, el.getBoundingClientRect());
      clipBoxes.set(el, box);
      return box;
    };
    const header = Array.from(document.querySelectorAll("header")).find(
      (h) => getComputedStyle(h).position === "fixed",
    );
    const floating = Array.from(document.body.querySelectorAll<HTMLElement>("*")).filter((el) => {
      if (el === header) return false;
      const { position } = getComputedStyle(el);
      if (position !== "fixed" && position !== "sticky") return false;
      const rect = el.getBoundingClientRect();
      return rect.width > 1 && rect.height > 1 && el.checkVisibility({ visibilityProperty: true });
    });
    // Only the outermost floating boxes (a fixed panel, not also each of its parts).
    const floaters = floating.filter((el) => !floating.some((other) => other !== el && other.contains(el)));
    if (floaters.length === 0) return [];
    const nameOf = (el: Element) =>
      `<${el.tagName.toLowerCase()}> "${el.getAttribute("aria-label") ?? (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 30)}"`;

    const offenders: string[] = [];
    const check = (what: string, boxes: Box[], owner: Element) => {
      const area = drawnArea(owner);
      for (const floater of floaters) {
        if (floater.contains(owner)) continue;
        const over = grown(floater.getBoundingClientRect());
        if (boxes.some((b) => overlaps(meet(b, area), over))) {
          offenders.push(`${what} is under ${nameOf(floater)}`);
          return;
        }
      }
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? "").replace(/\s+/g, " ").trim();
      const parent = node.parentElement;
      if (!text || !parent) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      check(`text "${text.slice(0, 40)}"`, Array.from(range.getClientRects()), parent);
    }
    for (const field of Array.from(document.querySelectorAll("input, select, textarea"))) {
      if (!field.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const label = field.getAttribute("aria-label") ?? field.getAttribute("name") ?? field.id;
      check(`<${field.tagName.toLowerCase()}> "${label}"`, [field.getBoundingClientRect()], field);
    }
    return offenders;
  });
}

/**
 * What draws over the fixed site header (a map control, a card lifted on hover): the header is sampled every
 * 8 px across and at three heights, and each point must hit the header or something inside it.
 */
export async function findDrawnOverHeader(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = Array.from(document.querySelectorAll("header")).find(
      (h) => getComputedStyle(h).position === "fixed",
    );
    if (!header) return [];
    const box = header.getBoundingClientRect();
    const right = Math.min(box.right, document.documentElement.clientWidth);
    const found = new Map<Element, string>();
    for (const y of [box.top + 2, box.top + box.height / 2, box.bottom - 2]) {
      for (let x = Math.max(box.left, 0) + 2; x < right - 1; x += 8) {
        const hit = document.elementFromPoint(Math.floor(x), Math.floor(y));
        if (!hit || header.contains(hit) || found.has(hit)) continue;
        const classes =
          typeof hit.className === "string" ? hit.className.split(" ").slice(0, 3).join(".") : "";
        found.set(
          hit,
          `<${hit.tagName.toLowerCase()}${classes ? `.${classes}` : ""}> draws over the header at (${Math.floor(x)}, ${Math.floor(y)})`,
        );
      }
    }
    return [...found.values()];
  });
}
