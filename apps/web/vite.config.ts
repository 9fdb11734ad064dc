import { createRequire } from "node:module";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { prerenderPlugin } from "./scripts/prerender.ts";

const api = process.env.VITE_API_PROXY ?? "http://127.0.0.1:3000";

// react-router publishes its production build separately and its package exports always pick the
// development one; point the bundle at the production files (smaller, no dev warnings).
const require = createRequire(import.meta.url);
const reactRouter = path.dirname(
  require.resolve("react-router/package.json", {
    paths: [path.dirname(require.resolve("react-router-dom/package.json"))],
  }),
);

export default defineConfig(({ command, isSsrBuild }) => ({
  // The build prerenders every public page afterwards (scripts/prerender.ts): HTML, Open Graph images, JS budget.
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [prerenderPlugin()])],
  resolve: {
    alias:
      command === "build"
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouter, "dist/production/index.mjs") },
            {
              find: /^react-router\/dom$/,
              replacement: path.join(reactRouter, "dist/production/dom-export.mjs"),
            },
          ]
        : [],
  },
  server: {
    port: 5173,
    proxy: { "/trpc": api, "/api": api, "/uploads": api, "/health": api },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // No generic dependency-preload helper in the entry (it costs ~0.6 KB gzip, mostly a table of every
    // lazy chunk's dependencies): the site starts the few lazy loads that matter together itself (see
    // site/home/deferred-sections.tsx and site/dialogs.tsx). CSS of lazy chunks is still loaded with them.
    modulePreload: false,
    // Read by the prerender step (which chunks a page preloads) and the JavaScript budget.
    manifest: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              // The entry (src/main.tsx) starts the app in steps, each its own task (see there): React, its DOM
              // renderer and the small dynamic-import helper in one chunk, everything the app starts with
              // (src/app/start.tsx and its static imports, which the group takes along) in another: few requests,
              // good compression. Lazily loaded parts (each page, the footer, dialogs) keep their own chunks, and
              // each prerendered page preloads both and the ones it hydrates with (scripts/prerender.ts).
              groups: [
                {
                  name: "react",
                  test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]|vite[\\/]preload-helper/,
                  priority: 3,
                },
                { name: "app", test: /[\\/]src[\\/]app[\\/]start\.tsx$/, priority: 2 },
              ],
            },
          },
        },
  },
}));
