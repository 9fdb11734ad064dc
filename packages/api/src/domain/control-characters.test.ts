/**
 * Control characters in text (issue 28, item 9): a single-line field (a name, a subject, a title, an address
 * line, a reason) refuses every control character, so a client's name can never reach the plain text of the
 * studio's mail, a CSV row or a calendar file as lines of its own; a multi-line field (a message, a description)
 * keeps line feeds and tabs and refuses the rest. Through the procedures, on the test database (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): refused with the field's message, and nothing stored, no mail queued.
 */
import {
  type BookingCreateInput,
  type ContactInput,
  DEFAULT_STUDIO_PROFILE,
  MESSAGES,
  type StudioProfileUpdate,
} from "@studio/validators";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { createTestService } from "../testing/fixtures";
import { createHarness, type Harness } from "../testing/harness";
import { fieldErrorsOf } from "../trpc";

const { singleLine, controlCharacters } = MESSAGES.common;

let h: Harness;
let owner: Awaited<ReturnType<Harness["admin"]>>["caller"];
let serviceId: number;

beforeAll(async () => {
  h = await createHarness();
  h.setNow(new Date("2030-01-15T20:00:00Z"));
  owner = (await h.admin()).caller;
  serviceId = (await createTestService(h.deps.db)).id;
});
afterAll(async () => {
  await h.close();
});

/** The field errors a call is refused with, as the error formatter hands them to the forms. */
async function fieldErrors(promise: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError && error.code === "BAD_REQUEST" && error.cause instanceof ZodError)
      return fieldErrorsOf(error.cause);
    throw error;
  }
  throw new Error("expected the call to be refused");
}

/** What a refused call must not have left behind. */
async function stored() {
  const db = h.deps.db;
  return {
    messages: await db.contactMessage.count(),
    bookings: await db.booking.count(),
    feedback: await db.feedback.count(),
    mail: await db.outgoingMail.count(),
    services: await db.service.count(),
  };
}

const contact = (overrides: Partial<ContactInput> = {}): ContactInput => ({
  name: "Lena",
  email: "lena@example.com",
  phone: "",
  subject: "Wedding in June",
  message: "Are you available?",
  serviceType: "",
  ...overrides,
});

const booking = (overrides: Partial<BookingCreateInput> = {}): BookingCreateInput => ({
  name: "Ada Lovelace",
  email: "ada@example.test",
  phone: "+1 555 0100",
  service_id: serviceId,
  date: "2030-02-04",
  time: "10:00",
  message: null,
  image: null,
  ...overrides,
});

/** Every kind of control character, each inside an otherwise valid name. */
const CONTROLS = {
  "CR LF (a header or an ICS line)": "Ada\r\nBcc: x@evil.test",
  "LF alone": "Ada\nX-INJ:1",
  "CR alone": "Ada\rX",
  tab: "Ada\tLovelace",
  NUL: "Ada\u0000",
  escape: "Ada\u001b[31m",
  DEL: "Ada\u007f",
  "NEL (C1)": "Ada\u0085X",
  "line separator": "Ada\u2028X",
  "paragraph separator": "Ada\u2029X",
  "a lone surrogate (half of a character)": "Ada\ud83d",
};

