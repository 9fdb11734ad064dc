/**
 * Calendar sync end to end on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL) and a real CalDAV
 * server: Debian's radicale on a loopback port (allowed by the config here, as CALDAV_ALLOW_PRIVATE_NETWORKS
 * allows it), looked into from the outside with plain HTTP. Busy events there block slots; bookings are written
 * there as events, moved and removed with them.
 */
import { MESSAGES } from "@studio/validators";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createReadCache } from "../../cache";
import { testConfig } from "../../config";
import { createTestService } from "../../testing/fixtures";
import { createHarness, type Harness } from "../../testing/harness";
import { startRadicale, type TestRadicale } from "../../testing/radicale";
import { failure } from "../../testing/rejection";
import { decryptSecret } from "../../crypto/seal";
import { busyRangesOf } from "./ical";
import { calendarBusyRanges } from "./busy";

let h: Harness;
let owner: Awaited<ReturnType<Harness["admin"]>>["caller"];
let radicale: TestRadicale;
let serviceId: number;

const ZONE = "America/Los_Angeles"; // testConfig's studio zone
const secretKey = new Uint8Array(32).fill(11);
const START = new Date("2030-03-01T18:00:00Z");

beforeAll(async () => {
  h = await createHarness({
    calendarSync: { ...testConfig().calendarSync, secretKey, allowPrivateNetworks: true },
  });
  h.setNow(START);
  owner = (await h.admin()).caller;
  radicale = await startRadicale();
  serviceId = (
    await h.deps.db.service.create({
      data: {
        title: "Half-day Shoot",
        description: "d",
        category: "photography",
        priceCents: 100,
        features: [],
        durationMinutes: 240,
      },
    })
  ).id;
  await createTestService(h.deps.db);
}, 30_000);
afterAll(async () => {
  await radicale?.stop();
  await h?.close();
});
beforeEach(async () => {
  h.setNow(START);
  await h.deps.db.job.deleteMany();
});

const account = () => ({
  url: radicale.calendarUrl,
  username: radicale.username,
  password: radicale.password,
});
const connect = () => owner.calendarSync.connect(account());

/** An event as a calendar app writes it. */
function externalEvent(uid: string, lines: string[]): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Test//Calendar app//EN",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTAMP:20300101T000000Z",
    ...lines,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

let slot = 0;
/**
 * A day in April 2030 nobody else books, at 10:00 (each call the next day: a half-day session holds the crew until
 * 14:00). The calendar's own events are all in March.
 */
function nextSlot(): { date: string; time: string } {
  slot += 1;
  return { date: `2030-04-${String(slot).padStart(2, "0")}`, time: "10:00" };
}

const bookingInput = (at: { date: string; time: string }) => ({
  name: "Ann Lee",
  email: "ann@client.test",
  phone: "+1 555 010 2040",
  service_id: serviceId,
  message: "",
  ...at,
});

function eventOf(text: string): VEvent {
  const event = Object.values(ical.sync.parseICS(text)).find((c) => c?.type === "VEVENT");
  if (!event) throw new Error("no VEVENT");
  return event as VEvent;
}

