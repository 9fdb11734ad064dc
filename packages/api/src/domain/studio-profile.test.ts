import { existsSync } from "node:fs";
import path from "node:path";
import {
  DEFAULT_SCHEDULE,
  DEFAULT_STUDIO_PROFILE,
  MESSAGES,
  type StudioProfile,
  type StudioProfileUpdate,
  ZStudioProfileUpdate,
} from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { createReadCache } from "../cache";
import { createLocalBus } from "../events/bus";
import { createHarness, type Harness } from "../testing/harness";
import { failure, rejection } from "../testing/rejection";
import { fieldErrorsOf } from "../trpc";
import { multipartBody, multipartType, pngFile, streamOf } from "../testing/upload-files";
import { cleanupUploads } from "./uploads/cleanup";
import { getStudioProfile, STUDIO_PROFILE_ID, updateStudioProfile } from "./studio-profile";

let h: Harness;
let admin: Awaited<ReturnType<Harness["admin"]>>["caller"];
const m = MESSAGES.studio;

/** The defaults as an admin would send them back (what the Settings page saves), with overrides. */
function input(overrides: Partial<StudioProfileUpdate> = {}): StudioProfileUpdate {
  const {
    updated_at: _ignored,
    openingHours: _hours,
    timeZone: _zone,
    changeCutoffHours: _cutoff,
    ...rest
  } = DEFAULT_STUDIO_PROFILE;
  return { ...rest, ...overrides };
}

/** The defaults as the public reads them from this harness (its zone is the test configuration's). */
function publicDefaults(): StudioProfile {
  return { ...DEFAULT_STUDIO_PROFILE, timeZone: h.deps.config.timeZone };
}

/** What the public reads now, without the save time. */
async function publicProfile(): Promise<Omit<StudioProfile, "updated_at">> {
  const { updated_at: _ignored, ...rest } = await h.caller().site.profile();
  return rest;
}

beforeAll(async () => {
  h = await createHarness();
  admin = (await h.admin()).caller;
});
afterAll(async () => {
  await h.close();
});

describe("studio profile: the seeded defaults", () => {
  it("a fresh database serves today's placeholders, never saved", async () => {
    expect(await h.caller().site.profile()).toEqual(publicDefaults());
  });

  it("the demo studio is coherent: Kolhapur with Indian numbers, no social accounts, today's About text", async () => {
    const profile = await h.caller().site.profile();
    expect(profile.city).toBe("Kolhapur");
    expect(profile.country).toBe("India");
    expect(profile.phones.every((phone) => phone.startsWith("+91 "))).toBe(true);
    expect(Object.values(profile.socials)).toEqual(["", "", "", "", ""]);
    expect(profile.about).toMatch(/^Studio began in 2018 .* in Kolhapur\.\n\nWe have filmed/s);
    expect(profile.hoursNote).toBe("");
    // The demo's zone is India's (STUDIO_TIMEZONE's default); this harness runs on its own zone.
    expect(DEFAULT_STUDIO_PROFILE.timeZone).toBe("Asia/Kolkata");
  });
});

describe("studio profile: saving", () => {
  it("an admin's save is what every visitor reads, trimmed, with blank list entries dropped", async () => {
    h.setNow(new Date("2026-11-25T10:00:00.000Z"));
    const saved = await admin.studio.updateProfile(
      input({
        name: "  Lakeside Films ",
        phones: ["+91 231 555 0100", "  ", " +91 231 555 0101 "],
        emails: ["Hello@Lakeside.example", ""],
        socials: { ...DEFAULT_STUDIO_PROFILE.socials, youtube: "", twitter: "https://twitter.com/lakeside" },
        latitude: "16.7",
        longitude: -73.25,
        zoom: "15",
      }),
    );
    expect(saved).toMatchObject({
      name: "Lakeside Films",
      phones: ["+91 231 555 0100", "+91 231 555 0101"],
      emails: ["hello@lakeside.example"],
      latitude: 16.7,
      longitude: -73.25,
      zoom: 15,
      updated_at: "2026-11-25T10:00:00.000Z",
    });
    expect(saved.socials.youtube).toBe("");
    expect(await h.caller().site.profile()).toEqual(saved);
  });

  it("a visitor cannot save it", async () => {
    expect((await failure(h.caller().studio.updateProfile(input()))).code).toBe("UNAUTHORIZED");
  });

  it("records the change in the audit trail with the stored fields before and after", async () => {
    const before = await h.deps.db.studioProfile.findUniqueOrThrow({ where: { id: STUDIO_PROFILE_ID } });
    await admin.studio.updateProfile(input({ phones: ["+1 (555) 010-9999"], city: "Pune" }));
    const entry = await h.deps.db.auditEntry.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(entry).toMatchObject({ entity: "profile", entityId: "1", action: "updated" });
    const b = entry.before as Record<string, unknown>;
    const a = entry.after as Record<string, unknown>;
    expect(b.phones).toEqual(before.phones);
    expect(b.city).toBe(before.city);
    expect(a.phones).toEqual(["+1 (555) 010-9999"]);
    expect(a.city).toBe("Pune");
    const listed = await admin.admins.activity({ entity: "profile" });
    expect(listed.items[0]?.entity).toBe("profile");
  });
});

