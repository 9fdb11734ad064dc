/**
 * Fault-injection suite: each file starts the real server (the built apps/server/dist, as `pnpm start` runs it)
 * as a child process (several times), so files run one after another. `pnpm test:faults` runs it from the repository root with apps/server's vitest.
 * (A plain object rather than defineConfig: the repository root has no vitest of its own.)
 */
export default {
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["tests/faults/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    setupFiles: ["tooling/vitest-fail-on-console.ts"],
    globalSetup: ["tests/faults/build-server.ts"],
  },
};
