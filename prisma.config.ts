// Prisma CLI configuration: no Rust engines; the provider follows DATABASE_URL.
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

const url = process.env.DATABASE_URL ?? "file:./data/studio.db";
const provider = /^postgres(ql)?:\/\//.test(url) ? "postgresql" : "sqlite";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", ".build", provider, "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations", provider) },
  async adapter() {
    return provider === "postgresql"
      ? new PrismaPg({ connectionString: url })
      : new PrismaBetterSQLite3({ url });
  },
});
