/** The back office's view of the outbox (/admin/mail): keyset pages, one message with its content, resending. */
import type { Db } from "@studio/db";
import {
  MAIL_KINDS,
  MAIL_STATUSES,
  type MailDetail,
  type MailKind,
  type MailListInput,
  type MailListItem,
  type MailListResult,
  type MailStatus,
  MESSAGES,
} from "@studio/validators";
import type { MailConfig } from "../config";
import { type AuditRecorder, auditedChange } from "../audit/trail";
import { AppError } from "../errors";
import { oneOf } from "../domain/records";
import { attachmentFiles } from "./attachments";
import { renderStored } from "./layout";
import { openLinks } from "./sealed-links";

export type MailAdminDeps = {
  db: Db;
  now: () => Date;
  config: { mail: MailConfig };
  audit?: AuditRecorder;
};

const m = MESSAGES.mail;

const listSelect = {
  id: true,
  kind: true,
  status: true,
  recipients: true,
  subject: true,
  attempts: true,
  lastError: true,
  createdAt: true,
  sentAt: true,
  notBefore: true,
  bookingId: true,
} as const;

type ListRow = {
  id: number;
  kind: string;
  status: string;
  recipients: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  notBefore: Date;
  bookingId: number | null;
};

function noteOf(status: MailStatus, config: MailConfig): string | null {
  if (status === "unsent") return m.notConfigured;
  if (status === "pending" && !config.enabled) return m.notConfigured;
  if (status === "skipped") return m.reminderSkipped;
  return null;
}

function toItem(row: ListRow, config: MailConfig): MailListItem {
  const status = oneOf(MAIL_STATUSES, row.status, "pending");
  return {
    id: row.id,
    kind: oneOf(MAIL_KINDS, row.kind, "studio.contact") as MailKind,
    status,
    recipients: row.recipients,
    subject: row.subject,
    attempts: row.attempts,
    last_error: row.lastError,
    note: noteOf(status, config),
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    next_attempt_at: status === "pending" ? row.notBefore.toISOString() : null,
    booking_id: row.bookingId,
  };
}

/** Newest first by id; a status filter uses the (status, id) index, so a page costs the same at 100,000 rows. */
export async function listMail(deps: MailAdminDeps, input: MailListInput): Promise<MailListResult> {
  const rows = await deps.db.outgoingMail.findMany({
    where: {
      ...(input.status ? { status: input.status } : {}),
      ...(input.cursor ? { id: { lt: input.cursor } } : {}),
    },
    orderBy: { id: "desc" },
    take: input.limit + 1,
    select: listSelect,
  });
  const page = rows.slice(0, input.limit);
  return {
    items: page.map((row) => toItem(row, deps.config.mail)),
    next_cursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
    mail_enabled: deps.config.mail.enabled,
    retention_days: deps.config.mail.retentionDays,
  };
}

/** Password-reset and e-mail-change messages carry a working one-time link: no admin but its owner may read it. */
const REDACTED_KINDS: readonly string[] = ["auth.reset", "auth.email_confirm", "auth.email_changed"];

export async function getMail(deps: MailAdminDeps, id: number): Promise<MailDetail> {
  const row = await deps.db.outgoingMail.findUnique({ where: { id } });
  if (!row) throw new AppError("NOT_FOUND", m.notFound);
  if (row.html === "") {
    // Not rendered yet (waiting, or written while mail is off): render it now and keep it.
    const rendered = await renderStored(openLinks(row.content, null));
    if (rendered) {
      Object.assign(row, rendered);
      await deps.db.outgoingMail.updateMany({ where: { id, html: "" }, data: rendered });
    }
  }
  const redacted = REDACTED_KINDS.includes(row.kind);
  return {
    ...toItem(row, deps.config.mail),
    message_id: row.messageId,
    reply_to: row.replyTo,
    html: redacted ? "" : row.html,
    text: redacted ? m.redacted : row.text,
    attachments: attachmentFiles(openLinks(row.attachments, null)).map((file) => ({
      filename: file.filename,
      content_type: file.contentType,
      size: Buffer.byteLength(file.content),
    })),
    redacted,
  };
}

/**
 * A failed (or unsent) message goes back in the queue with a fresh set of attempts, keeping its Message-ID.
 * Conditional on its status, so two admins resending at once queue it once.
 */
export async function resendMail(deps: MailAdminDeps, id: number): Promise<{ id: number; message: string }> {
  if (!deps.config.mail.enabled) throw new AppError("CONFLICT", m.resendNeedsServer);
  const { count } = await auditedChange(
    deps,
    id,
    (tx) =>
      tx.outgoingMail.updateMany({
        where: { id, status: { in: ["failed", "unsent"] } },
        data: {
          status: "pending",
          attempts: 0,
          notBefore: deps.now(),
          lastError: null,
          claimToken: null,
          leaseUntil: null,
        },
      }),
    { changed: (queued) => queued.count === 1 },
  );
  if (count === 0) {
    const exists = await deps.db.outgoingMail.count({ where: { id } });
    throw exists ? new AppError("CONFLICT", m.resendRefused) : new AppError("NOT_FOUND", m.notFound);
  }
  return { id, message: m.resent };
}
