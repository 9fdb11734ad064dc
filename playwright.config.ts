import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/** E2E runs against the production build served by the real server, on a fresh SQLite database. */
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "studio-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
export const E2E_INVITE_CODE = "E2E-INVITE-CODE-2026";
/** A second loopback origin whose pages may call the API (CORS), served by e2e/cross-origin.spec.ts. */
export const PARTNER_PORT = port + 1000;
/**
 * A second instance of the product that sends its e-mail (e2e/gallery-delivery.spec.ts: a client follows the link
 * of a real message), to the SMTP server the spec starts on DELIVERY_SMTP_PORT. Its own database and uploads; the
 * main instance stays without a mail server (e2e/admin-mail.spec.ts).
 */
export const DELIVERY_PORT = port + 2000;
export const DELIVERY_SMTP_PORT = port + 2001;

export default defineConfig({
  testDir: "./e2e",
  // Runs on other ports (parallel runs of the same checkout) keep their results apart: each run clears its own.
  outputDir: port === 4173 ? "test-results" : `test-results-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "owner", testMatch: /owner\.setup\.ts/, use: { ...devices["Desktop Chrome"] } },
    {
      name: "chromium",
      testIgnore: /owner\.setup\.ts/,
      dependencies: ["owner"],
      use: { ...devices["Desktop Chrome"] },
    },
  ],
  webServer: [
    {
      // The built server, as `pnpm start` runs it (scripts/e2e.mjs builds it with the web app).
      command: "node apps/server/dist/main.js",
      url: `http://127.0.0.1:${port}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: `file:${path.join(dataDir, "studio.db")}`,
        UPLOAD_DIR: path.join(dataDir, "uploads"),
        JWT_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
        ADMIN_SIGNUP_CODE: E2E_INVITE_CODE,
        RATE_LIMIT: "off",
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        WEB_DIST: process.env.E2E_WEB_DIST ?? "apps/web/dist",
        CORS_ORIGINS: `http://127.0.0.1:${PARTNER_PORT}`,
        // The webhook specs' receiver listens on loopback.
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
        // The calendar sync spec's Radicale listens on loopback.
        CALDAV_ALLOW_PRIVATE_NETWORKS: "true",
      },
    },
    {
      // The instance that sends e-mail (DELIVERY_PORT above).
      command: "node apps/server/dist/main.js",
      url: `http://127.0.0.1:${DELIVERY_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(DELIVERY_PORT),
        HOST: "127.0.0.1",
        DATABASE_URL: `file:${path.join(dataDir, "delivery.db")}`,
        UPLOAD_DIR: path.join(dataDir, "delivery-uploads"),
        JWT_SECRET: "e2e-delivery-secret-e2e-delivery-secret-0123",
        RATE_LIMIT: "off",
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        WEB_DIST: process.env.E2E_WEB_DIST ?? "apps/web/dist",
        SMTP_URL: `smtp://127.0.0.1:${DELIVERY_SMTP_PORT}`,
        MAIL_FROM: "Studio <hello@studio.e2e>",
      },
    },
  ],
});
