import { randomUUID } from "node:crypto";
import {
  BOOKING_STATUSES,
  BOOKING_TRANSITIONS,
  type BookingCreateInput,
  type BookingStats,
  type BookingStatus,
  MESSAGES,
  TIME_SLOTS,
} from "@studio/validators";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { AppError } from "../errors";
import { createHarness, type Harness } from "../testing/harness";
import { fieldErrorsOf } from "../trpc";
import { openLinks } from "../mail/sealed-links";

const m = MESSAGES.booking;
/** 12:00 on 2030-01-15 in the studio's zone (America/Los_Angeles, UTC-8 in January). */
const NOW = new Date("2030-01-15T20:00:00Z");

let h: Harness;
let admin: Awaited<ReturnType<Harness["admin"]>>["caller"];
let serviceId: number;
let otherServiceId: number;

beforeAll(async () => {
  h = await createHarness();
  h.setNow(NOW);
  admin = (await h.admin()).caller;
  const base = { description: "d", category: "photography", priceCents: 29_900, features: [] };
  serviceId = (await h.deps.db.service.create({ data: { ...base, title: "Portrait Session" } })).id;
  otherServiceId = (await h.deps.db.service.create({ data: { ...base, title: "Wedding Film" } })).id;
});
afterAll(async () => {
  await h.close();
});

type Failure = { code: string; message: string; fieldErrors: Record<string, string> };

/** The error a call fails with, as a client would see it (zod issues flattened like the error formatter). */
async function failure(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    if (error.cause instanceof ZodError) {
      const fieldErrors = fieldErrorsOf(error.cause);
      return { code: error.code, message: error.cause.issues[0]?.message ?? "", fieldErrors };
    }
    const fieldErrors = error instanceof AppError ? (error.details.fieldErrors ?? {}) : {};
    return { code: error.code, message: error.message, fieldErrors };
  }
  throw new Error("expected the call to fail");
}

/** Marks a booking completed as an admin would once its session has ended, then puts the clock back to NOW. */
async function completeAfterSession(id: number) {
  await h.setNowToSessionEnd(id);
  try {
    const { caller } = await h.admin();
    return await caller.bookings.setStatus({ id, status: "completed" });
  } finally {
    h.setNow(NOW);
  }
}

/** A distinct future day per call, so tests never compete for slots by accident. */
let dayCounter = 0;
function nextDay(): string {
  dayCounter += 1;
  return new Date(Date.UTC(2030, 1, 1) + dayCounter * 86_400_000).toISOString().slice(0, 10);
}

function input(overrides: Partial<BookingCreateInput> = {}): BookingCreateInput {
  return {
    name: "Ada Lovelace",
    email: "ada@example.test",
    phone: "+1 555 0100",
    service_id: serviceId,
    date: nextDay(),
    time: "10:00",
    message: "Portraits for the team page",
    image: null,
    user_id: null,
    ...overrides,
  };
}

async function proofUpload(purpose: "booking_proof" | "service_image" = "booking_proof"): Promise<string> {
  const id = randomUUID();
  const isProof = purpose === "booking_proof";
  await h.deps.db.upload.create({
    data: {
      id,
      purpose,
      kind: isProof ? "document" : "image",
      mimeType: isProof ? "application/pdf" : "image/png",
      extension: isProof ? "pdf" : "png",
      size: 1234,
      originalName: isProof ? "proof.pdf" : "photo.png",
      storageKey: isProof ? `private/${id}.pdf` : `media/${id}.png`,
    },
  });
  return isProof ? `/uploads/private/${id}.pdf` : `/uploads/media/${id}.png`;
}

async function bookingIn(status: BookingStatus): Promise<number> {
  const { booking } = await h.caller().bookings.create(input());
  if (status !== "pending") {
    await h.deps.db.booking.update({
      where: { id: booking.id },
      data: { status, ...(status === "cancelled" ? { slotKey: null } : {}) },
    });
  }
  return booking.id;
}

