// Generates one Prisma client per provider (SQLite and PostgreSQL) from the shared models.
import { execFileSync } from "node:child_process";
import { buildSchemas, PROVIDERS } from "./prisma-schema.mjs";

const sampleUrls = { sqlite: "file:./data/studio.db", postgresql: "postgresql://localhost:5432/studio" };
buildSchemas();
for (const provider of PROVIDERS) {
  execFileSync("pnpm", ["exec", "prisma", "generate"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATABASE_URL: sampleUrls[provider], PRISMA_HIDE_UPDATE_MESSAGE: "1" },
  });
  console.log(`prisma client generated for ${provider}`);
}
