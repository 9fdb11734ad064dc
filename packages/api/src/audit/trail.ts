/**
 * The audit trail. Every admin change goes through an admin tRPC mutation (REST calls the same procedures); the
 * middleware (trpc.ts) gives each audited call a recorder (ctx.audit), and the domain function writes the entry
 * inside the transaction of its change (ADR 017): which admin, when, which record, and the record as that
 * transaction read it before and after (secrets such as password and invite-code hashes left out). So an entry
 * is committed with its change or not at all. Entries are append-only (database triggers).
 */
import { type Db, type DbProvider, Prisma } from "@studio/db";
import type { AuditEntity, AuditEntryDto, AuditListInput, AuditListResult } from "@studio/validators";

/** The client of an interactive transaction (Db itself fits it too). */
export type AuditTx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

type Row = Record<string, unknown> | null;
type Loader = (db: AuditTx, id: number) => Promise<Row>;

const SECRET_FIELDS = new Set([
  "passwordHash",
  "codeHash",
  "tokenHash",
  "nonce",
  "secretCipher",
  "pinHash",
  "passwordCipher",
]);

const loaders: Record<AuditEntity, Loader> = {
  booking: (db, id) => db.booking.findUnique({ where: { id } }),
  feedback: (db, id) => db.feedback.findUnique({ where: { id } }),
  // With what its sessions need, so a change of equipment shows in the entry.
  service: (db, id) =>
    db.service.findUnique({
      where: { id },
      include: {
        equipment: { select: { equipmentId: true, quantity: true }, orderBy: { equipmentId: "asc" } },
      },
    }),
  portfolio: (db, id) => db.portfolioItem.findUnique({ where: { id } }),
  contact: (db, id) => db.contactMessage.findUnique({ where: { id } }),
  admin: (db, id) => db.adminUser.findUnique({ where: { id } }),
  invite: (db, id) => db.inviteCode.findUnique({ where: { id } }),
  profile: (db, id) => db.studioProfile.findUnique({ where: { id } }),
  hours: (db, id) => db.studioSchedule.findUnique({ where: { id } }),
  closure: (db, id) => db.closure.findUnique({ where: { id } }),
  equipment: (db, id) => db.equipment.findUnique({ where: { id } }),
  calendar_feed: (db, id) => db.calendarFeed.findUnique({ where: { id } }),
  api_key: (db, id) => db.apiKey.findUnique({ where: { id } }),
  webhook: (db, id) => db.webhookEndpoint.findUnique({ where: { id } }),
  // The gallery, its sets, and its items in order (file name, favourite, note): what its changes change.
  gallery: async (db, id) => {
    const gallery = await db.gallery.findUnique({
      where: { id },
      include: { sets: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { id: true, name: true } } },
    });
    if (!gallery) return null;
    const items = await db.galleryItem.findMany({
      where: { galleryId: id },
      orderBy: [{ setId: "asc" }, { position: "asc" }, { id: "asc" }],
      select: { id: true, setId: true, favourite: true, upload: { select: { originalName: true } } },
    });
    return {
      ...gallery,
      items: items.map((i) => ({
        id: i.id,
        set: i.setId,
        name: i.upload.originalName,
        favourite: i.favourite,
      })),
    };
  },
  calendar_sync: (db, id) => db.calendarConnection.findUnique({ where: { id } }),
  // The message's state, not its content (which can be long and, for a reset, holds a working link).
  mail: (db, id) =>
    db.outgoingMail.findUnique({
      where: { id },
      select: {
        id: true,
        kind: true,
        recipients: true,
        subject: true,
        status: true,
        attempts: true,
        lastError: true,
      },
    }),
};

/** Each entity's table, for the row lock taken before the change reads it (PostgreSQL). */
const TABLES: Record<AuditEntity, string> = {
  booking: "Booking",
  feedback: "Feedback",
  service: "Service",
  portfolio: "PortfolioItem",
  contact: "ContactMessage",
  admin: "AdminUser",
  invite: "InviteCode",
  profile: "StudioProfile",
  hours: "StudioSchedule",
  closure: "Closure",
  equipment: "Equipment",
  calendar_feed: "CalendarFeed",
  api_key: "ApiKey",
  webhook: "WebhookEndpoint",
  mail: "OutgoingMail",
  gallery: "Gallery",
  calendar_sync: "CalendarConnection",
};

