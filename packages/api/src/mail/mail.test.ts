/**
 * The outbox end to end: domain changes write messages in their transaction; the worker delivers them to a real
 * SMTP server on loopback (smtp-server), where mailparser reads them back; calendar files are parsed with
 * node-ical.
 */
import { type BookingStatus, DEFAULT_SCHEDULE, MESSAGES } from "@studio/validators";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";
import { type ReceivedMail, startTestSmtp, type TestSmtp } from "../testing/smtp";
import { PASSWORD_RESET_JOB } from "./password-reset";
import { createSmtpTransport, type MailWorkerDeps, runMailPass, startMailWorker } from "./worker";

/** 12:00 on 2030-01-15 in the studio's zone (America/Los_Angeles). */
const NOW = new Date("2030-01-15T20:00:00Z");

let h: Harness;
let smtp: TestSmtp;
let serviceId: number;

beforeAll(async () => {
  h = await createHarness();
  smtp = await startTestSmtp({ refuse: (a) => (a.startsWith("nobody@") ? "5.1.1 No such user here" : null) });
  await h.admin(); // the owner: where studio alerts go (no STUDIO_NOTIFY_EMAIL)
  serviceId = (
    await h.deps.db.service.create({
      data: {
        title: "Portrait Session",
        description: "d",
        category: "drone",
        priceCents: 29_900,
        features: [],
      },
    })
  ).id;
});
beforeEach(async () => {
  h.setNow(NOW);
  smtp.received.length = 0;
  await h.deps.db.outgoingMail.deleteMany({});
});
afterAll(async () => {
  await smtp.close();
  await h.close();
});

function workerDeps(overrides: Partial<MailWorkerDeps> = {}): MailWorkerDeps {
  return {
    db: h.deps.db,
    now: h.deps.now,
    from: h.deps.config.mail.from,
    sealKey: h.deps.config.mail.sealKey,
    transport: createSmtpTransport(smtp.url),
    pollMs: 20,
    retryDelaysMs: [0, 0, 0],
    ...overrides,
  };
}

/** Delivers everything due now, then closes the connection. */
async function drain(): Promise<void> {
  const deps = workerDeps();
  for (let i = 0; i < 50; i++) {
    const round = await runMailPass(deps);
    if (round.claimed === 0) break;
  }
  deps.transport.close();
}

let dayCounter = 0;
/** Distinct future days; October 2030 days sit before the end of daylight-saving time (3 November 2030). */
function nextDay(base = Date.UTC(2030, 1, 1)): string {
  dayCounter += 1;
  return new Date(base + dayCounter * 86_400_000).toISOString().slice(0, 10);
}

async function book(over: { date?: string; time?: string; email?: string; name?: string } = {}) {
  const result = await h.caller().bookings.create({
    name: over.name ?? "Ann Lee",
    email: over.email ?? "ann@client.test",
    phone: "+1 555 010 2040",
    service_id: serviceId,
    date: over.date ?? nextDay(),
    time: over.time ?? "10:00",
    message: "Golden hour, please",
  });
  return result.booking;
}

async function setStatus(id: number, status: BookingStatus) {
  const { caller } = await h.admin();
  return caller.bookings.setStatus({ id, status });
}

function invite(mail: ReceivedMail): { text: string; event: VEvent } {
  const file = mail.attachments.find((a) => a.filename?.endsWith(".ics"));
  if (!file) throw new Error("no .ics attachment");
  const text = file.content.toString("utf8");
  const event = Object.values(ical.sync.parseICS(text)).find((c): c is VEvent => c?.type === "VEVENT");
  if (!event) throw new Error("no VEVENT");
  return { text, event };
}

const to = (mail: ReceivedMail) => mail.envelopeTo.join(",");

