import { expect, test } from "./fixtures";
import { adminSession, createBooking, createService, makePng, uid } from "./admin-helpers";

test("services: add with an uploaded image, edit, delete after confirmation", async ({ page }) => {
  await adminSession(page);
  const title = `E2E Aerial Survey ${uid()}`;
  await page.goto("/admin/services");
  await page.getByRole("button", { name: "Add Service" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Service" });
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();

  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("Mapped by drone, delivered in 48 hours.");
  await dialog.getByLabel("Price (USD)").fill("749.5");
  await dialog.getByLabel("Duration").fill("Half day");
  // A duration that names a length fills the session's minutes in.
  await expect(dialog.getByLabel("Session length (minutes)")).toHaveValue("240");
  await dialog.getByLabel("Buffer after (minutes)").fill("30");
  await dialog.getByLabel("Category").selectOption("drone-services");
  await dialog
    .getByLabel("Image", { exact: true })
    .setInputFiles({ name: "survey.png", mimeType: "image/png", buffer: makePng(32) });
  await expect(dialog.getByRole("img", { name: "Current media preview" })).toHaveAttribute(
    "src",
    /^\/uploads\/media\//,
  );
  await dialog.getByLabel("Features").fill("Orthophoto, 3D model\nLicensed pilot");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Service created successfully")).toBeVisible();

  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card).toContainText("$749.50");
  await expect(card).toContainText("Half day (+0 min before, 30 min after)");
  await expect(card).toContainText("Licensed pilot");
  const publicList = (await (await page.request.get("/api/services")).json()) as {
    data: { title: string; price: number; features: string[]; image: string }[];
  };
  const created = publicList.data.find((s) => s.title === title);
  expect(created).toMatchObject({ price: 749.5, features: ["Orthophoto", "3D model", "Licensed pilot"] });
  // REST answers absolute file URLs (the site itself stored the path).
  expect(created?.image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/media\//);

  await card.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Service" });
  await expect(edit.getByLabel("Title")).toHaveValue(title);
  await edit.getByLabel("Price (USD)").fill("799");
  await edit.getByRole("button", { name: "Update Service" }).click();
  await expect(edit).toBeHidden();
  await expect(card).toContainText("$799");

  await card.getByRole("button", { name: `Delete ${title}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete service" });
  await expect(confirm).toContainText(title);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: `Delete ${title}` }).click();
  await page.getByRole("dialog", { name: "Delete service" }).getByRole("button", { name: "Delete" }).click();
  await expect(card).toHaveCount(0);
  const after = (await (await page.request.get("/api/services")).json()) as { data: { title: string }[] };
  expect(after.data.some((s) => s.title === title)).toBe(false);
});

test("services are also managed from the dashboard grid", async ({ page }) => {
  await adminSession(page);
  const title = `E2E Dashboard Service ${uid()}`;
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("group", { name: "Total Services" }).getByTestId("stat-value")).toHaveText(
    /^\d+$/,
  );
  const before = Number(
    await page.getByRole("group", { name: "Total Services" }).getByTestId("stat-value").textContent(),
  );
  await page.getByRole("button", { name: "Add Service" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Service" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("From the dashboard");
  await dialog.getByLabel("Price (USD)").fill("10");
  await dialog.getByLabel("Duration").fill("1 hour");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(page.getByRole("article").filter({ hasText: title })).toBeVisible();
  await expect(page.getByRole("group", { name: "Total Services" }).getByTestId("stat-value")).toHaveText(
    String(before + 1),
  );
  await expect(page.getByRole("region", { name: "Recent Activity" })).toContainText(
    `Service added: ${title}`,
  );
});

test("portfolio: add with an image upload and tags, filter by category, edit, delete after confirmation", async ({
  page,
}) => {
  await adminSession(page);
  const title = `E2E Harbour ${uid()}`;
  await page.goto("/admin/portfolio");
  await page.getByRole("button", { name: "Add Item" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Item" });
  await dialog.getByRole("button", { name: "Create Item" }).click();
  await expect(dialog.getByText("Please enter a title")).toBeVisible();
  await expect(dialog.getByText("Please enter a description")).toBeVisible();

  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("Dawn over the harbour, shot from 120 m.");
  await dialog.getByLabel("Category").selectOption("drone-services");
  await dialog.getByLabel("Client").fill("Port Authority");
  await dialog.getByLabel("Location").fill("Kolhapur");
  await dialog.getByLabel("Date").fill("2026-03-14");
  await dialog.getByLabel("Tags").fill("aerial, dawn, sea, harbour, 4k");
  await dialog.getByLabel("Featured").check();
  await dialog
    .getByLabel("Media")
    .setInputFiles({ name: "harbour.png", mimeType: "image/png", buffer: makePng(24) });
  await expect(dialog.getByRole("img", { name: "Current media preview" })).toHaveAttribute(
    "src",
    /^\/uploads\/media\//,
  );
  await dialog.getByRole("button", { name: "Create Item" }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card).toContainText("Published");
  await expect(card).toContainText("Featured");
  await expect(card).toContainText("Drone Services");
  await expect(card).toContainText("Port Authority");
  await expect(card).toContainText("Kolhapur");
  await expect(card).toContainText("2026-03-14");
  await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
    "#aerial",
    "#dawn",
    "#sea",
    "+2",
  ]);
  await expect(card.getByRole("img", { name: title })).toBeVisible();
  // Published items are public.
  const publicItems = (await (await page.request.get("/api/portfolio")).json()) as
    | { data?: { title: string }[] }
    | { title: string }[];
  const list = Array.isArray(publicItems) ? publicItems : (publicItems.data ?? []);
  expect(list.some((i) => i.title === title)).toBe(true);

  await page.getByRole("button", { name: "Photography", exact: true }).click();
  await expect(card).toHaveCount(0);
  await page.getByRole("button", { name: "Drone Services", exact: true }).click();
  await expect(card).toBeVisible();

  await card.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Portfolio Item" });
  await edit.getByLabel("Status").selectOption("draft");
  await edit.getByRole("button", { name: "Update Item" }).click();
  await expect(edit).toBeHidden();
  await expect(card).toContainText("Draft");

  await card.getByRole("button", { name: `Delete ${title}` }).click();
  await page
    .getByRole("dialog", { name: "Delete portfolio item" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(card).toHaveCount(0);
});

test("services: one that bookings use is archived, not deleted, and the dialog says how many keep it", async ({
  page,
}) => {
  const { token, headers } = await adminSession(page);
  const title = `E2E Archived ${uid()}`;
  const service = await createService(page.request, token, { title, price: 450 });
  for (const name of ["Ada", "Bea"])
    await createBooking(page.request, { name: `${name} ${uid()}`, service_id: service.id });

  await page.goto("/admin/services");
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card).toContainText("2 bookings");
  await card.getByRole("button", { name: `Delete ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Archive service" });
  await expect(dialog).toContainText(`2 bookings use "${title}", so it cannot be deleted.`);
  await dialog.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText("Service archived: 2 bookings keep it.", { exact: false })).toBeVisible();

  // Listed apart, with Restore; gone from the site's offer; the bookings still show it.
  const archived = page.getByRole("region", { name: "Archived services" });
  await expect(archived.getByRole("article").filter({ hasText: title })).toContainText("Archived");
  const offered = (await (await page.request.get("/api/services")).json()) as { data: { id: number }[] };
  expect(offered.data.map((s) => s.id)).not.toContain(service.id);
  const bookings = (await (await page.request.get("/api/bookings", { headers })).json()) as {
    data: { service_id: number | null; service_title: string | null }[];
  };
  expect(bookings.data.filter((b) => b.service_id === service.id).map((b) => b.service_title)).toEqual([
    title,
    title,
  ]);

  await archived.getByRole("button", { name: `Restore ${title}` }).click();
  await expect(page.getByText("Service restored", { exact: false })).toBeVisible();
  await expect(page.getByRole("region", { name: "Archived services" })).toHaveCount(0);
  const again = (await (await page.request.get("/api/services")).json()) as { data: { id: number }[] };
  expect(again.data.map((s) => s.id)).toContain(service.id);
});
