import { ZMailDetail, ZId, ZMailListInput, ZMailListResult } from "@studio/validators";
import { z } from "zod";
import { auditActor, recordReading } from "../audit/trail";
import { getMail, listMail, resendMail } from "../mail/admin";
import { adminProcedure, router } from "../trpc";

/** Outgoing e-mail in the back office (/admin/mail). */
export const mailRouter = router({
  list: adminProcedure
    .input(ZMailListInput.prefault({}))
    .output(ZMailListResult)
    .query(({ ctx, input }) => listMail(ctx, input)),
  get: adminProcedure
    .input(ZId)
    .output(ZMailDetail)
    .query(async ({ ctx, input }) => {
      const detail = await getMail(ctx, input.id);
      // A client's message is their data: reading it is in the trail (the studio's own alerts are not).
      if (detail.kind.startsWith("booking.") || detail.kind.startsWith("contact."))
        await recordReading(ctx, auditActor(ctx), "mail", input.id);
      return detail;
    }),
  resend: adminProcedure
    .input(ZId)
    .output(z.object({ id: z.number(), message: z.string() }))
    .mutation(({ ctx, input }) => resendMail(ctx, input.id)),
});
