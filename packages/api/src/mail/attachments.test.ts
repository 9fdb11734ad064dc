import { describe, expect, it } from "vitest";
import { attachmentFiles, storedCalendar } from "./attachments";
import { buildCalendar, type CalendarInput } from "./ics";

const input: CalendarInput = {
  studioName: "Studio",
  organizerEmail: "hello@studio.test",
  timeZone: "Europe/London",
  method: "request",
  stamp: new Date("2030-06-01T08:00:00.000Z"),
  events: [
    {
      uid: "booking-7@studio.test",
      sequence: 2,
      date: "2030-06-10",
      time: "10:00",
      minutes: 120,
      summary: "Portraits with Studio",
      description: "Booking #7",
      location: "1 High Street, London",
      url: null,
      status: "confirmed",
      attendee: { name: "Ann Lee", email: "ann@client.test" },
    },
  ],
};

describe("stored attachments", () => {
  it("write a stored calendar out as the same .ics, after a trip through JSON (the column)", () => {
    const stored = JSON.parse(
      JSON.stringify([
        { filename: "invite.ics", contentType: "text/calendar", calendar: storedCalendar(input) },
      ]),
    );
    const [file] = attachmentFiles(stored);
    expect(file?.filename).toBe("invite.ics");
    expect(file?.content).toBe(buildCalendar(input));
    expect(file?.content).toContain("DTSTART;TZID=Europe/London:20300610T100000");
    expect(file?.content).toContain("SEQUENCE:2");
  });

  it("read an invite queued before sessions had minutes (whole hours) with its real end", () => {
    const event = { ...input.events[0]!, minutes: undefined, hours: 3 };
    const legacy = JSON.parse(
      JSON.stringify([
        {
          filename: "invite.ics",
          contentType: "text/calendar",
          calendar: { ...storedCalendar(input), events: [event] },
        },
      ]),
    );
    const [file] = attachmentFiles(legacy);
    expect(file?.content).toContain("DTEND;TZID=Europe/London:20300610T130000");
  });

  it("write a session of 90 minutes with its real end", () => {
    const [file] = attachmentFiles(
      JSON.parse(
        JSON.stringify([
          {
            filename: "invite.ics",
            contentType: "text/calendar",
            calendar: storedCalendar({ ...input, events: [{ ...input.events[0]!, minutes: 90 }] }),
          },
        ]),
      ),
    );
    expect(file?.content).toContain("DTEND;TZID=Europe/London:20300610T113000");
  });

  it("pass whole files through and leave out what cannot be read", () => {
    const files = attachmentFiles([
      { filename: "a.txt", contentType: "text/plain", content: "hi" },
      { filename: "broken.ics", contentType: "text/calendar", calendar: { events: "no" } },
      "junk",
    ]);
    expect(files).toEqual([{ filename: "a.txt", contentType: "text/plain", content: "hi" }]);
    expect(attachmentFiles(null)).toEqual([]);
  });
});
