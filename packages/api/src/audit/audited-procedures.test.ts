/**
 * Every audited procedure, from the AUDITED map itself (a procedure added there without a case here fails): each
 * is called with the record's id sent padded (" 6") and as a string ("6"), or, where it takes no id (a creation,
 * my account, the studio's profile), with an extra `id` field naming another record. The one entry each call
 * writes names the record the procedure changed, with the action, and that record's row as it was just before the
 * call and as it is after. Then: the entry and its change are one transaction (ADR 017).
 */
import { type AuditEntity, DEFAULT_SCHEDULE, DEFAULT_STUDIO_PROFILE } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestFeedback, createTestService } from "../testing/fixtures";
import { createGalleryUpload, createTestGallery } from "../testing/gallery-fixtures";
import { createHarness, type Harness } from "../testing/harness";
import { startRadicale, type TestRadicale } from "../testing/radicale";
import { AUDITED, AuditRecorder, auditColumns } from "./trail";

type Caller = ReturnType<Harness["caller"]>;
type Call = (input: unknown) => Promise<unknown>;

let h: Harness;
let owner: Caller;
let ownerId: number;
let serviceId: number;
/** A real CalDAV server (Debian's radicale): connecting talks to the calendar first. */
let radicale: TestRadicale;
const calendarAccount = () => ({
  url: radicale.calendarUrl,
  username: radicale.username,
  password: radicale.password,
});

beforeAll(async () => {
  h = await createHarness({
    webhooks: { allowPrivateNetworks: true, secretKey: new Uint8Array(32).fill(3), timeoutMs: 5_000 },
    calendarSync: {
      allowPrivateNetworks: true,
      secretKey: new Uint8Array(32).fill(4),
      timeoutMs: 5_000,
      pullEveryMs: 300_000,
    },
  });
  radicale = await startRadicale();
  h.setNow(new Date("2030-01-15T20:00:00Z"));
  owner = (await h.admin()).caller;
  ownerId = (await h.deps.db.adminUser.findUniqueOrThrow({ where: { email: "owner@studio.test" } })).id;
  serviceId = (await createTestService(h.deps.db)).id;
});
afterAll(async () => {
  await radicale?.stop();
  await h.close();
});

/** The procedure at `path` ("bookings.delete") of a caller, taking any input (the test sends odd ones). */
function procedure(caller: Caller, path: string): Call {
  const [group, name] = path.split(".") as [string, string];
  const call = (caller as unknown as Record<string, Record<string, Call>>)[group]?.[name];
  if (!call) throw new Error(`No procedure ${path}`);
  return call;
}

/* ------------------------------------------------------------------------------------------------ */
/* Records to change                                                                                */

let slot = 0;
/** A free slot each time: six a day from 2030-02-01. */
function nextSlot(): { date: string; time: string } {
  const day = Math.floor(slot / 6);
  const time = `${String(10 + (slot % 6)).padStart(2, "0")}:00`;
  slot += 1;
  return { date: new Date(Date.UTC(2030, 1, 1) + day * 86_400_000).toISOString().slice(0, 10), time };
}
const bookingInput = () => ({
  name: "Ann Lee",
  email: "ann@client.test",
  phone: "+1 555 010 2040",
  service_id: serviceId,
  message: "",
  ...nextSlot(),
});
async function booking(service = serviceId): Promise<number> {
  return (await h.caller().bookings.create({ ...bookingInput(), service_id: service })).booking.id;
}
const serviceInput = {
  title: "Family Session",
  description: "Two hours",
  price: 199,
  duration: "2 hours",
  category: "photography" as const,
  features: ["20 images"],
};
const portfolioInput = {
  title: "Harbour",
  description: "Aerial stills",
  category: "drone-services" as const,
};
const feedback = async () => (await createTestFeedback(h.deps.db)).id;
const contactMessage = async () =>
  (
    await h.caller().contact.send({
      name: "Lena",
      email: "lena@client.test",
      phone: "",
      subject: "June",
      message: "Free?",
      serviceType: "",
    })
  ).id;
