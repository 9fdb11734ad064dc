import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { durationMinutesOf, MIGRATED_DURATION_TEXTS } from "./session-length";

const MIGRATIONS = path.resolve(__dirname, "../../../../prisma/migrations");

function migrationOf(provider: string): string {
  const dir = readdirSync(path.join(MIGRATIONS, provider)).find((d) => d.endsWith("_service_durations"));
  if (!dir) throw new Error(`no service_durations migration for ${provider}`);
  return readFileSync(path.join(MIGRATIONS, provider, dir, "migration.sql"), "utf8");
}

describe("the migration that read duration texts into minutes", () => {
  for (const provider of ["sqlite", "postgresql"]) {
    it(`reads every listed text as durationMinutesOf does, and flags the rest (${provider})`, () => {
      const sql = migrationOf(provider);
      const cases = [...sql.matchAll(/WHEN '([^']+)' THEN (\d+)/g)].map(([, text, m]) => [text, Number(m)]);
      expect(cases.map(([text]) => text)).toEqual([...new Set(MIGRATED_DURATION_TEXTS)]);
      for (const [text, minutes] of cases)
        expect(durationMinutesOf(String(text)), String(text)).toBe(minutes);
      const notIn = /NOT IN \(([\s\S]*?)\);/.exec(sql)?.[1] ?? "";
      expect([...notIn.matchAll(/'([^']+)'/g)].map(([, text]) => text)).toEqual(cases.map(([text]) => text));
    });
  }
});
