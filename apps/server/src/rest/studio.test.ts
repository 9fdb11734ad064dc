import { DEFAULT_STUDIO_PROFILE, MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itRequiresAdmin } from "../testing/admin-only";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let token: string;
const m = MESSAGES.studio;
const { updated_at: _never, ...defaults } = DEFAULT_STUDIO_PROFILE;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
});
afterAll(async () => {
  await t.close();
});

describe("REST /api/studio/profile", () => {
  it("GET answers the seeded profile to anyone", async () => {
    const res = await t.call("GET", "/api/studio/profile");
    expect(res.status).toBe(200);
    // The demo's profile, its hours on the zone this test server runs on (STUDIO_TIMEZONE's stand-in).
    expect(res.body).toEqual({
      success: true,
      data: { ...DEFAULT_STUDIO_PROFILE, timeZone: t.deps.config.timeZone },
    });
  });

  itRequiresAdmin(() => t, [["PUT", "/api/studio/profile", defaults]]);

  it("PUT saves the whole profile; GET then answers it", async () => {
    const res = await t.call("PUT", "/api/studio/profile", {
      token,
      body: {
        ...defaults,
        phones: ["+44 20 7946 0000"],
        city: "London",
        country: "United Kingdom",
        region: "",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { phones: ["+44 20 7946 0000"], city: "London" } });
    const read = await t.call("GET", "/api/studio/profile");
    expect(read.body).toMatchObject({ data: { phones: ["+44 20 7946 0000"], city: "London", region: "" } });
  });

  it("PUT with bad fields answers 400 naming each, and stores nothing", async () => {
    const before = (await t.call("GET", "/api/studio/profile")).body;
    const res = await t.call("PUT", "/api/studio/profile", {
      token,
      body: {
        ...defaults,
        city: "Changed",
        latitude: 200,
        longitude: "east",
        emails: ["hello@studio.example", "no-at-sign"],
        socials: { ...defaults.socials, youtube: "ftp://youtube.com/x" },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      errors: {
        latitude: m.latitudeInvalid,
        longitude: m.longitudeInvalid,
        "emails.1": m.emailInvalid,
        "socials.youtube": m.socialInvalid("YouTube", "youtube.com"),
      },
    });
    const body = res.body as { message: string; errors: Record<string, string> };
    // The message is the first field's.
    expect(Object.values(body.errors)).toContain(body.message);
    expect((await t.call("GET", "/api/studio/profile")).body).toEqual(before);
  });
});
