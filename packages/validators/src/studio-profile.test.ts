import { describe, expect, it } from "vitest";
import {
  aboutParagraphs,
  cityLine,
  cutoffPhrase,
  DEFAULT_SCHEDULE,
  DEFAULT_STUDIO_PROFILE,
  jsonForScript,
  MESSAGES,
  openingHoursLines,
  openingHoursOf,
  socialLinksOf,
  studioJsonLd,
  telHref,
  ZStudioProfile,
  ZStudioProfileUpdate,
} from "./index";

describe("studio profile defaults", () => {
  it("are a valid profile", () => {
    expect(ZStudioProfile.parse(DEFAULT_STUDIO_PROFILE)).toEqual(DEFAULT_STUDIO_PROFILE);
  });

  it("are one coherent demo studio: a Kolhapur address, Indian numbers, India's zone, no social accounts", () => {
    expect(cityLine(DEFAULT_STUDIO_PROFILE)).toBe("Kolhapur, Maharashtra 416012, India");
    expect(cityLine({ city: "Pune", region: "", country: "India" })).toBe("Pune, India");
    expect(DEFAULT_STUDIO_PROFILE.phones).toEqual(["+91 231 255 0140", "+91 231 255 0141"]);
    expect(telHref(DEFAULT_STUDIO_PROFILE.phones[0] ?? "")).toBe("tel:+912312550140");
    expect(telHref("+1 (555) 010-2040")).toBe("tel:+15550102040");
    expect(DEFAULT_STUDIO_PROFILE.timeZone).toBe("Asia/Kolkata");
    expect(socialLinksOf(DEFAULT_STUDIO_PROFILE)).toEqual([]);
    expect(DEFAULT_STUDIO_PROFILE.hoursNote).toBe("");
    // The default schedule's week (every day, slots 09:00-17:00) is what the profile states.
    expect(DEFAULT_STUDIO_PROFILE.openingHours).toEqual(openingHoursOf(DEFAULT_SCHEDULE.weekly));
  });

  it("name each network with a link by its handle, and leave out networks without one", () => {
    const socials = {
      instagram: "https://www.instagram.com/studio/",
      youtube: "",
      facebook: "https://www.facebook.com/studio",
      twitter: "https://x.com/studio",
      linkedin: "",
    };
    expect(socialLinksOf({ socials }).map((s) => [s.name, s.handle])).toEqual([
      ["Instagram", "@studio"],
      ["Facebook", "/studio"],
      ["Twitter", "@studio"],
    ]);
  });
});

describe("opening hours", () => {
  const week = (open: Record<number, [string, string] | null>) =>
    DEFAULT_SCHEDULE.weekly.map((day, i) => {
      const hours = open[i];
      if (hours === undefined) return { ...day };
      return hours ? { open: true, first: hours[0], last: hours[1] } : { ...day, open: false };
    }) as typeof DEFAULT_SCHEDULE.weekly;

  it("run from a day's first slot to the end of its last, Monday first, closed days left out", () => {
    expect(openingHoursOf(week({ 0: null, 6: ["10:00", "12:00"] }))).toEqual([
      { day: "monday", opens: "09:00", closes: "18:00" },
      { day: "tuesday", opens: "09:00", closes: "18:00" },
      { day: "wednesday", opens: "09:00", closes: "18:00" },
      { day: "thursday", opens: "09:00", closes: "18:00" },
      { day: "friday", opens: "09:00", closes: "18:00" },
      { day: "saturday", opens: "10:00", closes: "13:00" },
    ]);
  });

  it("are listed as runs of days, closed ones too; one span for the whole week is every day", () => {
    expect(openingHoursLines(openingHoursOf(DEFAULT_SCHEDULE.weekly))).toEqual([
      { days: "Every day", hours: "9:00 AM – 6:00 PM" },
    ]);
    expect(openingHoursLines(openingHoursOf(week({ 0: null, 6: null, 3: ["12:00", "16:00"] })))).toEqual([
      { days: "Mon – Tue", hours: "9:00 AM – 6:00 PM" },
      { days: "Wed", hours: "12:00 PM – 5:00 PM" },
      { days: "Thu – Fri", hours: "9:00 AM – 6:00 PM" },
      { days: "Sat – Sun", hours: "Closed" },
    ]);
    expect(openingHoursLines([])).toEqual([{ days: "Every day", hours: "Closed" }]);
  });

  it("are the LocalBusiness data's opening hours, one specification per span", () => {
    const profile = {
      ...DEFAULT_STUDIO_PROFILE,
      openingHours: openingHoursOf(week({ 0: null, 6: ["10:00", "13:00"] })),
    };
    const base = { description: "Films", openingHoursSpecification: { opens: "08:00" } };
    expect(studioJsonLd(profile, base)).toMatchObject({
      description: "Films",
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
          opens: "09:00",
          closes: "18:00",
        },
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "10:00", closes: "14:00" },
      ],
    });
    expect(studioJsonLd(DEFAULT_STUDIO_PROFILE)).not.toHaveProperty("sameAs");
  });
});

