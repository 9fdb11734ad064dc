import type { Db } from "@studio/db";
import { createPasswordReset, RESET_LINK_TTL_MS } from "../auth/admins";
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
