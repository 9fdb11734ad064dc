import { formatShortDate, formatTime, LIST_DEFAULTS, MESSAGES, TIMINGS } from "@studio/validators";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { trpc } from "../lib/trpc";
import { relativeTime } from "./lib/format";
import { useDeferredStart } from "./lib/use-deferred-start";
import { Icon } from "./ui/icons";

const m = MESSAGES.admin.notifications;
export const LAST_CHECK_KEY = "adminNotificationsLastCheck";
export const CLEARED_KEY = "adminNotificationsClearedAt";

/** Client-side notification (specification, section 3). */
export type AdminNotification = {
  id: string;
  type: "new_booking" | "new_message";
  title: string;
  message: string;
  time: string;
  read: boolean;
  href: string;
};

function readTime(key: string): number {
  const value = Number(localStorage.getItem(key));
  return Number.isFinite(value) ? value : 0;
}

export function badgeText(unread: number): string {
  return unread > 9 ? "9+" : String(unread);
}

/**
 * The bell: pending bookings (and unread contact messages) created after the last check are unread.
 * Polls every 30 s; opening marks everything read and stores the check time; Clear all hides what is listed.
 */
export function NotificationBell({ startDelayMs = 1_000 }: { startDelayMs?: number }) {
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [lastCheck, setLastCheck] = useState(() => readTime(LAST_CHECK_KEY));
  const [clearedAt, setClearedAt] = useState(() => readTime(CLEARED_KEY));
  const [, setTick] = useState(0);
  // While the panel is open, what was new when it opened stays highlighted.
  const [highlightAfter, setHighlightAfter] = useState(0);

  const started = useDeferredStart(startDelayMs);
  const poll = {
    enabled: started,
    refetchInterval: TIMINGS.notificationPollMs,
    refetchIntervalInBackground: true,
    staleTime: 0,
  };
  const bookings = trpc.bookings.list.useQuery(
    { status: "pending", limit: LIST_DEFAULTS.notificationsMax },
    poll,
  );
  const messages = trpc.contact.list.useQuery(
    { limit: LIST_DEFAULTS.notificationsMax, offset: 0, unreadOnly: true },
    poll,
  );

  const notifications = useMemo<AdminNotification[]>(() => {
    const list: AdminNotification[] = [
      ...(bookings.data?.items ?? []).map((b) => ({
        id: `booking-${b.id}`,
        type: "new_booking" as const,
        title: m.newBooking,
        message: m.newBookingText(
          b.name,
          b.service_title ?? MESSAGES.booking.serviceMissing,
          formatShortDate(b.date),
          formatTime(b.time),
        ),
        time: b.created_at,
        read: new Date(b.created_at).getTime() <= lastCheck,
        href: "/admin/bookings",
      })),
      ...(messages.data?.items ?? []).map((c) => ({
        id: `message-${c.id}`,
        type: "new_message" as const,
        title: m.newMessage,
        message: m.newMessageText(c.name, c.subject),
        time: c.created_at,
        read: new Date(c.created_at).getTime() <= lastCheck,
        href: "/admin/messages",
      })),
    ];
    return list
      .filter((n) => new Date(n.time).getTime() > clearedAt)
      .sort((a, b) => b.time.localeCompare(a.time))
      .slice(0, LIST_DEFAULTS.notificationsMax);
  }, [bookings.data, messages.data, lastCheck, clearedAt]);

  const unread = notifications.filter((n) => !n.read).length;
  const newest = notifications.reduce((max, n) => Math.max(max, new Date(n.time).getTime()), 0);

  // Relative times stay fresh while the panel is open.
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setTick((t) => t + 1), 30_000);
    return () => clearInterval(timer);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const markAllRead = () => {
    // The newest item's own timestamp guards against a browser clock behind the server's.
    const now = Math.max(Date.now(), newest);
    localStorage.setItem(LAST_CHECK_KEY, String(now));
    setLastCheck(now);
  };

  const toggle = () => {
    if (!open) {
      setHighlightAfter(lastCheck);
      markAllRead();
    }
    setOpen((o) => !o);
  };

  const clearAll = () => {
    const now = Math.max(Date.now(), newest);
    localStorage.setItem(CLEARED_KEY, String(now));
    localStorage.setItem(LAST_CHECK_KEY, String(now));
    setClearedAt(now);
    setLastCheck(now);
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={m.bell(unread)}
        className="relative rounded-full p-2 text-white/80 hover:bg-white/10 hover:text-white"
      >
        <Icon name="bell" className="h-5 w-5" />
        {unread > 0 ? (
          <span
            data-testid="notification-badge"
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold text-white"
            aria-hidden="true"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label={m.title}
          className="fixed inset-x-2 top-16 z-40 overflow-hidden rounded-2xl border border-ink-line bg-ink-soft shadow-2xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-[22rem]"
        >
          <div className="flex items-center justify-between border-b border-ink-line px-4 py-3">
            <h2 className="text-sm font-semibold text-white">{m.title}</h2>
            {notifications.length ? (
              <button
                type="button"
                onClick={clearAll}
                className="rounded px-2 py-1 text-xs font-semibold text-amber-300 hover:bg-white/10"
              >
                {m.clearAll}
              </button>
            ) : null}
          </div>
          {notifications.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-white/60">{m.empty}</p>
          ) : (
            <ul className="max-h-96 divide-y divide-ink-line overflow-y-auto">
              {notifications.map((n) => (
                <li key={n.id} data-new={new Date(n.time).getTime() > highlightAfter}>
                  <Link
                    to={n.href}
                    onClick={() => setOpen(false)}
                    className={`flex gap-3 px-4 py-3 hover:bg-white/5 ${new Date(n.time).getTime() > highlightAfter ? "bg-amber-500/[0.06]" : ""}`}
                  >
                    <span
                      className={`mt-0.5 shrink-0 self-start rounded-full p-1.5 ${
                        n.type === "new_booking"
                          ? "bg-yellow-400/15 text-yellow-300"
                          : "bg-blue-500/15 text-blue-300"
                      }`}
                    >
                      <Icon name={n.type === "new_booking" ? "bookings" : "mail"} className="h-4 w-4" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline justify-between gap-2">
                        <span className="text-sm font-semibold text-white">{n.title}</span>
                        <span className="shrink-0 text-xs text-white/60">{relativeTime(n.time)}</span>
                      </span>
                      <span className="line-clamp-3 text-xs text-white/75" title={n.message}>
                        {n.message}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
