import type { Db } from "@studio/db";
import { z } from "zod";
import { createPasswordReset, RESET_LINK_TTL_MS } from "../auth/admins";
import type { ApiDeps } from "../context";
import { enqueueJob } from "../jobs/queue";
import { type AnyJobHandler, defineJob } from "../jobs/worker";
import { type NotifyDeps, notifyPasswordReset } from "./notify";

/**
 * "Forgot password?" with mail configured: a one-time link, stored and mailed in one transaction. An unknown
 * address writes nothing; the caller answers the same either way. Without mail nothing is stored: the link
 * would only sit in the outbox, readable by every admin (the CLI prints links instead).
 */
export async function mailPasswordReset(deps: NotifyDeps & { db: Db }, email: string): Promise<void> {
  if (!deps.config.mail.enabled) return;
  await deps.db.$transaction(async (tx) => {
    const user = await tx.adminUser.findUnique({ where: { email }, select: { name: true } });
    if (!user) return;
    // createPasswordReset reads and writes only adminUser and passwordReset, which the transaction client has.
    const link = await createPasswordReset(
      { db: tx as unknown as Db, now: deps.now, cache: deps.cache },
      email,
    );
    if (!link) return;
    await notifyPasswordReset(tx, deps, {
      email,
      name: user.name,
      token: link.token,
      minutes: Math.round(RESET_LINK_TTL_MS / 60_000),
    });
  });
}

/**
 * The work of a reset request, done by the job worker after the answer: the request itself writes one job row
 * whatever the address, so its time tells nothing about which e-mails are admins (issue 28, item 5).
 */
export const PASSWORD_RESET_JOB = {
  kind: "auth.password-reset",
  payload: z.object({ email: z.string().min(1) }),
};

/** Queues the reset mail for `email`: the same single write for a known and an unknown address. */
export async function requestPasswordResetMail(db: Db, email: string): Promise<void> {
  await enqueueJob(db, PASSWORD_RESET_JOB, { email }, { maxAttempts: 3 });
}

export function passwordResetJobHandlers(deps: ApiDeps): AnyJobHandler[] {
  return [
    defineJob({
      ...PASSWORD_RESET_JOB,
      // A reset link is wanted now or never: a few quick retries, then the job fails.
      retryDelaysMs: [5_000, 30_000],
      run: (payload) => mailPasswordReset(deps, payload.email),
    }),
  ];
}
