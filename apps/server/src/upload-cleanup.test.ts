import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Logger } from "./logger";
import { createTestApp, type TestApp } from "./testing/test-app";
import { startUploadCleanup } from "./upload-cleanup";
import { fileForm, PDF_FILE } from "./upload-test-files";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function recordingLogger() {
  const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
  const log = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    lines.push({ level, msg, fields });
  const logger: Logger = { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
  return { logger, lines };
}

describe("startUploadCleanup", () => {
  it("removes an unattached upload on its schedule and logs what it did", async () => {
    const start = new Date("2031-05-01T10:00:00Z");
    t.harness.setNow(start);
    const res = await t.app.request("/api/upload/image", {
      method: "POST",
      body: fileForm(PDF_FILE, "a.pdf"),
    });
    const { reference } = ((await res.json()) as { data: { reference: string } }).data;
    const file = path.join(t.harness.uploadDir, reference.slice("/uploads/".length));
    expect(existsSync(file)).toBe(true);

    t.harness.setNow(new Date(start.getTime() + 25 * 3600_000));
    const { logger, lines } = recordingLogger();
    const schedule = startUploadCleanup(t.deps, logger, {
      firstRunMs: 5,
      intervalMs: 60_000,
      stopOnSignals: false,
    });
    try {
      await vi.waitFor(() => expect(lines.some((l) => l.msg === "upload clean-up")).toBe(true), {
        timeout: 5000,
      });
    } finally {
      schedule.stop();
    }
    expect(lines.find((l) => l.msg === "upload clean-up")?.fields).toMatchObject({ removed: 1 });
    expect(existsSync(file)).toBe(false);
    expect(await t.deps.db.upload.count()).toBe(0);
  });

  it("logs a failed pass as a warning instead of crashing", async () => {
    const { logger, lines } = recordingLogger();
    const broken = { ...t.deps, db: { ...t.deps.db, service: undefined } } as unknown as typeof t.deps;
    const schedule = startUploadCleanup(broken, logger, { firstRunMs: 60_000, stopOnSignals: false });
    await schedule.runNow();
    schedule.stop();
    expect(lines).toEqual([
      expect.objectContaining({ level: "warn", msg: "upload clean-up failed; will retry" }),
    ]);
  });
});
