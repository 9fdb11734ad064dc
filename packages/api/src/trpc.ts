import { MESSAGES } from "@studio/validators";
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { AuditRecorder, auditActor, auditedAction } from "./audit/trail";
import type { Context } from "./context";
import { assertKeyMayCall } from "./domain/api-keys/scopes";
import { AppError, isDatabaseUnavailable } from "./errors";
import type { FormBucket } from "./limits/limiter";

/** First message per field path of a zod error. */
export function fieldErrorsOf(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    out[key] ??= issue.message;
  }
  return out;
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const { stack: _stack, ...data } = shape.data;
    if (error.cause instanceof ZodError) {
      const first = error.cause.issues[0];
      return {
        ...shape,
        message: first?.message ?? MESSAGES.common.invalidInput,
        data: { ...data, fieldErrors: fieldErrorsOf(error.cause), retryAfterSeconds: undefined },
      };
    }
    if (error instanceof AppError) {
      return { ...shape, data: { ...data, ...error.details, fieldErrors: error.details.fieldErrors } };
    }
    if (error.code === "INTERNAL_SERVER_ERROR") {
      return {
        ...shape,
        message: MESSAGES.common.serverError,
        data: { ...data, fieldErrors: undefined, retryAfterSeconds: undefined },
      };
    }
    return { ...shape, data: { ...data, fieldErrors: undefined, retryAfterSeconds: undefined } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** Turns "database is down" into a clear 503 instead of an internal error. */
const mapInfrastructureErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (
    !result.ok &&
    !(result.error instanceof AppError) &&
    isDatabaseUnavailable(result.error.cause ?? result.error)
  ) {
    throw new AppError("SERVICE_UNAVAILABLE", MESSAGES.common.databaseUnavailable);
  }
  return result;
});

export const publicProcedure = t.procedure.use(mapInfrastructureErrors);

/**
 * Requires a valid, unrevoked admin token; narrows ctx.user and ctx.session. Every change it lets through is
 * recorded in the audit trail (see audit/trail.ts for which): an audited call gets a recorder (ctx.audit), with
 * which the domain function writes the entry inside the transaction of its change (ADR 017). A refused change
 * rolls its entry back with it.
 */
export const adminProcedure = publicProcedure.use(async ({ ctx, next, path, type }) => {
  const auth = await ctx.auth();
  if (!auth) throw new AppError("UNAUTHORIZED", MESSAGES.auth.unauthorized);
  // An API key calls only what its scopes allow, and never anything about accounts (domain/api-keys/scopes.ts).
  if (auth.apiKey) assertKeyMayCall(auth.apiKey, path);
  // Only the keys this adds: tRPC merges them into the context (copying it whole once more would be waste).
  const authed = { user: auth.user, session: auth.session, apiKey: auth.apiKey };
  const audited = type === "mutation" ? auditedAction(path) : null;
  if (!audited) return next({ ctx: authed });
  return next({ ctx: { ...authed, audit: new AuditRecorder(ctx, auditActor(auth), audited) } });
});

/** The owner only (API keys never: no scope names these procedures). */
export const ownerProcedure = adminProcedure.use(async ({ ctx, next }) => {
  if (ctx.user.role !== "owner") throw new AppError("FORBIDDEN", MESSAGES.auth.ownerOnly);
  return next();
});

export { TRPCError };

/** A public form: each call (every item of a batch, every REST request) counts against the IP's limit. */
export const formProcedure = (bucket: FormBucket) =>
  publicProcedure.use(async ({ ctx, next }) => {
    await ctx.limiter.form(bucket, ctx.ip);
    return next();
  });
