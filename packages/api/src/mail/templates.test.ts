import { describe, expect, it } from "vitest";
import { sessionClock } from "./session-clock";
import { type BookingFacts, bookingMoved, type Message, studioBookingChanged, timeText } from "./templates";

describe("the session's time line", () => {
  it("names the zone, so nobody guesses", () => {
    expect(timeText(sessionClock("2030-11-04", "10:00", 60, "America/Los_Angeles"))).toBe(
      "10:00 AM – 11:00 AM PST (America/Los_Angeles)",
    );
  });

  it("reads the end on the clock after a daylight-saving change", () => {
    // Clocks go back at 02:00 PDT on 2030-11-03: four hours from 23:00 PDT end at 02:00 PST.
    expect(timeText(sessionClock("2030-11-02", "23:00", 240, "America/Los_Angeles"))).toBe(
      "11:00 PM – 2:00 AM PDT (America/Los_Angeles)",
    );
  });
});

describe("every date and time in the messages is written one way", () => {
  const facts: BookingFacts = {
    id: 7,
    name: "Ada",
    email: "ada@example.com",
    phone: "+1 555 0100",
    service: "Portrait",
    price: 1299,
    when: sessionClock("2026-12-10", "14:00", 120, "Europe/London"),
    message: null,
    hasProof: false,
  };
  const texts = (message: Message): string =>
    [message.subject, message.content.preview, ...message.content.blocks.map((b) => JSON.stringify(b))].join(
      "\n",
    );

  it("says where a moved session was in the same words as where it is now", () => {
    const moved = bookingMoved(facts, { date: "2026-12-03", time: "10:00" }, "https://studio.test/manage/x");
    const all = texts(moved);
    expect(all).toContain("It was on Thursday, 3 December 2026 at 10:00 AM before.");
    expect(all).toContain("Thursday, 10 December 2026");
    expect(all).toContain("2:00 PM – 4:00 PM GMT (Europe/London)");
    expect(moved.subject).toBe("New time: Portrait on 10 Dec 2026");
    expect(all).not.toMatch(/\d{4}-\d{2}-\d{2}|\b\d{1,2}:\d{2}\b(?! [AP]M)/);
  });

  it("tells the studio the old slot of a client's move the same way", () => {
    const all = texts(
      studioBookingChanged(facts, "moved", { date: "2026-12-03", time: "00:30" }, "https://a"),
    );
    expect(all).toContain("Thursday, 3 December 2026 at 12:30 AM");
    expect(all).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
