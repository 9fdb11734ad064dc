import { describe, expect, it } from "vitest";
import { dateOfDayNumber, dayNumberOf } from "./dates";
import { addDays, weekdayOf } from "./schemas/schedule";

const DAY_MS = 86_400_000;
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("calendar arithmetic", () => {
  it("numbers every day from 1600 to 2400 as Date does, and back", () => {
    const wrong: string[] = [];
    for (let ms = Date.UTC(1600, 0, 1); ms <= Date.UTC(2400, 11, 31); ms += DAY_MS) {
      const date = isoOf(ms);
      if (dayNumberOf(date) !== ms / DAY_MS || dateOfDayNumber(ms / DAY_MS) !== date) wrong.push(date);
    }
    expect(wrong).toEqual([]);
  });

  it("adds days across months, leap days, years and centuries, backwards too", () => {
    const cases: [string, number, string][] = [
      ["2024-02-28", 1, "2024-02-29"],
      ["2024-02-29", 1, "2024-03-01"],
      ["2023-02-28", 1, "2023-03-01"],
      ["2100-02-28", 1, "2100-03-01"],
      ["2000-02-28", 1, "2000-02-29"],
      ["2026-12-31", 1, "2027-01-01"],
      ["2027-01-01", -1, "2026-12-31"],
      ["2026-03-01", -1, "2026-02-28"],
      ["2026-11-29", 60, "2027-01-28"],
      ["2026-11-29", -3650, "2016-12-01"],
    ];
    for (const [date, days, expected] of cases) expect(addDays(date, days)).toBe(expected);
  });

  it("runs a day past its month's end on into the next month, as Date.UTC does", () => {
    expect(addDays("2026-02-30", 0)).toBe("2026-03-02");
    expect(dayNumberOf("2026-04-31")).toBe(dayNumberOf("2026-05-01"));
  });

  it("knows the weekday of every day, whatever the year", () => {
    const wrong: string[] = [];
    for (let ms = Date.UTC(1999, 0, 1); ms <= Date.UTC(2101, 0, 1); ms += DAY_MS)
      if (weekdayOf(isoOf(ms)) !== new Date(ms).getUTCDay()) wrong.push(isoOf(ms));
    expect(wrong).toEqual([]);
    expect(weekdayOf("1970-01-01")).toBe(4);
    expect(weekdayOf("1969-12-31")).toBe(3);
  });
});
