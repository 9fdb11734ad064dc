/**
 * Hostile-input suite (property-based tests with fast-check, plus the auth and header matrices) against the
 * real app in-process: createTestApp() / createHarness() on a fresh database per file (PostgreSQL when
 * TEST_DATABASE_URL is set). Runs from the repository root with apps/server's vitest:
 *   pnpm --dir apps/server exec vitest run --root ../.. --config tests/props/vitest.config.ts
 * (A plain object rather than defineConfig: the repository root has no vitest of its own.)
 */
export default {
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["tests/props/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    setupFiles: ["tooling/vitest-fail-on-console.ts"],
  },
};