describe("a new booking", () => {
  it("sends the client a summary with the manage link and a tentative invite, and the studio an alert", async () => {
    const booking = await book({ date: "2030-11-04", time: "10:00" }); // the Monday after DST ends
    // Written with the booking, rendered later by the worker (never on the request path).
    expect(await h.deps.db.outgoingMail.count({ where: { status: "pending", html: "" } })).toBe(2);
    await drain();
    // Sent, and the rendering kept with the outcome (what the back office shows).
    expect(await h.deps.db.outgoingMail.count({ where: { status: "sent", html: { not: "" } } })).toBe(2);
    const client = smtp.received.find((m) => to(m) === "ann@client.test")!;
    const studio = smtp.received.find((m) => to(m) === "owner@studio.test")!;
    expect(client.subject).toBe("We received your booking: Portrait Session on 4 Nov 2030");
    expect(client.from?.text).toContain("hello@studio.test");
    expect(client.text).toContain("$299 (USD)");
    expect(client.text).toContain("10:00 AM – 11:00 AM PST (America/Los_Angeles)");
    expect(client.html).toContain("Manage your booking");
    expect(client.text).toMatch(/http:\/\/studio\.test\/manage\/[\w-]{43}/);
    const { text, event } = invite(client);
    expect(text).toContain("METHOD:REQUEST");
    expect(event.status).toBe("TENTATIVE");
    expect(event.start.toISOString()).toBe("2030-11-04T18:00:00.000Z"); // 10:00 PST
    expect(event.start.tz).toBe("America/Los_Angeles");
    expect(event.end?.toISOString()).toBe("2030-11-04T19:00:00.000Z");
    expect(event.location).toContain("Kolhapur");
    expect(String(event.uid)).toBe(`booking-${booking.id}@studio.test`);

    expect(studio.subject).toContain(`New booking #${booking.id}: Ann Lee`);
    expect(studio.replyTo?.text).toBe("ann@client.test");
    expect(studio.text).toContain("Proof file:");
    expect(studio.text).toContain("None");
    expect(studio.text).toContain(`http://studio.test/admin/bookings?booking=${booking.id}`);
  });

  it("puts the start in the studio's zone on both sides of the daylight-saving change", async () => {
    await book({ date: "2030-11-01", time: "09:00", email: "before@client.test" }); // PDT, UTC-7
    await drain();
    const { event } = invite(smtp.received.find((m) => to(m) === "before@client.test")!);
    expect(event.start.toISOString()).toBe("2030-11-01T16:00:00.000Z");
  });

  it("follows the zone set on the Hours page: times in the e-mail and the invite are London's", async () => {
    const { caller } = await h.admin();
    await caller.schedule.update({ ...DEFAULT_SCHEDULE, time_zone: "Europe/London" });
    try {
      await book({ date: "2030-07-02", time: "10:00", email: "london@client.test" }); // BST, UTC+1
      await drain();
      const mail = smtp.received.find((m) => to(m) === "london@client.test")!;
      const { event } = invite(mail);
      expect(event.start.toISOString()).toBe("2030-07-02T09:00:00.000Z");
      expect(event.start.tz).toBe("Europe/London");
      expect(mail.text).toContain("(Europe/London)");
    } finally {
      await caller.schedule.update(DEFAULT_SCHEDULE);
    }
  });
});

