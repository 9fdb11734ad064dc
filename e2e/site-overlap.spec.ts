import { LIST_DEFAULTS, PUBLIC_PAGE_PATHS } from "@studio/validators";
import { expect, test } from "./fixtures";
import {
  adminToken,
  findContentUnderFloating,
  findCoveredControls,
  findDrawnOverHeader,
  settleLayout,
} from "./site-helpers";

/**
 * Nothing fixed or floating may cover content or controls (issue 15): every public page is scrolled from top
 * to bottom at three widths, and at each stop every visible link and button must be the element hit at its
 * own centre (findCoveredControls), no text or form field may lie under a fixed or sticky element other
 * than the site header (findContentUnderFloating), and nothing may draw over the sticky header itself
 * (findDrawnOverHeader). What each check leaves out, and why, is written there (e2e/site-helpers.ts).
 */
const PAGES = PUBLIC_PAGE_PATHS;

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];

// A 110-character word, as the public forms and the back office accept it (issue 29: such a service title
// made the home page 1,500 px wide at 390, which pushed text under the Share Feedback tab).
const LONG = "Bartholomew".repeat(10);

// The home page at its fullest: a testimonial carousel with every dot the section shows, one reviewer and one
// service with a long unbroken name.
test.beforeAll(async ({ request }) => {
  const token = await adminToken(request);
  const service = await request.post("/api/services", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: LONG,
      description: `${LONG} ${LONG}`,
      price: 1299,
      duration: "1 hour",
      category: "photography",
      features: [LONG],
    },
  });
  expect(service.status(), await service.text()).toBe(201);
  for (let i = 0; i < LIST_DEFAULTS.approvedTestimonials; i++) {
    const created = await request.post("/api/feedback", {
      data: {
        name: i === LIST_DEFAULTS.approvedTestimonials - 1 ? LONG : `Overlap Reviewer ${i + 1}`,
        email: `overlap-${i}@client.e2e`,
        rating: 5,
        message: "Wonderful team, beautiful pictures, delivered on time.",
        service_category: "photography",
      },
    });
    expect(created.status()).toBe(201);
    const { data } = (await created.json()) as { data: { id: number } };
    const approved = await request.patch(`/api/feedback/${data.id}/status`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { status: "approved" },
    });
    expect(approved.status()).toBe(200);
  }
});

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of PAGES) {
      test(`nothing fixed or floating covers content or controls on ${path}`, async ({ page }) => {
        test.setTimeout(180_000);
        await page.goto(path);
        // A first pointer movement loads what waits for the visitor (floating buttons, footer, map). The
        // pointer then rests in the top-right corner, over the header's empty padding, so hover effects
        // never change what is measured.
        await page.mouse.move(viewport.width / 2, viewport.height / 2);
        await page.mouse.move(viewport.width - 2, 2);
        await settleLayout(page);

        const offenders: string[] = [];
        // Half a window per step: every control is looked at in at least two places on the screen.
        for (let stop = 0; stop < 200; stop++) {
          await page.evaluate((step) => window.scrollTo(0, step * Math.round(window.innerHeight / 2)), stop);
          // Sections and images that load on the way may still grow the page: the end is known once it rests.
          await settleLayout(page);
          const { y, end, wider } = await page.evaluate(() => ({
            y: Math.round(window.scrollY),
            end: window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
            wider: document.documentElement.scrollWidth - window.innerWidth,
          }));
          if (wider > 0) offenders.push(`scrollY ${y}: the page is ${wider} px wider than the window`);
          for (const covered of await findCoveredControls(page)) offenders.push(`scrollY ${y}: ${covered}`);
          for (const covered of await findContentUnderFloating(page))
            offenders.push(`scrollY ${y}: ${covered}`);
          for (const over of await findDrawnOverHeader(page)) offenders.push(`scrollY ${y}: ${over}`);
          if (end) break;
        }
        expect(offenders).toEqual([]);
      });
    }
  });
}
