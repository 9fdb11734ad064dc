import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { timeText, zoneAbbreviation } from "./templates";

describe("zone names in messages", () => {
  it("say what luxon's ZZZZ says, in every kind of zone and on both sides of a daylight-saving change", () => {
    const zones = ["America/Los_Angeles", "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"];
    for (const zone of zones) {
      for (const iso of ["2030-01-15T10:00", "2030-07-15T10:00", "2030-03-31T03:30", "2030-11-03T01:30"]) {
        const at = DateTime.fromISO(iso, { zone });
        expect(zoneAbbreviation(at), `${zone} ${iso}`).toBe(at.toFormat("ZZZZ"));
      }
    }
  });

  it("name the zone in the session's time line", () => {
    const start = DateTime.fromISO("2030-11-04T10:00", { zone: "America/Los_Angeles" });
    expect(timeText(start, start.plus({ hours: 1 }), "America/Los_Angeles")).toBe(
      "10:00 AM – 11:00 AM PST (America/Los_Angeles)",
    );
  });
});
