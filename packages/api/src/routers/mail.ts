import { ZMailDetail, ZId, ZMailListInput, ZMailListResult } from "@studio/validators";
import { z } from "zod";
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
    .query(({ ctx, input }) => getMail(ctx, input.id)),
  resend: adminProcedure
    .input(ZId)
    .output(z.object({ id: z.number(), message: z.string() }))
    .mutation(({ ctx, input }) => resendMail(ctx, input.id)),
});