describe("status changes by the studio", () => {
  it("confirm: CONFIRMED with the same UID and a higher SEQUENCE, and a reminder 24 hours before", async () => {
    const booking = await book({ email: "confirm@client.test" });
    await setStatus(booking.id, "confirmed");
    await drain();
    const mails = smtp.received.filter((m) => to(m) === "confirm@client.test");
    const received = invite(mails.find((m) => m.subject?.startsWith("We received"))!).event;
    const confirmed = invite(mails.find((m) => m.subject?.startsWith("Confirmed"))!).event;
    expect(confirmed.status).toBe("CONFIRMED");
    expect(confirmed.uid).toBe(received.uid);
    expect(Number(confirmed.sequence)).toBeGreaterThan(Number(received.sequence));

    const reminder = await h.deps.db.outgoingMail.findFirstOrThrow({ where: { kind: "booking.reminder" } });
    expect(reminder.status).toBe("pending");
    expect(reminder.notBefore.getTime()).toBe(confirmed.start.getTime() - 24 * 3_600_000);
    expect(reminder.slot).toBe(`${booking.date} ${booking.time}`);

    // Not before its time; then exactly once, even with two workers claiming.
    expect((await runMailPass(workerDeps())).claimed).toBe(0);
    h.setNow(new Date(reminder.notBefore.getTime() + 1000));
    const [a, b] = [workerDeps(), workerDeps()];
    await Promise.all([runMailPass(a), runMailPass(b)]);
    a.transport.close();
    b.transport.close();
    const reminders = smtp.received.filter((m) => m.subject?.startsWith("Reminder:"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe("Reminder: Portrait Session tomorrow at 10:00 AM");
  });

  it("confirming promises a reminder only when one will go out: none for a session less than a day away", async () => {
    const far = await book({ email: "far@client.test" });
    // NOW is 12:00 in the studio; a session today at 17:00 is five hours away.
    const soon = await book({ email: "soon@client.test", date: "2030-01-15", time: "17:00" });
    await setStatus(far.id, "confirmed");
    await setStatus(soon.id, "confirmed");
    await drain();
    const confirmation = (address: string) =>
      smtp.received.find((m) => to(m) === address && m.subject?.startsWith("Confirmed"))!;
    expect(confirmation("far@client.test").text).toContain("We will send a reminder the day before.");
    expect(confirmation("soon@client.test").text).toContain(
      "The attached calendar invite replaces the tentative one.",
    );
    expect(confirmation("soon@client.test").text).not.toContain("reminder");
    const reminders = await h.deps.db.outgoingMail.findMany({ where: { kind: "booking.reminder" } });
    expect(reminders.map((r) => r.bookingId)).toEqual([far.id]);
  });

  it("cancel: METHOD:CANCEL, and the reminder never goes out", async () => {
    const booking = await book({ email: "cancel@client.test" });
    await setStatus(booking.id, "confirmed");
    await setStatus(booking.id, "cancelled");
    await drain();
    const cancelled = smtp.received.find((m) => m.subject?.startsWith("Cancelled:"))!;
    const { text, event } = invite(cancelled);
    expect(text).toContain("METHOD:CANCEL");
    expect(event.status).toBe("CANCELLED");
    const reminder = await h.deps.db.outgoingMail.findFirstOrThrow({ where: { kind: "booking.reminder" } });
    expect(reminder.status).toBe("skipped");
  });

  it("a reminder whose booking moved meanwhile is skipped when claimed", async () => {
    const booking = await book({ email: "moved@client.test" });
    await setStatus(booking.id, "confirmed");
    await drain();
    await h.deps.db.booking.update({ where: { id: booking.id }, data: { time: "11:00", slotKey: null } });
    const reminder = await h.deps.db.outgoingMail.findFirstOrThrow({ where: { kind: "booking.reminder" } });
    h.setNow(new Date(reminder.notBefore.getTime() + 1000));
    await drain();
    expect(smtp.received.some((m) => m.subject?.startsWith("Reminder:"))).toBe(false);
    const after = await h.deps.db.outgoingMail.findUniqueOrThrow({ where: { id: reminder.id } });
    expect(after).toMatchObject({ status: "skipped", lastError: MESSAGES.mail.reminderSkipped });
  });

  it("completed: thanks with a link that opens the feedback dialog filled in", async () => {
    const booking = await book({ email: "done@client.test", name: "Dee Done" });
    await setStatus(booking.id, "confirmed");
    await h.setNowToSessionEnd(booking.id); // completed once the session is over
    await setStatus(booking.id, "completed");
    await drain();
    const thanks = smtp.received.find((m) => m.subject === "Thank you for your session with us")!;
    const link = /http:\/\/studio\.test\/\?feedback=1[^\s"<]*/.exec(thanks.text ?? "")?.[0];
    const params = new URL(link!).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      feedback: "1",
      name: "Dee Done",
      email: "done@client.test",
      category: "drone-services",
    });
  });
});

describe("contact messages", () => {
  it("tell the studio, with Reply-To set to the sender", async () => {
    await h.caller().contact.send({
      name: "Sam Sender",
      email: "sam@client.test",
      phone: "",
      subject: "Drone shoot in May",
      message: "Can you film our vineyard?",
      serviceType: "Drone Services",
    });
    await drain();
    const [mail] = smtp.received;
    expect(to(mail!)).toBe("owner@studio.test");
    expect(mail!.subject).toBe("New message from Sam Sender: Drone shoot in May");
    expect(mail!.replyTo?.text).toBe("sam@client.test");
    expect(mail!.text).toContain("> Can you film our vineyard?");
  });
});

describe("faults", () => {
  it("a refused recipient fails the message at once with the server's reason", async () => {
    await book({ email: "nobody@client.test" });
    await drain();
    const failed = await h.deps.db.outgoingMail.findFirstOrThrow({
      where: { recipients: "nobody@client.test" },
    });
    expect(failed.status).toBe("failed");
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain("No such user here");
    const { caller } = await h.admin();
    const page = await caller.mail.list({ status: "failed" });
    expect(page.items.map((i) => i.id)).toContain(failed.id);
    expect(page.items.find((i) => i.id === failed.id)?.last_error).toContain("No such user here");
  });

  it("SMTP down: bookings still succeed; the messages arrive once it is back, none twice", async () => {
    await smtp.stop();
    const bookings = [await book({ email: "down1@client.test" }), await book({ email: "down2@client.test" })];
    expect(bookings.every((b) => b.status === "pending")).toBe(true);
    const deps = workerDeps({ retryDelaysMs: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] });
    const first = await runMailPass(deps);
    expect(first).toMatchObject({ claimed: 4, retry: 4 });
    const waiting = await h.deps.db.outgoingMail.findMany({ where: { status: "pending" } });
    expect(waiting).toHaveLength(4);
    expect(waiting.every((w) => w.attempts === 1 && w.lastError)).toBe(true);
    await smtp.start();
    const stop = startMailWorker(deps);
    await smtp.waitFor(4);
    await stop();
    const ids = smtp.received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(4);
    expect(await h.deps.db.outgoingMail.count({ where: { status: "sent" } })).toBe(4);
  });

  it("while the server is busy the worker sends one small round per interval; at full speed once it is calm", async () => {
    for (let i = 0; i < 6; i++) await book({ email: `busy${i}@client.test` }); // 12 messages
    let busy = true;
    const stop = startMailWorker(workerDeps({ pollMs: 60_000, serverBusy: () => busy }));
    try {
      await smtp.waitFor(5);
      // One round of five, then a pause of a whole interval: the rest waits.
      expect(await h.deps.db.outgoingMail.count({ where: { status: "pending" } })).toBe(7);
    } finally {
      await stop();
    }
    busy = false;
    const calm = startMailWorker(workerDeps({ pollMs: 60_000, serverBusy: () => busy }));
    try {
      await smtp.waitFor(12);
    } finally {
      await calm();
    }
    expect(await h.deps.db.outgoingMail.count({ where: { status: "sent" } })).toBe(12);
  });

  it("a worker that died mid-send: its lease runs out and the message goes again with the same Message-ID", async () => {
    await book({ email: "crash@client.test" });
    const row = await h.deps.db.outgoingMail.findFirstOrThrow({ where: { recipients: "crash@client.test" } });
    // What a worker leaves behind when it dies after claiming (and perhaps after the SMTP server said OK).
    await h.deps.db.outgoingMail.update({
      where: { id: row.id },
      data: {
        status: "sending",
        claimToken: "dead-worker",
        leaseUntil: new Date(NOW.getTime() + 60_000),
        attempts: 1,
      },
    });
    const early = workerDeps();
    expect((await runMailPass(early)).claimed).toBe(1); // only the studio's alert: the lease still holds
    early.transport.close();
    h.setNow(new Date(NOW.getTime() + 61_000));
    await drain();
    const again = smtp.received.filter((m) => to(m) === "crash@client.test");
    expect(again.map((m) => m.messageId)).toEqual([row.messageId]);
    expect(await h.deps.db.outgoingMail.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
      claimToken: null,
    });
  });

  it("gives up after the last retry with the last error", async () => {
    await smtp.stop();
    await book({ email: "giveup@client.test" });
    const deps = workerDeps({ retryDelaysMs: [0, 0] });
    for (let i = 0; i < 3; i++) await runMailPass(deps);
    deps.transport.close();
    await smtp.start();
    const rows = await h.deps.db.outgoingMail.findMany({});
    expect(rows.every((r) => r.status === "failed" && r.attempts === 3)).toBe(true);
    expect(rows[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it("50 bookings at once: exactly 50 client and 50 studio messages", async () => {
    const times = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"];
    const slots = Array.from({ length: 50 }, (_, i) => ({
      date: new Date(Date.UTC(2031, 2, 1) + Math.floor(i / 9) * 86_400_000).toISOString().slice(0, 10),
      time: times[i % 9]!,
    }));
    let t0 = performance.now();
    const made = await Promise.all(slots.map((s, i) => book({ ...s, email: `p${i}@client.test` })));
    console.info(`50 bookings: ${Math.round(performance.now() - t0)} ms`);
    t0 = performance.now();
    expect(made).toHaveLength(50);
    const stopA = startMailWorker(workerDeps());
    const stopB = startMailWorker(workerDeps());
    await smtp.waitFor(100, 60_000);
    console.info(`100 messages delivered: ${Math.round(performance.now() - t0)} ms`);
    await Promise.all([stopA(), stopB()]);
    const client = smtp.received.filter((m) => m.subject?.startsWith("We received"));
    const studio = smtp.received.filter((m) => m.subject?.startsWith("New booking"));
    expect(client).toHaveLength(50);
    expect(studio).toHaveLength(50);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(100);
  }, 180_000); // a burst on a shared machine: room to finish, never a timing assertion
});

describe("password reset", () => {
  it("mails a one-time link to a known admin, nothing for an unknown address, same answer; hidden in the back office", async () => {
    const known = await h.caller().auth.requestPasswordReset({ email: "owner@studio.test" });
    const unknown = await h.caller().auth.requestPasswordReset({ email: "stranger@studio.test" });
    expect(unknown).toEqual(known);
    expect(await h.runJobs()).toBe(2);
    expect(await h.deps.db.outgoingMail.count()).toBe(1);
    await drain();
    const [mail] = smtp.received;
    expect(to(mail!)).toBe("owner@studio.test");
    expect(mail!.subject).toBe("Reset your password");
    const token = /\/admin\/reset-password\?token=([\w-]+)/.exec(mail!.text ?? "")?.[1];
    expect(token).toBeDefined();
    await expect(
      h.caller().auth.resetPassword({ token: token!, password: "owner-password" }),
    ).resolves.toEqual({ message: MESSAGES.auth.passwordReset });
    const { caller } = await h.admin();
    const [item] = (await caller.mail.list({})).items;
    const detail = await caller.mail.get({ id: item!.id });
    expect(detail).toMatchObject({ redacted: true, html: "", text: MESSAGES.mail.redacted });
  });

  it("answers before doing the work: the request writes one job for a known and an unknown address alike, and no link", async () => {
    await h.deps.db.job.deleteMany({ where: { kind: PASSWORD_RESET_JOB.kind } });
    const links = await h.deps.db.passwordReset.count();
    for (const email of ["owner@studio.test", "stranger@studio.test"]) {
      await h.caller().auth.requestPasswordReset({ email });
      // Nothing is looked up, stored or mailed on the request path: the same single write for both.
      expect(await h.deps.db.passwordReset.count()).toBe(links);
      expect(await h.deps.db.outgoingMail.count()).toBe(0);
    }
    const jobs = await h.deps.db.job.findMany({
      where: { kind: PASSWORD_RESET_JOB.kind },
      orderBy: { id: "asc" },
    });
    expect(jobs.map((j) => j.payload)).toEqual([
      { email: "owner@studio.test" },
      { email: "stranger@studio.test" },
    ]);
    expect(await h.runJobs()).toBe(2);
    expect(await h.deps.db.passwordReset.count()).toBe(links + 1);
    const [mail] = await h.deps.db.outgoingMail.findMany();
    expect(mail?.recipients).toBe("owner@studio.test");
  });
});

describe("with no mail server", () => {
  it("writes the messages as not sent, with their content; nothing fails", async () => {
    const original = h.deps.config.mail;
    h.deps.config.mail = { ...original, enabled: false };
    try {
      const booking = await book({ email: "off@client.test" });
      expect(booking.id).toBeGreaterThan(0);
      const { caller } = await h.admin();
      const page = await caller.mail.list({});
      expect(page.mail_enabled).toBe(false);
      expect(page.items.every((i) => i.status === "unsent" && i.note === MESSAGES.mail.notConfigured)).toBe(
        true,
      );
      const detail = await caller.mail.get({ id: page.items[0]!.id });
      expect(detail.html).toContain("<html");
      expect(await caller.mail.resend({ id: detail.id }).catch((e: Error) => e.message)).toBe(
        MESSAGES.mail.resendNeedsServer,
      );
      expect((await runMailPass(workerDeps())).claimed).toBe(0);
      // No reset link is stored or written where every admin could read it; the answer says why.
      const before = await h.deps.db.outgoingMail.count();
      expect(await h.caller().auth.requestPasswordReset({ email: "owner@studio.test" })).toEqual({
        message: MESSAGES.auth.resetUnavailable,
      });
      expect(await h.deps.db.outgoingMail.count()).toBe(before);
    } finally {
      h.deps.config.mail = original;
    }
  });
});

describe("the back office's mail pages", () => {
  it("pages newest first by keyset, filters by status, and resends a failed message once", async () => {
    for (let i = 0; i < 3; i++) await book({ email: `page${i}@client.test` });
    const { caller } = await h.admin();
    const first = await caller.mail.list({ limit: 4 });
    expect(first.items).toHaveLength(4);
    expect(first.next_cursor).toBe(first.items[3]!.id);
    const second = await caller.mail.list({ limit: 4, cursor: first.next_cursor! });
    expect(second.items).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
    const ids = [...first.items, ...second.items].map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const target = first.items[0]!;
    await h.deps.db.outgoingMail.update({
      where: { id: target.id },
      data: { status: "failed", attempts: 11 },
    });
    expect((await caller.mail.list({ status: "failed" })).items.map((i) => i.id)).toEqual([target.id]);
    await expect(caller.mail.resend({ id: first.items[1]!.id })).rejects.toThrow(MESSAGES.mail.resendRefused);
    const results = await Promise.allSettled([
      caller.mail.resend({ id: target.id }),
      caller.mail.resend({ id: target.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const audit = await h.deps.db.auditEntry.findMany({
      where: { entity: "mail", entityId: String(target.id) },
    });
    expect(audit.map((a) => [a.action, (a.before as { status?: string }).status])).toContainEqual([
      "resent",
      "failed",
    ]);
    await drain();
    const again = await caller.mail.get({ id: target.id });
    expect(again).toMatchObject({ status: "sent", attempts: 1 });
    expect(smtp.received.filter((m) => m.messageId === again.message_id)).toHaveLength(1);
    await expect(caller.mail.get({ id: 999_999 })).rejects.toThrow(MESSAGES.mail.notFound);
    // Past the database's 32-bit ids: a clear 400, never a driver error (PostgreSQL's int4 overflows).
    for (const id of [2_147_483_648, 0, 1.5])
      await expect(caller.mail.resend({ id })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller.mail.list({ cursor: 2_147_483_648 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(h.caller().mail.list({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
