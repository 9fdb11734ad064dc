/**
 * The calendar writer (issue 28, item 8): a studio name saved with CR LF wrote raw lines (X-INJ:1, BEGIN:VEVENT)
 * into the owner's feed and every client's invite.ics. Every value is now escaped (TEXT), quoted (parameters) or
 * stripped of control characters (URIs), and every line is folded at 75 octets without cutting a character.
 * The feed and the invite are checked end to end on the test database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL), from a profile and a booking stored as they could be before control characters were
 * refused.
 */
import { DEFAULT_STUDIO_PROFILE } from "@studio/validators";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarFeedIcs } from "../domain/calendar-feed";
import { updateStudioProfile } from "../domain/studio-profile";
import { createTestService } from "../testing/fixtures";
import { createHarness, type Harness } from "../testing/harness";
import { attachmentFiles } from "./attachments";
import { buildCalendar, type CalendarInput, foldLine, icsParam, icsText } from "./ics";

const INJECTED = "Lakeside\r\nX-INJ:1\r\nBEGIN:VEVENT\r\nSUMMARY:free";
/** Properties and components the writer emits; an unfolded line starting with anything else was injected. */
const KNOWN =
  /^(BEGIN|END|VERSION|PRODID|METHOD|NAME|X-WR-CALNAME|TZID|TZURL|X-LIC-LOCATION|TZOFFSETFROM|TZOFFSETTO|TZNAME|DTSTART|RRULE|UID|SEQUENCE|DTSTAMP|DTEND|SUMMARY|LOCATION|DESCRIPTION|ORGANIZER|ATTENDEE|URL|STATUS)[;:]/;

const encoder = new TextEncoder();

/** The physical lines of a calendar, each checked for RFC 5545's limits, and the content lines unfolded. */
function linesOf(text: string): { physical: string[]; content: string[] } {
  expect(text.endsWith("\r\n")).toBe(true);
  const physical = text.slice(0, -2).split("\r\n");
  for (const line of physical) {
    expect(encoder.encode(line).length, line).toBeLessThanOrEqual(75);
    expect(line).not.toMatch(/[\r\n]/);
  }
  const content = text.slice(0, -2).replace(/\r\n /g, "").split("\r\n");
  return { physical, content };
}

