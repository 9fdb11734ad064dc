/**
 * The mail worker: runs inside every server instance and delivers the outbox over SMTP.
 *
 * - Claiming is a conditional update (status and claim token as read), so with several instances on one
 *   database exactly one worker wins each row; the winner holds a lease, and a row whose lease ran out (its
 *   worker died mid-send) is claimed again. Delivery is therefore at least once: a crash between the SMTP
 *   server's "250 OK" and recording "sent" sends the message again, with the same Message-ID (ADR 007).
 * - A failure that may pass (connection refused, timeouts, 4xx) is retried after MAIL_RETRY_DELAYS_MINUTES
 *   (about a minute, doubling, up to 6 hours); after the last one the row is "failed" with the last error. A
 *   permanent refusal (5xx, e.g. an unknown recipient) fails at once with the server's reason.
 * - A reminder is sent only if its booking is still confirmed at the time it was scheduled for.
 */
import { randomUUID } from "node:crypto";
import { connect, type Socket } from "node:net";
import type { Db } from "@studio/db";
import { MAIL_RETRY_DELAYS_MINUTES, MESSAGES } from "@studio/validators";
import nodemailer from "nodemailer";
import SMTPPool from "nodemailer/lib/smtp-pool/index.js";
import { renderStored } from "./layout";
import { attachmentFiles } from "./attachments";
import { openLinks } from "./sealed-links";

/** What the worker hands to SMTP (nodemailer's message fields we use). */
export type OutgoingMessage = {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  inReplyTo?: string;
  references?: string;
  attachments: { filename: string; content: string; contentType: string }[];
};

export type MailTransport = {
  send: (message: OutgoingMessage) => Promise<void>;
  close: () => void;
};

/**
 * SMTP over nodemailer from SMTP_URL (smtp://user:pass@host:port, smtps://… for TLS from the start). Timeouts
 * stay well inside the worker's lease, so a hung server cannot make two workers hold one message.
 */
