/**
 * Test helpers for e-mail changes: the one-time links as the recipient gets them (the outbox keeps them sealed:
 * mail/sealed-links.ts), and a whole confirmed change.
 */
import { openLinks } from "../mail/sealed-links";
import type { Harness } from "./harness";

type Caller = ReturnType<Harness["caller"]>;

/** The token of the newest `page` link (confirm-email, undo-email-change) mailed to `to`, or null. */
export async function mailedLinkToken(
  h: Harness,
  page: "confirm-email" | "undo-email-change",
  to: string,
): Promise<string | null> {
  const kind = page === "confirm-email" ? "auth.email_confirm" : "auth.email_changed";
  const row = await h.deps.db.outgoingMail.findFirst({
    where: { kind, recipients: to },
    orderBy: { id: "desc" },
  });
  if (!row?.sealedLinks) return null;
  const sent = openLinks(row.content, { key: h.deps.config.mail.sealKey, sealed: row.sealedLinks });
  const match = new RegExp(`/admin/${page}\\?token=([\\w-]+)`).exec(JSON.stringify(sent ?? ""));
  return match?.[1] ?? null;
}

/** Changes the e-mail of `caller`'s account with its password and confirms it with the mailed link. */
export async function changeEmailConfirmed(
  h: Harness,
  caller: Caller,
  input: { name: string; email: string; password?: string },
): Promise<void> {
  await caller.auth.updateProfile({
    name: input.name,
    email: input.email,
    current_password: input.password ?? "owner-password",
  });
  const token = await mailedLinkToken(h, "confirm-email", input.email);
  if (!token) throw new Error(`no confirm link mailed to ${input.email}`);
  await h.caller().auth.confirmEmail({ token });
}
