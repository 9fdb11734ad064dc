/**
 * Another frontend, served from a second loopback origin, uses the REST API from the browser: CORS lets a listed
 * origin in (preflighted JSON and Authorization headers included) and keeps any other origin out.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PARTNER_PORT } from "../playwright.config";
import { expect, OWNER, test } from "./fixtures";

const API = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;

const page = (api: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Partner frontend</title></head>
<body><h1>Partner frontend</h1><output id="out">working</output>
<script>
(async () => {
  const out = document.getElementById("out");
  try {
    const services = await (await fetch("${api}/api/services")).json();
    const login = await fetch("${api}/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: ${JSON.stringify(OWNER.email)}, password: ${JSON.stringify(OWNER.password)} }),
    });
    const auth = await login.json();
    const me = await fetch("${api}/api/auth/me", { headers: { Authorization: "Bearer " + auth.token } });
    out.textContent = JSON.stringify({ services: services.data.length, login: login.status, me: me.status });
  } catch (error) {
    out.textContent = "blocked: " + error.message;
  }
})();
</script></body></html>`;

let partner: Server;
test.beforeAll(async () => {
  partner = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(page(API));
  });
  await new Promise<void>((resolve) => partner.listen(PARTNER_PORT, "127.0.0.1", resolve));
  expect((partner.address() as AddressInfo).port).toBe(PARTNER_PORT);
});
test.afterAll(async () => {
  await new Promise((resolve) => partner.close(resolve));
});

test("a frontend on an allowed origin reads services, signs in and calls an admin route", async ({
  page: tab,
}) => {
  await tab.goto(`http://127.0.0.1:${PARTNER_PORT}/`);
  await expect(tab.locator("#out")).not.toHaveText("working");
  const result = JSON.parse((await tab.locator("#out").textContent()) ?? "{}") as Record<string, number>;
  expect(result.services).toBeGreaterThan(0);
  expect(result).toMatchObject({ login: 200, me: 200 });
});

test("a page on any other origin is kept out by the browser", async ({ page: tab }) => {
  // Same server, another origin (localhost ≠ 127.0.0.1): not in CORS_ORIGINS.
  await tab.goto(`http://localhost:${PARTNER_PORT}/`);
  await expect(tab.locator("#out")).toHaveText(/^blocked: /);
});
