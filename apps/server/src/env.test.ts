import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

const base = { JWT_SECRET: "s".repeat(40), DATABASE_URL: "file:/tmp/studio-env-test.db" };

describe("environment validation at start-up", () => {
  it("refuses an invite code shorter than 16 characters, naming the variable", () => {
    expect(() => loadEnv({ ...base, ADMIN_SIGNUP_CODE: "SHORT-CODE-12" })).toThrow(
      /ADMIN_SIGNUP_CODE: must be at least 16 characters/,
    );
    expect(loadEnv({ ...base, ADMIN_SIGNUP_CODE: "A-LONG-ENOUGH-CODE" }).ADMIN_SIGNUP_CODE).toBe(
      "A-LONG-ENOUGH-CODE",
    );
  });

  it("takes the slow-client timeouts from the environment, with safe defaults", () => {
    const defaults = loadEnv(base);
    expect([defaults.HEADERS_TIMEOUT_MS, defaults.REQUEST_TIMEOUT_MS]).toEqual([10_000, 120_000]);
    const set = loadEnv({ ...base, HEADERS_TIMEOUT_MS: "2000", REQUEST_TIMEOUT_MS: "30000" });
    expect([set.HEADERS_TIMEOUT_MS, set.REQUEST_TIMEOUT_MS]).toEqual([2_000, 30_000]);
    expect(() => loadEnv({ ...base, REQUEST_TIMEOUT_MS: "0" })).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});
