import { describe, expect, it } from "vitest";
import { isCalendarDate, todayIn } from "./dates";
import {
  CATEGORIES,
  CATEGORY_LABELS,
  categoryLabel,
  FEEDBACK_CATEGORIES,
  PORTFOLIO_CATEGORIES,
  SERVICE_CATEGORIES,
  serviceCategoryOf,
} from "./constants";
import { formatFileSize, plural, truncate } from "./format";
import { MESSAGES } from "./messages";
import { ZBookingCreateInput } from "./schemas/booking";
import { isPhoneNumber } from "./rules";
import { splitList } from "./schemas/common";
import { ZFeedbackInput } from "./schemas/feedback";
import { ZPortfolioInput } from "./schemas/portfolio";
import { sessionEnd } from "./schemas/schedule";
import { durationMinutesOf, minutesInWords } from "./schemas/session-length";
import { ZServiceCategory, ZServiceInput } from "./schemas/service";
import { CATEGORY_SLUGS } from "./routes";

describe("lists", () => {
  it("splits comma or newline text, trims and drops empties", () => {
    expect(splitList(" a, b ,,\n c ,")).toEqual(["a", "b", "c"]);
    expect(splitList([" x ", "", "y"])).toEqual(["x", "y"]);
  });
});

describe("a session's end (when a booking may be marked completed)", () => {
  it("reads the minutes a duration text names, and nothing from text it cannot read", () => {
    expect(durationMinutesOf("1 hour")).toBe(60);
    expect(durationMinutesOf(" 3  Hours ")).toBe(180);
    expect(durationMinutesOf("2h")).toBe(120);
    expect(durationMinutesOf("1.5 hours")).toBe(90);
    expect(durationMinutesOf("45 min")).toBe(45);
    expect(durationMinutesOf("1 h 30 min")).toBe(90);
    expect(durationMinutesOf("Half day")).toBe(240);
    expect(durationMinutesOf("Full day")).toBe(480);
    expect(durationMinutesOf("12 hours")).toBe(720);
    expect(durationMinutesOf("13 hours")).toBeNull(); // longer than a session
    expect(durationMinutesOf("10 minutes")).toBeNull(); // shorter than one
    expect(durationMinutesOf("2 shoot days")).toBeNull();
    expect(durationMinutesOf("3-5 days")).toBeNull();
    expect(durationMinutesOf(null)).toBeNull();
  });

  it("says a length in words", () => {
    expect([45, 60, 120, 150, 61].map(minutesInWords)).toEqual([
      "45 minutes",
      "1 hour",
      "2 hours",
      "2 hours 30 minutes",
      "1 hour 1 minute",
    ]);
  });

  it("is the start on the zone's wall clock plus the service's minutes (60 when the service is gone)", () => {
    // 15:00 in Los Angeles in December (UTC-8) is 23:00 UTC.
    expect(sessionEnd("2030-12-02", "15:00", null, "America/Los_Angeles").toISOString()).toBe(
      "2030-12-03T00:00:00.000Z",
    );
    expect(sessionEnd("2030-07-02", "10:00", 180, "America/Los_Angeles").toISOString()).toBe(
      "2030-07-02T20:00:00.000Z",
    );
    expect(sessionEnd("2030-07-02", "10:00", 90, "Asia/Tokyo").toISOString()).toBe(
      "2030-07-02T02:30:00.000Z",
    );
  });
});

describe("dates", () => {
  it("accepts only real calendar dates", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2026-02-30")).toBe(false);
    expect(isCalendarDate("26-2-1")).toBe(false);
  });
  it("judges today in the studio's time zone, not the machine's", () => {
    const instant = new Date("2026-11-21T05:00:00Z");
    expect(todayIn("America/Los_Angeles", instant)).toBe("2026-11-20");
    expect(todayIn("Asia/Kolkata", instant)).toBe("2026-11-21");
  });
  it("turns the day at the zone's midnight, to the second, however often it is asked", () => {
    // Midnight in Kolkata (UTC+5:30) is 18:30 UTC: asked each second around it, the day turns exactly there.
    const midnight = Date.parse("2026-11-21T18:30:00Z");
    for (let s = -90; s < 90; s++) {
      const at = new Date(midnight + s * 1_000);
      expect(todayIn("Asia/Kolkata", at), at.toISOString()).toBe(s < 0 ? "2026-11-21" : "2026-11-22");
    }
    // A later instant and then an earlier one, in another minute each time.
    expect(todayIn("Asia/Kolkata", new Date(midnight + 86_400_000))).toBe("2026-11-23");
    expect(todayIn("Asia/Kolkata", new Date(midnight - 1))).toBe("2026-11-21");
  });
});

describe("formatting", () => {
  it("truncates with an ellipsis only when longer", () => {
    expect(truncate("abcdef", 3)).toBe("abc...");
    expect(truncate("abc", 3)).toBe("abc");
  });
  it("formats file sizes", () => {
    expect(formatFileSize(10.5 * 1024 * 1024)).toBe("10.5 MB");
  });
});

