/**
 * An admin's calendar subscription: /calendar/<token>.ics lists upcoming pending and confirmed bookings for
 * Google Calendar, Apple Calendar and Outlook. Each admin has their own feed, which only they see and
 * regenerate; regenerating replaces their row, so their old URL stops working at once (every instance reads
 * the database), and removing the admin deletes it (foreign key, on delete cascade), so a removed admin's
 * copied URL ends with the account.
 *
 * The token is an HMAC of a random nonce under a key derived from the server's secret: the back office can show
 * the link again (it re-derives it), while the database alone holds no working link. Lookups go by the token's
 * SHA-256, like the manage links.
 */
import { createHmac, randomBytes } from "node:crypto";
import { type CalendarFeedDto, type CalendarFeedMade, SESSION_LENGTH, sessionEnd } from "@studio/validators";
import { auditedChange } from "../audit/trail";
import type { Context } from "../context";
import { bookingUid, buildCalendar, type CalendarEvent } from "../mail/ics";
import { addressLine, studioDetailsFor } from "../mail/studio";
import { hashToken } from "../crypto/token-hash";
import { scheduleRules } from "./bookings/schedule";
import { lastDaysOf } from "./bookings/session-days";

export type CalendarFeedDeps = Pick<Context, "db" | "config" | "now" | "cache" | "audit">;

/** A token looks like this (43 base64url characters); anything else is refused unread. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The most bookings one feed lists (the next ones come as the earlier sessions pass). */
export const CALENDAR_FEED_LIMIT = 2_000;
/** How far back a session of several days that is still running may have begun (14 open days, closures between). */
const LONGEST_SPAN_DAYS = 62;

function tokenOf(deps: CalendarFeedDeps, nonce: string): string {
  return createHmac("sha256", deps.config.jwtSecret).update(`calendar-feed:${nonce}`).digest("base64url");
}

function feedUrl(deps: CalendarFeedDeps, token: string): string {
  return `${deps.config.publicUrl.replace(/\/+$/, "")}/calendar/${token}.ics`;
}

/** The admin's own feed link, or null before they first make one. */
export async function getCalendarFeed(
  deps: CalendarFeedDeps,
  adminId: number,
): Promise<CalendarFeedDto | null> {
  const row = await deps.db.calendarFeed.findUnique({ where: { adminId } });
  if (!row) return null;
  const token = tokenOf(deps, row.nonce);
  // A feed made under another server secret no longer opens: the owner regenerates it.
  if (hashToken(token) !== row.tokenHash) return null;
  return { url: feedUrl(deps, token), created_at: row.createdAt.toISOString() };
}

/**
 * A new link; the old one, if any, stops working in the same transaction. The answer says which it was, so the
 * audit trail tells the first link ("created") from a replacement ("regenerated").
 */
export async function regenerateCalendarFeed(
  deps: CalendarFeedDeps,
  adminId: number,
): Promise<CalendarFeedMade> {
  const nonce = randomBytes(32).toString("base64url");
  const token = tokenOf(deps, nonce);
  const { row, replaced } = await auditedChange(
    deps,
    null,
    async (tx) => {
      const old = await tx.calendarFeed.deleteMany({ where: { adminId } });
      const row = await tx.calendarFeed.create({
        data: { tokenHash: hashToken(token), nonce, adminId, createdAt: deps.now() },
      });
      return { row, replaced: old.count > 0 };
    },
    { transaction: true, idOf: (made) => made.row.id },
  );
  return { url: feedUrl(deps, token), created_at: row.createdAt.toISOString(), replaced };
}

/**
 * The feed's text for a token taken from /calendar/<token>.ics; null for an unknown, old or malformed token.
 * Lists pending (TENTATIVE) and confirmed (CONFIRMED) bookings whose session has not ended.
 */
export async function calendarFeedIcs(deps: CalendarFeedDeps, token: string): Promise<string | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const feed = await deps.db.calendarFeed.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true },
  });
  if (!feed) return null;
  const now = deps.now();
  const { timeZone } = await scheduleRules(deps);
  // From yesterday in UTC: covers "today" in every zone; sessions that have ended are dropped below.
  const since = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  // A session of several days that began earlier may still be running: its span reaches back further.
  const longSince = new Date(now.getTime() - LONGEST_SPAN_DAYS * 86_400_000).toISOString().slice(0, 10);
  const [rows, studio] = await Promise.all([
    deps.db.booking.findMany({
      where: {
        status: { in: ["pending", "confirmed"] },
        OR: [{ date: { gte: since } }, { date: { gte: longSince }, service: { durationDays: { gt: 1 } } }],
      },
      orderBy: [{ date: "asc" }, { time: "asc" }, { id: "asc" }],
      take: CALENDAR_FEED_LIMIT,
      select: {
        id: true,
        name: true,
        email: true,
        phone: true,
        date: true,
        time: true,
        message: true,
        status: true,
        updatedAt: true,
        service: { select: { title: true, durationMinutes: true, durationDays: true } },
      },
    }),
    studioDetailsFor(deps.db, deps),
  ]);
  const domain = new URL(deps.config.publicUrl).hostname;
  const adminUrl = `${deps.config.publicUrl.replace(/\/+$/, "")}/admin/bookings`;
  const events: CalendarEvent[] = [];
  // Sessions of several days are one event each, from the first day's start to the last day's end.
  const lastDays = await lastDaysOf(
    deps.db,
    rows.map((b) => ({ id: b.id, date: b.date, days: b.service?.durationDays })),
  );
  for (const b of rows) {
    const minutes = b.service?.durationMinutes ?? SESSION_LENGTH.defaultMinutes;
    const lastDate = lastDays.get(b.id) ?? b.date;
    if (sessionEnd(lastDate, b.time, minutes, timeZone).getTime() <= now.getTime()) continue;
    events.push({
      uid: bookingUid(b.id, domain),
      // Seconds since 2020 of the last change: grows with every change, so subscribers take the newest.
      sequence: Math.max(0, Math.floor((b.updatedAt.getTime() - Date.UTC(2020, 0, 1)) / 1000)),
      date: b.date,
      time: b.time,
      minutes,
      endDate: lastDate,
      summary: `${b.status === "pending" ? "[Pending] " : ""}${b.service?.title ?? "Session"} – ${b.name}`,
      description: [
        `Client: ${b.name}`,
        `E-mail: ${b.email}`,
        `Phone: ${b.phone}`,
        `Status: ${b.status}`,
        b.message ? `Message: ${b.message}` : null,
      ]
        .filter(Boolean)
        .join("\n"),
      location: addressLine(studio),
      url: adminUrl,
      status: b.status === "confirmed" ? "confirmed" : "tentative",
    });
  }
  return buildCalendar({
    studioName: studio.name,
    organizerEmail: studio.emails[0] ?? `bookings@${domain}`,
    timeZone,
    method: null,
    events,
    stamp: now,
  });
}
