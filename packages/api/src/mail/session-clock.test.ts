import { formatDate, formatShortDate, formatTime, wallTime, zonedInstant } from "@studio/validators";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { sessionClock } from "./session-clock";

const ZONES = [
  "America/Los_Angeles",
  "Europe/London",
  "Asia/Kolkata",
  "Australia/Lord_Howe",
  "UTC",
  "America/St_Johns",
  "Pacific/Chatham",
  "America/Santiago",
];

/** Every 13th day of 2029–2031, and the daylight-saving days of the zones above. */
function days(): string[] {
  const out: string[] = [];
  for (let t = Date.UTC(2029, 0, 1); t < Date.UTC(2032, 0, 1); t += 13 * 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  // The changes of Los Angeles, London, Lord Howe, St. John's, Chatham and Santiago in 2030.
  return [
    ...out,
    ...["2030-03-10", "2030-11-03", "2030-03-31", "2030-10-27", "2030-04-07", "2030-10-06"],
    ...["2030-04-06", "2030-09-07", "2030-09-29"],
  ];
}

describe("wall time as the e-mails print it", () => {
  it("says what luxon's formats say, for every hour of many days in every kind of zone", () => {
    for (const zone of ZONES) {
      for (const date of days()) {
        for (let hour = 0; hour < 24; hour += 1) {
          const at = DateTime.fromISO(`${date}T${String(hour).padStart(2, "0")}:30`, { zone });
          const wall = wallTime(at.toJSDate(), zone);
          const where = `${zone} ${at.toISO()}`;
          expect(formatDate(wall), where).toBe(at.toFormat("cccc, d LLLL yyyy"));
          expect(formatShortDate(wall), where).toBe(at.toFormat("d LLL yyyy"));
          expect(formatTime(wall), where).toBe(at.toFormat("h:mm a"));
          expect(wall.zone, where).toBe(at.toFormat("ZZZZ"));
        }
      }
    }
  });

  it("starts a session at the instant its wall time names, and ends it the session's minutes later", () => {
    const clock = sessionClock("2030-07-02", "10:00", 195, "Europe/London");
    expect(clock.start.instant.toISOString()).toBe("2030-07-02T09:00:00.000Z");
    expect(clock.end.instant.toISOString()).toBe("2030-07-02T12:15:00.000Z");
    expect(formatTime(clock.end)).toBe("1:15 PM");
    expect(clock.start.zone).toBe("GMT+1");
  });
});

describe("zonedInstant", () => {
  it("agrees with luxon wherever a wall time happens exactly once", () => {
    for (const zone of ZONES) {
      for (const date of days()) {
        for (let hour = 0; hour < 24; hour += 1) {
          const time = `${String(hour).padStart(2, "0")}:15`;
          const luxon = DateTime.fromISO(`${date}T${time}`, { zone });
          // Skipped or repeated wall times are below; here only the times a clock shows once.
          if (luxon.toFormat("yyyy-MM-dd'T'HH:mm") !== `${date}T${time}`) continue;
          const repeated = luxon.minus({ hours: 1 }).toFormat("HH:mm") === time;
          const repeatedLater = luxon.plus({ hours: 1 }).toFormat("HH:mm") === time;
          if (repeated || repeatedLater) continue;
          expect(zonedInstant(date, time, zone).getTime(), `${zone} ${date} ${time}`).toBe(luxon.toMillis());
        }
      }
    }
  });

  it("moves a time the clocks skip forward by the gap: 02:30 on a spring-forward night is 03:30", () => {
    const at = zonedInstant("2030-03-10", "02:30", "America/Los_Angeles");
    expect(at.toISOString()).toBe("2030-03-10T10:30:00.000Z"); // 03:30 PDT
    expect(zonedInstant("2030-10-06", "02:15", "Australia/Lord_Howe").toISOString()).toBe(
      "2030-10-05T15:45:00.000Z", // 02:45 +11:00: Lord Howe skips half an hour
    );
  });

  it("answers a repeated question the same, with a Date of its own each time", () => {
    const first = zonedInstant("2030-03-10", "02:30", "America/Los_Angeles");
    first.setTime(0); // a caller changing its Date changes nothing for the next one
    const again = zonedInstant("2030-03-10", "02:30", "America/Los_Angeles");
    expect(again.toISOString()).toBe("2030-03-10T10:30:00.000Z");
    expect(zonedInstant("2030-03-10", "02:30", "Europe/London").toISOString()).toBe(
      "2030-03-10T02:30:00.000Z",
    );
  });

  it("takes the first of a time the clocks show twice", () => {
    const at = zonedInstant("2030-11-03", "01:30", "America/Los_Angeles");
    expect(at.toISOString()).toBe("2030-11-03T08:30:00.000Z"); // 01:30 PDT, not 01:30 PST
    expect(zonedInstant("2030-10-27", "01:30", "Europe/London").toISOString()).toBe(
      "2030-10-27T00:30:00.000Z", // 01:30 BST
    );
  });
});
