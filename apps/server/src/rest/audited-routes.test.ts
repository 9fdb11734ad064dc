/**
 * Every REST route that calls an audited procedure (found in this folder's sources, so a new one without a case
 * fails): its path id sent padded (%20) and plain, or, for a creation and the studio's profile, an extra `id` in
 * the body naming another record. The one entry each request writes names the record the procedure changed, with
 * the action and that record's row just before the request and after it (ADR 017).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AUDITED, AuditRecorder, auditColumns } from "@studio/api/audit";
import { createTestFeedback, createTestService } from "@studio/api/testing/fixtures";
import { DEFAULT_STUDIO_PROFILE } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let token: string;
let serviceId: number;

beforeAll(async () => {
  t = await createTestApp();
  t.harness.setNow(new Date("2030-01-15T20:00:00Z"));
  token = await t.ownerToken();
  serviceId = (await createTestService(t.deps.db)).id;
});
afterAll(async () => {
  await t.close();
});

let slot = 0;
async function booking(): Promise<number> {
  const day = Math.floor(slot / 6);
  const time = `${String(10 + (slot % 6)).padStart(2, "0")}:00`;
  slot += 1;
  const created = await t.harness.caller().bookings.create({
    name: "Ann Lee",
    email: "ann@client.test",
    phone: "+1 555 010 2040",
    service_id: serviceId,
    date: new Date(Date.UTC(2030, 1, 1) + day * 86_400_000).toISOString().slice(0, 10),
    time,
    message: "",
  });
  return created.booking.id;
}
const feedback = async () => (await createTestFeedback(t.deps.db)).id;
const contactMessage = async () =>
  (
    await t.deps.db.contactMessage.create({
      data: { name: "Lena", email: "lena@client.test", subject: "June", message: "Free?" },
    })
  ).id;
const service = {
  title: "Family Session",
  description: "Two hours",
  price: 199,
  duration: "2 hours",
  category: "photography",
  features: ["20 images"],
};
const portfolio = { title: "Harbour", description: "Aerial stills", category: "drone-services" };
const portfolioItem = async () =>
  (await t.deps.db.portfolioItem.create({ data: { ...portfolio, tags: [] } })).id;
const { updated_at: _ignored, ...profile } = DEFAULT_STUDIO_PROFILE;

type Route = {
  procedure: string;
  method: string;
  /** The route's path, with the id as sent. */
  path: (id: string) => string;
  body?: (id: string) => Record<string, unknown>;
  /** The record the request names (its id is what is sent), made afresh for each request. */
  make: () => Promise<number>;
  /**
   * A creation or the studio's profile: the id sent is an extra body field (another record's); the entry names
   * the record the answer (or the fixed id) gives.
   */
  record?: (answer: Record<string, unknown>) => number;
};
const dataId = (answer: Record<string, unknown>) => (answer.data as { id: number }).id;