describe("create: validation of section 5", () => {
  it.each<[string, Partial<Record<keyof BookingCreateInput, unknown>>, string, string]>([
    ["name missing", { name: undefined }, "name", m.nameRequired],
    ["name blank", { name: "   " }, "name", m.nameRequired],
    ["email missing", { email: undefined }, "email", m.emailRequired],
    ["email blank", { email: " " }, "email", m.emailRequired],
    ["email malformed", { email: "ada-at-example" }, "email", m.emailInvalid],
    ["phone missing", { phone: undefined }, "phone", m.phoneRequired],
    ["phone blank", { phone: "" }, "phone", m.phoneRequired],
    ["service missing", { service_id: undefined }, "service_id", m.serviceRequired],
    ["service not a number", { service_id: "abc" }, "service_id", m.serviceRequired],
    ["date missing", { date: undefined }, "date", m.dateRequired],
    ["date blank", { date: "" }, "date", m.dateRequired],
    ["date not a calendar day", { date: "2030-02-30" }, "date", m.dateInvalid],
    ["date in another format", { date: "02/03/2030" }, "date", m.dateInvalid],
    ["time missing", { time: undefined }, "time", m.timeRequired],
    ["time blank", { time: "" }, "time", m.timeRequired],
    ["time before 09:00", { time: "08:00" }, "time", m.timeInvalid],
    ["time after 17:00", { time: "18:00" }, "time", m.timeInvalid],
    // A half hour is on the studio's grid, but only for a service starting every 30 minutes (not this one).
    ["time off the hour", { time: "09:30" }, "time", m.startOnTheHour],
    ["time off the half hour", { time: "09:15" }, "time", m.timeInvalid],
  ])("refuses %s", async (_label, overrides, field, message) => {
    const error = await failure(
      h.caller().bookings.create({ ...input(), ...overrides } as BookingCreateInput),
    );
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.fieldErrors[field]).toBe(message);
  });

  it("reports every missing field at once, in the dialog's order", async () => {
    const error = await failure(h.caller().bookings.create({} as BookingCreateInput));
    expect(error.message).toBe(m.nameRequired);
    expect(error.fieldErrors).toMatchObject({
      name: m.nameRequired,
      email: m.emailRequired,
      phone: m.phoneRequired,
      service_id: m.serviceRequired,
      date: m.dateRequired,
      time: m.timeRequired,
    });
  });

  it("accepts each of the nine hourly slots", async () => {
    const date = nextDay();
    for (const time of TIME_SLOTS) {
      const { booking } = await h.caller().bookings.create(input({ date, time }));
      expect(booking.time).toBe(time);
    }
    expect(TIME_SLOTS).toHaveLength(9);
  });

  it("refuses a user_id other than null", async () => {
    const error = await failure(
      h.caller().bookings.create({ ...input(), user_id: 7 } as unknown as BookingCreateInput),
    );
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.fieldErrors.user_id).toBeDefined();
  });

  it("refuses an unknown service with a field error on service_id", async () => {
    const error = await failure(h.caller().bookings.create(input({ service_id: 999_999 })));
    expect(error).toEqual({
      code: "BAD_REQUEST",
      message: m.serviceNotFound,
      fieldErrors: { service_id: m.serviceNotFound },
    });
  });

  it("refuses a date before today with 'Date cannot be in the past'", async () => {
    const error = await failure(h.caller().bookings.create(input({ date: "2030-01-14" })));
    expect(error).toEqual({
      code: "BAD_REQUEST",
      message: m.dateInPast,
      fieldErrors: { date: m.dateInPast },
    });
  });

  it("accepts today", async () => {
    const { booking } = await h.caller().bookings.create(input({ date: "2030-01-15", time: "16:00" }));
    expect(booking.date).toBe("2030-01-15");
  });
});

describe("create: 'today' is the studio's day, not the server's", () => {
  it("near midnight, judges the date in the studio's time zone", async () => {
    try {
      // 23:30 on 2030-01-15 in Los Angeles, already 2030-01-16 in UTC.
      h.setNow(new Date("2030-01-16T07:30:00Z"));
      const lateEvening = await h.caller().bookings.create(input({ date: "2030-01-15", time: "17:00" }));
      expect(lateEvening.booking.date).toBe("2030-01-15");
      const availability = await h.caller().bookings.availability({ date: "2030-01-15" });
      expect(availability.today).toBe("2030-01-15");

      // 00:30 on 2030-01-16 in Los Angeles: the 15th is now in the past.
      h.setNow(new Date("2030-01-16T08:30:00Z"));
      const error = await failure(h.caller().bookings.create(input({ date: "2030-01-15", time: "15:00" })));
      expect(error.message).toBe(m.dateInPast);
      const next = await h.caller().bookings.create(input({ date: "2030-01-16", time: "09:00" }));
      expect(next.booking.date).toBe("2030-01-16");
    } finally {
      h.setNow(NOW);
    }
  });

  it("uses the configured zone: in Asia/Tokyo the same instant is already the next day", async () => {
    const tokyo = await createHarness({ timeZone: "Asia/Tokyo" });
    try {
      tokyo.setNow(new Date("2030-01-15T16:00:00Z")); // 01:00 on 2030-01-16 in Tokyo
      await tokyo.deps.db.service.create({
        data: { id: 1, title: "S", description: "d", priceCents: 100, features: [] },
      });
      const error = await failure(
        tokyo.caller().bookings.create(input({ service_id: 1, date: "2030-01-15", time: "12:00" })),
      );
      expect(error.message).toBe(m.dateInPast);
      expect((await tokyo.caller().bookings.availability({ date: "2030-01-16" })).today).toBe("2030-01-16");
    } finally {
      await tokyo.close();
    }
  });
});

