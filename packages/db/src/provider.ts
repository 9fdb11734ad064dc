import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type DbProvider = "sqlite" | "postgresql";

export const DEFAULT_DATABASE_URL = "file:./data/studio.db";

function findRepoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "pnpm-workspace.yaml"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the repository root (pnpm-workspace.yaml)");
    dir = parent;
  }
  return dir;
}

export const REPO_ROOT = findRepoRoot();

export function detectProvider(url: string): DbProvider {
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  if (url.startsWith("file:")) return "sqlite";
  throw new Error(
    `DATABASE_URL must be a file: URL (SQLite) or a postgres:// URL, got "${url.split(":")[0]}:…"`,
  );
}

/** Absolute path of a SQLite file URL; relative paths are taken from the repository root. */
export function sqlitePath(url: string): string {
  const file = url.replace(/^file:/, "").replace(/\?.*$/, "");
  return path.isAbsolute(file) ? file : path.resolve(REPO_ROOT, file);
}