const ROUTES: Route[] = [
  {
    procedure: "bookings.setStatus",
    method: "PUT",
    path: (id) => `/api/bookings/${id}`,
    body: () => ({ status: "confirmed" }),
    make: booking,
  },
  {
    procedure: "bookings.setStatus",
    method: "PATCH",
    path: (id) => `/api/bookings/${id}/status`,
    body: () => ({ status: "cancelled" }),
    make: booking,
  },
  {
    procedure: "bookings.confirm",
    method: "PATCH",
    path: (id) => `/api/bookings/${id}/confirm`,
    make: booking,
  },
  { procedure: "bookings.delete", method: "DELETE", path: (id) => `/api/bookings/${id}`, make: booking },
  {
    procedure: "contact.setRead",
    method: "PATCH",
    path: (id) => `/api/contact/${id}/read`,
    body: () => ({ read: true }),
    make: contactMessage,
  },
  { procedure: "contact.delete", method: "DELETE", path: (id) => `/api/contact/${id}`, make: contactMessage },
  {
    procedure: "feedback.setStatus",
    method: "PATCH",
    path: (id) => `/api/feedback/${id}/status`,
    body: () => ({ status: "approved" }),
    make: feedback,
  },
  { procedure: "feedback.delete", method: "DELETE", path: (id) => `/api/feedback/${id}`, make: feedback },
  {
    procedure: "portfolio.create",
    method: "POST",
    path: () => "/api/portfolio",
    body: (id) => ({ ...portfolio, id }),
    make: portfolioItem,
    record: dataId,
  },
  {
    procedure: "portfolio.update",
    method: "PUT",
    path: (id) => `/api/portfolio/${id}`,
    body: () => ({ ...portfolio, title: "Harbour at dusk" }),
    make: portfolioItem,
  },
  {
    procedure: "portfolio.delete",
    method: "DELETE",
    path: (id) => `/api/portfolio/${id}`,
    make: portfolioItem,
  },
  {
    procedure: "services.create",
    method: "POST",
    path: () => "/api/services",
    body: (id) => ({ ...service, id }),
    make: async () => (await createTestService(t.deps.db)).id,
    record: dataId,
  },
  {
    procedure: "services.update",
    method: "PUT",
    path: (id) => `/api/services/${id}`,
    body: () => service,
    make: async () => (await createTestService(t.deps.db)).id,
  },
  {
    procedure: "services.delete",
    method: "DELETE",
    path: (id) => `/api/services/${id}`,
    make: async () => (await createTestService(t.deps.db)).id,
  },
  {
    procedure: "studio.updateProfile",
    method: "PUT",
    path: () => "/api/studio/profile",
    body: (id) => ({ ...profile, city: `Pune ${id.trim()}`, id }),
    make: async () => 7,
    record: () => 1,
  },
];

const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : (value ?? null)) as unknown;

async function storedRow(procedure: string, id: number): Promise<unknown> {
  const recorder = new AuditRecorder(t.deps, { id: null, name: "test" }, AUDITED[procedure]!);
  const row = await recorder.row(t.deps.db, id);
  return json(auditColumns(recorder.entry({ entityId: id, before: row, after: null })).before);
}

/** The audited procedures this folder's routes call. */
function auditedCallsOfRoutes(): string[] {
  const folder = path.dirname(fileURLToPath(import.meta.url));
  const calls = new Set<string>();
  for (const file of readdirSync(folder)) {
    if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
    const text = readFileSync(path.join(folder, file), "utf8");
    for (const match of text.matchAll(/caller\.(\w+)\.(\w+)\(/g)) calls.add(`${match[1]}.${match[2]}`);
  }
  return [...calls].filter((call) => call in AUDITED).sort();
}

describe("REST routes of audited procedures", () => {
  it("has a case for every audited procedure a route calls", () => {
    expect([...new Set(ROUTES.map((r) => r.procedure))].sort()).toEqual(auditedCallsOfRoutes());
  });

  const requests = ROUTES.flatMap((route) =>
    (["padded", "plain"] as const).map((form) => ({
      name: `${route.method} ${route.path(":id")} (${route.procedure}), id ${form}`,
      route,
      form,
    })),
  );
  it.each(requests)("$name", async ({ route, form }) => {
    const id = await route.make();
    const sent = form === "padded" ? `%20${id}` : String(id);
    const bodyId = form === "padded" ? ` ${id}` : String(id);
    const known = route.record ? (route.record === dataId ? null : route.record({})) : id;
    const before = known === null ? null : await storedRow(route.procedure, known);
    const last = await t.deps.db.auditEntry.aggregate({ _max: { id: true } });

    const res = await t.call(route.method, route.path(sent), { token, body: route.body?.(bodyId) });

    expect(res.status).toBeLessThan(300);
    const entityId = route.record ? route.record(res.body) : id;
    const entries = await t.deps.db.auditEntry.findMany({ where: { id: { gt: last._max.id ?? 0 } } });
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    const { entity, action } = AUDITED[route.procedure]!;
    expect(entry).toMatchObject({
      entity,
      entityId: String(entityId),
      ...(typeof action === "string" ? { action } : {}),
    });
    expect(json(entry!.before)).toEqual(before);
    expect(json(entry!.after)).toEqual(await storedRow(route.procedure, entityId));
  });
});
