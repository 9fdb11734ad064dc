import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["../../tooling/vitest-fail-on-console.ts"],
  },
});
