import {
  ZContactInput,
  ZContactListInput,
  ZContactListResult,
  ZContactMessageDto,
  ZContactSetRead,
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
import { adminProcedure, publicProcedure, router } from "../trpc";

export const contactRouter = router({
  send: publicProcedure
    .input(ZContactInput)
    .output(ZSubmitted)
    .mutation(({ ctx, input }) => sendContactMessage(ctx, input)),
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
});