describe("create: the stored booking", () => {
  it("is pending, carries the service title and answers with the submitted message", async () => {
    const result = await h
      .caller()
      .bookings.create(input({ name: "  Grace Hopper ", email: "Grace@Example.TEST", message: "   " }));
    expect(result.message).toBe(m.submitted);
    expect(result.replayed).toBe(false);
    // The answer carries the client's manage link (the one in the "received" e-mail), and it opens the booking.
    const token = result.manage_url?.split("/manage/")[1] ?? "";
    const managed = await h.caller().manage.get({ token });
    expect(managed).toMatchObject({ state: "active", booking: { name: "Grace Hopper", status: "pending" } });
    const mail = await h.deps.db.outgoingMail.findFirst({
      where: { bookingId: result.booking.id, kind: "booking.received" },
    });
    // The e-mail carries the same link, sealed (the row keeps only its redacted form and the link encrypted).
    expect(JSON.stringify(mail?.content)).not.toContain(token);
    const sent = openLinks(mail?.content, {
      key: h.deps.config.mail.sealKey,
      sealed: mail?.sealedLinks ?? "",
    });
    expect(JSON.stringify(sent)).toContain(result.manage_url);
    expect(result.booking).toMatchObject({
      name: "Grace Hopper",
      email: "grace@example.test",
      service_id: serviceId,
      service_title: "Portrait Session",
      status: "pending",
      message: null,
      image: null,
    });
    expect(new Date(result.booking.created_at).toISOString()).toBe(result.booking.created_at);
    const row = await h.deps.db.booking.findUniqueOrThrow({ where: { id: result.booking.id } });
    expect(row.slotKey).toBe(`${result.booking.date} ${result.booking.time}`);
  });

  it("adminCreate follows the same rules and is admin-only", async () => {
    const created = await admin.bookings.adminCreate(input({ service_id: otherServiceId }));
    expect(created.booking).toMatchObject({ status: "pending", service_title: "Wedding Film" });
    expect((await failure(admin.bookings.adminCreate(input({ date: "2029-12-31" })))).message).toBe(
      m.dateInPast,
    );
    const taken = input({ date: created.booking.date, time: created.booking.time });
    expect((await failure(admin.bookings.adminCreate(taken))).code).toBe("CONFLICT");
    expect((await failure(h.caller().bookings.adminCreate(input()))).code).toBe("UNAUTHORIZED");
  });
});

describe("the slot guard", () => {
  it("refuses a second booking of a held slot with CONFLICT", async () => {
    const first = await h.caller().bookings.create(input());
    const error = await failure(
      h.caller().bookings.create(input({ date: first.booking.date, time: first.booking.time })),
    );
    expect(error).toEqual({ code: "CONFLICT", message: m.slotTaken, fieldErrors: { time: m.slotTaken } });
  });

  it("lets exactly one of 20 concurrent requests for one slot win", async () => {
    const date = nextDay();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        h.caller().bookings.create(input({ date, time: "11:00", email: `racer${i}@example.test` })),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(TRPCError);
      expect((r.reason as TRPCError).code).toBe("CONFLICT");
      expect((r.reason as TRPCError).message).toBe(m.slotTaken);
    }
    expect(await h.deps.db.booking.count({ where: { date, time: "11:00" } })).toBe(1);
  });

  it("a cancelled booking frees its slot; a confirmed or completed one keeps it", async () => {
    const first = await h.caller().bookings.create(input({ time: "13:00" }));
    const { date, time } = first.booking;
    await admin.bookings.confirm({ id: first.booking.id });
    expect((await failure(h.caller().bookings.create(input({ date, time })))).code).toBe("CONFLICT");
    await admin.bookings.setStatus({ id: first.booking.id, status: "cancelled" });
    const row = await h.deps.db.booking.findUniqueOrThrow({ where: { id: first.booking.id } });
    expect(row.slotKey).toBeNull();
    const again = await h.caller().bookings.create(input({ date, time }));
    expect(again.booking.id).not.toBe(first.booking.id);
    await completeAfterSession(again.booking.id);
    expect((await failure(h.caller().bookings.create(input({ date, time })))).code).toBe("CONFLICT");
  });

  it("deleting a booking frees its slot", async () => {
    const first = await h.caller().bookings.create(input({ time: "14:00" }));
    const { date, time } = first.booking;
    expect(await admin.bookings.delete({ id: first.booking.id })).toEqual({ id: first.booking.id });
    expect((await h.caller().bookings.create(input({ date, time }))).booking.date).toBe(date);
  });
});

