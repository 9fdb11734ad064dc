/**
 * Replies from the Messages inbox. A reply is stored (ContactReply) and its e-mail written to the outbox in one
 * transaction (mail/notify.ts notifyContactReply): the e-mail's Message-ID is the reply's own, In-Reply-To and
 * References name the earlier replies, so the client's mail program shows one thread and later replies
 * continue it. Replying marks the message read.
 */
import { type ContactThread, MESSAGES, type ZContactReplyInput } from "@studio/validators";
import type { z } from "zod";
import { auditedChange } from "../audit/trail";
import type { Context } from "../context";
import { newMessageId } from "../mail/outbox";
import { notifyContactReply } from "../mail/notify";
import { notFound } from "./records";

export type ContactReplyDeps = Pick<Context, "db" | "config" | "now" | "cache" | "audit">;

/** The message's replies, oldest first, with the name of the admin who wrote each. */
export async function contactThread(deps: ContactReplyDeps, id: number): Promise<ContactThread> {
  const message = await deps.db.contactMessage.findUnique({ where: { id }, select: { id: true } });
  if (!message) throw notFound(MESSAGES.contactReply.messageNotFound);
  const replies = await deps.db.contactReply.findMany({
    where: { contactMessageId: id },
    orderBy: { id: "asc" },
  });
  const adminIds = [...new Set(replies.map((r) => r.adminId).filter((a): a is number => a !== null))];
  const admins = adminIds.length
    ? await deps.db.adminUser.findMany({ where: { id: { in: adminIds } }, select: { id: true, name: true } })
    : [];
  const names = new Map(admins.map((a) => [a.id, a.name]));
  return {
    id,
    replies: replies.map((r) => ({
      id: r.id,
      body: r.body,
      admin_name: r.adminId === null ? null : (names.get(r.adminId) ?? null),
      message_id: r.messageId,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** Stores the reply and writes its e-mail in the same transaction; answers the thread. */
export async function replyToContactMessage(
  deps: ContactReplyDeps,
  adminId: number,
  input: z.output<typeof ZContactReplyInput>,
): Promise<ContactThread & { message: string }> {
  const now = deps.now();
  const stored = await auditedChange(
    deps,
    input.id,
    async (tx) => {
      const message = await tx.contactMessage.findUnique({
        where: { id: input.id },
        select: { readAt: true },
      });
      if (!message) return false;
      const reply = await tx.contactReply.create({
        data: {
          contactMessageId: input.id,
          adminId,
          body: input.body,
          messageId: newMessageId(deps.config),
          createdAt: now,
        },
      });
      await notifyContactReply(tx, deps, { contactMessageId: input.id, replyId: reply.id });
      if (!message.readAt) await tx.contactMessage.update({ where: { id: input.id }, data: { readAt: now } });
      return true;
    },
    { transaction: true, changed: (replied) => replied },
  );
  if (!stored) throw notFound(MESSAGES.contactReply.messageNotFound);
  return { ...(await contactThread(deps, input.id)), message: MESSAGES.contactReply.sent };
}