describe("schemas", () => {
  it("reports feedback problems in the specification's order", () => {
    const result = ZFeedbackInput.safeParse({ name: "  ", email: "", rating: 0, message: " " });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      MESSAGES.feedback.nameRequired,
      MESSAGES.feedback.emailRequired,
      MESSAGES.feedback.ratingRequired,
      MESSAGES.feedback.messageRequired,
    ]);
  });

  it("normalises service features and price", () => {
    const parsed = ZServiceInput.parse({
      title: "T",
      description: "D",
      price: "19.999",
      duration: "1h",
      features: "a, ,b",
    });
    expect(parsed).toMatchObject({ price: 20, category: "photography", features: ["a", "b"], image: null });
  });

  it("stores empty portfolio date, client and location as null", () => {
    const parsed = ZPortfolioInput.parse({
      title: "T",
      description: "D",
      date: "",
      client: " ",
      location: "",
      tags: "x, y",
    });
    expect(parsed).toMatchObject({
      date: null,
      client: null,
      location: null,
      tags: ["x", "y"],
      status: "published",
      featured: false,
    });
  });

  it("requires a booking slot of the nine hourly slots", () => {
    const base = { name: "A", email: "a@x.test", phone: "555 0100", service_id: 1, date: "2030-01-01" };
    expect(ZBookingCreateInput.safeParse({ ...base, time: "17:00" }).success).toBe(true);
    expect(ZBookingCreateInput.safeParse({ ...base, time: "18:00" }).error?.issues[0]?.message).toBe(
      MESSAGES.booking.timeInvalid,
    );
    expect(ZBookingCreateInput.safeParse({ ...base, time: "" }).error?.issues[0]?.message).toBe(
      MESSAGES.booking.timeRequired,
    );
  });
});

describe("one list of category labels", () => {
  it("labels every category of the specification once, VFX & Post included; empty is General", () => {
    expect(PORTFOLIO_CATEGORIES.map(categoryLabel)).toEqual([
      "Photography",
      "Videography",
      "Cinematography",
      "Drone Services",
      "VFX & Post",
      "Commercial",
    ]);
    expect(categoryLabel("")).toBe("General");
    expect(categoryLabel("drone")).toBe("Drone Services");
  });

  it("has one category list: services, portfolio, feedback and the category pages share it", () => {
    expect(SERVICE_CATEGORIES).toBe(CATEGORIES);
    expect(PORTFOLIO_CATEGORIES).toBe(CATEGORIES);
    expect(FEEDBACK_CATEGORIES).toBe(CATEGORIES);
    expect(CATEGORY_SLUGS).toBe(CATEGORIES);
    expect(Object.keys(CATEGORY_LABELS)).toEqual([...CATEGORIES]);
  });

  it("reads the specification's earlier service categories as the category they became", () => {
    expect(serviceCategoryOf("editing")).toBe("vfx-post");
    expect(serviceCategoryOf("drone")).toBe("drone-services");
    expect(serviceCategoryOf("event")).toBe("videography");
    expect(serviceCategoryOf("vfx-post")).toBe("vfx-post");
    expect(serviceCategoryOf("weddings")).toBeNull();
    expect(ZServiceCategory.parse("editing")).toBe("vfx-post");
    expect(ZServiceCategory.parse("cinematography")).toBe("cinematography");
    expect(ZServiceCategory.safeParse("weddings").success).toBe(false);
    expect(categoryLabel("editing")).toBe("VFX & Post");
  });

  it("pluralises counts", () => {
    expect(plural(1, "booking")).toBe("1 booking");
    expect(plural(2, "booking")).toBe("2 bookings");
    expect(plural(1200, "review")).toBe("1,200 reviews");
  });
});

describe("phone numbers", () => {
  it("take digits, spaces and + - ( ), with 7 to 20 digits, on the server's schema too", () => {
    for (const ok of ["+91 98765 43210", "(555) 010-2040", "5550100", "+1 555 0100"])
      expect({ ok, valid: isPhoneNumber(ok) }).toEqual({ ok, valid: true });
    for (const bad of ["555", "call me", "555-CALL-NOW", "+1 555 0100 ext 4", "1".repeat(21), "@555 0100"])
      expect({ bad, valid: isPhoneNumber(bad) }).toEqual({ bad, valid: false });
    const base = { name: "A", email: "a@x.test", service_id: 1, date: "2030-01-01", time: "09:00" };
    const refused = ZBookingCreateInput.safeParse({ ...base, phone: "call me" });
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe(MESSAGES.common.phoneInvalid);
    const empty = ZBookingCreateInput.safeParse({ ...base, phone: "" });
    expect(empty.success ? null : empty.error.issues[0]?.message).toBe(MESSAGES.booking.phoneRequired);
  });
});