describe("idempotent submission", () => {
  it("a sequential retry with the same body key returns the first booking", async () => {
    const key = `key-${randomUUID()}`;
    const body = input({ idempotency_key: key });
    const first = await h.caller().bookings.create(body);
    const retry = await h.caller().bookings.create(body);
    expect(retry.replayed).toBe(true);
    // Only the first answer carries the manage link: a key alone never hands it out again.
    expect(first.manage_url).toMatch(/\/manage\/[\w-]{43}$/);
    expect(retry.manage_url).toBeNull();
    expect(retry.message).toBe(m.submitted);
    expect(retry.booking).toEqual(first.booking);
    expect(await h.deps.db.booking.count({ where: { idempotencyKey: key } })).toBe(1);
  });

  it("honours the Idempotency-Key header when the body has none", async () => {
    const key = randomUUID();
    const body = input();
    const first = await h.caller({ idempotencyKey: key }).bookings.create(body);
    const retry = await h.caller({ idempotencyKey: key }).bookings.create(body);
    expect(first.replayed).toBe(false);
    expect(retry).toMatchObject({ replayed: true, booking: { id: first.booking.id } });
  });

  it("replays even after the day has passed (a retry is not a new booking)", async () => {
    const key = randomUUID();
    const body = input({ date: "2030-01-15", time: "09:00", idempotency_key: key });
    const first = await h.caller().bookings.create(body);
    try {
      h.setNow(new Date("2030-01-17T20:00:00Z"));
      const retry = await h.caller().bookings.create(body);
      expect(retry).toMatchObject({ replayed: true, booking: { id: first.booking.id } });
    } finally {
      h.setNow(NOW);
    }
  });

  it("refuses a malformed Idempotency-Key header", async () => {
    const error = await failure(h.caller({ idempotencyKey: "bad key!" }).bookings.create(input()));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.fieldErrors.idempotency_key).toBeDefined();
  });

  it("refuses a key reused for a different booking instead of revealing the first one", async () => {
    const key = randomUUID();
    await h.caller().bookings.create(input({ idempotency_key: key }));
    const error = await failure(
      h.caller().bookings.create(input({ idempotency_key: key, email: "mallory@example.test" })),
    );
    expect(error).toMatchObject({ code: "CONFLICT", message: m.idempotencyKeyReused });
  });

  it("ten concurrent retries create one booking and all answer with it", async () => {
    const key = randomUUID();
    const body = input({ idempotency_key: key });
    const results = await Promise.all(Array.from({ length: 10 }, () => h.caller().bookings.create(body)));
    const ids = new Set(results.map((r) => r.booking.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await h.deps.db.booking.count({ where: { idempotencyKey: key } })).toBe(1);
  });
});