describe("the profile's texts", () => {
  it("the About text's paragraphs are apart by a blank line", () => {
    expect(aboutParagraphs(DEFAULT_STUDIO_PROFILE.about)).toHaveLength(2);
    expect(aboutParagraphs("One\nstill one\n\n  \n Two \n")).toEqual(["One\nstill one", "Two"]);
  });

  it("the cut-off in words", () => {
    expect(cutoffPhrase(24)).toBe("24 hours");
    expect(cutoffPhrase(1)).toBe("1 hour");
    expect(cutoffPhrase(36)).toBe("36 hours");
    expect(cutoffPhrase(72)).toBe("3 days");
  });

  it("About text: required, multi-line, at most 4000 characters; the hours note is optional", () => {
    const { updated_at: _u, ...valid } = DEFAULT_STUDIO_PROFILE;
    expect(ZStudioProfileUpdate.safeParse({ ...valid, about: "" }).error?.issues[0]?.message).toBe(
      MESSAGES.studio.aboutRequired,
    );
    expect(ZStudioProfileUpdate.safeParse({ ...valid, about: "a".repeat(4001) }).success).toBe(false);
    expect(ZStudioProfileUpdate.parse({ ...valid, about: "a\r\n\r\nb" }).about).toBe("a\n\nb");
    expect(ZStudioProfileUpdate.parse({ ...valid, hoursNote: undefined }).hoursNote).toBe("");
  });
});

describe("ZStudioProfileUpdate", () => {
  const { updated_at: _ignored, ...valid } = DEFAULT_STUDIO_PROFILE;

  it("accepts subdomains of a network and refuses look-alike hosts", () => {
    const ok = ZStudioProfileUpdate.safeParse({
      ...valid,
      socials: { ...valid.socials, youtube: "https://m.youtube.com/@studio" },
    });
    expect(ok.success).toBe(true);
    const bad = ZStudioProfileUpdate.safeParse({
      ...valid,
      socials: { ...valid.socials, youtube: "https://notyoutube.com/@studio" },
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(MESSAGES.studio.socialInvalid("YouTube", "youtube.com"));
  });

  it("refuses the 91st degree of latitude and the 181st of longitude, accepts the edges", () => {
    expect(ZStudioProfileUpdate.safeParse({ ...valid, latitude: 90, longitude: -180 }).success).toBe(true);
    expect(ZStudioProfileUpdate.safeParse({ ...valid, latitude: 90.0001 }).error?.issues[0]?.message).toBe(
      MESSAGES.studio.latitudeInvalid,
    );
    expect(ZStudioProfileUpdate.safeParse({ ...valid, longitude: 180.5 }).error?.issues[0]?.message).toBe(
      MESSAGES.studio.longitudeInvalid,
    );
    expect(ZStudioProfileUpdate.safeParse({ ...valid, latitude: "" }).error?.issues[0]?.message).toBe(
      MESSAGES.studio.latitudeInvalid,
    );
  });

  it("allows at most 5 phone numbers", () => {
    const phones = Array.from({ length: 6 }, (_, i) => `+1 555 010 000${i}`);
    expect(ZStudioProfileUpdate.safeParse({ ...valid, phones }).error?.issues[0]?.message).toBe(
      MESSAGES.studio.phonesTooMany(5),
    );
  });
});

describe("jsonForScript", () => {
  it("cannot close a script element", () => {
    const text = jsonForScript({ name: "</script><!--" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: "</script><!--" });
  });
});
