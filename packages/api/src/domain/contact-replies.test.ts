import { MESSAGES } from "@studio/validators";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
let owner: Awaited<ReturnType<Harness["admin"]>>;
const m = MESSAGES.contactReply;

beforeAll(async () => {
  h = await createHarness();
  owner = await h.admin();
});
afterAll(async () => {
  await h.close();
});

async function message() {
  return h.deps.db.contactMessage.create({
    data: { name: "Lena", email: "lena@example.test", subject: "Wedding in June", message: "Are you free?" },
  });
}

async function failureMessage(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError && error.cause instanceof ZodError)
      return error.cause.issues[0]?.message ?? "";
    if (error instanceof Error) return error.message;
  }
  throw new Error("expected the call to fail");
}

describe("replies to contact messages", () => {
  it("stores the thread, marks the message read, and threads the e-mails (In-Reply-To / References)", async () => {
    const msg = await message();
    const first = await owner.caller.contact.reply({ id: msg.id, body: "  Yes, we are free on June 3rd.  " });
    expect(first.message).toBe(m.sent);
    expect(first.replies).toEqual([
      expect.objectContaining({ body: "Yes, we are free on June 3rd.", admin_name: "Studio Owner" }),
    ]);
    const second = await owner.caller.contact.reply({ id: msg.id, body: "Here is our price list." });
    expect(second.replies.map((r) => r.body)).toEqual([
      "Yes, we are free on June 3rd.",
      "Here is our price list.",
    ]);
    expect(await owner.caller.contact.thread({ id: msg.id })).toEqual({
      id: msg.id,
      replies: second.replies,
    });

    const [firstId, secondId] = second.replies.map((r) => r.message_id);
    expect(firstId).toMatch(/^<[^<>@\s]+@[^<>\s]+>$/);
    const mails = await h.deps.db.outgoingMail.findMany({
      where: { kind: "contact.reply" },
      orderBy: { id: "asc" },
    });
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ recipients: "lena@example.test", messageId: firstId });
    expect(mails[1]).toMatchObject({ messageId: secondId, inReplyTo: firstId, references: firstId });
    expect(mails[1]?.subject).toMatch(/Wedding in June/);
    expect((await owner.caller.mail.get({ id: mails[1]?.id ?? 0 })).text).toContain(
      "Here is our price list.",
    );
    expect(
      (await h.deps.db.contactMessage.findUniqueOrThrow({ where: { id: msg.id } })).readAt,
    ).not.toBeNull();
    const audit = await h.deps.db.auditEntry.findFirst({ where: { entity: "contact", action: "replied" } });
    expect(audit?.entityId).toBe(String(msg.id));
  });

  it("refuses an empty reply, a too long one and an unknown message; nothing is stored or sent", async () => {
    const msg = await message();
    const before = await h.deps.db.outgoingMail.count();
    expect(await failureMessage(owner.caller.contact.reply({ id: msg.id, body: "   " }))).toBe(
      m.bodyRequired,
    );
    expect(await failureMessage(owner.caller.contact.reply({ id: msg.id, body: "x".repeat(5001) }))).toBe(
      "Must be at most 5000 characters",
    );
    expect(await failureMessage(owner.caller.contact.reply({ id: 999_999, body: "Hello" }))).toBe(
      m.messageNotFound,
    );
    expect(await failureMessage(owner.caller.contact.thread({ id: 999_999 }))).toBe(m.messageNotFound);
    expect(await h.deps.db.contactReply.count({ where: { contactMessageId: msg.id } })).toBe(0);
    expect(await h.deps.db.outgoingMail.count()).toBe(before);
  });

  it("is for admins only", async () => {
    const msg = await message();
    expect(await failureMessage(h.caller().contact.reply({ id: msg.id, body: "Hi" }))).toBe(
      MESSAGES.auth.unauthorized,
    );
  });

  it("deleting the message deletes its thread", async () => {
    const msg = await message();
    await owner.caller.contact.reply({ id: msg.id, body: "Thanks!" });
    await owner.caller.contact.delete({ id: msg.id });
    expect(await h.deps.db.contactReply.count({ where: { contactMessageId: msg.id } })).toBe(0);
  });
});
