// Creates prisma/migrations/<provider>/<timestamp>_<name>/migration.sql for both providers by diffing the
// models as of the last migration (prisma/.build/<provider>/applied.prisma, regenerated from git when
// missing) against the current models. `prisma migrate dev` needs a native engine we cannot download.
// Usage: pnpm db:migration:create <name>
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSchemas, PROVIDERS } from "./prisma-schema.mjs";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_");
if (!name) {
  console.error("Usage: pnpm db:migration:create <name>");
  process.exit(1);
}
const urls = {
  sqlite: "file:./data/studio.db",
  postgresql: process.env.MIGRATION_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
};
buildSchemas();
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
for (const provider of PROVIDERS) {
  const migrationsDir = path.join("prisma", "migrations", provider);
  mkdirSync(migrationsDir, { recursive: true });
  const hasMigrations = readdirSync(migrationsDir).some((d) =>
    existsSync(path.join(migrationsDir, d, "migration.sql")),
  );
  const from = hasMigrations ? ["--from-migrations", migrationsDir] : ["--from-empty"];
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