describe("connecting", () => {
  it("refuses a wrong app password, a wrong address and a non-calendar with a clear message, storing nothing", async () => {
    expect(await failure(owner.calendarSync.connect({ ...account(), password: "wrong-password" }))).toEqual({
      code: "BAD_REQUEST",
      message: MESSAGES.calendarSync.credentialsRefused,
    });
    expect(
      await failure(owner.calendarSync.connect({ ...account(), url: `${radicale.origin}/owner/missing/` })),
    ).toEqual({ code: "BAD_REQUEST", message: MESSAGES.calendarSync.notFound });
    expect(
      await failure(owner.calendarSync.connect({ ...account(), url: `${radicale.origin}/owner/` })),
    ).toEqual({
      code: "BAD_REQUEST",
      message: MESSAGES.calendarSync.notCalendar,
    });
    const closed = `http://127.0.0.1:1/cal/`;
    const unreachable = await failure(owner.calendarSync.connect({ ...account(), url: closed }));
    expect(unreachable.code).toBe("BAD_REQUEST");
    expect(unreachable.message).toMatch(/could not be reached/);
    expect(await h.deps.db.calendarConnection.count()).toBe(0);
    expect((await owner.calendarSync.status()).connected).toBe(false);
  });

  it("refuses a calendar on a private network unless CALDAV_ALLOW_PRIVATE_NETWORKS allows it", async () => {
    const strict = await createHarness();
    try {
      const strictOwner = (await strict.admin()).caller;
      expect(await failure(strictOwner.calendarSync.connect(account()))).toEqual({
        code: "BAD_REQUEST",
        message: MESSAGES.calendarSync.privateAddress,
      });
    } finally {
      await strict.close();
    }
  });

  it("stores the app password encrypted, never answers it, and keeps it out of the audit trail", async () => {
    const { status } = await connect();
    expect(status).toMatchObject({
      connected: true,
      url: radicale.calendarUrl,
      username: "owner",
      last_error: null,
    });
    expect(JSON.stringify(status)).not.toContain(radicale.password);
    const row = await h.deps.db.calendarConnection.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.passwordCipher).not.toContain(radicale.password);
    expect(decryptSecret(secretKey, row.passwordCipher)).toBe(radicale.password);
    const entries = await h.deps.db.auditEntry.findMany({ where: { entity: "calendar_sync" } });
    expect(entries.map((e) => e.action)).toContain("connected");
    expect(JSON.stringify(entries)).not.toContain(radicale.password);
    expect(JSON.stringify(entries)).not.toContain(row.passwordCipher);
    // Only the owner.
    const team = await h.admin("member@studio.test");
    expect((await failure(team.caller.calendarSync.status())).code).toBe("FORBIDDEN");
  });
});

