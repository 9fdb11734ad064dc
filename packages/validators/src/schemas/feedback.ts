import { z } from "zod";
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_STATUSES,
  FIELD_LIMITS,
  LIST_DEFAULTS,
  RATING,
  type FeedbackStatus,
} from "../constants";
import { MESSAGES } from "../messages";
import { emailField, idField, multiLine, offsetField, pageLimit, requiredText, singleLine } from "./common";

const m = MESSAGES.feedback;

export const ZFeedbackStatus = z.enum(FEEDBACK_STATUSES, {
  error: "Status must be one of pending, approved, rejected",
});
export const ZFeedbackCategory = z.union([z.literal(""), z.enum(FEEDBACK_CATEGORIES)], {
  error: m.categoryInvalid,
});

/** Field order is the validation order of the feedback form (section 5). */
export const ZFeedbackInput = z.object({
  name: requiredText(m.nameRequired, FIELD_LIMITS.name, singleLine("Name")),
  email: emailField(m.emailRequired, m.emailInvalid),
  rating: z.preprocess(
    (v) => (typeof v === "string" && /^\d$/.test(v) ? Number(v) : v),
    z
      .number({ error: m.ratingRequired })
      .int(m.ratingRequired)
      .min(RATING.min, m.ratingRequired)
      .max(RATING.max, `Rating must be from ${RATING.min} to ${RATING.max}`),
  ),
  message: requiredText(m.messageRequired, FIELD_LIMITS.message, multiLine("Feedback")),
  service_category: ZFeedbackCategory.nullish().transform((v) => v ?? ""),
});
export type FeedbackInput = z.input<typeof ZFeedbackInput>;

export const ZFeedbackListInput = z.object({
  limit: pageLimit(LIST_DEFAULTS.adminFeedbackPage),
  offset: offsetField,
  status: ZFeedbackStatus.optional(),
});
export const ZApprovedFeedbackInput = z.object({ limit: pageLimit(LIST_DEFAULTS.approvedTestimonials, 100) });
export const ZFeedbackByCategoryInput = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, { error: m.categoryInvalid }),
  limit: pageLimit(LIST_DEFAULTS.approvedTestimonials, 100),
});
export const ZFeedbackStatusChange = z.object({ id: idField(), status: ZFeedbackStatus });

export type FeedbackDto = {
  id: number;
  name: string;
  email: string;
  rating: number;
  message: string;
  service_category: string;
  status: FeedbackStatus;
  created_at: string;
};
/** What the public carousel may see: no e-mail addresses. */
export type PublicFeedbackDto = Omit<FeedbackDto, "email" | "status">;
export type FeedbackStats = {
  total_feedback: number;
  average_rating: number;
  pending_count: number;
  approved_count: number;
};

export type FeedbackSummary = { average_rating: number; count: number };

const feedbackDtoShape = {
  id: z.number().int(),
  name: z.string(),
  rating: z.number().int(),
  message: z.string(),
  service_category: z.string(),
  created_at: z.string(),
};
/** Output contracts; the public one strips e-mail and status even if a caller passed them along. */
export const ZFeedbackDto: z.ZodType<FeedbackDto> = z.object({
  ...feedbackDtoShape,
  email: z.string(),
  status: ZFeedbackStatus,
});
export const ZPublicFeedbackDto: z.ZodType<PublicFeedbackDto> = z.object(feedbackDtoShape);
export const ZFeedbackStats: z.ZodType<FeedbackStats> = z.object({
  total_feedback: z.number().int(),
  average_rating: z.number(),
  pending_count: z.number().int(),
  approved_count: z.number().int(),
});
export const ZFeedbackSummary: z.ZodType<FeedbackSummary> = z.object({
  average_rating: z.number(),
  count: z.number().int(),
});
