import {
  ZApprovedFeedbackInput,
  ZDeleted,
  ZFeedbackByCategoryInput,
  ZFeedbackDto,
  ZFeedbackInput,
  ZFeedbackListInput,
  ZFeedbackStats,
  ZFeedbackStatusChange,
  ZFeedbackSummary,
  ZId,
  ZPublicFeedbackDto,
  ZSubmitted,
} from "@studio/validators";
import { z } from "zod";
import {
  deleteFeedback,
  feedbackStats,
  feedbackSummary,
  getFeedback,
  listApprovedFeedback,
  listApprovedFeedbackByCategory,
  listFeedback,
  setFeedbackStatus,
  submitFeedback,
} from "../domain/feedback";
import { adminProcedure, formProcedure, publicProcedure, router } from "../trpc";

const ZPublicList = z.array(ZPublicFeedbackDto);

export const feedbackRouter = router({
  submit: formProcedure("feedback")
    .input(ZFeedbackInput)
    .output(ZSubmitted)
    .mutation(({ ctx, input }) => submitFeedback(ctx, input)),
  /** Public testimonials; the output schema strips e-mail and status. */
  approved: publicProcedure
    .input(ZApprovedFeedbackInput.prefault({}))
    .output(ZPublicList)
    .query(({ ctx, input }) => listApprovedFeedback(ctx, input)),
  byCategory: publicProcedure
    .input(ZFeedbackByCategoryInput)
    .output(ZPublicList)
    .query(({ ctx, input }) => listApprovedFeedbackByCategory(ctx, input)),
  summary: publicProcedure.output(ZFeedbackSummary).query(({ ctx }) => feedbackSummary(ctx)),
  list: adminProcedure
    .input(ZFeedbackListInput.prefault({}))
    .output(z.array(ZFeedbackDto))
    .query(({ ctx, input }) => listFeedback(ctx, input)),
  get: adminProcedure
    .input(ZId)
    .output(ZFeedbackDto)
    .query(({ ctx, input }) => getFeedback(ctx, input)),
  stats: adminProcedure.output(ZFeedbackStats).query(({ ctx }) => feedbackStats(ctx)),
  setStatus: adminProcedure
    .input(ZFeedbackStatusChange)
    .output(ZFeedbackDto)
    .mutation(({ ctx, input }) => setFeedbackStatus(ctx, input)),
  delete: adminProcedure
    .input(ZId)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteFeedback(ctx, input)),
});