/**
 * What each audited procedure changes: the kind of record, and what happened to it. Which record is the domain
 * function's to say (it names the row it changes), so the id is never read from the raw input.
 */
export type Audited = {
  entity: AuditEntity;
  /** What happened; a function when the change's result tells (a service removed is deleted, or archived if used). */
  action: string | ((result: unknown) => string);
};
export const AUDITED: Readonly<Record<string, Audited>> = {
  "bookings.adminCreate": { entity: "booking", action: "created" },
  "bookings.setStatus": { entity: "booking", action: "status_changed" },
  "bookings.confirm": { entity: "booking", action: "status_changed" },
  "bookings.delete": { entity: "booking", action: "deleted" },
  "bookings.reschedule": { entity: "booking", action: "moved" },
  "feedback.setStatus": { entity: "feedback", action: "status_changed" },
  "feedback.delete": { entity: "feedback", action: "deleted" },
  "services.create": { entity: "service", action: "created" },
  "services.update": { entity: "service", action: "updated" },
  "services.delete": {
    entity: "service",
    action: (result) =>
      (result as { archived?: unknown } | null)?.archived === true ? "archived" : "deleted",
  },
  "services.restore": { entity: "service", action: "restored" },
  "portfolio.create": { entity: "portfolio", action: "created" },
  "portfolio.update": { entity: "portfolio", action: "updated" },
  "portfolio.delete": { entity: "portfolio", action: "deleted" },
  "contact.setRead": { entity: "contact", action: "updated" },
  "contact.delete": { entity: "contact", action: "deleted" },
  "auth.createInvite": { entity: "invite", action: "created" },
  "admins.revokeInvite": { entity: "invite", action: "revoked" },
  "admins.remove": { entity: "admin", action: "deleted" },
  "admins.transferOwnership": { entity: "admin", action: "ownership_transferred" },
  "auth.changePassword": { entity: "admin", action: "password_changed" },
  "auth.updateProfile": { entity: "admin", action: "updated" },
  "auth.signOutEverywhere": { entity: "admin", action: "signed_out_everywhere" },
  "studio.updateProfile": { entity: "profile", action: "updated" },
  "schedule.update": { entity: "hours", action: "updated" },
  "schedule.addClosure": { entity: "closure", action: "created" },
  "schedule.removeClosure": { entity: "closure", action: "deleted" },
  "equipment.create": { entity: "equipment", action: "created" },
  "equipment.update": { entity: "equipment", action: "updated" },
  "equipment.delete": { entity: "equipment", action: "deleted" },
  "equipment.setForService": { entity: "service", action: "equipment_changed" },
  "contact.reply": { entity: "contact", action: "replied" },
  // The first link is made; a later one replaces it (and the old one stops working).
  "calendarFeed.regenerate": {
    entity: "calendar_feed",
    action: (result) =>
      (result as { replaced?: unknown } | null)?.replaced === true ? "regenerated" : "created",
  },
  "mail.resend": { entity: "mail", action: "resent" },
  "apiKeys.create": { entity: "api_key", action: "created" },
  "apiKeys.revoke": { entity: "api_key", action: "revoked" },
  "webhooks.create": { entity: "webhook", action: "created" },
  "webhooks.update": { entity: "webhook", action: "updated" },
  "webhooks.delete": { entity: "webhook", action: "deleted" },
  "webhooks.revealSecret": { entity: "webhook", action: "secret_shown" },
  "webhooks.resend": { entity: "webhook", action: "delivery_resent" },
  "galleries.create": { entity: "gallery", action: "created" },
  "galleries.update": { entity: "gallery", action: "updated" },
  "galleries.delete": { entity: "gallery", action: "deleted" },
  "galleries.addSet": { entity: "gallery", action: "set_added" },
  "galleries.renameSet": { entity: "gallery", action: "set_renamed" },
  "galleries.deleteSet": { entity: "gallery", action: "set_deleted" },
  "galleries.addItem": { entity: "gallery", action: "item_added" },
  "galleries.orderItems": { entity: "gallery", action: "items_reordered" },
  "galleries.deleteItem": { entity: "gallery", action: "item_deleted" },
  "galleries.setCover": { entity: "gallery", action: "cover_set" },
  "galleries.regenerateLink": { entity: "gallery", action: "link_regenerated" },
  "galleries.reopenSelection": { entity: "gallery", action: "selection_reopened" },
  "galleries.sendToClient": { entity: "gallery", action: "sent_to_client" },
  "calendarSync.connect": { entity: "calendar_sync", action: "connected" },
  "calendarSync.disconnect": { entity: "calendar_sync", action: "disconnected" },
};

