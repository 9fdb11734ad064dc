import { type BookingHistoryEntry, formatDate, formatDateTime, MESSAGES } from "@studio/validators";
import { Link } from "react-router-dom";
import { useInstantFormat } from "../../lib/studio-clock";
import { statusLabel } from "../lib/format";
import { trpc } from "../../lib/trpc";
import { StatusBadge } from "../ui/status-badge";

const m = MESSAGES.admin.bookings;

function entryText(entry: BookingHistoryEntry): string {
  switch (entry.kind) {
    case "created":
      return m.historyCreated;
    case "status":
      return m.historyStatus(statusLabel(entry.status ?? "").toLowerCase());
    case "moved":
      return entry.from && entry.to
        ? m.historyMoved(
            formatDateTime(entry.from.date, entry.from.time),
            formatDateTime(entry.to.date, entry.to.time),
          )
        : m.historyCancelled;
    case "cancelled":
      return m.historyCancelled;
  }
}

const heading = "mb-2 text-xs font-semibold uppercase tracking-wide text-white/60";

/**
 * A booking's own history (made, statuses set, moves and cancellations, with who and when, on the studio's
 * clock) and the client's other bookings (by e-mail), each a link to its own details.
 */
export function BookingHistory({ id }: { id: number }) {
  const history = trpc.bookings.history.useQuery({ id });
  const when = useInstantFormat();
  const data = history.data;
  if (!data) return null;
  const more = data.other_bookings_total - data.other_bookings.length;
  return (
    <div className="grid gap-4 border-t border-white/10 pt-4 sm:grid-cols-2 [&>section]:min-w-0">
      {data.days.length > 1 ? (
        <section aria-labelledby={`days-${id}`} className="sm:col-span-2">
          <h3 id={`days-${id}`} className={heading}>
            {m.sessionDays}
          </h3>
          <ol className="flex flex-wrap gap-2" data-testid="booking-session-days">
            {data.days.map((day) => (
              <li key={day} className="rounded-full bg-white/5 px-3 py-1 text-white">
                {formatDate(day)}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <section aria-labelledby={`history-${id}`}>
        <h3 id={`history-${id}`} className={heading}>
          {m.historyHeading}
        </h3>
        <ol className="space-y-2">
          {data.entries.map((entry) => (
            <li key={`${entry.kind}-${entry.at}`} className="[overflow-wrap:anywhere]">
              <span className="text-white">{entryText(entry)}</span>{" "}
              <span className="text-white/70">{m.historyBy(entry.by)}</span>
              <span className="block text-xs text-white/60">{when(entry.at)}</span>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby={`others-${id}`}>
        <h3 id={`others-${id}`} className={heading}>
          {m.otherBookingsHeading}
        </h3>
        {data.other_bookings.length === 0 ? (
          <p className="text-white/70">{m.otherBookingsNone}</p>
        ) : (
          <ul className="space-y-2">
            {data.other_bookings.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/admin/bookings?booking=${b.id}`}
                  className="min-w-0 text-accent underline-offset-2 hover:underline [overflow-wrap:anywhere]"
                >
                  #{b.id} {b.service_title ?? ""} · {formatDateTime(b.date, b.time)}
                </Link>
                <StatusBadge status={b.status} />
              </li>
            ))}
            {more > 0 ? <li className="text-white/60">{m.otherBookingsMore(more)}</li> : null}
          </ul>
        )}
      </section>
    </div>
  );
}