function expectOnlyOwnLines(text: string, events: number) {
  const { content } = linesOf(text);
  for (const line of content) expect(line, line).toMatch(KNOWN);
  expect(content.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(events);
  expect(content.filter((l) => l === "BEGIN:VCALENDAR")).toHaveLength(1);
  expect(text).not.toMatch(/^X-INJ/m);
}

const vevents = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");

const input = (overrides: Partial<CalendarInput> = {}): CalendarInput => ({
  studioName: "Lakeside Films",
  organizerEmail: "hello@lakeside.test",
  timeZone: "America/Los_Angeles",
  method: "request",
  stamp: new Date("2030-01-15T20:00:00Z"),
  events: [
    {
      uid: "booking-1@studio.test",
      sequence: 1,
      date: "2030-02-04",
      time: "10:00",
      minutes: 120,
      summary: "Portraits",
      description: "Client: Ann",
      location: "1 Lake Road, Kolhapur",
      url: "https://studio.test/manage/x",
      status: "confirmed",
      attendee: { name: "Ann Lee", email: "ann@client.test" },
    },
  ],
  ...overrides,
});

describe("values", () => {
  it("TEXT escapes backslash, semicolon and comma, writes every line break as \\n and drops other controls", () => {
    expect(icsText("a\\b;c,d")).toBe("a\\\\b\\;c\\,d");
    expect(icsText("one\r\ntwo\nthree\rfour\u2028five")).toBe("one\\ntwo\\nthree\\nfour\\nfive");
    expect(icsText("bell\u0007 nul\u0000 esc\u001b")).toBe("bell nul esc");
  });

  it("a parameter is quoted, without control characters or double quotes", () => {
    expect(icsParam('Ann "The Lens" Lee\r\nX-A:1')).toBe(`"Ann 'The Lens' Lee X-A:1"`);
  });

  it("folds at 75 octets with CRLF and a space, never inside a character, and unfolds to the line", () => {
    for (const piece of ["a", "é", "€", "😀", "e\u0301"]) {
      const line = `DESCRIPTION:${piece.repeat(200)}`;
      const folded = foldLine(line);
      const parts = folded.split("\r\n");
      expect(parts.length).toBeGreaterThan(1);
      for (const [i, part] of parts.entries()) {
        const octets = encoder.encode(part);
        expect(octets.length).toBeLessThanOrEqual(75);
        // Each part is whole UTF-8 on its own (a cut character would not decode).
        expect(new TextDecoder("utf-8", { fatal: true }).decode(octets)).toBe(part);
        expect(part.includes("\uFFFD")).toBe(false);
        if (i > 0) expect(part.startsWith(" ")).toBe(true);
      }
      // An ASCII line fills each physical line to exactly 75 octets.
      if (piece === "a") expect(parts.slice(0, -1).every((p) => p.length === 75)).toBe(true);
      expect(folded.replace(/\r\n /g, "")).toBe(line);
    }
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
  });
});

describe("a session of several days", () => {
  it("is one event from the first day's start to the last day's end", () => {
    const [event] = input().events;
    const text = buildCalendar(input({ events: [{ ...event!, minutes: 480, endDate: "2030-02-06" }] }));
    const { content } = linesOf(text);
    expect(content).toContain("DTSTART;TZID=America/Los_Angeles:20300204T100000");
    expect(content).toContain("DTEND;TZID=America/Los_Angeles:20300206T180000");
    const one = buildCalendar(input({ events: [{ ...event!, endDate: "2030-02-04" }] }));
    expect(linesOf(one).content).toContain("DTEND;TZID=America/Los_Angeles:20300204T120000");
  });
});

describe("a calendar with hostile values", () => {
  it("a studio name, a client's name and every text field with CR LF stay inside their own property", () => {
    const text = buildCalendar(
      input({
        studioName: INJECTED,
        events: [
          {
            ...input().events[0]!,
            summary: `Portraits\r\nX-INJ:1`,
            description: "Client: Eve\r\nBEGIN:VALARM",
            location: "Road\nEND:VEVENT",
            attendee: { name: 'Eve\r\nATTENDEE:mailto:x@evil.test "', email: "eve@client.test" },
          },
        ],
      }),
    );
    expectOnlyOwnLines(text, 1);
    expect(text).toContain("X-WR-CALNAME:Lakeside\\nX-INJ:1\\nBEGIN:VEVENT\\nSUMMARY:free\r\n");
    const [event] = vevents(text);
    expect(event?.summary).toBe("Portraits\nX-INJ:1");
    expect(event?.location).toBe("Road\nEND:VEVENT");
  });

  it("a long UTF-8 description is folded and reads back whole", () => {
    const description = `Notes: ${"café ☕ 😀 ".repeat(40)}`.trim();
    const text = buildCalendar(input({ events: [{ ...input().events[0]!, description }] }));
    expectOnlyOwnLines(text, 1);
    expect(vevents(text)[0]?.description).toBe(description);
  });
});

describe("the feed and invite.ics, from stored rows", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness();
    h.setNow(new Date("2030-01-15T20:00:00Z"));
    await h.admin();
    // A profile as it could be saved before control characters were refused (straight to the domain).
    const { updated_at: _ignored, ...profile } = DEFAULT_STUDIO_PROFILE;
    await updateStudioProfile(h.deps, {
      ...profile,
      name: INJECTED,
      addressLines: ["1 Lake Road\r\nX-ADDR:1"],
    });
  });
  afterAll(async () => {
    await h.close();
  });

  it("every client's invite.ics keeps the studio's name and address inside their properties", async () => {
    const service = await createTestService(h.deps.db);
    await h.caller().bookings.create({
      name: "Ann Lee",
      email: "ann@client.test",
      phone: "+1 555 010 2040",
      service_id: service.id,
      date: "2030-02-04",
      time: "10:00",
    });
    const rows = await h.deps.db.outgoingMail.findMany({ where: { kind: "booking.received" } });
    expect(rows).toHaveLength(1);
    const file = attachmentFiles(rows[0]?.attachments).find((f) => f.filename === "invite.ics");
    expect(file).toBeDefined();
    expectOnlyOwnLines(file?.content ?? "", 1);
    expect(vevents(file?.content ?? "")[0]?.location).toContain("1 Lake Road\nX-ADDR:1");
  });

  it("the owner's feed does too, with a client's name stored with a line break", async () => {
    const { caller } = await h.admin();
    const feed = await caller.calendarFeed.regenerate();
    const token = /\/calendar\/([\w-]{43})\.ics$/.exec(feed.url)?.[1] ?? "";
    const service = await createTestService(h.deps.db);
    await h.deps.db.booking.create({
      data: {
        name: "Eve\r\nBEGIN:VEVENT",
        email: "eve@client.test",
        phone: "5550100",
        serviceId: service.id,
        date: "2030-02-05",
        time: "11:00",
        status: "confirmed",
        slotKey: "2030-02-05 11:00",
      },
    });
    const text = (await calendarFeedIcs(h.deps, token)) ?? "";
    expectOnlyOwnLines(text, 2);
    expect(vevents(text).map((e) => e.summary)).toContain(`${service.title} – Eve\nBEGIN:VEVENT`);
  });
});
