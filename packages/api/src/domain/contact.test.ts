import { CONTACT_SERVICE_TYPES, type ContactInput, MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";
import { failure } from "../testing/rejection";

let h: Harness;
let admin: Awaited<ReturnType<Harness["admin"]>>["caller"];
const m = MESSAGES.contact;
let clock = Date.parse("2030-05-01T10:00:00Z");

const valid = (overrides: Partial<ContactInput> = {}): ContactInput => ({
  name: "Lena",
  email: "lena@example.com",
  phone: "",
  subject: "Wedding in June",
  message: "Are you available?",
  serviceType: "",
  ...overrides,
});

async function send(overrides: Partial<ContactInput> = {}) {
  clock += 60_000;
  h.setNow(new Date(clock));
  return (await h.caller().contact.send(valid(overrides))).id;
}

beforeAll(async () => {
  h = await createHarness();
  h.setNow(new Date(clock));
  admin = (await h.admin()).caller;
});
afterAll(async () => {
  await h.close();
});

describe("contact: send", () => {
  it.each([
    [{ name: " " }, m.nameRequired],
    [{ name: undefined }, m.nameRequired],
    [{ email: "" }, m.emailRequired],
    [{ email: "lena@" }, m.emailInvalid],
    [{ subject: "  " }, m.subjectRequired],
    [{ message: "" }, m.messageRequired],
    [{ serviceType: "Birthday Parties" }, m.serviceTypeInvalid],
    [{ phone: 12345 }, "Must be text"],
  ] as const)("refuses %o with its message", async (overrides, message) => {
    expect(await failure(h.caller().contact.send({ ...valid(), ...overrides } as ContactInput))).toEqual({
      code: "BAD_REQUEST",
      message,
    });
  });

  it("stores the message (optional fields empty → null) and answers the sent message", async () => {
    const result = await h.caller().contact.send(valid({ name: " Lena ", email: "LENA@example.com" }));
    expect(result).toEqual({ id: expect.any(Number), message: m.sent });
    const { items } = await admin.contact.list();
    expect(items.find((i) => i.id === result.id)).toMatchObject({
      name: "Lena",
      email: "lena@example.com",
      phone: null,
      subject: "Wedding in June",
      message: "Are you available?",
      serviceType: null,
      read: false,
    });
    await admin.contact.delete({ id: result.id });
  });

  it("accepts each of the seven service types and a phone number", async () => {
    for (const serviceType of CONTACT_SERVICE_TYPES) {
      const id = await send({ serviceType, phone: "+1 555 0100" });
      const { items } = await admin.contact.list({ limit: 1 });
      expect(items[0]).toMatchObject({ id, serviceType, phone: "+1 555 0100" });
      await admin.contact.delete({ id });
    }
  });
});

describe("contact: inbox", () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [await send({ subject: "one" }), await send({ subject: "two" }), await send({ subject: "three" })];
  });

  it("lists newest first with total and unread counts", async () => {
    const inbox = await admin.contact.list();
    expect(inbox.items.map((i) => i.subject)).toEqual(["three", "two", "one"]);
    expect(inbox).toMatchObject({ total: 3, unread: 3 });
    const page = await admin.contact.list({ limit: 1, offset: 1 });
    expect(page.items.map((i) => i.subject)).toEqual(["two"]);
    expect(page.total).toBe(3);
  });

  it("marks messages read and unread, and filters unread ones", async () => {
    const read = await admin.contact.setRead({ id: ids[0]!, read: true });
    expect(read).toMatchObject({ id: ids[0], read: true });
    expect(await admin.contact.list()).toMatchObject({ total: 3, unread: 2 });
    const unread = await admin.contact.list({ unreadOnly: true });
    expect(unread.items.map((i) => i.subject)).toEqual(["three", "two"]);
    expect(unread).toMatchObject({ total: 2, unread: 2 });
    expect((await admin.contact.setRead({ id: ids[0]!, read: "false" as never })).read).toBe(false);
    expect((await admin.contact.list()).unread).toBe(3);
  });

  it("keeps the first read time when marked read twice", async () => {
    await admin.contact.setRead({ id: ids[1]!, read: true });
    const first = await h.deps.db.contactMessage.findUniqueOrThrow({ where: { id: ids[1]! } });
    h.setNow(new Date(clock + 5 * 60_000));
    await admin.contact.setRead({ id: ids[1]!, read: true });
    const again = await h.deps.db.contactMessage.findUniqueOrThrow({ where: { id: ids[1]! } });
    expect(again.readAt?.getTime()).toBe(first.readAt?.getTime());
  });

  it("answers NOT_FOUND for unknown ids and deletes once", async () => {
    expect(await failure(admin.contact.setRead({ id: 999_999, read: true }))).toEqual({
      code: "NOT_FOUND",
      message: m.notFound,
    });
    expect(await admin.contact.delete({ id: ids[2]! })).toEqual({ id: ids[2] });
    expect(await failure(admin.contact.delete({ id: ids[2]! }))).toEqual({
      code: "NOT_FOUND",
      message: m.notFound,
    });
    expect((await admin.contact.list()).total).toBe(2);
  });

  it("refuses a bad limit", async () => {
    const error = await failure(admin.contact.list({ limit: "lots" }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toMatch(/^limit must be a whole number/);
  });

  it("requires an admin token for list, setRead and delete", async () => {
    for (const caller of [h.caller(), h.caller({ token: "garbage" })]) {
      for (const call of [
        caller.contact.list(),
        caller.contact.setRead({ id: ids[0]!, read: true }),
        caller.contact.delete({ id: ids[0]! }),
      ]) {
        expect(await failure(call)).toEqual({ code: "UNAUTHORIZED", message: MESSAGES.auth.unauthorized });
      }
    }
  });
});
