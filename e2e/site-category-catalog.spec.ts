import type { APIRequestContext } from "@playwright/test";
import { MESSAGES } from "@studio/validators";
import { expect, test } from "./fixtures";
import { adminToken, settleAnimations, uid, watchConsole } from "./site-helpers";

/**
 * Issue 26, part 2: the category pages sell what the back office knows. Their services, prices and portfolio are
 * the database's, in the HTML the server sends (read here without JavaScript), and follow every change at once.
 */

/** A page's HTML as a visitor without JavaScript gets it, as text (a card reads "$299 Portrait Session …"). */
async function served(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  const html = await res.text();
  return html
    .slice(html.indexOf('<div id="root">'))
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");
}

type Service = {
  id: number;
  title: string;
  description: string;
  price: number;
  duration: string | null;
  category: string;
  image: string | null;
  features: string[];
};

test("a service renamed, repriced and removed through REST, and a portfolio item set to Draft, show in the served HTML at once", async ({
  request,
}) => {
  const auth = { Authorization: `Bearer ${await adminToken(request)}` };
  const title = `Newborn Session ${uid()}`;
  const body = {
    title,
    description: "Soft light at home.",
    price: 321,
    duration: "2 hours",
    category: "photography",
    features: ["Home visit"],
  };
  const created = await request.post("/api/services", { headers: auth, data: body });
  expect(created.status()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  expect(await served(request, "/photography")).toContain(`$321 ${title}`);

  const renamed = `${title} Deluxe`;
  const put = await request.put(`/api/services/${id}`, {
    headers: auth,
    data: { ...body, title: renamed, price: 345 },
  });
  expect(put.status()).toBe(200);
  const after = await served(request, "/photography");
  expect(after).toContain(`$345 ${renamed}`);
  expect(after).not.toContain("$321");

  expect((await request.delete(`/api/services/${id}`, { headers: auth })).status()).toBe(200);
  expect(await served(request, "/photography")).not.toContain(renamed);

  const item = { title: `Rooftop Session ${uid()}`, description: "A night shoot.", category: "videography" };
  const posted = await request.post("/api/portfolio", {
    headers: auth,
    data: { ...item, status: "published" },
  });
  expect(posted.status()).toBe(201);
  const itemId = ((await posted.json()) as { data: { id: number } }).data.id;
  expect(await served(request, "/videography")).toContain(item.title);
  const draft = await request.put(`/api/portfolio/${itemId}`, {
    headers: auth,
    data: { ...item, status: "draft" },
  });
  expect(draft.status()).toBe(200);
  expect(await served(request, "/videography")).not.toContain(item.title);
  await request.delete(`/api/portfolio/${itemId}`, { headers: auth });
});

test("Book Now on a service card opens the booking form with that service chosen", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/drone-services");
  await settleAnimations(page);
  const card = page
    .locator("#services article")
    .filter({ has: page.getByRole("heading", { name: "Agricultural Survey", exact: true }) });
  await expect(card).toContainText("$799");
  await card.getByRole("button", { name: "Book Now: Agricultural Survey" }).click();
  const dialog = page.getByRole("dialog", { name: "Book a Session" });
  await dialog.getByLabel("Name").fill("Ann Field");
  await dialog.getByLabel("Email").fill(`ann-${uid()}@client.e2e`);
  await dialog.getByLabel("Phone").fill("+1 555 0142");
  await dialog.getByRole("button", { name: "Next" }).click();
  const service = dialog.getByLabel("Service");
  await expect(service.locator("option:checked")).toHaveText("Agricultural Survey — $799");
  expect(errors).toEqual([]);
});

test("a category without a published service says so and offers the contact page", async ({
  page,
  request,
}) => {
  const auth = { Authorization: `Bearer ${await adminToken(request)}` };
  const all = (
    (await (await request.get("/api/services/category/cinematography")).json()) as { data: Service[] }
  ).data;
  expect(all.length).toBeGreaterThan(0);
  for (const s of all)
    expect((await request.delete(`/api/services/${s.id}`, { headers: auth })).status()).toBe(200);
  try {
    const text = await served(request, "/cinematography");
    expect(text).toContain(MESSAGES.service.noneInCategory("Cinematography"));
    expect(text).not.toMatch(/\$\d/);

    await page.goto("/cinematography");
    const services = page.locator("#services");
    await expect(services.getByText(MESSAGES.service.noneInCategory("Cinematography"))).toBeAttached();
    await expect(services.getByRole("button", { name: /^Book Now/ })).toHaveCount(0);
    await services.getByRole("link", { name: MESSAGES.service.noneInCategoryLink }).click();
    await expect(page).toHaveURL(/\/contact$/);
  } finally {
    // Put the studio's offer back (as new records, in the same order), for the pages' other tests.
    for (const { id: _id, ...s } of all) {
      const res = await request.post("/api/services", {
        headers: auth,
        data: { ...s, image: s.image ?? "" },
      });
      expect(res.status()).toBe(201);
    }
  }
  expect(await served(request, "/cinematography")).toContain("$5,999 Feature Film");
});
