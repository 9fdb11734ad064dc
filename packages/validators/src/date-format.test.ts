import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatInstant,
  formatLongDateTime,
  formatLongInstant,
  formatSessionTime,
  formatShortDate,
  formatTime,
  formatTimeRange,
  wallTime,
  zoneAbbreviation,
  elsewhereTime,
  zonePlace,
} from "./date-format";
import { zonedInstant } from "./schemas/schedule";

describe("calendar dates", () => {
  it("writes the long and the short date as the e-mails do", () => {
    expect(formatDate("2026-12-03")).toBe("Thursday, 3 December 2026");
    expect(formatShortDate("2026-12-03")).toBe("3 Dec 2026");
    expect(formatDate("2028-02-29")).toBe("Tuesday, 29 February 2028");
  });

  it("writes a closure's days as one day or a range", () => {
    expect(formatDateRange("2026-12-10", "2026-12-10")).toBe("10 Dec 2026");
    expect(formatDateRange("2026-12-24", "2027-01-02")).toBe("24 Dec 2026 – 2 Jan 2027");
  });

  it("answers text that is not a date as it is", () => {
    expect(formatDate("soon")).toBe("soon");
    expect(formatShortDate("2026-13-01")).toBe("2026-13-01");
  });
});

describe("12-hour times", () => {
  it.each([
    ["00:00", "12:00 AM"],
    ["00:30", "12:30 AM"],
    ["09:05", "9:05 AM"],
    ["11:59", "11:59 AM"],
    ["12:00", "12:00 PM"],
    ["12:30", "12:30 PM"],
    ["13:00", "1:00 PM"],
    ["23:59", "11:59 PM"],
  ])("%s is %s", (time, written) => {
    expect(formatTime(time)).toBe(written);
  });

  it("writes a slot, a range and a session's end", () => {
    expect(formatDateTime("2026-12-03", "14:00")).toBe("3 Dec 2026, 2:00 PM");
    expect(formatLongDateTime("2026-12-03", "10:00")).toBe("Thursday, 3 December 2026 at 10:00 AM");
    expect(formatTimeRange("11:00", "12:30")).toBe("11:00 AM – 12:30 PM");
  });
});

describe("moments on the studio's clock, never the machine's", () => {
  const instant = "2026-12-03T22:30:00.000Z";

  it("reads one instant on three zones' clocks, whatever TZ this process runs in", () => {
    expect(formatInstant(instant, "America/Los_Angeles")).toBe("3 Dec 2026, 2:30 PM");
    expect(formatInstant(instant, "Europe/London")).toBe("3 Dec 2026, 10:30 PM");
    expect(formatInstant(instant, "Asia/Kolkata")).toBe("4 Dec 2026, 4:00 AM");
    expect(formatLongInstant(instant, "Asia/Kolkata")).toBe("Friday, 4 December 2026 at 4:00 AM GMT+5:30");
  });

  it("names the zone in winter and summer", () => {
    expect(zoneAbbreviation("America/Los_Angeles", "2026-12-03T12:00:00Z")).toBe("PST");
    expect(zoneAbbreviation("America/Los_Angeles", "2026-07-03T12:00:00Z")).toBe("PDT");
  });

  it("follows the clock across daylight-saving changes", () => {
    // Los Angeles springs forward at 02:00 on 8 March 2026 and falls back at 02:00 on 1 November 2026.
    expect(formatInstant("2026-03-08T09:59:00Z", "America/Los_Angeles")).toBe("8 Mar 2026, 1:59 AM");
    expect(formatInstant("2026-03-08T10:00:00Z", "America/Los_Angeles")).toBe("8 Mar 2026, 3:00 AM");
    expect(formatInstant("2026-11-01T08:30:00Z", "America/Los_Angeles")).toBe("1 Nov 2026, 1:30 AM");
    expect(formatInstant("2026-11-01T09:30:00Z", "America/Los_Angeles")).toBe("1 Nov 2026, 1:30 AM");
    // London: midnight on the first day of summer time is still GMT; the session ends in BST.
    const start = zonedInstant("2026-03-29", "00:00", "Europe/London");
    const end = new Date(start.getTime() + 3 * 3_600_000);
    expect(
      formatSessionTime(wallTime(start, "Europe/London"), wallTime(end, "Europe/London"), "Europe/London"),
    ).toBe("12:00 AM – 4:00 AM GMT (Europe/London)");
  });

  it("writes midnight and noon of a moment on the 12-hour clock", () => {
    expect(formatInstant("2026-06-01T07:00:00Z", "America/Los_Angeles")).toBe("1 Jun 2026, 12:00 AM");
    expect(formatInstant("2026-06-01T19:00:00Z", "America/Los_Angeles")).toBe("1 Jun 2026, 12:00 PM");
  });
});

describe("a session's time where the visitor is", () => {
  // 10:00 in Kolhapur on 12 Dec 2026 (UTC+5:30) is 04:30 UTC.
  const session = "2026-12-12T04:30:00.000Z";

  it("reads the moment on the visitor's clock, with the day when it is another", () => {
    expect(elsewhereTime(session, "Asia/Kolkata", "Europe/London")).toBe("4:30 AM in London");
    expect(elsewhereTime(session, "Asia/Kolkata", "America/Los_Angeles")).toBe(
      "11 Dec, 8:30 PM in Los Angeles",
    );
  });

  it("says nothing when both clocks read the same", () => {
    expect(elsewhereTime(session, "Asia/Kolkata", "Asia/Calcutta")).toBeNull();
    expect(elsewhereTime(session, "Europe/London", "UTC")).toBeNull(); // GMT in December
  });

  it("names the place of a zone", () => {
    expect(["Europe/London", "America/Los_Angeles", "UTC"].map(zonePlace)).toEqual([
      "London",
      "Los Angeles",
      "UTC",
    ]);
  });
});
