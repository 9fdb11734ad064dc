import { describe, expect, it } from "vitest";
import {
  cityLine,
  DEFAULT_STUDIO_PROFILE,
  jsonForScript,
  MESSAGES,
  socialLinksOf,
  telHref,
  ZStudioProfile,
  ZStudioProfileUpdate,
} from "./index";

describe("studio profile defaults", () => {
  it("are a valid profile", () => {
    expect(ZStudioProfile.parse(DEFAULT_STUDIO_PROFILE)).toEqual(DEFAULT_STUDIO_PROFILE);
  });

  it("show the site as it always looked: address line, handles and dialling numbers", () => {
    expect(cityLine(DEFAULT_STUDIO_PROFILE)).toBe("Kolhapur, Maharashtra 416012, India");
    expect(cityLine({ city: "Pune", region: "", country: "India" })).toBe("Pune, India");
    expect(telHref("+1 (555) 010-2040")).toBe("tel:+15550102040");
    expect(socialLinksOf(DEFAULT_STUDIO_PROFILE).map((s) => [s.name, s.handle])).toEqual([
      ["Instagram", "@studio"],
      ["YouTube", "@studio"],
      ["Facebook", "/studio"],
      ["Twitter", "@studio"],
      ["LinkedIn", "/company/studio"],
    ]);
  });

  it("leave out networks without a link", () => {
    const socials = { ...DEFAULT_STUDIO_PROFILE.socials, youtube: "", linkedin: "" };
    expect(socialLinksOf({ socials }).map((s) => s.network)).toEqual(["instagram", "facebook", "twitter"]);
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
