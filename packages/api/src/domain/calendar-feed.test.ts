import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestService } from "../testing/fixtures";
import { createHarness, type Harness } from "../testing/harness";
import { calendarFeedIcs } from "./calendar-feed";

/** 12:00 on 2030-01-15 in Los Angeles (UTC-8). */
const NOW = new Date("2030-01-15T20:00:00Z");

let h: Harness;
let owner: Awaited<ReturnType<Harness["admin"]>>;

beforeAll(async () => {
  h = await createHarness();
  h.setNow(NOW);
  owner = await h.admin();
  const service = await createTestService(h.deps.db);
  const rows = [
    ["Past Pat", "2030-01-14", "10:00", "confirmed"],
    ["Ended Today", "2030-01-15", "09:00", "confirmed"],
    ["Later Today", "2030-01-15", "15:00", "pending"],
    ["Summer Sam", "2030-07-01", "10:00", "confirmed"],
    ["Cancelled Cy", "2030-02-01", "10:00", "cancelled"],
    ["Done Dee", "2030-02-02", "10:00", "completed"],
  ] as const;
  for (const [name, date, time, status] of rows) {
    await h.deps.db.booking.create({
      data: {
        name,
        email: "c@example.test",
        phone: "5550100",
        serviceId: service.id,
        date,
        time,
        status,
        slotKey: status === "cancelled" ? null : `${date} ${time}`,
      },
    });
  }
});
afterAll(async () => {
  await h.close();
});

const tokenOf = (url: string) => /\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)?.[1] ?? "";

describe("an admin's calendar feed", () => {
  it("has no link until one is made; making one is audited", async () => {
    expect(await owner.caller.calendarFeed.get()).toBeNull();
    const { replaced, ...feed } = await owner.caller.calendarFeed.regenerate();
    expect(replaced).toBe(false);
    expect(feed.url).toMatch(/^http:\/\/studio\.test\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await owner.caller.calendarFeed.get()).toEqual(feed);
    // The first link is made, not regenerated: no old link stopped working.
    const audit = await h.deps.db.auditEntry.findMany({ where: { entity: "calendar_feed" } });
    expect(audit).toMatchObject([{ action: "created", actorName: "Studio Owner" }]);
    // The stored row holds no working link: only the token's hash and the nonce, never the token.
    const row = await h.deps.db.calendarFeed.findFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(tokenOf(feed.url));
  });

  it("is valid RFC 5545 with only upcoming pending and confirmed bookings, in the studio's zone", async () => {
    const feed = await owner.caller.calendarFeed.regenerate();
    const text = await calendarFeedIcs(h.deps, tokenOf(feed.url));
    expect(text).not.toBeNull();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain("VERSION:2.0");
    expect(text).toContain("PRODID:");
    expect(text).not.toContain("METHOD:");
    const events = Object.values(ical.sync.parseICS(text ?? "")).filter(
      (c): c is VEvent => c?.type === "VEVENT",
    );
    const byName = Object.fromEntries(events.map((e) => [String(e.summary).replace(/^.*– /, ""), e]));
    expect(Object.keys(byName).sort()).toEqual(["Later Today", "Summer Sam"]);
    expect(byName["Later Today"]?.start.toISOString()).toBe("2030-01-15T23:00:00.000Z");
    expect(byName["Later Today"]?.status).toBe("TENTATIVE");
    expect(String(byName["Later Today"]?.summary)).toBe("[Pending] Portrait Session – Later Today");
    // July is daylight-saving time (UTC-7).
    expect(byName["Summer Sam"]?.start.toISOString()).toBe("2030-07-01T17:00:00.000Z");
    expect(byName["Summer Sam"]?.end?.toISOString()).toBe("2030-07-01T18:00:00.000Z");
    expect(byName["Summer Sam"]?.status).toBe("CONFIRMED");
    expect(text).toContain("DTSTART;TZID=America/Los_Angeles:20300701T100000");
    expect(text).toContain("BEGIN:VTIMEZONE");
    for (const line of (text ?? "").split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it("regenerating makes the old link stop working", async () => {
    const old = await owner.caller.calendarFeed.regenerate();
    const fresh = await owner.caller.calendarFeed.regenerate();
    expect(fresh.replaced).toBe(true);
    const last = await h.deps.db.auditEntry.findFirstOrThrow({
      where: { entity: "calendar_feed" },
      orderBy: { id: "desc" },
    });
    expect(last.action).toBe("regenerated");
    expect(fresh.url).not.toBe(old.url);
    expect(await calendarFeedIcs(h.deps, tokenOf(old.url))).toBeNull();
    expect(await calendarFeedIcs(h.deps, tokenOf(fresh.url))).not.toBeNull();
    expect(await h.deps.db.calendarFeed.count()).toBe(1);
  });

  it("is each admin's own: another admin neither sees nor ends it, and removing an admin ends theirs", async () => {
    const mine = await owner.caller.calendarFeed.regenerate();
    const colleague = await h.admin("colleague@studio.test");
    expect(await colleague.caller.calendarFeed.get()).toBeNull();
    const theirs = await colleague.caller.calendarFeed.regenerate();
    expect(theirs.replaced).toBe(false);
    expect(theirs.url).not.toBe(mine.url);
    // Both work; each sees only their own.
    expect(await calendarFeedIcs(h.deps, tokenOf(mine.url))).not.toBeNull();
    expect(await calendarFeedIcs(h.deps, tokenOf(theirs.url))).not.toBeNull();
    expect((await owner.caller.calendarFeed.get())?.url).toBe(mine.url);
    expect((await colleague.caller.calendarFeed.get())?.url).toBe(theirs.url);
    // The colleague regenerating theirs leaves the owner's working.
    const theirsAgain = await colleague.caller.calendarFeed.regenerate();
    expect(await calendarFeedIcs(h.deps, tokenOf(theirs.url))).toBeNull();
    expect(await calendarFeedIcs(h.deps, tokenOf(mine.url))).not.toBeNull();
    // Removed from the team: the colleague's copied link stops at once; the owner's keeps working.
    const colleagueId = (
      await h.deps.db.adminUser.findUniqueOrThrow({ where: { email: "colleague@studio.test" } })
    ).id;
    await owner.caller.admins.remove({ id: colleagueId });
    expect(await calendarFeedIcs(h.deps, tokenOf(theirsAgain.url))).toBeNull();
    expect(await calendarFeedIcs(h.deps, tokenOf(mine.url))).not.toBeNull();
  });

  it("a forged or malformed token opens nothing", async () => {
    expect(await calendarFeedIcs(h.deps, "A".repeat(43))).toBeNull();
    expect(await calendarFeedIcs(h.deps, "../../etc/passwd")).toBeNull();
  });

  it("is for admins only", async () => {
    await expect(h.caller().calendarFeed.get()).rejects.toThrow();
    await expect(h.caller().calendarFeed.regenerate()).rejects.toThrow();
  });
});
