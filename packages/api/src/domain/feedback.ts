import type { FeedbackModel } from "@studio/db";
import {
  FEEDBACK_TRANSITIONS,
  type FeedbackCategory,
  type FeedbackDto,
  type FeedbackStats,
  type FeedbackStatus,
  type FeedbackSummary,
  MESSAGES,
  type PublicFeedbackDto,
  type ZFeedbackInput,
} from "@studio/validators";
import type { z } from "zod";
import { auditedChange } from "../audit/trail";
import { AppError } from "../errors";
import { emitWebhookEvent } from "./webhooks/events";
import { type DomainDeps, notFound, orNotFound, roundOneDecimal } from "./records";

const m = MESSAGES.feedback;
const NEWEST_FIRST = [{ createdAt: "desc" as const }, { id: "desc" as const }];

function toPublicDto(row: FeedbackModel): PublicFeedbackDto {
  return {
    id: row.id,
    name: row.name,
    rating: row.rating,
    message: row.message,
    service_category: row.serviceCategory,
    created_at: row.createdAt.toISOString(),
  };
}

function toDto(row: FeedbackModel): FeedbackDto {
  return { ...toPublicDto(row), email: row.email, status: row.status };
}

/** New feedback waits for review (pending). */
export async function submitFeedback(
  deps: DomainDeps,
  input: z.output<typeof ZFeedbackInput>,
): Promise<{ id: number; message: string }> {
  // The feedback and its webhook event are written together.
  const row = await deps.db.$transaction(async (tx) => {
    const created = await tx.feedback.create({
      data: {
        name: input.name,
        email: input.email,
        rating: input.rating,
        message: input.message,
        serviceCategory: input.service_category,
        createdAt: deps.now(),
      },
    });
    await emitWebhookEvent(tx, deps, "feedback.submitted", {
      id: created.id,
      name: created.name,
      email: created.email,
      rating: created.rating,
      message: created.message,
      service_category: created.serviceCategory,
      status: created.status,
      created_at: created.createdAt.toISOString(),
    });
    return created;
  });
  return { id: row.id, message: m.submitted };
}

function listApprovedWhere(
  deps: DomainDeps,
  where: { serviceCategory?: FeedbackCategory },
  limit: number,
): Promise<PublicFeedbackDto[]> {
  return deps.cache.get("feedback", `approved:${where.serviceCategory ?? ""}:${limit}`, async () => {
    const rows = await deps.db.feedback.findMany({
      where: { ...where, status: "approved" },
      orderBy: NEWEST_FIRST,
      take: limit,
    });
    return rows.map(toPublicDto);
  });
}

/** Public testimonials: approved only, newest first, without e-mail addresses. */
export function listApprovedFeedback(
  deps: DomainDeps,
  input: { limit: number },
): Promise<PublicFeedbackDto[]> {
  return listApprovedWhere(deps, {}, input.limit);
}

export function listApprovedFeedbackByCategory(
  deps: DomainDeps,
  input: { category: FeedbackCategory; limit: number },
): Promise<PublicFeedbackDto[]> {
  return listApprovedWhere(deps, { serviceCategory: input.category }, input.limit);
}

/** The public rating display: average of approved feedback (one decimal) and how many there are. */
export function feedbackSummary(deps: DomainDeps): Promise<FeedbackSummary> {
  return deps.cache.get("feedback", "summary", async () => {
    const result = await deps.db.feedback.aggregate({
      where: { status: "approved" },
      _avg: { rating: true },
      _count: { _all: true },
    });
    return { average_rating: roundOneDecimal(result._avg.rating), count: result._count._all };
  });
}

export async function listFeedback(
  deps: DomainDeps,
  input: { limit: number; offset: number; status?: FeedbackStatus },
): Promise<FeedbackDto[]> {
  const rows = await deps.db.feedback.findMany({
    where: input.status ? { status: input.status } : {},
    orderBy: NEWEST_FIRST,
    take: input.limit,
    skip: input.offset,
  });
  return rows.map(toDto);
}

export async function getFeedback(deps: DomainDeps, input: { id: number }): Promise<FeedbackDto> {
  const row = await deps.db.feedback.findUnique({ where: { id: input.id } });
  if (!row) throw notFound(m.notFound);
  return toDto(row);
}

/** One grouped query: counts per status and the rating sum, so the average covers all feedback. */
export async function feedbackStats(deps: DomainDeps): Promise<FeedbackStats> {
  const groups = await deps.db.feedback.groupBy({
    by: ["status"],
    _count: { _all: true },
    _sum: { rating: true },
  });
  const countOf = (status: FeedbackStatus) => groups.find((g) => g.status === status)?._count._all ?? 0;
  const total = groups.reduce((sum, g) => sum + g._count._all, 0);
  const ratingSum = groups.reduce((sum, g) => sum + (g._sum.rating ?? 0), 0);
  return {
    total_feedback: total,
    average_rating: roundOneDecimal(total ? ratingSum / total : 0),
    pending_count: countOf("pending"),
    approved_count: countOf("approved"),
  };
}

/**
 * Moves feedback along FEEDBACK_TRANSITIONS. The write is conditional on the status that was checked, so
 * two admins acting at once cannot slip a refused transition through.
 */
export async function setFeedbackStatus(
  deps: DomainDeps,
  input: { id: number; status: FeedbackStatus },
): Promise<FeedbackDto> {
  const current = await getFeedback(deps, input);
  if (!FEEDBACK_TRANSITIONS[current.status].includes(input.status)) {
    throw new AppError("CONFLICT", m.transitionRefused(current.status, input.status));
  }
  const { count } = await auditedChange(
    deps,
    input.id,
    (tx) =>
      tx.feedback.updateMany({
        where: { id: input.id, status: current.status },
        data: { status: input.status },
      }),
    { changed: (updated) => updated.count === 1 },
  );
  if (count === 0) return setFeedbackStatus(deps, input);
  deps.cache.invalidate("feedback");
  return { ...current, status: input.status };
}

export async function deleteFeedback(deps: DomainDeps, input: { id: number }): Promise<{ id: number }> {
  await auditedChange(deps, input.id, (tx) =>
    orNotFound(tx.feedback.delete({ where: { id: input.id } }), m.notFound),
  );
  deps.cache.invalidate("feedback");
  return { id: input.id };
}
