import {
  type BookingCreateResult,
  browserZone,
  elsewhereTime,
  MESSAGES,
  zoneAbbreviation,
  zonedInstant,
} from "@studio/validators";
import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import { CheckIcon } from "../components/icons";
import { dateLabel, timeLabel } from "../lib/format";

const c = MESSAGES.booking.confirmation;

/** The path of a manage link (the site's own page, whatever origin the e-mail's link names). */
function managePath(url: string): string {
  try {
    return new URL(url, window.location.origin).pathname;
  } catch {
    return url;
  }
}

/**
 * What the booking dialog shows once the booking is made: the booking's day, time (in the studio's zone, as
 * the manage page shows it) and service, and what happens next — the e-mail on its way, the studio's own
 * confirmation, and the booking's manage page.
 */
export function BookingConfirmation({
  result,
  timeZone,
  onDone,
}: {
  result: BookingCreateResult;
  /** The studio's time zone (null until the site's settings are known: the time is shown without it). */
  timeZone: string | null;
  onDone: () => void;
}) {
  const { booking, manage_url } = result;
  const visitor = browserZone();
  const elsewhere =
    timeZone && visitor
      ? elsewhereTime(zonedInstant(booking.date, booking.time, timeZone), timeZone, visitor)
      : null;
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: the confirmation's heading takes it, so it is read out.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div data-testid="booking-confirmation">
      <div className="flex items-start gap-4">
        <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-300">
          <CheckIcon className="h-6 w-6" />
        </span>
        <div className="min-w-0">
          <h3 ref={heading} tabIndex={-1} className="font-display text-lg font-bold text-white outline-none">
            {c.title}
          </h3>
          <p role="status" className="mt-1 text-sm text-white/75">
            {result.message}
          </p>
        </div>
      </div>

      <dl className="mt-6 divide-y divide-white/5 rounded-2xl border border-white/[0.07] bg-ink [overflow-wrap:anywhere]">
        {[
          [c.service, booking.service_title ?? "—"],
          [c.date, dateLabel(booking.date)],
          [
            c.time,
            timeZone
              ? `${timeLabel(booking.time)} ${zoneAbbreviation(timeZone, zonedInstant(booking.date, booking.time, timeZone))} (${timeZone})`
              : timeLabel(booking.time),
          ],
          ...(elsewhere ? [[c.whereYouAre, elsewhere]] : []),
        ].map(([label, value]) => (
          <div key={label} className="grid grid-cols-[6rem_minmax(0,1fr)] gap-3 px-4 py-3 text-sm">
            <dt className="text-white/60">{label}</dt>
            <dd className="font-semibold text-white">{value}</dd>
          </div>
        ))}
      </dl>

      <h4 className="mt-6 text-sm font-semibold uppercase tracking-[0.2em] text-white/60">{c.next}</h4>
      <ul className="mt-3 space-y-2 text-sm text-white/85 [overflow-wrap:anywhere]">
        <li>{c.email(booking.email)}</li>
        <li>{c.review}</li>
        {manage_url ? (
          <li>
            {c.manage}{" "}
            <Link
              to={managePath(manage_url)}
              onClick={onDone}
              className="font-semibold text-accent underline underline-offset-4 hover:text-accent-strong"
            >
              {c.manageLink}
            </Link>
          </li>
        ) : null}
      </ul>

      <div className="mt-8 flex justify-end">
        <button
          type="button"
          onClick={onDone}
          className="rounded-full bg-accent px-7 py-3 font-semibold text-black transition hover:bg-accent-strong"
        >
          {c.done}
        </button>
      </div>
    </div>
  );
}
