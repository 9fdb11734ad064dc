import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itRequiresAdmin } from "../testing/admin-only";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let token: string;
const m = MESSAGES.contact;

/** What the contact form sends (section 7): all six fields, empty strings when unused. */
const form = {
  name: "Lena",
  email: "lena@example.com",
  phone: "",
  subject: "Wedding in June",
  message: "Are you available?",
  serviceType: "",
};

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
});
afterAll(async () => {
  await t.close();
});

describe("REST POST /api/contact", () => {
  it("answers 201 { success, message } and stores the message", async () => {
    const res = await t.call("POST", "/api/contact", { body: { ...form, serviceType: "Drone Services" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: m.sent });
    const inbox = await t.call("GET", "/api/contact", { token });
    expect(inbox.body).toMatchObject({
      success: true,
      total: 1,
      unread: 1,
      data: [{ name: "Lena", serviceType: "Drone Services", phone: null, read: false }],
    });
  });

  it.each([
    ["an empty body", {}, m.nameRequired, "name"],
    ["no subject", { ...form, subject: "" }, m.subjectRequired, "subject"],
    ["no message", { ...form, message: "   " }, m.messageRequired, "message"],
    ["a bad e-mail", { ...form, email: "lena" }, m.emailInvalid, "email"],
    ["an unknown service type", { ...form, serviceType: "Birthdays" }, m.serviceTypeInvalid, "serviceType"],
    ["a subject of the wrong type", { ...form, subject: ["x"] }, m.subjectRequired, "subject"],
  ])("refuses %s with 400, the message and the field", async (_label, body, message, field) => {
    const res = await t.call("POST", "/api/contact", { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message, errors: { [field]: message } });
  });

  it("answers malformed JSON with 400", async () => {
    const res = await t.call("POST", "/api/contact", {
      raw: '{"name": "Lena",}',
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: MESSAGES.common.invalidJson });
  });
});

describe("REST contact inbox", () => {
  let ids: number[];
  beforeAll(async () => {
    await t.deps.db.contactMessage.deleteMany();
    ids = [];
    for (const subject of ["one", "two", "three"]) {
      const res = await t.call("POST", "/api/contact", { body: { ...form, subject } });
      ids.push((res.body.data as { id: number }).id);
    }
  });

  it("GET lists newest first with total and unread, paginated", async () => {
    const res = await t.call("GET", "/api/contact", { token });
    expect(res.status).toBe(200);
    expect((res.body.data as { subject: string }[]).map((i) => i.subject)).toEqual(["three", "two", "one"]);
    expect(res.body).toMatchObject({ total: 3, unread: 3 });
    const page = await t.call("GET", "/api/contact?limit=1&offset=2", { token });
    expect((page.body.data as { id: number }[]).map((i) => i.id)).toEqual([ids[0]]);
    expect((await t.call("GET", "/api/contact?limit=zero", { token })).status).toBe(400);
  });

  it("PATCH /:id/read marks read (default) and unread; ?unread=true lists unread only", async () => {
    const read = await t.call("PATCH", `/api/contact/${ids[0]}/read`, { token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ success: true, data: { id: ids[0], read: true } });
    const unread = await t.call("GET", "/api/contact?unread=true", { token });
    expect((unread.body.data as { id: number }[]).map((i) => i.id)).toEqual([ids[2], ids[1]]);
    expect(unread.body).toMatchObject({ total: 2, unread: 2 });
    const back = await t.call("PATCH", `/api/contact/${ids[0]}/read`, { body: { read: false }, token });
    expect(back.body).toMatchObject({ data: { read: false } });
    expect(
      (await t.call("PATCH", `/api/contact/${ids[0]}/read`, { body: { read: "yes" }, token })).status,
    ).toBe(400);
    expect((await t.call("PATCH", "/api/contact/999999/read", { token })).status).toBe(404);
    expect((await t.call("PATCH", "/api/contact/abc/read", { token })).status).toBe(400);
  });

  it("DELETE /:id removes a message: 200 then 404", async () => {
    const res = await t.call("DELETE", `/api/contact/${ids[1]}`, { token });
    expect(res.body).toEqual({ success: true, data: { id: ids[1] }, message: m.deleted });
    const again = await t.call("DELETE", `/api/contact/${ids[1]}`, { token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ success: false, message: m.notFound });
  });
});

describe("REST /api/contact auth", () => {
  itRequiresAdmin(
    () => t,
    [
      ["GET", "/api/contact"],
      ["PATCH", "/api/contact/1/read", { read: true }],
      ["DELETE", "/api/contact/1"],
    ],
  );
});

describe("REST DELETE /api/contact/:id in the Activity trail", () => {
  it("records a deletion addressed with a padded id (%20) under the message it deleted, with its row before", async () => {
    await t.call("POST", "/api/contact", { body: { ...form, subject: "Padded id" } });
    const row = await t.deps.db.contactMessage.findFirstOrThrow({ where: { subject: "Padded id" } });
    const res = await t.call("DELETE", `/api/contact/%20${row.id}`, { token });
    expect(res.status).toBe(200);
    const entry = await t.deps.db.auditEntry.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(entry).toMatchObject({ entity: "contact", entityId: String(row.id), action: "deleted" });
    const before = typeof entry.before === "string" ? JSON.parse(entry.before) : entry.before;
    expect(before).toMatchObject({ id: row.id, subject: "Padded id" });
  });
});
