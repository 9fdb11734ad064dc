/**
 * A booking's own history and its client's other bookings (issue 27, item 7), for its details in the back
 * office. The history is read from what is already written: the audit trail (who made it in the back office or
 * with an API key, each status the studio set) and the booking's changes (moves and cancellations by the client on
 * their manage page, or by the studio). A booking made on the site has no audit entry: its client made it.
 */
import {
  BOOKING_STATUSES,
  type BookingHistory,
  type BookingHistoryEntry,
  type BookingStatus,
  CLIENT_BOOKINGS_SHOWN,
  MESSAGES,
} from "@studio/validators";
import { jsonColumn } from "../../audit/trail";
import { type DomainDeps, notFound } from "../records";
import { sessionDaysOf } from "./session-days";

/** Audit entries read per booking: far more than a booking's life writes. */
const ENTRIES_READ = 200;

function statusOf(row: unknown): BookingStatus | null {
  const status = (row as { status?: unknown } | null)?.status;
  return (BOOKING_STATUSES as readonly unknown[]).includes(status) ? (status as BookingStatus) : null;
}

export async function bookingHistory(deps: DomainDeps, id: number): Promise<BookingHistory> {
  const booking = await deps.db.booking.findUnique({
    where: { id },
    select: {
      id: true,
      email: true,
      date: true,
      createdAt: true,
      service: { select: { durationDays: true } },
    },
  });
  if (!booking) throw notFound(MESSAGES.booking.notFound);
  const [audit, changes, others, total, days] = await Promise.all([
    deps.db.auditEntry.findMany({
      where: { entity: "booking", entityId: String(id), action: { in: ["created", "status_changed"] } },
      orderBy: { id: "asc" },
      take: ENTRIES_READ,
      select: { createdAt: true, actorName: true, action: true, after: true },
    }),
    deps.db.bookingChange.findMany({ where: { bookingId: id }, orderBy: { id: "asc" }, take: ENTRIES_READ }),
    deps.db.booking.findMany({
      where: { email: booking.email, id: { not: id } },
      orderBy: { id: "desc" },
      take: CLIENT_BOOKINGS_SHOWN,
      select: { id: true, date: true, time: true, status: true, service: { select: { title: true } } },
    }),
    deps.db.booking.count({ where: { email: booking.email, id: { not: id } } }),
    // A session of several days: the days it holds.
    sessionDaysOf(deps.db, { id, date: booking.date, days: booking.service?.durationDays }),
  ]);

  const entries: BookingHistoryEntry[] = [];
  const none = { status: null, from: null, to: null };
  const madeInBackOffice = audit.find((entry) => entry.action === "created");
  entries.push({
    at: (madeInBackOffice?.createdAt ?? booking.createdAt).toISOString(),
    kind: "created",
    by: madeInBackOffice ? madeInBackOffice.actorName : null,
    ...none,
  });
  for (const entry of audit) {
    if (entry.action !== "status_changed") continue;
    entries.push({
      at: entry.createdAt.toISOString(),
      kind: "status",
      by: entry.actorName,
      ...none,
      status: statusOf(jsonColumn(entry.after)),
    });
  }
  for (const change of changes) {
    const by = change.actor === "client" ? null : MESSAGES.admin.bookings.historyStudio;
    if (change.action === "moved") {
      entries.push({
        at: change.createdAt.toISOString(),
        kind: "moved",
        by,
        status: null,
        from: change.fromDate && change.fromTime ? { date: change.fromDate, time: change.fromTime } : null,
        to: change.toDate && change.toTime ? { date: change.toDate, time: change.toTime } : null,
      });
    } else entries.push({ at: change.createdAt.toISOString(), kind: "cancelled", by, ...none });
  }
  entries.sort((a, b) => a.at.localeCompare(b.at));
  return {
    entries,
    days,
    other_bookings: others.map((b) => ({
      id: b.id,
      service_title: b.service?.title ?? null,
      date: b.date,
      time: b.time,
      status: b.status,
    })),
    other_bookings_total: total,
  };
}