describe("single-line fields refuse control characters", () => {
  it.each(Object.entries(CONTROLS))(
    "a contact name with %s is refused, nothing stored or sent",
    async (_, name) => {
      const before = await stored();
      expect(await fieldErrors(h.caller().contact.send(contact({ name })))).toEqual({
        name: singleLine("Name"),
      });
      expect(await stored()).toEqual(before);
    },
  );

  it("a booking's name with a lone surrogate is refused by field; a whole character from beyond the BMP is booked", async () => {
    const before = await stored();
    expect(await fieldErrors(h.caller().bookings.create(booking({ name: "Ada \udcf8 Lovelace" })))).toEqual({
      name: singleLine("Name"),
    });
    expect(await stored()).toEqual(before);
    // The camera emoji is two UTF-16 units, a pair: one character, stored and written into the e-mails.
    const made = await h
      .caller()
      .bookings.create(booking({ name: "Ada \ud83d\udcf8 Lovelace", time: "11:00" }));
    expect(made.booking.name).toBe("Ada 📸 Lovelace");
    expect(await h.deps.db.outgoingMail.count({ where: { bookingId: made.booking.id } })).toBeGreaterThan(0);
  });

  it("a booking's name, a feedback's name and a message's subject: refused by field, nothing stored or sent", async () => {
    const before = await stored();
    expect(await fieldErrors(h.caller().bookings.create(booking({ name: "Ada\r\nLovelace" })))).toEqual({
      name: singleLine("Name"),
    });
    expect(
      await fieldErrors(
        h.caller().feedback.submit({ name: "F\nX", email: "f@x.test", rating: 5, message: "Great" }),
      ),
    ).toEqual({ name: singleLine("Name") });
    expect(await fieldErrors(h.caller().contact.send(contact({ subject: "Hi\r\nX-INJ: 1" })))).toEqual({
      subject: singleLine("Subject"),
    });
    expect(await stored()).toEqual(before);
  });

  it("admin fields: service title and feature, portfolio location, closure reason, key name, own name", async () => {
    const service = {
      title: "Drone Reel",
      description: "Aerial footage",
      category: "drone" as const,
      price: 100,
      duration: "2 hours",
      features: ["4K"],
    };
    const before = await stored();
    expect(await fieldErrors(owner.services.create({ ...service, title: "Drone\nReel" }))).toEqual({
      title: singleLine("Title"),
    });
    expect(await fieldErrors(owner.services.create({ ...service, features: ["4K\u0000"] }))).toEqual({
      "features.0": singleLine("Each feature"),
    });
    expect(
      await fieldErrors(
        owner.portfolio.create({
          title: "Reel",
          description: "d",
          category: "drone-services",
          location: "Pune\r\nX",
        }),
      ),
    ).toEqual({ location: singleLine("Location") });
    expect(
      await fieldErrors(
        owner.schedule.addClosure({ start: "2030-03-01", end: "2030-03-01", reason: "Off\nX" }),
      ),
    ).toEqual({ reason: singleLine("Reason") });
    expect(
      await fieldErrors(owner.apiKeys.create({ name: "CRM\r\nkey", scopes: ["bookings:read"] })),
    ).toEqual({
      name: singleLine("Name"),
    });
    expect(
      await fieldErrors(owner.auth.updateProfile({ name: "Owner\r\nX", email: "owner@studio.test" })),
    ).toEqual({ name: singleLine("Name") });
    expect(await stored()).toEqual(before);
  });

  it("the studio's profile: name, address lines, hours note and About text", async () => {
    const { updated_at: _ignored, ...profile } = DEFAULT_STUDIO_PROFILE;
    const save = (overrides: Partial<StudioProfileUpdate>) =>
      owner.studio.updateProfile({ ...profile, ...overrides });
    expect(await fieldErrors(save({ name: "Studio\r\nX-INJ:1" }))).toEqual({
      name: singleLine("Studio name"),
    });
    expect(await fieldErrors(save({ addressLines: ["1 Main St\r\nBEGIN:VEVENT"] }))).toEqual({
      "addressLines.0": singleLine("Each address line"),
    });
    expect(await fieldErrors(save({ hoursNote: "Closed on holidays\u2028X" }))).toEqual({
      hoursNote: singleLine("Hours note"),
    });
    expect(await fieldErrors(save({ about: "Our story\u0007" }))).toEqual({
      about: controlCharacters("About text"),
    });
    expect((await h.caller().site.profile()).name).toBe(DEFAULT_STUDIO_PROFILE.name);
  });
});

describe("multi-line fields keep line feeds and tabs, refuse the rest", () => {
  it("a contact message keeps its lines (CR LF and CR stored as a line feed) and tabs", async () => {
    const { id } = await h.caller().contact.send(contact({ message: "Line one\r\nLine two\rLine\tthree" }));
    const row = await h.deps.db.contactMessage.findUniqueOrThrow({ where: { id } });
    expect(row.message).toBe("Line one\nLine two\nLine\tthree");
  });

  it.each([
    ["NUL", "Hi\u0000"],
    ["bell", "Hi\u0007"],
    ["escape", "Hi\u001b[2J"],
    ["NEL", "Hi\u0085there"],
    ["line separator", "Hi\u2028there"],
    ["a lone surrogate", "Hi \udcf8 there"],
  ])("a message with %s is refused with the field's message", async (_, message) => {
    const before = await stored();
    expect(await fieldErrors(h.caller().contact.send(contact({ message })))).toEqual({
      message: controlCharacters("Message"),
    });
    expect(await fieldErrors(h.caller().bookings.create(booking({ message })))).toEqual({
      message: controlCharacters("Message"),
    });
    expect(await stored()).toEqual(before);
  });
});