export function createSmtpTransport(url: string): MailTransport {
  // The pool is made here, not through createTransport({ url, … }): given a url, createTransport reads the url
  // alone and drops every other option (the pool, the timeouts).
  const transporter = nodemailer.createTransport(
    new SMTPPool({
      pool: true,
      url,
      maxConnections: 4,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
      getSocket: openSmtpSocket,
    }),
  );
  return {
    send: async (message) => {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

/**
 * nodemailer's connection with Nagle's algorithm off: SMTP is a conversation of short writes, and with Nagle on
 * the end of each message waits for the server's delayed ACK (about 40 ms), which held a connection to some 25
 * messages a second. TLS (smtps://) is layered on this socket by nodemailer. When it cannot connect, nodemailer
 * is left to connect itself: its own failure is what retires the pool's connection (an error handed back from
 * here would leave a dead connection in the pool).
 */
function openSmtpSocket(
  options: SMTPPool.Options,
  callback: (error: Error | null, socket?: { connection: Socket }) => void,
): void {
  const socket = connect({
    host: options.host ?? "localhost",
    port: options.port ?? (options.secure ? 465 : 587),
    noDelay: true,
  });
  let settled = false;
  const settle = (connection?: Socket) => {
    if (settled) return;
    settled = true;
    socket.setTimeout(0);
    socket.off("error", fallBack);
    callback(null, connection ? { connection } : undefined);
  };
  const fallBack = () => {
    socket.destroy();
    settle();
  };
  socket.setTimeout(15_000, fallBack);
  socket.once("error", fallBack);
  socket.once("connect", () => settle(socket));
}

export type MailLogger = {
  info: (message: string, fields?: Record<string, unknown>) => void;
  warn: (message: string, fields?: Record<string, unknown>) => void;
};

export type MailWorkerDeps = {
  db: Db;
  now: () => Date;
  /** MAIL_FROM. */
  from: string;
  /** Opens the one-time links sealed in messages (MailConfig.sealKey). */
  sealKey: Uint8Array;
  transport: MailTransport;
  logger?: MailLogger;
  /** How often to look for due messages when idle (default 2 s). */
  pollMs?: number;
  /** Delays between attempts (default MAIL_RETRY_DELAYS_MINUTES); tests shorten them. */
  retryDelaysMs?: readonly number[];
  /** How long a claim holds before another worker may take the row over (default 5 minutes). */
  leaseMs?: number;
  /** Rows claimed per round (default 20); up to `concurrency` of them are sent at once. */
  batchSize?: number;
  concurrency?: number;
  /**
   * True while the server is busy answering requests: the worker then sends one small round per poll interval
   * instead of rounds back to back, so delivery never takes the CPU a burst of bookings needs (the backlog goes
   * out once the burst is over).
   */
  serverBusy?: () => boolean;
};

/** Rows per round while the server is busy. */
const BUSY_BATCH = 5;

const DEFAULT_DELAYS_MS = MAIL_RETRY_DELAYS_MINUTES.map((m) => m * 60_000);

type Claimed = {
  id: number;
  kind: string;
  recipients: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  content: unknown;
  attachments: unknown;
  sealedLinks: string | null;
  messageId: string;
  inReplyTo: string | null;
  references: string | null;
  attempts: number;
  bookingId: number | null;
  slot: string | null;
  claimToken: string;
};

/**
 * Claims up to `batchSize` due rows in one conditional update: the database re-checks each row's condition as
 * it updates it, so when two workers race for a row exactly one of them writes its token there; each then reads
 * back the rows carrying its own token.
 */
async function claimDue(deps: MailWorkerDeps): Promise<Claimed[]> {
  const now = deps.now();
  const take = deps.batchSize ?? 20;
  const due = {
    OR: [
      { status: "pending", notBefore: { lte: now } },
      { status: "sending", leaseUntil: { lt: now } },
    ],
  };
  // Two lookups, each on its own index ((status, notBefore) and (status, id)): one query with the OR would
  // scan the whole table, sent rows included, on every poll.
  const [pending, stale] = await Promise.all([
    deps.db.outgoingMail.findMany({
      where: { status: "pending", notBefore: { lte: now } },
      orderBy: { notBefore: "asc" },
      take,
      select: { id: true },
    }),
    deps.db.outgoingMail.findMany({
      where: { status: "sending", leaseUntil: { lt: now } },
      orderBy: { id: "asc" },
      take,
      select: { id: true },
    }),
  ]);
  const candidates = [...stale, ...pending].slice(0, take);
  if (candidates.length === 0) return [];
  const token = randomUUID();
  const leaseUntil = new Date(now.getTime() + (deps.leaseMs ?? 5 * 60_000));
  const ids = candidates.map((c) => c.id);
  const { count } = await deps.db.outgoingMail.updateMany({
    where: { id: { in: ids }, ...due },
    data: { status: "sending", claimToken: token, leaseUntil, attempts: { increment: 1 } },
  });
  if (count === 0) return []; // another worker was first for all of them
  // By id (the primary key): claimToken has no index, and the table may hold millions of rows.
  const rows = await deps.db.outgoingMail.findMany({
    where: { id: { in: ids }, claimToken: token },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => ({ ...row, claimToken: token }));
}

/** The SMTP reply code of a failure (nodemailer sets responseCode), if any. */
function responseCodeOf(error: unknown): number | null {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" ? code : null;
}

function describe(error: unknown): string {
  const e = error as { response?: unknown; message?: unknown; code?: unknown } | null;
  const text =
    typeof e?.response === "string" && e.response
      ? e.response
      : typeof e?.message === "string"
        ? e.message
        : String(error);
  return text.slice(0, 1000);
}

/** Whether a claimed reminder still stands: its booking confirmed, at the date and time it was scheduled for. */
async function reminderStands(db: Db, row: Claimed): Promise<boolean> {
  if (row.bookingId === null) return false;
  const booking = await db.booking.findUnique({
    where: { id: row.bookingId },
    select: { status: true, date: true, time: true },
  });
  return booking?.status === "confirmed" && `${booking.date} ${booking.time}` === row.slot;
}

type Outcome = "sent" | "retry" | "failed" | "skipped" | "lost";

async function deliver(deps: MailWorkerDeps, row: Claimed): Promise<Outcome> {
  const mine = { id: row.id, claimToken: row.claimToken };
  if (row.kind === "booking.reminder" && !(await reminderStands(deps.db, row))) {
    await deps.db.outgoingMail.updateMany({
      where: mine,
      data: {
        status: "skipped",
        lastError: MESSAGES.mail.reminderSkipped,
        sealedLinks: null,
        claimToken: null,
        leaseUntil: null,
      },
    });
    return "skipped";
  }
  let { html, text } = row;
  const sealed = row.sealedLinks ? { key: deps.sealKey, sealed: row.sealedLinks } : null;
  const fail = async (lastError: string): Promise<Outcome> => {
    await deps.db.outgoingMail.updateMany({
      where: mine,
      data: { status: "failed", lastError, claimToken: null, leaseUntil: null },
    });
    return "failed";
  };
  let sentContent: unknown = row.content;
  let sentAttachments: unknown = row.attachments;
  try {
    sentContent = openLinks(row.content, sealed);
    sentAttachments = openLinks(row.attachments, sealed);
  } catch {
    // Sealed under another JWT_SECRET: sending it redacted would hand the client a dead link.
    return fail(MESSAGES.mail.linksUnreadable);
  }
  if (html === "" || sealed) {
    // Rendered here, off the request path: the copy sent with its one-time links, the copy kept (conditional on
    // still holding the claim) with them redacted.
    const rendered = await renderStored(sentContent);
    if (!rendered) return fail("The message has no content to send");
    ({ html, text } = rendered);
  }
  // A message rendered here keeps its content with the outcome (one write instead of two).
  const content =
    row.html !== ""
      ? {}
      : sealed
        ? ((await renderStored(openLinks(row.content, null))) ?? {})
        : { html, text };
  try {
    await deps.transport.send({
      from: deps.from,
      to: row.recipients,
      ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      subject: row.subject,
      html,
      text,
      messageId: row.messageId,
      ...(row.inReplyTo ? { inReplyTo: row.inReplyTo } : {}),
      ...(row.references ? { references: row.references } : {}),
      attachments: attachmentFiles(sentAttachments),
    });
  } catch (error) {
    const reason = describe(error);
    const code = responseCodeOf(error);
    const delays = deps.retryDelaysMs ?? DEFAULT_DELAYS_MS;
    const permanent = code !== null && code >= 500 && code < 600;
    const delay = delays[row.attempts - 1];
    if (permanent || delay === undefined) {
      const { count } = await deps.db.outgoingMail.updateMany({
        where: mine,
        data: { status: "failed", lastError: reason, claimToken: null, leaseUntil: null, ...content },
      });
      deps.logger?.warn("mail failed", { id: row.id, kind: row.kind, attempts: row.attempts, reason });
      return count === 1 ? "failed" : "lost";
    }
    const { count } = await deps.db.outgoingMail.updateMany({
      where: mine,
      data: {
        status: "pending",
        lastError: reason,
        notBefore: new Date(deps.now().getTime() + delay),
        claimToken: null,
        leaseUntil: null,
        ...content,
      },
    });
    return count === 1 ? "retry" : "lost";
  }
  const { count } = await deps.db.outgoingMail.updateMany({
    where: mine,
    data: {
      status: "sent",
      sentAt: deps.now(),
      lastError: null,
      sealedLinks: null,
      claimToken: null,
      leaseUntil: null,
      ...content,
    },
  });
  return count === 1 ? "sent" : "lost";
}

export type MailPassResult = Record<Outcome, number> & { claimed: number };

/** One round: claim what is due and deliver it. Exported for tests and tools; the worker loops over it. */
export async function runMailPass(deps: MailWorkerDeps): Promise<MailPassResult> {
  const result: MailPassResult = { claimed: 0, sent: 0, retry: 0, failed: 0, skipped: 0, lost: 0 };
  const claimed = await claimDue(deps);
  result.claimed = claimed.length;
  const concurrency = Math.max(1, deps.concurrency ?? 4);
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, claimed.length) }, async () => {
    while (next < claimed.length) {
      const row = claimed[next++]!;
      result[await deliver(deps, row)]++;
    }
  });
  await Promise.all(lanes);
  return result;
}

/**
 * Starts the loop; returns a stop function that waits for the round in progress and closes the transport. A
 * database or SMTP outage never stops the loop: the round is logged and tried again after the poll interval.
 */
export function startMailWorker(deps: MailWorkerDeps): () => Promise<void> {
  const pollMs = deps.pollMs ?? 2_000;
  let stopped = false;
  let wake: (() => void) | null = null;
  const loop = (async () => {
    while (!stopped) {
      let busy = false;
      try {
        const yielding = deps.serverBusy?.() ?? false;
        const round = await runMailPass(yielding ? { ...deps, batchSize: BUSY_BATCH } : deps);
        busy = !yielding && round.claimed >= (deps.batchSize ?? 20);
      } catch (error) {
        deps.logger?.warn("mail worker round failed; trying again", { error: describe(error) });
      }
      if (stopped) break;
      if (!busy) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  })();
  return async () => {
    stopped = true;
    (wake as (() => void) | null)?.();
    await loop;
    deps.transport.close();
  };
}
