import { describe, expect, it } from "vitest";
import { isCalendarDate, todayIn } from "./dates";
import { formatFileSize, truncate } from "./format";
import { MESSAGES } from "./messages";
import { ZBookingCreateInput } from "./schemas/booking";
import { splitList } from "./schemas/common";
import { ZFeedbackInput } from "./schemas/feedback";
import { ZPortfolioInput } from "./schemas/portfolio";
import { ZServiceInput } from "./schemas/service";

describe("lists", () => {
  it("splits comma or newline text, trims and drops empties", () => {
    expect(splitList(" a, b ,,\n c ,")).toEqual(["a", "b", "c"]);
    expect(splitList([" x ", "", "y"])).toEqual(["x", "y"]);
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
    const base = { name: "A", email: "a@x.test", phone: "1", service_id: 1, date: "2030-01-01" };
    expect(ZBookingCreateInput.safeParse({ ...base, time: "17:00" }).success).toBe(true);
    expect(ZBookingCreateInput.safeParse({ ...base, time: "18:00" }).error?.issues[0]?.message).toBe(
      MESSAGES.booking.timeInvalid,
    );
    expect(ZBookingCreateInput.safeParse({ ...base, time: "" }).error?.issues[0]?.message).toBe(
      MESSAGES.booking.timeRequired,
    );
  });
});