let admins = 0;
/** Another admin of the studio, signed in. */
async function teamMember(): Promise<{ id: number; caller: Caller }> {
  admins += 1;
  const email = `member${admins}@studio.test`;
  const { caller } = await h.admin(email);
  return { id: (await h.deps.db.adminUser.findUniqueOrThrow({ where: { email } })).id, caller };
}
const endpointInput = { url: "http://127.0.0.1:9/hook", events: ["feedback.submitted" as const] };
const endpoint = async () =>
  ((await owner.webhooks.create(endpointInput)) as { endpoint: { id: number } }).endpoint.id;
let kits = 0;
let closures = 0;
/** A closure in 2031, a week each (bookings are made in 2030). */
const closureDates = () => {
  closures += 1;
  const start = new Date(Date.UTC(2031, 0, 1) + closures * 7 * 86_400_000);
  const end = new Date(start.getTime() + 2 * 86_400_000);
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
};

/* ------------------------------------------------------------------------------------------------ */
/* One case per audited procedure                                                                   */

type Prepared = {
  /** Who calls (default: the owner). */
  caller?: Caller;
  /**
   * The id the call sends: the record's own; or, where the procedure takes none (a creation, my account, the
   * studio's profile), another record's, as an extra field the trail must not follow.
   */
  sends: number;
  input: (id: string) => Record<string, unknown>;
  /**
   * The record the entry must name: known before the call (its row before is then expected in the entry), or
   * found from the answer (a creation: no row before).
   */
  record: number | ((answer: unknown) => number | Promise<number>);
  /** The action, where it depends on the record (otherwise the map's). */
  action?: string;
  cleanup?: () => Promise<void>;
};
/** Prepares the record for one call; `variant` 0 sends the id padded, 1 as a string. */
type Case = (variant: number) => Promise<Prepared>;

const idOfAnswer = (answer: unknown) => (answer as { id: number }).id;

