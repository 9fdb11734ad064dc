/**
 * The analytics_rollups migration's backfill statements (between its "Backfill begin" and "Backfill end"
 * lines), read from the migration itself: the bench times exactly what the migration runs, and a test checks
 * they give the same rows as the triggers.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@studio/db";

export function backfillStatements(provider: "sqlite" | "postgresql"): string[] {
  const dir = path.join(REPO_ROOT, "prisma", "migrations", provider);
  const name = readdirSync(dir).find((d) => d.endsWith("_analytics_rollups"));
  if (!name) throw new Error(`no analytics_rollups migration in ${dir}`);
  const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
  // From the line after "Backfill begin" to the "Backfill end" line.
  const body = sql
    .split("-- Backfill begin")[1]
    ?.split("-- Backfill end")[0]
    ?.split("\n")
    .slice(1)
    .join("\n");
  if (!body) throw new Error("the analytics_rollups migration has no backfill markers");
  return body
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("--"))
    .join("\n")
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
}