describe("studio profile: bad input is refused with a clear message and nothing changes", () => {
  const cases: [string, Partial<StudioProfileUpdate>, string, string][] = [
    ["a latitude of 200", { latitude: 200 }, "latitude", m.latitudeInvalid],
    ["a latitude that is not a number", { latitude: "north" }, "latitude", m.latitudeInvalid],
    ["a longitude of -181", { longitude: -181 }, "longitude", m.longitudeInvalid],
    ["a zoom of 25", { zoom: 25 }, "zoom", m.zoomInvalid(1, 19)],
    ["a zoom of 3.5", { zoom: 3.5 }, "zoom", m.zoomInvalid(1, 19)],
    ["an invalid e-mail", { emails: ["hello@studio.example", "not-an-email"] }, "emails.1", m.emailInvalid],
    ["no e-mail at all", { emails: ["  "] }, "emails", m.emailRequired],
    ["a phone with letters", { phones: ["call me maybe"] }, "phones.0", m.phoneInvalid],
    ["no phone at all", { phones: [] }, "phones", m.phoneRequired],
    [
      "an Instagram link that is not a URL",
      { socials: { ...DEFAULT_STUDIO_PROFILE.socials, instagram: "instagram.com/studio" } },
      "socials.instagram",
      m.socialInvalid("Instagram", "instagram.com"),
    ],
    [
      "a LinkedIn link to another site",
      { socials: { ...DEFAULT_STUDIO_PROFILE.socials, linkedin: "https://evil.example/linkedin.com" } },
      "socials.linkedin",
      m.socialInvalid("LinkedIn", "linkedin.com"),
    ],
    [
      "a javascript: link",
      { socials: { ...DEFAULT_STUDIO_PROFILE.socials, facebook: "javascript:alert(1)//facebook.com" } },
      "socials.facebook",
      m.socialInvalid("Facebook", "facebook.com"),
    ],
    ["a blank studio name", { name: "   " }, "name", m.nameRequired],
    ["no address line", { addressLines: [""] }, "addressLines", m.addressRequired],
    ["a blank country", { country: "" }, "country", m.countryRequired],
    ["a logo that is not an upload", { logo: "https://evil.example/logo.svg" }, "logo", m.logoInvalid],
  ];

  it.each(cases)("%s", async (_label, overrides, field, message) => {
    const stored = await h.deps.db.studioProfile.findUniqueOrThrow({ where: { id: STUDIO_PROFILE_ID } });
    const audits = await h.deps.db.auditEntry.count();
    // A valid change rides along: it must not be stored either.
    const error = await rejection(admin.studio.updateProfile(input({ tagline: "Changed", ...overrides })));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.cause).toBeInstanceOf(ZodError);
    expect(fieldErrorsOf(error.cause as ZodError)[field]).toBe(message);
    expect(await h.deps.db.studioProfile.findUniqueOrThrow({ where: { id: STUDIO_PROFILE_ID } })).toEqual(
      stored,
    );
    expect(await h.deps.db.auditEntry.count()).toBe(audits);
  });

  it("every field's error is reported at once", async () => {
    const error = await rejection(
      admin.studio.updateProfile(input({ latitude: 200, emails: ["x"], name: "" })),
    );
    const errors = fieldErrorsOf(error.cause as ZodError);
    expect(Object.keys(errors).sort()).toEqual(["emails.0", "latitude", "name"]);
  });

  it("an absolute URL of an upload is stored by its path", async () => {
    const saved = await admin.studio.updateProfile(
      input({ logo: "https://studio.example/uploads/media/abc/logo.webp" }),
    );
    expect(saved.logo).toBe("/uploads/media/abc/logo.webp");
    await admin.studio.updateProfile(input({ logo: null }));
  });
});

describe("studio profile: the read cache", () => {
  it("serves from the cache and drops it on a save, on this and on every other instance", async () => {
    const bus = createLocalBus();
    const thisInstance = { ...h.deps, cache: createReadCache(60_000, undefined, bus) };
    // Another instance on the same bus (the local bus stands in for Redis / PostgreSQL here).
    const otherInstance = { ...h.deps, cache: createReadCache(60_000, undefined, bus) };
    const first = await getStudioProfile(otherInstance);
    // Changed behind the cache's back: still the cached answer.
    await h.deps.db.studioProfile.update({ where: { id: STUDIO_PROFILE_ID }, data: { city: "Hidden" } });
    expect((await getStudioProfile(otherInstance)).city).toBe(first.city);
    await updateStudioProfile(thisInstance, ZStudioProfileUpdate.parse(input({ city: "Satara" })));
    expect((await getStudioProfile(otherInstance)).city).toBe("Satara");
  });

  it("falls back to the defaults if the row is gone", async () => {
    await h.deps.db.studioProfile.delete({ where: { id: STUDIO_PROFILE_ID } });
    const { updated_at: _ignored, ...defaults } = publicDefaults();
    expect(await publicProfile()).toEqual(defaults);
    const saved = await admin.studio.updateProfile(input({ city: "Sangli" }));
    expect(saved.city).toBe("Sangli");
  });
});

