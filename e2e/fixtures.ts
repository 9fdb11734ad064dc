import { test as base, expect, type Page } from "@playwright/test";

export const INVITE_CODE = "E2E-INVITE-CODE-2026";
export const OWNER = { name: "Olivia Owner", email: "owner@studio.e2e", password: "owner-pass-123" };

let counter = 0;

/** Signs up a fresh admin through the REST API (invite code) and stores the session like the login page does. */
export async function signInAsNewAdmin(page: Page, name = "Eddie Editor") {
  const email = `admin-${Date.now()}-${counter++}@studio.e2e`;
  const response = await page.request.post("/api/auth/register", {
    data: { name, email, password: "admin-pass-123", invite_code: INVITE_CODE },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { token: string; user: unknown };
  await storeSession(page, body);
  return { token: body.token, email };
}

/** Keeps a session in the browser the way the login page does (token and user in local storage). */
export async function storeSession(page: Page, session: { token: string; user: unknown }) {
  await page.goto("/admin/login");
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem("adminToken", token);
      localStorage.setItem("adminUser", JSON.stringify(user));
    },
    { token: session.token, user: session.user },
  );
}

/**
 * Public pages arrive prerendered and are inert until React has hydrated them; a person waits for the page
 * to come alive, so every `page.goto` of an app page waits for the mark main.tsx sets (not with JavaScript off).
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const html = response?.headers()["content-type"]?.includes("text/html") ?? false;
      if (javaScriptEnabled && html && options?.waitUntil !== "commit") {
        await page.waitForFunction(
          () => !document.getElementById("root") || document.documentElement.dataset.hydrated === "true",
          null,
          { timeout: 15_000 },
        );
      }
      return response;
    };
    await use(page);
  },
});
export { expect };
