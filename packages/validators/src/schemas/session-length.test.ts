import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  durationDaysOf,
  durationMinutesOf,
  MIGRATED_DURATION_TEXTS,
  migratedDayTexts,
  sessionLengthInWords,
} from "./session-length";

const MIGRATIONS = path.resolve(__dirname, "../../../../prisma/migrations");

function migrationOf(provider: string, name = "service_durations"): string {
  const dir = readdirSync(path.join(MIGRATIONS, provider)).find((d) => d.endsWith(`_${name}`));
  if (!dir) throw new Error(`no ${name} migration for ${provider}`);
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

describe("the migration that read texts naming several days into days", () => {
  for (const provider of ["sqlite", "postgresql"]) {
    it(`reads every listed text as durationDaysOf does (${provider})`, () => {
      const sql = migrationOf(provider, "service_days");
      const update = sql.slice(sql.indexOf("UPDATE"));
      const cases = [...update.matchAll(/WHEN '([^']+)' THEN (\d+)/g)].map(([, text, n]) => [
        text,
        Number(n),
      ]);
      expect(cases).toEqual(migratedDayTexts().map(([text, n]) => [text, n]));
      for (const [text, days] of cases) {
        expect(durationDaysOf(String(text)), String(text)).toBe(days);
        // The texts the first migration left unread: none of them names minutes.
        expect(durationMinutesOf(String(text)), String(text)).toBeNull();
      }
      const inList = /\bIN \(([\s\S]*?)\);/.exec(update)?.[1] ?? "";
      expect([...inList.matchAll(/'([^']+)'/g)].map(([, text]) => text)).toEqual(cases.map(([text]) => text));
    });
  }
});

describe("durations of several days", () => {
  it("reads counts of days in figures and words, and leaves one day and other lengths to the minutes", () => {
    expect(durationDaysOf("2 days")).toBe(2);
    expect(durationDaysOf(" 2 Shoot Days ")).toBe(2);
    expect(durationDaysOf("3-day shoot")).toBe(3);
    expect(durationDaysOf("two days")).toBe(2);
    expect(durationDaysOf("14 days")).toBe(14);
    expect(durationDaysOf("15 days")).toBeNull();
    expect(durationDaysOf("1 day")).toBeNull();
    expect(durationDaysOf("Full day")).toBeNull();
    expect(durationDaysOf("2 hours")).toBeNull();
    expect(durationDaysOf("a few days")).toBeNull();
  });

  it("says a length of several days in words", () => {
    expect(sessionLengthInWords(1, 90)).toBe("1 hour 30 minutes");
    expect(sessionLengthInWords(2, 480)).toBe("2 days");
    expect(sessionLengthInWords(3, 360)).toBe("3 days, 6 hours a day");
  });
});
