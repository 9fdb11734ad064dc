import { z } from "zod";
import {
  ZContactInput,
  ZContactListInput,
  ZContactListResult,
  ZContactMessageDto,
  ZContactReplyInput,
  ZContactSetRead,
  ZContactThread,
  ZDeleted,
  ZId,
  ZSubmitted,
} from "@studio/validators";
import {
  deleteContactMessage,
  listContactMessages,
  sendContactMessage,
  setContactMessageRead,
} from "../domain/contact";
import { contactThread, replyToContactMessage } from "../domain/contact-replies";
import { adminProcedure, formProcedure, router } from "../trpc";

export const contactRouter = router({
  send: formProcedure("contact")
    .input(ZContactInput)
    .output(ZSubmitted)
    .mutation(async ({ ctx, input }) => {
      const sent = await sendContactMessage(ctx, input);
      ctx.bus.publish("live", "contact"); // back offices on every instance hear of it at once
      return sent;
    }),
  list: adminProcedure
    .input(ZContactListInput.prefault({}))
    .output(ZContactListResult)
    .query(({ ctx, input }) => listContactMessages(ctx, input)),
  setRead: adminProcedure
    .input(ZContactSetRead)
    .output(ZContactMessageDto)
    .mutation(({ ctx, input }) => setContactMessageRead(ctx, input)),
  delete: adminProcedure
    .input(ZId)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteContactMessage(ctx, input)),
  /** The message's replies (Messages inbox, message view). */
  thread: adminProcedure
    .input(ZId)
    .output(ZContactThread)
    .query(({ ctx, input }) => contactThread(ctx, input.id)),
  /** Sends a reply by e-mail in the message's thread and stores it (audited). */
  reply: adminProcedure
    .input(ZContactReplyInput)
    .output(ZContactThread.extend({ message: z.string() }))
    .mutation(({ ctx, input }) => replyToContactMessage(ctx, ctx.user.id, input)),
});
