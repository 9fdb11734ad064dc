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
});
