import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The app's bundle takes tus-js-client's browser build (its package's "browser" field); tests under jsdom
    // would otherwise get the Node build, which cannot read a File.
    alias: [
      {
        find: /^tus-js-client$/,
        replacement: fileURLToPath(
          new URL("./node_modules/tus-js-client/lib.esm/browser/index.js", import.meta.url),
        ),
      },
    ],
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.tsx", "src/**/*.test.ts"],
    setupFiles: ["./src/test/setup.ts", "../../tooling/vitest-fail-on-console.ts"],
    testTimeout: 20_000,
  },
});
