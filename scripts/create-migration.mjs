// Creates prisma/migrations/<provider>/<timestamp>_<name>/migration.sql for both providers by diffing the
// models as of the last committed migration (read from git into prisma/.build/<provider>/applied.prisma)
// against the current models. Schema-to-schema, so no database or shadow database is needed: `prisma
// migrate dev` and `--from-migrations` need a native engine we cannot download. Commit each migration
// before creating the next one. Hand-written SQL (triggers, data fixes) is appended to the generated file.
// Usage: pnpm db:migration:create <name>
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildSchemas, PROVIDERS, schemaText } from "./prisma-schema.mjs";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_");
if (!name) {
  console.error("Usage: pnpm db:migration:create <name>");
  process.exit(1);
}
const git = (...args) => execFileSync("git", args, { encoding: "utf8" });
const scratch = mkdtempSync(path.join(os.tmpdir(), "studio-migration-"));
// The diff runs in memory; the CLI still wants a URL of the provider's kind.
const urls = {
  sqlite: `file:${path.join(scratch, "diff.db")}`,
  postgresql: process.env.MIGRATION_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
};

/** The models as they were when the provider's last migration was committed (null: no migration yet). */
function appliedModels(provider) {
  const dir = `prisma/migrations/${provider}`;
  const commit = git("log", "-1", "--format=%H", "--", dir).trim();
  if (!commit) return null;
  const files = git("ls-tree", "--name-only", commit, "prisma/models/").split("\n").filter(Boolean);
  return files
    .filter((f) => f.endsWith(".prisma"))
    .sort()
    .map((f) => git("show", `${commit}:${f}`))
    .join("\n");
}

try {
  buildSchemas();
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  for (const provider of PROVIDERS) {
    const migrationsDir = path.join("prisma", "migrations", provider);
    mkdirSync(migrationsDir, { recursive: true });
    const applied = appliedModels(provider);
    let from = ["--from-empty"];
    if (applied !== null && readdirSync(migrationsDir).length > 0) {
      const appliedPath = path.join("prisma", ".build", provider, "applied.prisma");
      writeFileSync(appliedPath, schemaText(provider, applied));
      from = ["--from-schema-datamodel", appliedPath];
    }
    const sql = execFileSync(
      "pnpm",
      [
        "exec",
        "prisma",
        "migrate",
        "diff",
        ...from,
        "--to-schema-datamodel",
        path.join("prisma", ".build", provider, "schema.prisma"),
        "--script",
      ],
      { env: { ...process.env, DATABASE_URL: urls[provider] }, encoding: "utf8" },
    );
    if (!sql.trim() || /^-- This is an empty migration/m.test(sql)) {
      console.log(`${provider}: no changes`);
      continue;
    }
    const dir = path.join(migrationsDir, `${stamp}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "migration.sql"), sql);
    console.log(`${provider}: wrote ${dir}/migration.sql`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