describe("busy time", () => {
  it("an event in the calendar blocks its slots in availability, and a booking there is refused 409", async () => {
    await connect();
    const at = { date: "2030-03-04", time: "10:00" };
    // 10:30–11:15 on the studio's clock (Los Angeles: PST, -08:00, until 10 March).
    await radicale.putObject(
      "dentist",
      externalEvent("dentist-1@phone", [
        `DTSTART;TZID=America/Los_Angeles:${at.date.replaceAll("-", "")}T103000`,
        `DTEND;TZID=America/Los_Angeles:${at.date.replaceAll("-", "")}T111500`,
        "SUMMARY:Dentist",
      ]),
    );
    // Not yet pulled: free. "Sync now" pulls at once.
    const before = await h.caller().bookings.availability({ date: at.date });
    expect(before.slots.find((s) => s.time === "10:00")?.available).toBe(true);
    const synced = await owner.calendarSync.syncNow();
    expect(synced.status.busy_events).toBe(1);
    expect(synced.status.last_synced_at).not.toBeNull();
    const day = await h.caller().bookings.availability({ date: at.date });
    const reasons = Object.fromEntries(day.slots.map((s) => [s.time, s.reason]));
    expect(reasons["10:00"]).toBe("busy");
    expect(reasons["11:00"]).toBe("busy");
    expect(reasons["09:00"]).toBeNull();
    expect(reasons["12:00"]).toBeNull();
    expect(await failure(h.caller().bookings.create(bookingInput({ date: at.date, time: "11:00" })))).toEqual(
      {
        code: "CONFLICT",
        message: MESSAGES.booking.slotTaken,
      },
    );
    // The interface availability uses.
    const ranges = await calendarBusyRanges(
      h.deps,
      new Date(`${at.date}T00:00:00Z`),
      new Date(`${at.date}T23:59:59Z`),
    );
    expect(ranges.map((r) => [r.start.toISOString(), r.end.toISOString()])).toEqual([
      [`${at.date}T18:30:00.000Z`, `${at.date}T19:15:00.000Z`],
    ]);
  });

  it("a busy event anywhere in a longer session's held range rules out its start; a shorter session still fits", async () => {
    await connect();
    /** The owner's lunch, 13:30–14:00 on `day` (YYYYMMDD), in the studio's zone. */
    const lunchOn = async (day: string) => {
      await radicale.putObject(
        "lunch",
        externalEvent("lunch@phone", [
          `DTSTART;TZID=America/Los_Angeles:${day}T133000`,
          `DTEND;TZID=America/Los_Angeles:${day}T140000`,
        ]),
      );
      await owner.calendarSync.syncNow();
    };
    await lunchOn("20300307");
    const reasonAt10 = async (service_id: number) =>
      (await h.caller().bookings.availability({ date: "2030-03-07", service_id })).slots.find(
        (s) => s.time === "10:00",
      )?.reason;
    const hour = (await h.deps.db.service.findFirstOrThrow({ where: { title: "Portrait Session" } })).id;
    expect(await reasonAt10(serviceId)).toBe("busy"); // 10:00–14:00 meets 13:30
    expect(await reasonAt10(hour)).toBeNull(); // 10:00–11:00 does not
    // The month view says the same.
    const month = await h
      .caller()
      .bookings.availabilityDays({ from: "2030-03-06", days: 3, service_id: serviceId });
    expect(month.days.find((d) => d.date === "2030-03-07")?.free_starts).not.toContain("10:00");
    expect(month.days.find((d) => d.date === "2030-03-06")?.free_starts).toContain("10:00");
    expect(
      await failure(h.caller().bookings.create(bookingInput({ date: "2030-03-07", time: "10:00" }))),
    ).toEqual({ code: "CONFLICT", message: MESSAGES.booking.slotTaken });
    // Moved a week on: the month view now meets a clear Thursday before the busy one, and judges each on its own.
    await lunchOn("20300314");
    const later = await h
      .caller()
      .bookings.availabilityDays({ from: "2030-03-06", days: 10, service_id: serviceId });
    expect(later.days.find((d) => d.date === "2030-03-07")?.free_starts).toContain("10:00");
    expect(later.days.find((d) => d.date === "2030-03-14")?.free_starts).not.toContain("10:00");
  });

  it("another instance's cached busy time is dropped by a pull here (the event bus)", async () => {
    await connect();
    // A second instance: its own long-lived cache on the same bus.
    const other = { db: h.deps.db, cache: createReadCache(60_000, undefined, h.deps.bus) };
    const day = { from: new Date("2030-03-08T00:00:00Z"), to: new Date("2030-03-09T00:00:00Z") };
    expect(await calendarBusyRanges(other, day.from, day.to)).toEqual([]);
    await radicale.putObject(
      "friday",
      externalEvent("friday@phone", ["DTSTART:20300308T170000Z", "DTEND:20300308T180000Z"]),
    );
    await owner.calendarSync.syncNow();
    expect(await calendarBusyRanges(other, day.from, day.to)).toEqual([
      { start: new Date("2030-03-08T17:00:00Z"), end: new Date("2030-03-08T18:00:00Z") },
    ]);
  });

  it("all-day, weekly and free events: the studio's whole day, each occurrence, nothing", async () => {
    await connect();
    await radicale.putObject(
      "holiday",
      externalEvent("holiday@phone", [
        "DTSTART;VALUE=DATE:20300320",
        "DTEND;VALUE=DATE:20300321",
        "SUMMARY:Off",
      ]),
    );
    await radicale.putObject(
      "yoga",
      externalEvent("yoga@phone", [
        // 14:00 on Tuesdays on the studio's clock, on both sides of the change to summer time (10 March).
        "DTSTART;TZID=America/Los_Angeles:20300305T140000",
        "DTEND;TZID=America/Los_Angeles:20300305T150000",
        "RRULE:FREQ=WEEKLY;COUNT=4",
        "EXDATE;TZID=America/Los_Angeles:20300312T140000",
        "SUMMARY:Yoga",
      ]),
    );
    await radicale.putObject(
      "reminder",
      externalEvent("reminder@phone", [
        "DTSTART:20300306T170000Z",
        "DTEND:20300306T180000Z",
        "TRANSP:TRANSPARENT",
        "SUMMARY:Free time",
      ]),
    );
    await owner.calendarSync.syncNow();
    const busyOn = async (date: string) =>
      (await h.caller().bookings.availability({ date })).slots
        .filter((s) => s.reason === "busy")
        .map((s) => s.time);
    expect(await busyOn("2030-03-20")).toEqual(
      (await h.caller().bookings.availability({ date: "2030-03-20" })).slots
        .filter((s) => s.reason !== "closed")
        .map((s) => s.time),
    );
    expect(await busyOn("2030-03-05")).toEqual(["14:00"]);
    expect(await busyOn("2030-03-12")).toEqual([]); // EXDATE
    expect(await busyOn("2030-03-19")).toEqual(["14:00"]);
    expect(await busyOn("2030-03-26")).toEqual(["14:00"]);
    expect(await busyOn("2030-04-02")).toEqual([]); // COUNT=4 ended
    expect(await busyOn("2030-03-06")).toEqual([]); // transparent
  });

  it("parses a floating-free all-day event in the studio's zone whatever the process zone", () => {
    const text = externalEvent("x", ["DTSTART;VALUE=DATE:20300320", "SUMMARY:Off"]);
    const [range] = busyRangesOf(text, { from: new Date("2030-03-01Z"), to: new Date("2030-04-01Z") }, ZONE);
    expect(range?.start.toISOString()).toBe("2030-03-20T07:00:00.000Z"); // PDT from 10 March
    expect(range?.end.toISOString()).toBe("2030-03-21T07:00:00.000Z");
  });
});

