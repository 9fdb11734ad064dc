/**
 * Webhooks end to end on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL) and a real receiver on
 * loopback (allowed here by the config, as WEBHOOK_ALLOW_PRIVATE_NETWORKS allows it): every event is written
 * with its change, fanned out, signed per Standard Webhooks (verified with the standardwebhooks library),
 * retried, logged and resent; the SSRF rules hold when private networks are not allowed.
 */
import { MESSAGES, WEBHOOK_EVENTS, type WebhookEventType } from "@studio/validators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueManageUrl } from "../bookings/manage-links";
import { jobHandlers } from "../../jobs/handlers";
import { runJobPass } from "../../jobs/worker";
import { createTestService } from "../../testing/fixtures";
import { createHarness, type Harness } from "../../testing/harness";
import { failure } from "../../testing/rejection";
import { startWebhookReceiver, type WebhookReceiver } from "../../testing/webhook-receiver";
import { isPublicAddress, safeAddress, UnsafeAddressError } from "./address";
import { enqueueJob } from "../../jobs/queue";
import { fanoutPayload, WEBHOOK_FANOUT } from "./events";
import { drainWebhookEvents, WEBHOOK_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from "./jobs";
import { DELIVERY_STOPPED, postWebhook } from "./post";
import { encryptSecret, newSigningSecret } from "./secrets";

let h: Harness;
let owner: Awaited<ReturnType<Harness["admin"]>>["caller"];
let receiver: WebhookReceiver;
let serviceId: number;
let now: Date;

beforeAll(async () => {
  h = await createHarness({
    webhooks: { allowPrivateNetworks: true, secretKey: new Uint8Array(32).fill(3), timeoutMs: 5_000 },
  });
  owner = (await h.admin()).caller;
  receiver = await startWebhookReceiver();
  serviceId = (await createTestService(h.deps.db)).id;
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});
beforeEach(async () => {
  // Real time: the standardwebhooks library refuses signatures more than 5 minutes off.
  now = new Date();
  h.setNow(now);
  await h.deps.db.webhookEndpoint.deleteMany();
  await h.deps.db.webhookMessage.deleteMany();
  await h.deps.db.webhookEvent.deleteMany();
  await h.deps.db.job.deleteMany();
  receiver.received.length = 0;
  receiver.answer(200);
});

const handlers = () => jobHandlers(h.deps);
const kindOf = (kind: string) => handlers().find((handler) => handler.kind === kind)!;

/** Runs the webhook jobs that are due until none is left. */
async function drain(): Promise<void> {
  for (let round = 0; round < 20; round++) {
    let claimed = 0;
    for (const handler of handlers())
      claimed += (await runJobPass({ db: h.deps.db, now: h.deps.now, handlers: handlers() }, handler))
        .claimed;
    if (claimed === 0) return;
  }
}

async function endpoint(events: WebhookEventType[], path = "/hooks") {
  return owner.webhooks.create({ url: receiver.url(path), events, description: "Test receiver" });
}

let day = 0;
const nextDate = () => {
  day += 1;
  return new Date(Date.UTC(2035, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
};
const bookingInput = () => ({
  name: "Webhook Client",
  email: "client@example.test",
  phone: "+1 555 0100",
  service_id: serviceId,
  date: nextDate(),
  time: "10:00",
  message: "Hello",
});

describe("events", () => {
  it("delivers every event, signed so that the standardwebhooks library verifies it", async () => {
    const { secret } = await endpoint([...Object.keys(WEBHOOK_EVENTS)] as WebhookEventType[]);
    const visitor = h.caller();

    const created = await visitor.bookings.create(bookingInput());
    await owner.bookings.confirm({ id: created.booking.id });
    // Completed only once its session is over: moved behind the domain to two days ago (the clock stays real
    // here, for the signatures).
    const past = new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
    await h.deps.db.booking.update({
      where: { id: created.booking.id },
      data: { date: past, slotKey: `${past} ${created.booking.time}` },
    });
    await owner.bookings.setStatus({ id: created.booking.id, status: "completed" });
    const second = await visitor.bookings.create(bookingInput());
    await owner.bookings.setStatus({ id: second.booking.id, status: "cancelled" });
    const third = await visitor.bookings.create(bookingInput());
    const token = (
      await issueManageUrl(h.deps.db, h.deps, {
        id: third.booking.id,
        date: third.booking.date,
        time: "10:00",
      })
    ).split("/manage/")[1]!;
    const target = nextDate();
    await visitor.manage.move({ token, date: target, time: "11:00" });
    await visitor.manage.cancel({ token });
    await visitor.feedback.submit({ name: "Fan", email: "fan@example.test", rating: 5, message: "Lovely" });
    await visitor.contact.send({
      name: "Asker",
      email: "asker@example.test",
      subject: "Question",
      message: "Do you fly drones?",
      serviceType: "Drone Services",
    });
    await drain();

    // Deliveries run side by side, so they may arrive in any order.
    const events = receiver.verified(secret);
    expect(events.map((e) => e.type).sort()).toEqual(
      [
        "booking.created",
        "booking.confirmed",
        "booking.completed",
        "booking.created",
        "booking.cancelled",
        "booking.created",
        "booking.moved",
        "booking.cancelled",
        "feedback.submitted",
        "contact.received",
      ].sort(),
    );
    // Each body is what its event's schema describes.
    for (const event of events) {
      const schema = WEBHOOK_EVENTS[event.type as WebhookEventType].data;
      expect(schema.safeParse(event.data).success, event.type).toBe(true);
    }
    const find = (type: string, id: number) => events.find((e) => e.type === type && e.data.id === id)?.data;
    expect(find("booking.created", created.booking.id)).toMatchObject({
      status: "pending",
      has_proof: false,
    });
    expect(find("booking.confirmed", created.booking.id)).toMatchObject({ status: "confirmed" });
    expect(find("booking.completed", created.booking.id)).toMatchObject({ status: "completed" });
    expect(find("booking.cancelled", second.booking.id)).toMatchObject({ status: "cancelled", by: "studio" });
    expect(find("booking.moved", third.booking.id)).toMatchObject({
      date: target,
      time: "11:00",
      previous: { date: third.booking.date, time: "10:00" },
      by: "client",
    });
    expect(find("booking.cancelled", third.booking.id)).toMatchObject({ by: "client", status: "cancelled" });
    // Standard Webhooks headers; one message id per event, the same on the log.
    const first = receiver.received[0]!;
    expect(first.headers["webhook-id"]).toMatch(/^msg_[\w-]+$/);
    expect(first.headers["webhook-timestamp"]).toMatch(/^\d+$/);
    expect(first.headers["webhook-signature"]).toMatch(/^v1,[\w+/=]+$/);
    expect(first.headers["content-type"]).toBe("application/json");
    const log = await owner.webhooks.deliveries({});
    expect(log.items).toHaveLength(10);
    expect(log.items.every((d) => d.status === "delivered" && d.last_status_code === 200)).toBe(true);
    expect(log.items.map((d) => d.message_id)).toContain(first.headers["webhook-id"]);
  });

  it("a tampered body or another secret does not verify", async () => {
    const { secret } = await endpoint(["feedback.submitted"]);
    await h.caller().feedback.submit({ name: "A", email: "a@example.test", rating: 4, message: "Fine" });
    await drain();
    const [request] = await receiver.waitFor(1);
    const { Webhook } = await import("standardwebhooks");
    expect(() => new Webhook(secret).verify(`${request!.body} `, request!.headers)).toThrow();
    const other = (await endpoint(["contact.received"], "/other")).secret;
    expect(() => new Webhook(other).verify(request!.body, request!.headers)).toThrow();
  });

  it("writes nothing when no endpoint listens, and only subscribed events when one does", async () => {
    await h.caller().bookings.create(bookingInput());
    await h.caller().feedback.submit({ name: "B", email: "b@example.test", rating: 3, message: "Ok" });
    expect(await h.deps.db.webhookEvent.count()).toBe(0);
    expect(await h.deps.db.job.count()).toBe(0);
    await endpoint(["feedback.submitted"]);
    await h.caller().bookings.create(bookingInput());
    await h.caller().feedback.submit({ name: "C", email: "c@example.test", rating: 3, message: "Ok" });
    // One light row for the event, no job: the worker turns it into its deliveries and deletes it.
    expect(await h.deps.db.webhookEvent.count()).toBe(1);
    expect(await h.deps.db.job.count()).toBe(0);
    await drain();
    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(["feedback.submitted"]);
    expect(await h.deps.db.webhookEvent.count()).toBe(0);
  });

  it("a paused endpoint gets nothing; a deleted one stops at once, its waiting deliveries ended", async () => {
    const paused = await endpoint(["feedback.submitted"]);
    await owner.webhooks.update({
      id: paused.id,
      data: { url: receiver.url(), events: ["feedback.submitted"], enabled: false },
    });
    await h.caller().feedback.submit({ name: "D", email: "d@example.test", rating: 5, message: "Great" });
    expect(await h.deps.db.webhookEvent.count()).toBe(0);

    const live = await endpoint(["feedback.submitted"], "/live");
    receiver.answer(503);
    await h.caller().feedback.submit({ name: "E", email: "e@example.test", rating: 5, message: "Great" });
    await drain();
    expect(receiver.received).toHaveLength(1);
    expect(await h.deps.db.job.count({ where: { kind: "webhook.deliver", status: "pending" } })).toBe(1);
    await owner.webhooks.delete({ id: live.id });
    expect(await h.deps.db.job.count({ where: { kind: "webhook.deliver", status: "pending" } })).toBe(0);
    h.setNow(new Date(now.getTime() + 60_000));
    await drain();
    expect(receiver.received).toHaveLength(1);
    expect(await h.deps.db.webhookDelivery.count()).toBe(0);
  });
});

describe("the fan-out", () => {
  const feedbackEvent = (name: string) =>
    h.caller().feedback.submit({ name, email: "f@example.test", rating: 4, message: "Fine" });

  it("writes no event when the change rolls back", async () => {
    await endpoint(["booking.created"]);
    const input = bookingInput();
    await h.caller().bookings.create(input);
    await drain();
    receiver.received.length = 0;
    // The same slot again: refused, so its transaction writes nothing, the event included.
    await expect(h.caller().bookings.create({ ...input, email: "second@example.test" })).rejects.toThrow();
    expect(await h.deps.db.webhookEvent.count()).toBe(0);
    await drain();
    expect(receiver.received).toHaveLength(0);
  });

  it("still runs fan-out jobs written before events had their own table", async () => {
    await endpoint(["feedback.submitted"]);
    const data = {
      ...{ id: 7, name: "Old", email: "o@example.test", rating: 5, message: "Kept" },
      ...{ service_category: null, status: "pending" as const, created_at: now.toISOString() },
    };
    const payload = fanoutPayload("feedback.submitted", data, now);
    await enqueueJob(h.deps.db, WEBHOOK_FANOUT, payload, { runAt: now });
    await drain();
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([payload.id]);
    expect(await h.deps.db.job.count({ where: { kind: WEBHOOK_FANOUT.kind, status: "done" } })).toBe(1);
  });

  it("drops an event it cannot read, with a warning, and sends the others", async () => {
    await endpoint(["feedback.submitted"]);
    await h.deps.db.webhookEvent.create({ data: { payload: "{not json" } });
    await feedbackEvent("After");
    const warnings: unknown[] = [];
    const taken = await drainWebhookEvents(h.deps.db, now, 10, {
      info: () => undefined,
      warn: (message, fields) => warnings.push({ message, fields }),
    });
    expect(taken).toBe(2);
    expect(warnings).toHaveLength(1);
    expect(await h.deps.db.webhookEvent.count()).toBe(0);
    await drain();
    expect(receiver.received.map((r) => JSON.parse(r.body).data.name)).toEqual(["After"]);
  });

  it("two workers draining at once fan out each event once", async () => {
    await endpoint(["feedback.submitted"]);
    for (let i = 0; i < 30; i++) await feedbackEvent(`Fan ${i}`);
    const taken = await Promise.all([
      drainWebhookEvents(h.deps.db, now, 20),
      drainWebhookEvents(h.deps.db, now, 20),
    ]);
    expect(taken[0] + taken[1]).toBe(30);
    expect(await h.deps.db.webhookEvent.count()).toBe(0);
    expect(await h.deps.db.webhookDelivery.count()).toBe(30);
    expect(await h.deps.db.job.count({ where: { kind: "webhook.deliver" } })).toBe(30);
    await drain();
    const names = receiver.received.map((r) => JSON.parse(r.body).data.name as string);
    expect(new Set(names).size).toBe(30);
    expect(names).toHaveLength(30);
  });
});

describe("retries and the delivery log", () => {
  it("retries a failing receiver on the schedule, logs each answer, and delivers once it recovers", async () => {
    const { secret } = await endpoint(["contact.received"]);
    receiver.answer(500, "Internal hiccup");
    await h.caller().contact.send({ name: "R", email: "r@example.test", subject: "S", message: "M" });
    await drain();
    let [delivery] = (await owner.webhooks.deliveries({})).items;
    expect(delivery).toMatchObject({
      status: "pending",
      attempts: 1,
      last_status_code: 500,
      last_response: "Internal hiccup",
      last_error: "The receiver answered 500",
      next_attempt_at: new Date(now.getTime() + WEBHOOK_RETRY_DELAYS_MS[0]!).toISOString(),
    });
    // Not before its time.
    h.setNow(new Date(now.getTime() + WEBHOOK_RETRY_DELAYS_MS[0]! - 1));
    await drain();
    expect(receiver.received).toHaveLength(1);
    receiver.answer(204, "");
    h.setNow(new Date(now.getTime() + WEBHOOK_RETRY_DELAYS_MS[0]!));
    await drain();
    expect(receiver.received).toHaveLength(2);
    // The same message id and body on the retry; both verify.
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(receiver.received[0]!.headers["webhook-id"]);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(receiver.verified(secret)).toHaveLength(2);
    [delivery] = (await owner.webhooks.deliveries({})).items;
    expect(delivery).toMatchObject({
      status: "delivered",
      attempts: 2,
      last_status_code: 204,
      next_attempt_at: null,
    });
    expect(delivery!.history.map((a) => a.status_code)).toEqual([500, 204]);
    expect(delivery!.history.every((a) => a.duration_ms >= 0)).toBe(true);
  });

  it("fails after a day of attempts, then a resend delivers it", async () => {
    expect(WEBHOOK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBe(24 * 3_600_000);
    await endpoint(["contact.received"]);
    receiver.answer(502);
    await h.caller().contact.send({ name: "F", email: "f@example.test", subject: "S", message: "M" });
    let at = now.getTime();
    await drain();
    for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
      at += delay;
      h.setNow(new Date(at));
      await drain();
    }
    expect(receiver.received).toHaveLength(WEBHOOK_ATTEMPTS);
    h.setNow(new Date());
    let [delivery] = (await owner.webhooks.deliveries({ status: "failed" })).items;
    expect(delivery).toMatchObject({ status: "failed", attempts: WEBHOOK_ATTEMPTS, next_attempt_at: null });
    expect((await owner.webhooks.list())[0]).toMatchObject({ recent_failures: 1, waiting: 0 });

    receiver.answer(200);
    await owner.webhooks.resend({ id: delivery!.id });
    await drain();
    [delivery] = (await owner.webhooks.deliveries({})).items;
    expect(delivery).toMatchObject({ status: "delivered", attempts: WEBHOOK_ATTEMPTS + 1 });
    expect(receiver.received).toHaveLength(WEBHOOK_ATTEMPTS + 1);
  });

  it("keeps the log 30 days", async () => {
    await endpoint(["contact.received"]);
    await h.caller().contact.send({ name: "G", email: "g@example.test", subject: "S", message: "M" });
    await drain();
    const deliver = kindOf("webhook.deliver");
    expect(await deliver.housekeeping?.(h.deps.db, new Date(now.getTime() + 29 * 86_400_000))).toBe(0);
    expect(await deliver.housekeeping?.(h.deps.db, new Date(now.getTime() + 31 * 86_400_000))).toBe(1);
    expect(await h.deps.db.webhookDelivery.count()).toBe(0);
  });
});

describe("a delivery its job's stop ends", () => {
  const post = (
    url: string,
    signal: AbortSignal,
    resolve?: () => Promise<{ address: string; family: 4 }[]>,
  ) => postWebhook(url, "{}", {}, { allowPrivateNetworks: true, timeoutMs: 5_000, signal, resolve });

  it("sends nothing when the stop came before the request", async () => {
    const stop = new AbortController();
    stop.abort();
    const outcome = await post(receiver.url(), stop.signal);
    expect(outcome).toMatchObject({ statusCode: null, error: DELIVERY_STOPPED, permanent: false });
    expect(receiver.received).toHaveLength(0);
  });

  it("sends nothing when the stop came while the address was looked up", async () => {
    const stop = new AbortController();
    const outcome = await post(receiver.url().replace("127.0.0.1", "hooks.test"), stop.signal, async () => {
      stop.abort();
      return [{ address: "127.0.0.1", family: 4 }];
    });
    expect(outcome).toMatchObject({ statusCode: null, error: DELIVERY_STOPPED, permanent: false });
    expect(receiver.received).toHaveLength(0);
  });

  it("delivers when no stop comes (the same receiver, through the same lookup)", async () => {
    const outcome = await post(
      receiver.url().replace("127.0.0.1", "hooks.test"),
      new AbortController().signal,
      async () => [{ address: "127.0.0.1", family: 4 }],
    );
    expect(outcome).toMatchObject({ statusCode: 200, error: null });
    expect(receiver.received).toHaveLength(1);
  });
});

describe("endpoints", () => {
  it("keeps the signing secret encrypted, shows it to the owner, and audits every change", async () => {
    const created = await endpoint(["booking.created"]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const row = await h.deps.db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secretCipher).not.toContain(created.secret.slice(6));
    expect(row.secretCipher.startsWith("v1.")).toBe(true);
    expect((await owner.webhooks.revealSecret({ id: created.id })).secret).toBe(created.secret);
    await owner.webhooks.delete({ id: created.id });
    const audit = await h.deps.db.auditEntry.findMany({
      where: { entity: "webhook" },
      orderBy: { id: "asc" },
    });
    expect(audit.map((a) => a.action).slice(-3)).toEqual(["created", "secret_shown", "deleted"]);
    expect(JSON.stringify(audit.map((a) => [a.before, a.after]))).not.toContain("secretCipher");
  });

  it("is the owner's alone", async () => {
    const admin = (await h.admin("second@studio.test")).caller;
    expect((await failure(admin.webhooks.list())).code).toBe("FORBIDDEN");
    expect(
      (await failure(admin.webhooks.create({ url: receiver.url(), events: ["booking.created"] }))).code,
    ).toBe("FORBIDDEN");
  });
});

describe("SSRF: private networks not allowed", () => {
  it("refuses plain http, loopback, private and link-local addresses when an endpoint is saved", async () => {
    const strict = await createHarness({
      webhooks: { ...h.deps.config.webhooks, allowPrivateNetworks: false },
    });
    try {
      const boss = (await strict.admin()).caller;
      const refused = async (url: string) =>
        failure(boss.webhooks.create({ url, events: ["booking.created"] }));
      expect(await refused("http://example.com/hooks")).toEqual({
        code: "BAD_REQUEST",
        message: MESSAGES.webhooks.httpsRequired,
      });
      for (const url of [
        "https://127.0.0.1/hooks",
        "https://localhost:8443/hooks",
        "https://[::1]/hooks",
        "https://10.1.2.3/hooks",
        "https://169.254.169.254/latest/meta-data",
        "https://192.168.1.10/hooks",
        "https://[::ffff:127.0.0.1]/hooks",
        "https://[fd00::1]/hooks",
      ])
        expect(await refused(url), url).toEqual({
          code: "BAD_REQUEST",
          message: MESSAGES.webhooks.privateAddress,
        });
      expect(await strict.deps.db.webhookEndpoint.count()).toBe(0);
    } finally {
      await strict.close();
    }
  });

  it("refuses, at delivery, an endpoint whose address has become private, without connecting", async () => {
    const strict = await createHarness({
      webhooks: { ...h.deps.config.webhooks, allowPrivateNetworks: false },
    });
    try {
      // Saved while allowed (or while its name pointed elsewhere); now it is the loopback receiver.
      const stored = await strict.deps.db.webhookEndpoint.create({
        data: {
          url: receiver.url().replace("http:", "https:"),
          events: ["contact.received"],
          secretCipher: encryptSecret(strict.deps.config.webhooks.secretKey, newSigningSecret()),
        },
      });
      await strict.caller().contact.send({ name: "S", email: "s@example.test", subject: "S", message: "M" });
      const all = jobHandlers(strict.deps);
      for (let i = 0; i < 3; i++)
        for (const handler of all)
          await runJobPass({ db: strict.deps.db, now: strict.deps.now, handlers: all }, handler);
      const delivery = await strict.deps.db.webhookDelivery.findFirstOrThrow({
        where: { endpointId: stored.id },
      });
      expect(delivery.status).toBe("failed");
      expect(delivery.lastError).toMatch(/127\.0\.0\.1, which is not a public address/);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });

  it("classifies addresses", async () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "2a00:1450:4001::200e"])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "127.255.0.9",
      "0.0.0.0",
      "10.0.0.1",
      "100.64.3.4",
      "169.254.169.254",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "198.18.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "ff02::1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::a9fe:a9fe",
      "2002:c0a8:0101::1",
      "not an address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
    // A name that resolves to any private address is refused, whatever else it resolves to.
    const resolve = async () => [
      { address: "93.184.216.34", family: 4 as const },
      { address: "10.0.0.7", family: 4 as const },
    ];
    await expect(
      safeAddress("rebinding.example", { allowPrivateNetworks: false, resolve }),
    ).rejects.toBeInstanceOf(UnsafeAddressError);
    await expect(safeAddress("rebinding.example", { allowPrivateNetworks: true, resolve })).resolves.toEqual({
      address: "93.184.216.34",
      family: 4,
    });
  });
});
