/**
 * The transactional outbox. enqueueMail writes one OutgoingMail row with the caller's client: pass the
 * transaction that makes the change the message is about, so the message exists exactly when the change does
 * (a rolled-back booking leaves no e-mail; a committed one always has its e-mail). Nothing is sent here: the
 * worker (worker.ts) delivers pending rows. See docs/decisions/007-mail-outbox.md.
 */
import type { Db, Prisma } from "@studio/db";
import type { MailKind, MailStatus } from "@studio/validators";
import { pooledRandomBytes } from "../crypto/random-bytes";
import type { MailConfig } from "../config";
import type { Tx } from "../domain/uploads/proof";
import type { StoredAttachment } from "./attachments";
import type { StoredContent } from "./layout";
import { sealLinks } from "./sealed-links";

export type MailInput = {
  kind: MailKind;
  to: string[];
  replyTo?: string | null;
  subject: string;
  /** The studio's details and the message's blocks; rendered to HTML and text later (worker, or on view). */
  content: StoredContent;
  attachments?: StoredAttachment[];
  /** Threading headers of a reply ("<…>" ids). */
  inReplyTo?: string | null;
  references?: string | null;
  bookingId?: number | null;
  /** For reminders: the booking's "date time" the reminder was scheduled for. */
  slot?: string | null;
  /** Not before this time (a reminder); default: as soon as possible. */
  notBefore?: Date;
  /** A Message-ID chosen by the caller (a reply that others will reference); default: a new one. */
  messageId?: string;
  /** One-time links the content or attachments hold: stored sealed, never in the clear (sealed-links.ts). */
  secretLinks?: readonly string[];
};

export type OutboxDeps = { config: { mail: MailConfig }; now: () => Date };

/** The domain of the From address, for Message-IDs ("Studio <hello@studio.example>" → "studio.example"). */
export function mailDomain(from: string): string {
  if (from === lastDomain.from) return lastDomain.domain;
  const address = /<([^<>]+)>/.exec(from)?.[1] ?? from;
  const found = address.split("@")[1]?.trim().toLowerCase();
  const domain = found && /^[a-z0-9.-]+$/.test(found) ? found : "localhost";
  // Every message of the process names the same From address.
  lastDomain = { from, domain };
  return domain;
}
let lastDomain = { from: "", domain: "localhost" };

/** Base-36 digits of a Message-ID's time: every millisecond until the year 5188 has one of this width. */
const MESSAGE_ID_TIME_DIGITS = 9;

/**
 * A new, globally unique Message-ID under the studio's domain: when it was made (milliseconds in base 36, fixed
 * width) and 96 random bits. Ids made one after another sort one after another, so the outbox's unique index takes
 * each new one at its end, on a page the same commit already writes; a random id landed on a page of its own (about
 * one more page written per booking, a twelfth of a new booking's writes on SQLite).
 */
export function newMessageId(config: { mail: MailConfig }): string {
  const made = Date.now().toString(36).padStart(MESSAGE_ID_TIME_DIGITS, "0");
  return `<${made}.${pooledRandomBytes(12).toString("hex")}@${mailDomain(config.mail.from)}>`;
}

/**
 * The row of a message. With no mail server configured it is stored as "unsent" (the back office shows it with
 * its content) and never sent, so switching mail on later does not deliver stale messages.
 */
export function rowOf(deps: OutboxDeps, input: MailInput) {
  const to = [...new Set(input.to.map((a) => a.trim()).filter(Boolean))];
  if (to.length === 0) throw new Error("An e-mail needs at least one recipient");
  const now = deps.now();
  const status: MailStatus = deps.config.mail.enabled ? "pending" : "unsent";
  const texts = [JSON.stringify(input.content)];
  if (input.attachments?.length) texts.push(JSON.stringify(input.attachments));
  const { json, sealed } = sealLinks(deps.config.mail.sealKey, texts, input.secretLinks ?? []);
  const [content = "", attachments = null] = json;
  return {
    kind: input.kind,
    status,
    recipients: to.join(", "),
    replyTo: input.replyTo ?? null,
    subject: input.subject,
    html: "",
    text: "",
    /** JSON text, as the row stores it (links sealed). */
    content,
    /** JSON text, or null when the message has none. */
    attachments,
    sealedLinks: sealed,
    messageId: input.messageId ?? newMessageId(deps.config),
    inReplyTo: input.inReplyTo ?? null,
    references: input.references ?? null,
    bookingId: input.bookingId ?? null,
    slot: input.slot ?? null,
    notBefore: input.notBefore ?? now,
    createdAt: now,
  };
}

export type MailRow = ReturnType<typeof rowOf>;

/** Writes the message (in the caller's transaction). */
export async function enqueueMail(
  tx: Tx | Db,
  deps: OutboxDeps,
  input: MailInput,
): Promise<{ id: number; messageId: string; status: MailStatus }> {
  const { content, attachments, ...data } = rowOf(deps, input);
  const row = await tx.outgoingMail.create({
    data: {
      ...data,
      content: JSON.parse(content) as Prisma.InputJsonValue,
      ...(attachments ? { attachments: JSON.parse(attachments) as Prisma.InputJsonValue } : {}),
    },
    select: { id: true },
  });
  return { id: row.id, messageId: data.messageId, status: data.status };
}
