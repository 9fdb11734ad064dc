// Builds the web app and the server, then runs Playwright (Debian chromium) against the production build served by
// the built server (`--no-build` reuses the last builds).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(chrome)) {
  console.error(
    `Chromium not found at ${chrome}. Install it with: apt-get install -y chromium (or set CHROME_PATH).`,
  );
  process.exit(1);
}
if (!process.argv.includes("--no-build")) {
  // E2E_WEB_DIST builds into a separate folder so parallel runs do not overwrite each other's build.
  const outDir = process.env.E2E_WEB_DIST
    ? ["--outDir", path.resolve(process.env.E2E_WEB_DIST), "--emptyOutDir"]
    : [];
  const build = spawnSync("pnpm", ["--filter", "@studio/web", "exec", "vite", "build", ...outDir], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const server = spawnSync(process.execPath, ["apps/server/scripts/build.mjs"], { stdio: "inherit" });
  if (server.status !== 0) process.exit(server.status ?? 1);
}
const args = process.argv.slice(2).filter((a) => a !== "--no-build");
const run = spawnSync("pnpm", ["exec", "playwright", "test", ...args], { stdio: "inherit" });
process.exit(run.status ?? 1);