describe("with the read cache on", () => {
  it("a service's changes reach the booking form at once: deleted refuses, new books", async () => {
    const cached = await createHarness({}, { cacheTtlMs: 60_000 });
    try {
      cached.setNow(NOW);
      const owner = (await cached.admin()).caller;
      const service = {
        title: "Drone Reel",
        description: "Aerial footage",
        price: 499,
        duration: "2 hours",
        category: "drone" as const,
        features: [],
      };
      const first = await owner.services.create(service);
      const booked = await cached.caller().bookings.create(input({ service_id: first.id }));
      expect(booked.booking.service_title).toBe("Drone Reel");
      await owner.services.update({ id: first.id, data: { ...service, title: "Drone Reel Plus" } });
      const renamed = await cached.caller().bookings.create(input({ service_id: first.id }));
      expect(renamed.booking.service_title).toBe("Drone Reel Plus");
      // Used by bookings, the service is archived: it takes no new booking.
      expect(await owner.services.delete({ id: first.id })).toMatchObject({ archived: true });
      const error = await failure(cached.caller().bookings.create(input({ service_id: first.id })));
      expect(error).toMatchObject({ code: "BAD_REQUEST", message: MESSAGES.service.notOffered });
      expect(error.fieldErrors).toEqual({ service_id: MESSAGES.service.notOffered });
      await owner.services.restore({ id: first.id });
      expect(
        (await cached.caller().bookings.create(input({ service_id: first.id }))).booking.service_id,
      ).toBe(first.id);
      const unknown = await failure(cached.caller().bookings.create(input({ service_id: 999_999 })));
      expect(unknown).toMatchObject({ code: "BAD_REQUEST", message: m.serviceNotFound });
      const second = await owner.services.create({ ...service, title: "Drone Reel II" });
      expect(
        (await cached.caller().bookings.create(input({ service_id: second.id }))).booking.service_id,
      ).toBe(second.id);
    } finally {
      await cached.close();
    }
  });
});

/** The short-lived signed link of a stored proof path. */
const signedLinkOf = (url: string) => new RegExp(`^${url.replace(/\./g, "\\.")}\\?expires=\\d+&sig=[\\w-]+$`);

