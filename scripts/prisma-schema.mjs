// Assembles prisma/.build/<provider>/schema.prisma from the shared models and one datasource per provider
// (Prisma does not allow env() in `provider`).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PROVIDERS = ["sqlite", "postgresql"];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function buildSchemas() {
  const modelsDir = path.join(root, "prisma", "models");
  const models = readdirSync(modelsDir)
    .filter((f) => f.endsWith(".prisma"))
    .sort()
    .map((f) => readFileSync(path.join(modelsDir, f), "utf8"))
    .join("\n");
  for (const provider of PROVIDERS) {
    const outDir = path.join(root, "prisma", ".build", provider);
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, "schema.prisma"), schemaText(provider, models));
  }
}

/** One provider's schema: its datasource block followed by the shared models. */
export function schemaText(provider, models) {
  const datasource = readFileSync(path.join(root, "prisma", "datasource", `${provider}.prisma`), "utf8");
  return `${datasource}\n${models}`;
}