const CASES: Record<string, Case> = {
  "bookings.adminCreate": async () => ({
    sends: await booking(),
    input: (id) => ({ ...bookingInput(), id }),
    record: (answer) => (answer as { booking: { id: number } }).booking.id,
  }),
  "bookings.setStatus": async () => {
    const id = await booking();
    return { sends: id, input: (sent) => ({ id: sent, status: "confirmed" }), record: id };
  },
  "bookings.confirm": async () => {
    const id = await booking();
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  "bookings.delete": async () => {
    const id = await booking();
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  "bookings.reschedule": async () => {
    const id = await booking();
    return { sends: id, input: (sent) => ({ id: sent, ...nextSlot() }), record: id };
  },
  "feedback.setStatus": async () => {
    const id = await feedback();
    return { sends: id, input: (sent) => ({ id: sent, status: "approved" }), record: id };
  },
  "feedback.delete": async () => {
    const id = await feedback();
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  "services.create": async () => ({
    sends: serviceId,
    input: (id) => ({ ...serviceInput, id }),
    record: idOfAnswer,
  }),
  "services.update": async () => {
    const id = (await createTestService(h.deps.db)).id;
    return { sends: id, input: (sent) => ({ id: sent, data: serviceInput }), record: id };
  },
  // The padded call removes a service a booking uses (archived), the other an unused one (deleted).
  "services.delete": async (variant) => {
    const id = (await createTestService(h.deps.db)).id;
    if (variant === 0) await booking(id);
    return {
      sends: id,
      input: (sent) => ({ id: sent }),
      record: id,
      action: variant === 0 ? "archived" : "deleted",
    };
  },
  "services.restore": async () => {
    const id = (await createTestService(h.deps.db)).id;
    await h.deps.db.service.update({ where: { id }, data: { archivedAt: h.deps.now() } });
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  "portfolio.create": async () => ({
    sends: (await owner.portfolio.create(portfolioInput)).id,
    input: (id) => ({ ...portfolioInput, id }),
    record: idOfAnswer,
  }),
  "portfolio.update": async () => {
    const id = (await owner.portfolio.create(portfolioInput)).id;
    return {
      sends: id,
      input: (sent) => ({ id: sent, data: { ...portfolioInput, title: "Harbour at dusk" } }),
      record: id,
    };
  },
  "portfolio.delete": async () => {
    const id = (await owner.portfolio.create(portfolioInput)).id;
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  "contact.setRead": async () => {
    const id = await contactMessage();
    return { sends: id, input: (sent) => ({ id: sent, read: true }), record: id };
  },
  "contact.delete": async () => {
    const id = await contactMessage();
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  "contact.reply": async () => {
    const id = await contactMessage();
    return { sends: id, input: (sent) => ({ id: sent, body: "Yes, we are." }), record: id };
  },
  "auth.createInvite": async () => ({
    sends: (await owner.auth.createInvite()).id,
    input: (id) => ({ id }),
    record: idOfAnswer,
  }),
  "admins.revokeInvite": async () => {
    const id = (await owner.auth.createInvite()).id;
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  "admins.remove": async () => {
    const { id } = await teamMember();
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  "admins.transferOwnership": async () => {
    const member = await teamMember();
    return {
      sends: member.id,
      input: (sent) => ({ id: sent }),
      record: member.id,
      // The new owner hands the studio back.
      cleanup: async () => {
        await member.caller.admins.transferOwnership({ id: ownerId });
      },
    };
  },
  "auth.changePassword": async () => {
    const member = await teamMember();
    return {
      caller: member.caller,
      sends: ownerId,
      input: (id) => ({ current: "owner-password", next: "member-password-2", id }),
      record: member.id,
    };
  },
  "auth.updateProfile": async () => {
    const member = await teamMember();
    const { email } = await h.deps.db.adminUser.findUniqueOrThrow({ where: { id: member.id } });
    return {
      caller: member.caller,
      sends: ownerId,
      input: (id) => ({ name: "Renamed Member", email, id }),
      record: member.id,
    };
  },
  "auth.signOutEverywhere": async () => {
    const member = await teamMember();
    return { caller: member.caller, sends: ownerId, input: (id) => ({ id }), record: member.id };
  },
  "studio.updateProfile": async (variant) => {
    const { updated_at: _ignored, ...profile } = DEFAULT_STUDIO_PROFILE;
    return {
      sends: 7,
      input: (id) => ({ ...profile, city: variant === 0 ? "Pune" : "Lisbon", id }),
      record: 1,
    };
  },
  "schedule.update": async (variant) => ({
    sends: 7,
    input: (id) => ({ ...DEFAULT_SCHEDULE, notice_hours: variant + 1, id }),
    record: 1,
  }),
  "schedule.addClosure": async () => {
    const existing = await owner.schedule.addClosure({ ...closureDates(), reason: "Away" });
    return {
      sends: existing.id,
      input: (id) => ({ ...closureDates(), reason: "Shoot abroad", id }),
      record: idOfAnswer,
    };
  },
  "schedule.removeClosure": async () => {
    const { id } = await owner.schedule.addClosure({ ...closureDates(), reason: "Away" });
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  "equipment.create": async () => ({
    sends: (await owner.equipment.create({ name: `Kit ${++kits}`, count: 1 })).id,
    input: (id) => ({ name: `Kit ${++kits}`, count: 2, id }),
    record: idOfAnswer,
  }),
  "equipment.update": async () => {
    const { id } = await owner.equipment.create({ name: `Kit ${++kits}`, count: 1 });
    return { sends: id, input: (sent) => ({ id: sent, name: `Kit ${++kits}`, count: 3 }), record: id };
  },
  "equipment.delete": async () => {
    const { id } = await owner.equipment.create({ name: `Kit ${++kits}`, count: 1 });
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  // The entry names the service, with what its sessions need before and after.
  "equipment.setForService": async () => {
    const id = (await createTestService(h.deps.db)).id;
    const kit = await owner.equipment.create({ name: `Kit ${++kits}`, count: 2 });
    return {
      sends: id,
      input: (sent) => ({ service_id: sent, equipment: [{ equipment_id: kit.id, quantity: 2 }] }),
      record: id,
    };
  },
  // The first link is made (created), the second replaces it (regenerated); the answer has no id: the feed has.
  "calendarFeed.regenerate": async (variant) => ({
    sends: ownerId,
    input: (id) => ({ id }),
    record: async () => (await h.deps.db.calendarFeed.findUniqueOrThrow({ where: { adminId: ownerId } })).id,
    action: variant === 0 ? "created" : "regenerated",
  }),
  "mail.resend": async () => {
    const bookingId = await booking();
    const mail = await h.deps.db.outgoingMail.findFirstOrThrow({ where: { bookingId } });
    await h.deps.db.outgoingMail.update({ where: { id: mail.id }, data: { status: "failed", attempts: 3 } });
    return { sends: mail.id, input: (sent) => ({ id: sent }), record: mail.id };
  },
  "apiKeys.create": async () => ({
    sends: (await owner.apiKeys.create({ name: "Older key", scopes: ["bookings:read"] })).key.id,
    input: (id) => ({ name: "Tool", scopes: ["bookings:read"], id }),
    record: (answer) => (answer as { key: { id: number } }).key.id,
  }),
  "apiKeys.revoke": async () => {
    const { id } = (await owner.apiKeys.create({ name: "Tool", scopes: ["bookings:read"] })).key;
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  "webhooks.create": async () => ({
    sends: await endpoint(),
    input: (id) => ({ ...endpointInput, id }),
    record: (answer) => (answer as { endpoint: { id: number } }).endpoint.id,
  }),
  "webhooks.update": async () => {
    const id = await endpoint();
    return {
      sends: id,
      input: (sent) => ({ id: sent, data: { ...endpointInput, description: "Renamed" } }),
      record: id,
    };
  },
  "webhooks.delete": async () => {
    const id = await endpoint();
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  "webhooks.revealSecret": async () => {
    const id = await endpoint();
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  // The one connection row (id 1): connecting again replaces it; the password is never in the entry.
  "calendarSync.connect": async () => ({
    sends: 7,
    input: (id) => ({ ...calendarAccount(), id }),
    record: 1,
  }),
  "calendarSync.disconnect": async () => {
    await owner.calendarSync.connect(calendarAccount());
    return { sends: 7, input: (id) => ({ id }), record: 1 };
  },
  // A delivery is sent again: the entry names its endpoint (the record of kind "webhook").
  "webhooks.resend": async () => {
    const endpointId = await endpoint();
    const message = await h.deps.db.webhookMessage.create({
      data: { id: `msg_${endpointId}`, type: "feedback.submitted", payload: {} },
    });
    const delivery = await h.deps.db.webhookDelivery.create({
      data: { messageId: message.id, endpointId, status: "failed", attempts: 5 },
    });
    return { sends: delivery.id, input: (sent) => ({ id: sent }), record: () => endpointId };
  },
  // Galleries: every change is recorded under the gallery (its row, sets and items).
  "galleries.create": async () => {
    const other = (await createTestGallery(h.deps.db)).id;
    return { sends: other, input: (id) => ({ title: "Wedding", id }), record: idOfAnswer };
  },
  "galleries.update": async () => {
    const { id } = await createTestGallery(h.deps.db);
    return {
      sends: id,
      input: (sent) => ({ id: sent, data: { title: "Renamed", pin: "1234" } }),
      record: id,
    };
  },
  "galleries.delete": async () => {
    const { id } = await createTestGallery(h.deps.db, { items: 1 });
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  "galleries.addSet": async () => {
    const { id } = await createTestGallery(h.deps.db);
    return { sends: id, input: (sent) => ({ id: sent, name: "Portraits" }), record: id };
  },
  "galleries.renameSet": async () => {
    const { id, setId } = await createTestGallery(h.deps.db);
    return { sends: id, input: (sent) => ({ id: sent, set_id: setId, name: "Party" }), record: id };
  },
  "galleries.deleteSet": async () => {
    const { id } = await createTestGallery(h.deps.db, { items: 1 });
    const set = await h.deps.db.gallerySet.create({ data: { galleryId: id, name: "Extra", position: 1 } });
    return { sends: id, input: (sent) => ({ id: sent, set_id: set.id }), record: id };
  },
  "galleries.addItem": async () => {
    const { id, setId } = await createTestGallery(h.deps.db);
    const upload = await createGalleryUpload(h.deps.db, "new.jpg");
    return { sends: id, input: (sent) => ({ id: sent, set_id: setId, upload_id: upload.id }), record: id };
  },
  "galleries.orderItems": async () => {
    const { id, setId, itemIds } = await createTestGallery(h.deps.db, { items: 3 });
    return {
      sends: id,
      input: (sent) => ({ id: sent, set_id: setId, item_ids: [...itemIds].reverse() }),
      record: id,
    };
  },
  "galleries.deleteItem": async () => {
    const { id, itemIds } = await createTestGallery(h.deps.db, { items: 2 });
    return { sends: id, input: (sent) => ({ id: sent, item_id: itemIds[0] }), record: id };
  },
  "galleries.setCover": async () => {
    const { id, itemIds } = await createTestGallery(h.deps.db, { items: 2 });
    return { sends: id, input: (sent) => ({ id: sent, item_id: itemIds[1] }), record: id };
  },
  "galleries.regenerateLink": async () => {
    const { id } = await createTestGallery(h.deps.db);
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  "galleries.reopenSelection": async () => {
    const { id } = await createTestGallery(h.deps.db);
    await h.deps.db.gallery.update({
      where: { id },
      data: { selectionState: "sent", selectionSentAt: new Date() },
    });
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
  "galleries.sendToClient": async () => {
    const { id } = await createTestGallery(h.deps.db);
    await h.deps.db.gallery.update({
      where: { id },
      data: { clientEmail: "ann@client.test", clientName: "Ann" },
    });
    return { sends: id, input: (sent) => ({ id: sent }), record: id };
  },
};

/* ------------------------------------------------------------------------------------------------ */

const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : (value ?? null)) as unknown;

/** The row of `id` as the trail stores it (secrets left out), or null. */
async function storedRow(path: string, id: number): Promise<unknown> {
  const recorder = new AuditRecorder(h.deps, { id: null, name: "test" }, AUDITED[path]!);
  const row = await recorder.row(h.deps.db, id);
  return json(auditColumns(recorder.entry({ entityId: id, before: row, after: null })).before);
}

const VARIANTS = [
  ["padded", (id: number) => ` ${id}`],
  ["string", (id: number) => String(id)],
] as const;

describe("every audited procedure records the record it changed", () => {
  it("has a case for every audited procedure, and none for a procedure that is not", () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(AUDITED).sort());
  });

  describe.each(Object.keys(AUDITED))("%s", (path) => {
    it.each(VARIANTS.map(([label, form], variant) => ({ label, form, variant })))(
      "with the id sent $label",
      async ({ form, variant }) => {
        const make = CASES[path];
        if (!make) throw new Error(`No case for the audited procedure ${path}: add one to CASES`);
        const prepared = await make(variant);
        const known = typeof prepared.record === "number" ? prepared.record : null;
        const before = known === null ? null : await storedRow(path, known);
        const last = await h.deps.db.auditEntry.aggregate({ _max: { id: true } });

        const answer = await procedure(prepared.caller ?? owner, path)(prepared.input(form(prepared.sends)));

        const entityId =
          typeof prepared.record === "number" ? prepared.record : await prepared.record(answer);
        const entries = await h.deps.db.auditEntry.findMany({
          where: { id: { gt: last._max.id ?? 0 } },
          orderBy: { id: "asc" },
        });
        const after = await storedRow(path, entityId);
        await prepared.cleanup?.();
        expect(entries).toHaveLength(1);
        const [entry] = entries;
        const audited = AUDITED[path]!;
        expect(entry).toMatchObject({
          entity: audited.entity,
          entityId: String(entityId),
          action: prepared.action ?? audited.action,
        });
        expect(json(entry!.before)).toEqual(before);
        expect(json(entry!.after)).toEqual(after);
      },
    );
  });
});

/* ------------------------------------------------------------------------------------------------ */
/* One transaction                                                                                  */

/** How many records of each kind are stored (a creation refused must leave none behind). */
const COUNTS: Record<AuditEntity, () => Promise<number>> = {
  booking: () => h.deps.db.booking.count(),
  feedback: () => h.deps.db.feedback.count(),
  service: () => h.deps.db.service.count(),
  portfolio: () => h.deps.db.portfolioItem.count(),
  contact: () => h.deps.db.contactMessage.count(),
  admin: () => h.deps.db.adminUser.count(),
  invite: () => h.deps.db.inviteCode.count(),
  profile: () => h.deps.db.studioProfile.count(),
  hours: () => h.deps.db.studioSchedule.count(),
  closure: () => h.deps.db.closure.count(),
  equipment: () => h.deps.db.equipment.count(),
  calendar_feed: () => h.deps.db.calendarFeed.count(),
  api_key: () => h.deps.db.apiKey.count(),
  webhook: () => h.deps.db.webhookEndpoint.count(),
  mail: () => h.deps.db.outgoingMail.count(),
  gallery: () => h.deps.db.gallery.count(),
  calendar_sync: () => h.deps.db.calendarConnection.count(),
};

/** Makes the database refuse every new audit entry while `work` runs. */
async function withEntriesRefused<T>(work: () => Promise<T>): Promise<T> {
  const db = h.deps.db;
  if (h.deps.provider === "sqlite") {
    await db.$executeRawUnsafe(
      `CREATE TRIGGER "audit_refused" BEFORE INSERT ON "AuditEntry" BEGIN SELECT RAISE(ABORT, 'audit refused'); END`,
    );
  } else {
    await db.$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION audit_refused() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$ LANGUAGE plpgsql`,
    );
    await db.$executeRawUnsafe(
      `CREATE TRIGGER "audit_refused" BEFORE INSERT ON "AuditEntry" FOR EACH ROW EXECUTE FUNCTION audit_refused()`,
    );
  }
  try {
    return await work();
  } finally {
    await db.$executeRawUnsafe(
      h.deps.provider === "sqlite"
        ? `DROP TRIGGER "audit_refused"`
        : `DROP TRIGGER "audit_refused" ON "AuditEntry"`,
    );
  }
}

describe("an entry and its change are written together", () => {
  it.each(Object.keys(AUDITED))(
    "%s: when the entry cannot be written, the change is not made either",
    async (path) => {
      const make = CASES[path];
      if (!make) throw new Error(`No case for the audited procedure ${path}: add one to CASES`);
      const prepared = await make(1);
      const entity = AUDITED[path]!.entity;
      const known = typeof prepared.record === "number" ? prepared.record : null;
      const rowBefore = known === null ? null : await storedRow(path, known);
      const countBefore = await COUNTS[entity]();
      const entriesBefore = await h.deps.db.auditEntry.count();

      const outcome = await withEntriesRefused(() =>
        procedure(
          prepared.caller ?? owner,
          path,
        )(prepared.input(String(prepared.sends))).then(
          (answer) => ({ answer }),
          (error: unknown) => ({ error }),
        ),
      );

      expect(outcome).toHaveProperty("error");
      expect(await h.deps.db.auditEntry.count()).toBe(entriesBefore);
      expect(await COUNTS[entity]()).toBe(countBefore);
      if (known !== null) expect(await storedRow(path, known)).toEqual(rowBefore);
    },
  );

  it("a refused change writes no entry", async () => {
    const entries = await h.deps.db.auditEntry.count();
    const missing = 2_000_000;
    await expect(owner.bookings.delete({ id: missing })).rejects.toThrow();
    await expect(owner.services.update({ id: missing, data: serviceInput })).rejects.toThrow();
    await expect(owner.admins.remove({ id: ownerId })).rejects.toThrow();
    const bookingId = await booking();
    // Completed before the session has ended: refused.
    await expect(owner.bookings.setStatus({ id: bookingId, status: "completed" })).rejects.toThrow();
    expect(await h.deps.db.auditEntry.count()).toBe(entries);
  });
});
