import {
  DEFAULT_STUDIO_PROFILE,
  STUDIO_PROFILE_ELEMENT_ID,
  type StudioProfile,
  ZStudioProfile,
} from "@studio/validators";
import { describe, expect, it } from "vitest";
import { injectStudioProfile } from "./studio-profile-html";

const SHELL = `<!doctype html><html><head><title>Studio</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"LocalBusiness","name":"Studio","priceRange":"$$","openingHoursSpecification":{"opens":"09:00"}}</script>
</head><body><div id="root"></div></body></html>`;

const profile: StudioProfile = {
  ...DEFAULT_STUDIO_PROFILE,
  name: "Lakeside </script><script>alert(1)</script> Films",
  phones: ["+91 231 555 0100"],
  socials: { ...DEFAULT_STUDIO_PROFILE.socials, instagram: "https://www.instagram.com/lakeside/" },
  openingHours: [{ day: "tuesday", opens: "10:00", closes: "19:00" }],
  latitude: 12.5,
  longitude: -70.25,
  updated_at: "2026-11-25T10:00:00.000Z",
};

function profileElement(html: string): unknown {
  const doc = new DOMParserLike(html);
  return JSON.parse(doc.textOf(`<script id="${STUDIO_PROFILE_ELEMENT_ID}" type="application/json">`));
}

/** Just enough of a parser for these tests: the text between an opening tag and the next </script>. */
class DOMParserLike {
  constructor(private html: string) {}
  textOf(open: string): string {
    const start = this.html.indexOf(open);
    if (start < 0) throw new Error(`missing ${open}`);
    const from = start + open.length;
    return this.html.slice(from, this.html.indexOf("</script>", from));
  }
}

describe("injectStudioProfile", () => {
  it("puts the profile in the head as JSON the client reads back exactly", () => {
    const html = injectStudioProfile(SHELL, profile);
    expect(ZStudioProfile.parse(profileElement(html))).toEqual(profile);
    expect(html.indexOf(STUDIO_PROFILE_ELEMENT_ID)).toBeLessThan(html.indexOf("</head>"));
  });

  it("no text of the profile can close the element or open another", () => {
    const html = injectStudioProfile(SHELL, profile);
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain("<script>alert(1)");
  });

  it("writes the profile and the schedule's hours over the LocalBusiness data and keeps the rest of the block", () => {
    const html = injectStudioProfile(SHELL, profile);
    const data = JSON.parse(new DOMParserLike(html).textOf('<script type="application/ld+json">'));
    expect(data).toMatchObject({
      "@type": "LocalBusiness",
      name: profile.name,
      telephone: "+91 231 555 0100",
      email: "hello@studio.example",
      geo: { latitude: 12.5, longitude: -70.25 },
      address: { streetAddress: "221 Rankala Lake Road, Shivaji Peth", addressLocality: "Kolhapur" },
      priceRange: "$$",
      openingHoursSpecification: [
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Tuesday"], opens: "10:00", closes: "19:00" },
      ],
    });
    expect(data.sameAs).toEqual(["https://www.instagram.com/lakeside/"]);
  });

  it("replaces an element already there instead of adding a second", () => {
    const once = injectStudioProfile(SHELL, DEFAULT_STUDIO_PROFILE);
    const twice = injectStudioProfile(once, profile);
    expect(twice.split(`id="${STUDIO_PROFILE_ELEMENT_ID}"`)).toHaveLength(2);
    expect(ZStudioProfile.parse(profileElement(twice)).name).toBe(profile.name);
  });
});