describe("studio profile: what follows the studio's other settings", () => {
  it("the About text and the hours note are saved with the profile, and the public reads them", async () => {
    await admin.studio.updateProfile(
      input({
        about: "  Lakeside began by the lake.\r\n\r\nNow in Lisbon. ",
        hoursNote: " Closed on holidays ",
      }),
    );
    const profile = await h.caller().site.profile();
    expect(profile.about).toBe("Lakeside began by the lake.\n\nNow in Lisbon.");
    expect(profile.hoursNote).toBe("Closed on holidays");
    const row = await h.deps.db.studioProfile.findUniqueOrThrow({ where: { id: STUDIO_PROFILE_ID } });
    expect({ about: row.about, hoursNote: row.hoursNote }).toEqual({
      about: profile.about,
      hoursNote: profile.hoursNote,
    });
    await admin.studio.updateProfile(input());
  });

  it("refuses a blank About text and one over its limit", async () => {
    const blank = await rejection(admin.studio.updateProfile(input({ about: "  " })));
    expect(fieldErrorsOf(blank.cause as ZodError).about).toBe(m.aboutRequired);
    const long = await rejection(admin.studio.updateProfile(input({ about: "x".repeat(4_001) })));
    expect(fieldErrorsOf(long.cause as ZodError).about).toBe("Must be at most 4000 characters");
  });

  it("the opening hours are the schedule's: each open day from its first slot to the end of its last", async () => {
    const weekly = DEFAULT_SCHEDULE.weekly.map((day, i) =>
      i === 0 || i === 6
        ? { ...day, open: false }
        : i === 5
          ? { open: true, first: "10:00" as const, last: "13:00" as const }
          : { ...day },
    );
    await admin.schedule.update({ ...DEFAULT_SCHEDULE, weekly, time_zone: "Europe/Lisbon" });
    const profile = await h.caller().site.profile();
    expect(profile.openingHours).toEqual([
      { day: "monday", opens: "09:00", closes: "18:00" },
      { day: "tuesday", opens: "09:00", closes: "18:00" },
      { day: "wednesday", opens: "09:00", closes: "18:00" },
      { day: "thursday", opens: "09:00", closes: "18:00" },
      { day: "friday", opens: "10:00", closes: "14:00" },
    ]);
    expect(profile.timeZone).toBe("Europe/Lisbon");
    await admin.schedule.update(DEFAULT_SCHEDULE);
    expect((await h.caller().site.profile()).openingHours).toEqual(DEFAULT_STUDIO_PROFILE.openingHours);
    expect((await h.caller().site.profile()).timeZone).toBe(h.deps.config.timeZone);
  });

  it("the self-service cut-off is the server's (BOOKING_CHANGE_CUTOFF_HOURS), also in what a save answers", async () => {
    expect((await h.caller().site.profile()).changeCutoffHours).toBe(h.deps.config.bookingChangeCutoffHours);
    const other = await createHarness({ bookingChangeCutoffHours: 72 });
    try {
      expect((await other.caller().site.profile()).changeCutoffHours).toBe(72);
      const saved = await (await other.admin()).caller.studio.updateProfile(input());
      expect(saved.changeCutoffHours).toBe(72);
      expect(saved.openingHours).toEqual(DEFAULT_STUDIO_PROFILE.openingHours);
    } finally {
      await other.close();
    }
  });
});

describe("studio profile: the logo upload", () => {
  it("is kept by the upload clean-up while the profile shows it, and removed a day after it is replaced", async () => {
    const T0 = new Date("2031-01-01T00:00:00Z");
    const at = (hours: number) => new Date(T0.getTime() + hours * 3600_000);
    h.setNow(at(0));
    // Admin tokens expire and the clock jumps here: each step signs in at the current harness time.
    const owner = async () => (await h.admin()).caller;
    const png = async (name: string) => {
      const body = multipartBody([{ name: "image", filename: name, data: await pngFile(200, 100) }]);
      return (await owner()).uploads.serviceImage({
        body: streamOf(body),
        contentType: multipartType(),
        contentLength: body.length,
      });
    };
    const first = await png("logo.png");
    await (await owner()).studio.updateProfile(input({ logo: first.url }));
    h.setNow(at(30));
    await cleanupUploads(h.deps);
    expect(existsSync(path.join(h.uploadDir, first.url.replace(/^\/uploads\//, "")))).toBe(true);

    const second = await png("logo-2.png");
    h.setNow(at(31));
    await (await owner()).studio.updateProfile(input({ logo: second.url }));
    h.setNow(at(60));
    await cleanupUploads(h.deps);
    expect(existsSync(path.join(h.uploadDir, first.url.replace(/^\/uploads\//, "")))).toBe(false);
    expect(existsSync(path.join(h.uploadDir, second.url.replace(/^\/uploads\//, "")))).toBe(true);
    h.setNow(new Date());
  });
});