export function auditedAction(path: string): Audited | null {
  return AUDITED[path] ?? null;
}

/**
 * Records that an admin read a record whose content is someone else's (a client's e-mail): no change, so no
 * before and after, only who, when and which.
 */
export async function recordReading(
  deps: { db: Db; now: () => Date },
  actor: AuditActor,
  entity: AuditEntity,
  id: number,
): Promise<void> {
  await recordAudit(deps.db, {
    at: deps.now(),
    actor,
    entity,
    entityId: id,
    action: "viewed",
    before: null,
    after: null,
  });
}

/** A stored row as plain JSON, without secrets. */
function snapshot(row: Row): Record<string, unknown> | null {
  if (!row) return null;
  const plain = JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
  for (const field of SECRET_FIELDS) delete plain[field];
  return plain;
}

/** The largest id the database's INTEGER columns hold. */
const MAX_ID = 2_147_483_647;

/** A positive whole id given as a number or digits (raw input can hold anything). */
function asId(value: unknown): number | null {
  const id =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\d{1,15}$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

/** Where a creation's answer holds the new record: { booking }, { key } (API keys), { endpoint } (webhooks). */
const NESTED_RECORDS = ["booking", "key", "endpoint"] as const;

/** The record's id in a procedure's answer ({ id }, or { booking: { id } } and the like). */
function idOf(value: unknown): number | null {
  if (value === null || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  const own = asId(record.id);
  if (own !== null) return own;
  for (const name of NESTED_RECORDS) {
    const nested = record[name];
    if (nested && typeof nested === "object") return asId((nested as Record<string, unknown>).id);
  }
  return null;
}

/** Who made a change: an admin, or an API key (no admin id; its name, and the key's id). */
export type AuditActor = { id: number | null; name: string; apiKeyId?: number };

/** The actor of a signed-in caller: the admin, or the API key it called with. */
export function auditActor(auth: {
  user: { id: number; name: string };
  apiKey: { id: number; name: string } | null;
}): AuditActor {
  return auth.apiKey
    ? { id: null, name: auth.apiKey.name, apiKeyId: auth.apiKey.id }
    : { id: auth.user.id, name: auth.user.name };
}

/** One entry's content, as the change's transaction saw it. */
type AuditEntryData = {
  at: Date;
  actor: AuditActor;
  entity: AuditEntity;
  entityId: number | null;
  action: string;
  before: Row;
  after: Row;
};

/** A change as the domain made it: the record's id, its row before and after, and the change's result. */
export type AuditChange = { entityId: number | null; before: Row; after: Row; result?: unknown };

/**
 * The recorder of one audited call (ctx.audit): the middleware makes it with the actor and what the procedure
 * changes; the domain function writes the entry with it, on the transaction of its change.
 */
export class AuditRecorder {
  constructor(
    private readonly deps: { provider: DbProvider; now: () => Date },
    readonly actor: AuditActor,
    readonly audited: Audited,
  ) {}

  get entity(): AuditEntity {
    return this.audited.entity;
  }

  /**
   * The record's row as `tx` sees it. `lock`: on PostgreSQL the row is locked until the transaction ends, so
   * nothing changes it between this read and the change (SQLite's transaction has the connection to itself).
   */
  async row(tx: AuditTx, id: number, lock = false): Promise<Row> {
    if (lock && this.deps.provider === "postgresql") {
      await tx.$queryRaw`SELECT 1 FROM ${Prisma.raw(`"${TABLES[this.entity]}"`)} WHERE "id" = ${id} FOR UPDATE`;
    }
    return loaders[this.entity](tx, id);
  }

  /** The entry of `change` (for a change written in plain SQL: see auditValues). */
  entry(change: AuditChange): AuditEntryData {
    const { action } = this.audited;
    return {
      at: this.deps.now(),
      actor: this.actor,
      entity: this.entity,
      entityId: change.entityId,
      action: typeof action === "function" ? action(change.result) : action,
      before: change.before,
      after: change.after,
    };
  }

  /** Writes the entry of `change` on the change's own transaction. */
  record(tx: Pick<Db, "auditEntry">, change: AuditChange): Promise<void> {
    return recordAudit(tx, this.entry(change));
  }
}

/** What a domain function needs to have its change recorded: the recorder of an audited call, if it is one. */
export type AuditDeps = { db: Db; audit?: AuditRecorder };

type TransactionOptions = { maxWait?: number; timeout?: number };

export type AuditedChangeOptions<T> = {
  /** The change needs a transaction even when it is not audited (the options, or true for the defaults). */
  transaction?: boolean | TransactionOptions;
  /** A creation's id, from the change's result (default: its `id`, or that of its `booking`, `key`, `endpoint`). */
  idOf?: (result: T) => number | null;
  /** Whether the change happened (a conditional update that matched nothing is retried, not recorded). */
  changed?: (result: T) => boolean;
};

/**
 * Makes the change of the record `id` (null: a creation, whose id is in its result). Under an audited call, in one
 * transaction: the row is locked and read, the change made, the row read again and the entry written; so the
 * entry is committed with its change, or neither is. Otherwise the change runs as it is, in a transaction only if
 * `transaction` asks for one. What must follow the commit (cache invalidation, events) follows this call.
 */
export async function auditedChange<T>(
  deps: AuditDeps,
  id: number | null,
  write: (tx: AuditTx) => Promise<T>,
  options: AuditedChangeOptions<T> = {},
): Promise<T> {
  const { audit } = deps;
  const txOptions = typeof options.transaction === "object" ? options.transaction : undefined;
  if (!audit) return options.transaction ? deps.db.$transaction(write, txOptions) : write(deps.db);
  return deps.db.$transaction((tx) => auditedWithin(tx, audit, id, write, options), txOptions);
}

/**
 * The audited part of auditedChange on a transaction the caller already holds (a change made as part of a larger
 * one, such as a gallery item added in the transaction that records its upload): the row locked and read, the
 * change, the row read again and the entry written, all on `tx`.
 */
export async function auditedWithin<T>(
  tx: AuditTx,
  audit: AuditRecorder,
  id: number | null,
  write: (tx: AuditTx) => Promise<T>,
  options: Pick<AuditedChangeOptions<T>, "idOf" | "changed"> = {},
): Promise<T> {
  const before = id === null ? null : await audit.row(tx, id, true);
  const result = await write(tx);
  if (options.changed && !options.changed(result)) return result;
  const entityId = id ?? (options.idOf ?? idOf)(result);
  const after = entityId === null ? null : await audit.row(tx, entityId);
  await audit.record(tx, { entityId, before, after, result });
  return result;
}

/** Appends one entry (an audited call's, or a change made outside an admin procedure, such as signing up). */
export async function recordAudit(db: Pick<Db, "auditEntry">, entry: AuditEntryData): Promise<void> {
  const before = snapshot(entry.before);
  const after = snapshot(entry.after);
  await db.auditEntry.create({
    data: {
      createdAt: entry.at,
      actorId: entry.actor.id,
      actorName: entry.actor.name,
      apiKeyId: entry.actor.apiKeyId ?? null,
      entity: entry.entity,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      action: entry.action,
      ...(before ? { before: before as object } : {}),
      ...(after ? { after: after as object } : {}),
    },
  });
}

/** An entry's columns for a plain-SQL write (bookings/insert.ts): before and after as JSON text. */
export type AuditColumns = {
  createdAt: Date;
  actorId: number | null;
  actorName: string;
  apiKeyId: number | null;
  entity: AuditEntity;
  entityId: string | null;
  action: string;
  before: string | null;
  after: string | null;
};

export function auditColumns(entry: AuditEntryData): AuditColumns {
  const before = snapshot(entry.before);
  const after = snapshot(entry.after);
  return {
    createdAt: entry.at,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    apiKeyId: entry.actor.apiKeyId ?? null,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    action: entry.action,
    before: before ? JSON.stringify(before) : null,
    after: after ? JSON.stringify(after) : null,
  };
}

type AuditRow = {
  id: number;
  createdAt: Date | string;
  actorId: number | null;
  actorName: string;
  apiKeyId: number | null;
  entity: string;
  entityId: string | null;
  action: string;
  before: unknown;
  after: unknown;
};

/** A stored JSON column: an object on PostgreSQL (jsonb), its text on SQLite. */
export function jsonColumn(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  return (typeof value === "string" ? JSON.parse(value) : value) as Record<string, unknown>;
}

/**
 * Newest first, by time then id (keyset: the cursor is the last entry shown): filter by admin, kind of record
 * and a date range (inclusive, UTC days). Ordering by time lets every filter read one index range in order
 * ((createdAt), (actorId, createdAt, id), (entity, createdAt, id): migration audit_time_order); by id, a date
 * range had to be sorted whole (0.8 s for a year of 1,000,000 entries on SQLite). One raw statement with the
 * cursor's time as a subquery: Prisma compiles each query again on the event loop (pnpm bench:activity).
 */
export async function listAudit(
  deps: { db: Db; provider: DbProvider },
  input: AuditListInput,
): Promise<AuditListResult> {
  // SQLite keeps a DateTime as the text Prisma writes ("…T12:00:00.000+00:00"), compared as text.
  const instant = (date: Date) =>
    deps.provider === "sqlite"
      ? Prisma.sql`${date.toISOString().replace("Z", "+00:00")}`
      : Prisma.sql`${date}`;
  const conditions: Prisma.Sql[] = [];
  if (input.actorId) conditions.push(Prisma.sql`"actorId" = ${input.actorId}`);
  if (input.entity) conditions.push(Prisma.sql`"entity" = ${input.entity}`);
  if (input.from)
    conditions.push(Prisma.sql`"createdAt" >= ${instant(new Date(`${input.from}T00:00:00.000Z`))}`);
  if (input.to) {
    const end = new Date(new Date(`${input.to}T00:00:00.000Z`).getTime() + 86_400_000);
    conditions.push(Prisma.sql`"createdAt" < ${instant(end)}`);
  }
  if (input.cursor) {
    // Entries are never deleted, so a cursor names one; an unknown cursor matches nothing.
    const at = Prisma.sql`(SELECT "createdAt" FROM "AuditEntry" WHERE "id" = ${input.cursor})`;
    conditions.push(Prisma.sql`"createdAt" <= ${at} AND ("createdAt" < ${at} OR "id" < ${input.cursor})`);
  }
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const rows = await deps.db.$queryRaw<AuditRow[]>`
    SELECT "id", "createdAt", "actorId", "actorName", "apiKeyId", "entity", "entityId", "action", "before", "after"
    FROM "AuditEntry" ${where}
    ORDER BY "createdAt" DESC, "id" DESC
    LIMIT ${Prisma.raw(String(input.limit + 1))}`;
  const page = rows.slice(0, input.limit);
  const items: AuditEntryDto[] = page.map((row) => ({
    id: row.id,
    created_at: new Date(row.createdAt).toISOString(),
    actor_id: row.actorId,
    actor_name: row.actorName,
    api_key_id: row.apiKeyId,
    entity: row.entity as AuditEntity,
    entity_id: row.entityId,
    action: row.action,
    before: jsonColumn(row.before),
    after: jsonColumn(row.after),
  }));
  return { items, next_cursor: rows.length > input.limit ? (page[page.length - 1]?.id ?? null) : null };
}
