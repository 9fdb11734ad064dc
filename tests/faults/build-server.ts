/**
 * Global set-up of the fault suite: builds the server (apps/server/dist) once, so every scenario runs what
 * `pnpm start` runs in production (node on the built JavaScript), not the TypeScript sources through tsx.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export default function setup(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const built = spawnSync(process.execPath, ["apps/server/scripts/build.mjs"], {
    cwd: root,
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`building the server failed:\n${built.stdout}${built.stderr}`);
}