describe("pushing bookings", () => {
  it("a booking is written as an event with its real times, moved with it and removed when cancelled; our own events block nothing", async () => {
    await connect();
    const at = nextSlot();
    const created = await h.caller().bookings.create(bookingInput(at));
    const id = created.booking.id;
    const name = `studio-booking-${id}`;
    expect(await h.runJobs()).toBeGreaterThan(0);
    const text = await radicale.getObject(name);
    expect(text).not.toBeNull();
    const event = eventOf(text!);
    expect(event.uid).toBe(`studio-booking-${id}@studio.test`);
    expect(String(event.summary)).toBe("Half-day Shoot — Ann Lee");
    expect(event.status).toBe("TENTATIVE");
    const start = new Date(event.start);
    expect(start.toISOString()).toBe(new Date(`${at.date}T${at.time}:00-07:00`).toISOString());
    expect(new Date(event.end!).getTime() - start.getTime()).toBe(240 * 60_000);

    // Pulled back, it blocks nothing (the calendar's other events, in March, are all it finds).
    const synced = await owner.calendarSync.syncNow();
    expect(synced.status.last_error).toBeNull();
    expect(await h.deps.db.calendarBusy.count({ where: { uid: { startsWith: "studio-booking-" } } })).toBe(0);
    const day = { from: new Date(`${at.date}T00:00:00Z`), to: new Date(`${at.date}T23:59:59Z`) };
    expect(await calendarBusyRanges(h.deps, day.from, day.to)).toEqual([]);

    // Confirmed: the event says so.
    await owner.bookings.confirm({ id });
    await h.runJobs();
    expect(eventOf((await radicale.getObject(name))!).status).toBe("CONFIRMED");

    // Moved by the client on the manage page: the same event, new times.
    const token = created.manage_url!.split("/manage/")[1]!;
    const target = { date: "2030-04-26", time: "13:00" };
    await h.caller().manage.move({ token, ...target });
    await h.runJobs();
    const moved = eventOf((await radicale.getObject(name))!);
    expect(new Date(moved.start).toISOString()).toBe("2030-04-26T20:00:00.000Z");
    expect(await radicale.listObjects()).toContain(name);

    // Rescheduled by the studio: the same event again.
    await owner.bookings.reschedule({ id, date: "2030-04-27", time: "09:00" });
    await h.runJobs();
    expect(new Date(eventOf((await radicale.getObject(name))!).start).toISOString()).toBe(
      "2030-04-27T16:00:00.000Z",
    );

    // Cancelled: removed.
    await h.caller().manage.cancel({ token });
    await h.runJobs();
    expect(await radicale.getObject(name)).toBeNull();
  });

  it("a deleted booking's event is removed; one waiting push per booking", async () => {
    await connect();
    const { booking } = await h.caller().bookings.create(bookingInput(nextSlot()));
    await h.runJobs();
    expect(await radicale.getObject(`studio-booking-${booking.id}`)).not.toBeNull();
    await owner.bookings.confirm({ id: booking.id });
    await owner.bookings.setStatus({ id: booking.id, status: "pending" });
    expect(await h.deps.db.job.count({ where: { kind: "calendar.push", status: "pending" } })).toBe(1);
    await owner.bookings.delete({ id: booking.id });
    await h.runJobs();
    expect(await radicale.getObject(`studio-booking-${booking.id}`)).toBeNull();
  });

  it("connecting writes the upcoming bookings; disconnecting stops pushes and frees busy time", async () => {
    await owner.calendarSync.disconnect().catch(() => undefined);
    const { booking: early } = await h.caller().bookings.create(bookingInput(nextSlot()));
    expect(await h.deps.db.job.count({ where: { kind: "calendar.push" } })).toBe(0); // nothing while not connected
    await connect();
    await h.runJobs();
    expect(await radicale.getObject(`studio-booking-${early.id}`)).not.toBeNull();
    await radicale.putObject(
      "busy",
      externalEvent("busy@phone", ["DTSTART:20300329T170000Z", "DTEND:20300329T180000Z"]),
    );
    await owner.calendarSync.syncNow();
    expect(
      (await h.caller().bookings.availability({ date: "2030-03-29" })).slots.some((s) => s.reason === "busy"),
    ).toBe(true);

    const { status } = await owner.calendarSync.disconnect();
    expect(status.connected).toBe(false);
    expect(await h.deps.db.calendarConnection.count()).toBe(0);
    expect(await h.deps.db.calendarBusy.count()).toBe(0);
    expect(
      (await h.caller().bookings.availability({ date: "2030-03-29" })).slots.some((s) => s.reason === "busy"),
    ).toBe(false);
    const { booking: later } = await h.caller().bookings.create(bookingInput(nextSlot()));
    await h.runJobs();
    expect(await radicale.getObject(`studio-booking-${later.id}`)).toBeNull();
    expect(
      await h.deps.db.job.count({ where: { kind: { startsWith: "calendar." }, status: "pending" } }),
    ).toBe(0);
    const entries = await h.deps.db.auditEntry.findMany({
      where: { entity: "calendar_sync", action: "disconnected" },
    });
    expect(entries.length).toBeGreaterThan(0);
  });

  it("an unreachable calendar: the push is retried after 30 s, then written once it answers", async () => {
    await connect();
    await h.deps.db.calendarConnection.update({
      where: { id: 1 },
      data: { url: "http://127.0.0.1:1/owner/studio/" },
    });
    const { booking } = await h.caller().bookings.create(bookingInput(nextSlot()));
    await h.runJobs();
    const job = await h.deps.db.job.findFirstOrThrow({ where: { key: `calendar-booking:${booking.id}` } });
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
    expect(job.runAt.getTime() - START.getTime()).toBe(30_000);
    expect((await owner.calendarSync.status()).last_error).toMatch(/could not be reached/);
    await h.deps.db.calendarConnection.update({ where: { id: 1 }, data: { url: radicale.calendarUrl } });
    h.setNow(new Date(START.getTime() + 30_000));
    await h.runJobs();
    expect(await radicale.getObject(`studio-booking-${booking.id}`)).not.toBeNull();
  });

  it("a failing calendar is shown on the status and the push retried; the periodic pull queues the next one", async () => {
    await connect();
    expect(await h.deps.db.job.count({ where: { kind: "calendar.pull", status: "pending" } })).toBe(1);
    // The password changed on the server's side (here: the stored one is made wrong).
    const { encryptSecret } = await import("../../crypto/seal");
    await h.deps.db.calendarConnection.update({
      where: { id: 1 },
      data: { passwordCipher: encryptSecret(secretKey, "no-longer-valid") },
    });
    const { booking } = await h.caller().bookings.create(bookingInput(nextSlot()));
    await h.runJobs();
    const status = await owner.calendarSync.status();
    expect(status.last_error).toBe(MESSAGES.calendarSync.credentialsRefused);
    const job = await h.deps.db.job.findFirstOrThrow({
      where: { kind: "calendar.push", key: `calendar-booking:${booking.id}` },
    });
    expect(job.status).toBe("failed");
    // The pull fails the same way, keeps the stored busy time and queues the next pull.
    h.setNow(new Date(h.deps.now().getTime() + 6 * 60_000));
    await h.runJobs();
    expect(await h.deps.db.job.count({ where: { kind: "calendar.pull", status: "pending" } })).toBe(1);
    // Reconnecting with the right password clears the error.
    const { status: fixed } = await connect();
    expect(fixed.last_error).toBeNull();
  });
});