describe("proof files", () => {
  it("claims an issued booking proof; the booking answers a short-lived signed link, as admins get", async () => {
    const url = await proofUpload();
    const created = await h.caller().bookings.create(input({ image: url }));
    expect(created.booking.image).toMatch(signedLinkOf(url));
    expect((await h.deps.db.booking.findUniqueOrThrow({ where: { id: created.booking.id } })).image).toBe(
      url,
    );
    const upload = await h.deps.db.upload.findUniqueOrThrow({ where: { id: url.slice(17, 53) } });
    expect(upload.attachedAt).toEqual(NOW);
    const seen = await admin.bookings.get({ id: created.booking.id });
    expect(seen.image).toMatch(signedLinkOf(url));
    const adminCreated = await admin.bookings.adminCreate(input({ image: await proofUpload() }));
    expect(adminCreated.booking.image).toContain("&sig=");
  });

  it("accepts the absolute form of an issued URL", async () => {
    const url = await proofUpload();
    const created = await h.caller().bookings.create(input({ image: `http://127.0.0.1:3000${url}` }));
    expect(created.booking.image).toMatch(signedLinkOf(url));
  });

  it.each([
    ["an unknown file", async () => `/uploads/private/${randomUUID()}.pdf`],
    ["a public media file", () => proofUpload("service_image")],
    ["a resized variant", async () => (await proofUpload()).replace(".pdf", "-320.webp")],
    ["a foreign URL", async () => "https://evil.example/proof.pdf"],
    ["a path outside uploads", async () => "/etc/passwd"],
  ])("refuses %s", async (_label, makeUrl) => {
    const error = await failure(h.caller().bookings.create(input({ image: await makeUrl() })));
    expect(error).toEqual({
      code: "BAD_REQUEST",
      message: m.proofInvalid,
      fieldErrors: { image: m.proofInvalid },
    });
  });

  it("refuses a proof that another booking already uses", async () => {
    const url = await proofUpload();
    await h.caller().bookings.create(input({ image: url }));
    const error = await failure(h.caller().bookings.create(input({ image: url })));
    expect(error.message).toBe(m.proofInvalid);
  });

  it("lets only one of two concurrent bookings claim the same proof", async () => {
    const url = await proofUpload();
    const results = await Promise.allSettled([
      h.caller().bookings.create(input({ image: url })),
      h.caller().bookings.create(input({ image: url })),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(lost?.reason).toBeInstanceOf(TRPCError);
    expect((lost?.reason as TRPCError | undefined)?.message).toBe(m.proofInvalid);
  });

  it("a refused booking leaves its proof unclaimed for the next attempt", async () => {
    const holder = await h.caller().bookings.create(input());
    const url = await proofUpload();
    const clash = input({ date: holder.booking.date, time: holder.booking.time, image: url });
    expect((await failure(h.caller().bookings.create(clash))).code).toBe("CONFLICT");
    const upload = await h.deps.db.upload.findUniqueOrThrow({ where: { id: url.slice(17, 53) } });
    expect(upload.attachedAt).toBeNull();
    expect((await h.caller().bookings.create(input({ image: url }))).booking.image).toMatch(
      signedLinkOf(url),
    );
  });

  it("deleting a booking releases its proof for the clean-up of orphan uploads", async () => {
    const url = await proofUpload();
    const created = await h.caller().bookings.create(input({ image: url }));
    await admin.bookings.delete({ id: created.booking.id });
    const upload = await h.deps.db.upload.findUniqueOrThrow({ where: { id: url.slice(17, 53) } });
    expect(upload.attachedAt).toBeNull();
  });
});

describe("status changes (section 4)", () => {
  const pairs = BOOKING_STATUSES.flatMap((from) => BOOKING_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)("%s → %s", async (from, to) => {
    const id = await bookingIn(from);
    const allowed = from === to || BOOKING_TRANSITIONS[from].includes(to);
    if (allowed) {
      // Completing is allowed only after the session's end as well (its own tests are below).
      const booking =
        to === "completed" && from !== to
          ? await completeAfterSession(id)
          : await admin.bookings.setStatus({ id, status: to });
      expect(booking.status).toBe(to);
    } else {
      const error = await failure(admin.bookings.setStatus({ id, status: to }));
      expect(error).toMatchObject({ code: "CONFLICT", message: m.transitionRefused(from, to) });
    }
    const row = await h.deps.db.booking.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe(allowed ? to : from);
    expect(row.slotKey === null).toBe((allowed ? to : from) === "cancelled");
  });

  it("allows exactly the transitions of the specification", () => {
    expect(BOOKING_TRANSITIONS).toEqual({
      pending: ["confirmed", "completed", "cancelled"],
      confirmed: ["pending", "completed", "cancelled"],
      completed: [],
      cancelled: [],
    });
  });

  it("confirm moves pending to confirmed and refuses final bookings", async () => {
    const id = await bookingIn("pending");
    expect((await admin.bookings.confirm({ id })).status).toBe("confirmed");
    expect((await admin.bookings.confirm({ id })).status).toBe("confirmed");
    const done = await bookingIn("completed");
    expect(await failure(admin.bookings.confirm({ id: done }))).toMatchObject({
      code: "CONFLICT",
      message: m.transitionRefused("completed", "confirmed"),
    });
  });

  it("refuses an unknown status and unknown ids", async () => {
    const id = await bookingIn("pending");
    const bad = await failure(admin.bookings.setStatus({ id, status: "archived" as BookingStatus }));
    expect(bad).toMatchObject({ code: "BAD_REQUEST", message: m.statusInvalid });
    for (const call of [
      () => admin.bookings.setStatus({ id: 987_654, status: "confirmed" }),
      () => admin.bookings.confirm({ id: 987_654 }),
      () => admin.bookings.delete({ id: 987_654 }),
      () => admin.bookings.get({ id: 987_654 }),
    ]) {
      expect(await failure(call())).toMatchObject({ code: "NOT_FOUND", message: m.notFound });
    }
    expect((await failure(admin.bookings.get({ id: -1 }))).code).toBe("BAD_REQUEST");
  });

  it("two concurrent changes from pending cannot both win", async () => {
    const id = await bookingIn("pending");
    const results = await Promise.allSettled([
      admin.bookings.setStatus({ id, status: "cancelled" }),
      admin.bookings.setStatus({ id, status: "completed" }),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    const lost = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    expect((lost?.reason as TRPCError | undefined)?.code).toBe("CONFLICT");
    const row = await h.deps.db.booking.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe((won[0] as PromiseFulfilledResult<{ status: string }>).value.status);
  });
});

describe("completed only after the session's end", () => {
  /** The admin's attempt to mark the booking completed at `at`, then the row's status and the e-mails written. */
  async function completeAt(id: number, at: Date) {
    h.setNow(at);
    try {
      const { caller } = await h.admin();
      const mails = await h.deps.db.outgoingMail.count({ where: { bookingId: id } });
      const result = await caller.bookings.setStatus({ id, status: "completed" }).catch(failure_);
      const row = await h.deps.db.booking.findUniqueOrThrow({ where: { id } });
      const written = (await h.deps.db.outgoingMail.count({ where: { bookingId: id } })) - mails;
      return { result, status: row.status, written };
    } finally {
      h.setNow(NOW);
    }
  }
  const failure_ = (error: unknown) => failure(Promise.reject(error));
  const tooEarly = { code: "CONFLICT", message: m.completedTooEarly };

  it("refuses a future booking with 409 and writes nothing (no thank-you e-mail)", async () => {
    const { booking } = await h.caller().bookings.create(input());
    await admin.bookings.confirm({ id: booking.id });
    expect(await completeAt(booking.id, NOW)).toMatchObject({
      result: tooEarly,
      status: "confirmed",
      written: 0,
    });
    expect(m.completedTooEarly).toBe("A booking can be marked completed only after its session has ended.");
  });

  it("ends one hour after the start by default: refused a minute before, accepted at the end", async () => {
    const { booking } = await h.caller().bookings.create(input({ date: "2030-12-02", time: "15:00" }));
    // 15:00 in Los Angeles in December is 23:00 UTC; the session ends at 16:00 (00:00 UTC the next day).
    const end = new Date("2030-12-03T00:00:00Z");
    expect(await h.setNowToSessionEnd(booking.id)).toEqual(end);
    h.setNow(NOW);
    const before = await completeAt(booking.id, new Date(end.getTime() - 60_000));
    expect(before).toMatchObject({ result: tooEarly, status: "pending", written: 0 });
    const after = await completeAt(booking.id, end);
    expect(after).toMatchObject({ result: { id: booking.id, status: "completed" }, status: "completed" });
    expect(after.written).toBeGreaterThan(0);
  });

  it("lasts as long as the service: a three-hour session is not over after one hour", async () => {
    const long = await h.deps.db.service.create({
      data: {
        title: "Wedding Day",
        description: "d",
        category: "videography",
        priceCents: 99_900,
        duration: "3 hours",
        durationMinutes: 180,
        features: [],
      },
    });
    const { booking } = await h
      .caller()
      .bookings.create(input({ service_id: long.id, date: "2030-12-03", time: "10:00" }));
    const start = Date.parse("2030-12-03T18:00:00Z"); // 10:00 in Los Angeles
    expect((await completeAt(booking.id, new Date(start + 2 * 3_600_000))).result).toMatchObject(tooEarly);
    expect((await completeAt(booking.id, new Date(start + 3 * 3_600_000))).status).toBe("completed");
  });

  it("ends after a session of 90 minutes, not on the hour", async () => {
    const short = await h.deps.db.service.create({
      data: {
        title: "Headshots",
        description: "d",
        category: "photography",
        priceCents: 100,
        duration: "1 h 30 min",
        durationMinutes: 90,
        features: [],
      },
    });
    const { booking } = await h
      .caller()
      .bookings.create(input({ service_id: short.id, date: "2030-12-06", time: "10:00" }));
    const start = Date.parse("2030-12-06T18:00:00Z"); // 10:00 in Los Angeles
    expect((await completeAt(booking.id, new Date(start + 89 * 60_000))).result).toMatchObject(tooEarly);
    expect((await completeAt(booking.id, new Date(start + 90 * 60_000))).status).toBe("completed");
  });

  it("lasts one hour once the service is deleted", async () => {
    const gone = await h.deps.db.service.create({
      data: {
        title: "Gone",
        description: "d",
        category: "vfx",
        priceCents: 100,
        duration: "4 hours",
        durationMinutes: 240,
        features: [],
      },
    });
    const { booking } = await h
      .caller()
      .bookings.create(input({ service_id: gone.id, date: "2030-12-04", time: "09:00" }));
    await h.deps.db.service.delete({ where: { id: gone.id } });
    const start = Date.parse("2030-12-04T17:00:00Z"); // 09:00 in Los Angeles
    expect((await completeAt(booking.id, new Date(start + 3_600_000 - 1))).result).toMatchObject(tooEarly);
    expect((await completeAt(booking.id, new Date(start + 3_600_000))).status).toBe("completed");
  });

  it("is judged in the schedule's own time zone when the owner set one", async () => {
    const { booking } = await h.caller().bookings.create(input({ date: "2030-12-05", time: "11:00" }));
    await h.deps.db.studioSchedule.upsert({
      where: { id: 1 },
      create: { id: 1, timeZone: "Asia/Tokyo" },
      update: { timeZone: "Asia/Tokyo" },
    });
    try {
      // 11:00–12:00 in Tokyo (UTC+9) is 02:00–03:00 UTC, hours before the same wall time in Los Angeles.
      const end = Date.parse("2030-12-05T03:00:00Z");
      expect((await completeAt(booking.id, new Date(end - 1000))).result).toMatchObject(tooEarly);
      expect((await completeAt(booking.id, new Date(end))).status).toBe("completed");
    } finally {
      await h.deps.db.studioSchedule.update({ where: { id: 1 }, data: { timeZone: null } });
    }
  });
});

describe("stats", () => {
  it("counts every status and proofs, and follows each change", async () => {
    const expectDelta = async (before: BookingStats, delta: Partial<BookingStats>) => {
      const after = await admin.bookings.stats();
      const expected = { ...before };
      for (const [k, v] of Object.entries(delta)) expected[k as keyof BookingStats] += v;
      expect(after).toEqual(expected);
      return after;
    };
    let stats = await admin.bookings.stats();
    expect(stats.total).toBe(stats.pending + stats.confirmed + stats.completed + stats.cancelled);
    expect(stats.total).toBe(await h.deps.db.booking.count());
    expect(stats.withProof).toBe(await h.deps.db.booking.count({ where: { image: { not: null } } }));

    const plain = await h.caller().bookings.create(input());
    stats = await expectDelta(stats, { total: 1, pending: 1 });
    const withProof = await h.caller().bookings.create(input({ image: await proofUpload() }));
    stats = await expectDelta(stats, { total: 1, pending: 1, withProof: 1 });
    await admin.bookings.confirm({ id: plain.booking.id });
    stats = await expectDelta(stats, { pending: -1, confirmed: 1 });
    await completeAfterSession(plain.booking.id);
    stats = await expectDelta(stats, { confirmed: -1, completed: 1 });
    await admin.bookings.setStatus({ id: withProof.booking.id, status: "cancelled" });
    stats = await expectDelta(stats, { pending: -1, cancelled: 1 });
    await admin.bookings.delete({ id: withProof.booking.id });
    stats = await expectDelta(stats, { total: -1, cancelled: -1, withProof: -1 });
    await admin.bookings.delete({ id: plain.booking.id });
    stats = await expectDelta(stats, { total: -1, completed: -1 });
    expect(stats.withProof).toBe(await h.deps.db.booking.count({ where: { image: { not: null } } }));
  });
});

describe("availability", () => {
  it("shows which of the nine slots are taken, without personal data", async () => {
    const date = nextDay();
    await h.caller().bookings.create(input({ date, time: "09:00" }));
    await h.caller().bookings.create(input({ date, time: "15:00" }));
    const cancelled = await h.caller().bookings.create(input({ date, time: "12:00" }));
    await admin.bookings.setStatus({ id: cancelled.booking.id, status: "cancelled" });
    const result = await h.caller().bookings.availability({ date });
    expect(result).toEqual({
      date,
      today: "2030-01-15",
      closed_reason: null,
      slots: TIME_SLOTS.map((time) => {
        const taken = time === "09:00" || time === "15:00";
        return { time, available: !taken, reason: taken ? "full" : null, remaining: taken ? 0 : 1 };
      }),
    });
    expect(JSON.stringify(result)).not.toContain("example.test");
  });

  it("offers nothing on a day before today and validates the date", async () => {
    const result = await h.caller().bookings.availability({ date: "2030-01-14" });
    expect(result.slots.every((s) => !s.available)).toBe(true);
    expect((await failure(h.caller().bookings.availability({ date: "tomorrow" }))).message).toBe(
      m.dateInvalid,
    );
  });
});

describe("admin-only procedures", () => {
  it.each([
    ["list", (c: ReturnType<Harness["caller"]>) => c.bookings.list({})],
    ["listChunk", (c: ReturnType<Harness["caller"]>) => c.bookings.listChunk({})],
    ["get", (c: ReturnType<Harness["caller"]>) => c.bookings.get({ id: 1 })],
    ["stats", (c: ReturnType<Harness["caller"]>) => c.bookings.stats()],
    ["setStatus", (c: ReturnType<Harness["caller"]>) => c.bookings.setStatus({ id: 1, status: "confirmed" })],
    ["confirm", (c: ReturnType<Harness["caller"]>) => c.bookings.confirm({ id: 1 })],
    ["delete", (c: ReturnType<Harness["caller"]>) => c.bookings.delete({ id: 1 })],
    ["exportCsv", (c: ReturnType<Harness["caller"]>) => c.bookings.exportCsv({})],
  ])("%s needs an admin token", async (_name, call) => {
    for (const token of [null, "garbage.token.value"]) {
      const error = await failure(call(h.caller({ token })));
      expect(error).toMatchObject({ code: "UNAUTHORIZED", message: MESSAGES.auth.unauthorized });
    }
  });

  it("checks the token before the input (no validation details for visitors)", async () => {
    const error = await failure(h.caller().bookings.get({ id: "abc" as unknown as number }));
    expect(error.code).toBe("UNAUTHORIZED");
  });
});
