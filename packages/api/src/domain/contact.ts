import type { ContactMessageModel } from "@studio/db";
import {
  type ContactListResult,
  type ContactMessageDto,
  MESSAGES,
  type ZContactInput,
} from "@studio/validators";
import type { z } from "zod";
import { auditedChange } from "../audit/trail";
import { MAIL_TRANSACTION, type NotifyDeps, notifyContactMessage } from "../mail/notify";
import { type DomainDeps, notFound, orNotFound } from "./records";
import { emitWebhookEvent } from "./webhooks/events";

const m = MESSAGES.contact;

function toDto(row: ContactMessageModel): ContactMessageDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    serviceType: row.serviceType,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Stored, so the back office can show an inbox. */
export async function sendContactMessage(
  deps: DomainDeps & NotifyDeps,
  input: z.output<typeof ZContactInput>,
): Promise<{ id: number; message: string }> {
  // The message and the studio's e-mail about it (mail/notify.ts) are written together.
  const row = await deps.db.$transaction(async (tx) => {
    const created = await tx.contactMessage.create({ data: { ...input, createdAt: deps.now() } });
    await notifyContactMessage(tx, deps, created.id);
    await emitWebhookEvent(tx, deps, "contact.received", {
      id: created.id,
      name: created.name,
      email: created.email,
      phone: created.phone,
      subject: created.subject,
      message: created.message,
      service_type: created.serviceType,
      created_at: created.createdAt.toISOString(),
    });
    return created;
  }, MAIL_TRANSACTION);
  return { id: row.id, message: m.sent };
}

/** Newest first; `total` counts what the filter matches, `unread` counts every unread message. */
export async function listContactMessages(
  deps: DomainDeps,
  input: { limit: number; offset: number; unreadOnly?: boolean },
): Promise<ContactListResult> {
  const where = input.unreadOnly ? { readAt: null } : {};
  const [rows, total, unread] = await Promise.all([
    deps.db.contactMessage.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: input.limit,
      skip: input.offset,
    }),
    deps.db.contactMessage.count({ where }),
    deps.db.contactMessage.count({ where: { readAt: null } }),
  ]);
  return { items: rows.map(toDto), total, unread };
}

/** Marking an already-read message read again keeps its first read time. */
export async function setContactMessageRead(
  deps: DomainDeps,
  input: { id: number; read: boolean },
): Promise<ContactMessageDto> {
  const row = await auditedChange(deps, input.id, async (tx) => {
    const existing = await tx.contactMessage.findUnique({
      where: { id: input.id },
      select: { readAt: true },
    });
    if (!existing) throw notFound(m.notFound);
    const readAt = input.read ? (existing.readAt ?? deps.now()) : null;
    return orNotFound(tx.contactMessage.update({ where: { id: input.id }, data: { readAt } }), m.notFound);
  });
  return toDto(row);
}

export async function deleteContactMessage(deps: DomainDeps, input: { id: number }): Promise<{ id: number }> {
  await auditedChange(deps, input.id, (tx) =>
    orNotFound(tx.contactMessage.delete({ where: { id: input.id } }), m.notFound),
  );
  return { id: input.id };
}
