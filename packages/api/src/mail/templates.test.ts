import { describe, expect, it } from "vitest";
import { sessionClock } from "./session-clock";
import { timeText } from "./templates";

describe("the session's time line", () => {
  it("names the zone, so nobody guesses", () => {
    expect(timeText(sessionClock("2030-11-04", "10:00", 1, "America/Los_Angeles"))).toBe(
      "10:00 AM – 11:00 AM PST (America/Los_Angeles)",
    );
  });

  it("reads the end on the clock after a daylight-saving change", () => {
    // Clocks go back at 02:00 PDT on 2030-11-03: four hours from 23:00 PDT end at 02:00 PST.
    expect(timeText(sessionClock("2030-11-02", "23:00", 4, "America/Los_Angeles"))).toBe(
      "11:00 PM – 2:00 AM PDT (America/Los_Angeles)",
    );
  });
});
