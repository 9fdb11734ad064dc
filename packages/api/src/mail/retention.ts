/**
 * Delivered mail is not kept for ever: at a million bookings the outbox would hold millions of messages. A
 * message that is finished (sent, given up on, skipped, or written while mail was off) is deleted once it is
 * MAIL_RETENTION_DAYS old, in small batches off the request path (the server's hourly clean-up). Waiting
 * messages (a reminder weeks ahead) stay whatever their age.
 */
import type { Db } from "@studio/db";

export const FINISHED_MAIL_STATUSES = ["sent", "failed", "skipped", "unsent"] as const;

/**
 * Deletes finished messages last changed before `days` ago. Each status is read oldest first on its (status, id)
 * index, a batch at a time: ids grow with time, so the first batch that is not all old is where it stops, and a
 * run with nothing to prune reads one batch per status whatever the size of the table.
 */
export async function pruneMail(db: Db, now: Date, days: number, batch = 500): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  let removed = 0;
  for (const status of FINISHED_MAIL_STATUSES) {
    for (;;) {
      const oldest = await db.outgoingMail.findMany({
        where: { status },
        orderBy: { id: "asc" },
        take: batch,
        select: { id: true, updatedAt: true },
      });
      const old = oldest.filter((row) => row.updatedAt < before).map((row) => row.id);
      if (old.length) {
        const { count } = await db.outgoingMail.deleteMany({ where: { id: { in: old }, status } });
        removed += count;
      }
      if (old.length < batch) break;
    }
  }
  return removed;
}
