import {
  browserZone,
  elsewhereTime,
  formatLongDateTime,
  formatLongInstant,
  formatTimeRange,
  type ManageView,
  MESSAGES,
  todayIn,
  wallTime,
  zonedInstant,
} from "@studio/validators";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { DataProvider } from "../../app/data-provider";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { trpc } from "../../lib/trpc";
import { dateLabel, timeLabel } from "../lib/format";
import { SiteLayout } from "../site-layout";
import { useStudioProfile } from "../studio-profile";

const m = MESSAGES.manage;

function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  const { name } = useStudioProfile();
  return (
    <SiteLayout>
      <title>{`${title} — ${name}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <section className="px-5 pb-24 pt-32 sm:px-8 sm:pt-36">
        <div className="mx-auto max-w-2xl">
          <p className="text-xs font-semibold uppercase tracking-[0.35em] text-accent">Your booking</p>
          <h1 className="mt-4 font-display text-3xl font-extrabold tracking-[-0.02em] text-white sm:text-4xl">
            {title}
          </h1>
          {children}
        </div>
      </section>
    </SiteLayout>
  );
}

/** How to reach the studio: its phones and e-mails from the studio profile. */
function ContactStudio({ lead }: { lead: string }) {
  const profile = useStudioProfile();
  return (
    <div
      className="mt-6 rounded-2xl border border-white/10 bg-ink-soft p-5 sm:p-6"
      data-testid="manage-contact-studio"
    >
      <h2 className="text-lg font-semibold text-white">Contact {profile.name}</h2>
      <p className="mt-2 text-sm text-white/75">{lead}</p>
      <ul className="mt-4 space-y-2 text-sm">
        {profile.phones.map((phone) => (
          <li key={phone}>
            <span className="text-white/60">Phone: </span>
            <a
              className="font-semibold text-accent underline-offset-4 hover:underline"
              href={`tel:${phone.replace(/[^\d+]/g, "")}`}
            >
              {phone}
            </a>
          </li>
        ))}
        {profile.emails.map((email) => (
          <li key={email}>
            <span className="text-white/60">E-mail: </span>
            <a
              className="font-semibold text-accent underline-offset-4 hover:underline"
              href={`mailto:${email}`}
            >
              {email}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A link that cannot be used: forged, expired, or (for actions) used up. */
function LinkProblem({ title, message }: { title: string; message: string }) {
  return (
    <PageFrame title={title}>
      <p className="mt-4 text-lg text-white/80" data-testid="manage-problem">
        {message}
      </p>
      <ContactStudio lead="If you need help with a booking, the studio is happy to help." />
      <Link
        to="/"
        className="mt-8 inline-flex rounded-full border border-white/25 px-5 py-2.5 text-sm font-semibold text-white hover:bg-white/10"
      >
        Go to the home page
      </Link>
    </PageFrame>
  );
}

const STATUS_LABEL: Record<ManageView["booking"]["status"], string> = {
  pending: "Awaiting confirmation",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};

function Summary({ view }: { view: ManageView }) {
  const { booking, time_zone } = view;
  const status = STATUS_LABEL[booking.status];
  const startsAt = zonedInstant(booking.date, booking.time, time_zone);
  const start = wallTime(startsAt, time_zone);
  const end = wallTime(startsAt.getTime() + booking.duration_minutes * 60_000, time_zone);
  const visitor = browserZone();
  const elsewhere = visitor ? elsewhereTime(startsAt, time_zone, visitor) : null;
  return (
    <dl
      className="mt-8 grid gap-x-6 gap-y-4 rounded-2xl border border-white/10 bg-ink-soft p-5 [overflow-wrap:anywhere] sm:grid-cols-[auto_minmax(0,1fr)] sm:p-6"
      data-testid="manage-summary"
    >
      <dt className="text-sm text-white/60">Name</dt>
      <dd className="font-semibold text-white">{booking.name}</dd>
      <dt className="text-sm text-white/60">Service</dt>
      <dd className="font-semibold text-white">{booking.service_title ?? "Studio session"}</dd>
      {booking.days.length > 1 ? (
        <>
          <dt className="text-sm text-white/60">Dates</dt>
          <dd data-testid="manage-date">
            <ol className="font-semibold text-white">
              {booking.days.map((day) => (
                <li key={day}>{dateLabel(day)}</li>
              ))}
            </ol>
          </dd>
        </>
      ) : (
        <>
          <dt className="text-sm text-white/60">Date</dt>
          <dd className="font-semibold text-white" data-testid="manage-date">
            {dateLabel(booking.date)}
          </dd>
        </>
      )}
      <dt className="text-sm text-white/60">{booking.days.length > 1 ? "Time, each day" : "Time"}</dt>
      <dd className="font-semibold text-white" data-testid="manage-time">
        {formatTimeRange(start, end)}{" "}
        <span className="block text-sm font-normal text-white/65 sm:inline">
          {start.zone} ({time_zone})
        </span>
      </dd>
      {elsewhere ? (
        <>
          <dt className="text-sm text-white/60">{MESSAGES.booking.confirmation.whereYouAre}</dt>
          <dd className="font-semibold text-white" data-testid="manage-local-time">
            {elsewhere}
          </dd>
        </>
      ) : null}
      <dt className="text-sm text-white/60">Status</dt>
      <dd>
        <span
          data-testid="manage-status"
          className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold ${
            booking.status === "confirmed"
              ? "bg-emerald-400/15 text-emerald-200"
              : booking.status === "cancelled"
                ? "bg-red-400/15 text-red-200"
                : "bg-amber-400/15 text-amber-100"
          }`}
        >
          {status}
        </span>
      </dd>
    </dl>
  );
}

function History({ view }: { view: ManageView }) {
  if (!view.changes.length) return null;
  return (
    <section className="mt-8" aria-labelledby="manage-history">
      <h2 id="manage-history" className="text-lg font-semibold text-white">
        Changes
      </h2>
      <ol className="mt-3 space-y-2 text-sm text-white/75">
        {view.changes.map((c) => (
          <li key={c.at + c.action} className="rounded-xl border border-white/[0.07] px-4 py-3">
            {c.action === "moved" && c.from_date && c.from_time && c.to_date && c.to_time
              ? `Moved from ${formatLongDateTime(c.from_date, c.from_time)} to ${formatLongDateTime(c.to_date, c.to_time)}`
              : `Cancelled${c.actor === "client" ? " by you" : " by the studio"}`}
            <span className="block text-xs text-white/50">{formatLongInstant(c.at, view.time_zone)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : m.changeFailed;
}

function MoveForm({
  token,
  view,
  onDone,
}: {
  token: string;
  view: ManageView;
  onDone: (next: ManageView) => void;
}) {
  const toast = useToast();
  const today = todayIn(view.time_zone);
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const [error, setError] = useState<string | null>(null);
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today;
  const slots = trpc.manage.availability.useQuery(
    { token, date },
    { enabled: validDate, retry: false, staleTime: 0 },
  );
  const move = trpc.manage.move.useMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!date) return setError(MESSAGES.booking.dateRequired);
    if (!time) return setError(MESSAGES.booking.timeRequired);
    try {
      const result = await move.mutateAsync({ token, date, time });
      toast.show(result.message, "success");
      setDate("");
      onDone(result.view);
    } catch (e) {
      setError(errorMessage(e));
      void slots.refetch();
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="rounded-2xl border border-white/10 bg-ink-soft p-5 sm:p-6"
      aria-labelledby="manage-move-title"
    >
      <h2 id="manage-move-title" className="text-lg font-semibold text-white">
        Move to another time
      </h2>
      <p className="mt-1 text-sm text-white/65">Pick a new date, then one of the free times.</p>
      <div className="mt-4 max-w-xs">
        <TextField
          label="New date"
          type="date"
          min={today}
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setTime("");
          }}
          error={date && !validDate ? MESSAGES.booking.dateInPast : undefined}
        />
      </div>
      {slots.data?.closed_reason ? (
        <p
          role="status"
          className="mt-3 rounded-xl border border-amber-400/30 bg-amber-400/10 px-4 py-3 text-sm text-amber-100"
        >
          {slots.data.closed_reason}. {MESSAGES.schedule.chooseAnotherDay}
        </p>
      ) : null}
      <fieldset className="mt-4">
        <legend className="mb-1.5 block text-sm font-medium text-white/85">New time</legend>
        {!validDate ? <p className="mb-2 text-xs text-white/60">Choose a date to see free times.</p> : null}
        {slots.isFetching ? <p className="mb-2 text-xs text-white/60">Loading free times...</p> : null}
        {slots.error ? (
          <p role="alert" className="mb-2 text-sm text-red-400">
            {errorMessage(slots.error)}
          </p>
        ) : null}
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {(slots.data?.slots ?? []).map((slot) => (
            <label
              key={slot.time}
              className={`relative flex cursor-pointer flex-col items-center rounded-xl border px-2 py-2.5 text-sm transition has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${
                time === slot.time
                  ? "border-accent bg-accent text-black"
                  : slot.available
                    ? "border-white/10 text-white hover:border-white/40"
                    : "cursor-not-allowed border-white/5 bg-white/[0.03] text-white/55"
              }`}
            >
              <input
                type="radio"
                name="manage-time"
                value={slot.time}
                checked={time === slot.time}
                disabled={!slot.available}
                onChange={() => setTime(slot.time)}
                className="sr-only"
              />
              <span className={`font-semibold ${slot.available ? "" : "line-through"}`}>
                {timeLabel(slot.time)}
              </span>
              {slot.reason ? (
                <span className="text-center text-[11px] leading-tight">
                  <span className="sr-only">, </span>
                  {slot.reason}
                </span>
              ) : null}
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-400" data-testid="manage-move-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="mt-5" disabled={move.isPending}>
        {move.isPending ? "Moving..." : "Move my session"}
      </Button>
    </form>
  );
}

function CancelBooking({ token, onDone }: { token: string; onDone: (next: ManageView) => void }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = trpc.manage.cancel.useMutation();
  const confirm = async () => {
    setError(null);
    try {
      const result = await cancel.mutateAsync({ token });
      setOpen(false);
      toast.show(result.message, "success");
      onDone(result.view);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <div className="rounded-2xl border border-red-400/20 bg-red-500/[0.04] p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-white">Cancel booking</h2>
      <p className="mt-1 text-sm text-white/65">
        The studio is told at once and the time is freed for others.
      </p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        Cancel booking
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        title="Cancel this booking?"
        size="max-w-md"
        locked={cancel.isPending}
      >
        <p className="text-sm text-white/85">
          This cannot be undone online. To book again, make a new booking.
        </p>
        {error ? (
          <p role="alert" className="mt-3 text-sm text-red-400">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={cancel.isPending}>
            Keep booking
          </Button>
          <Button variant="danger" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? "Cancelling..." : "Cancel booking"}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function ManageBooking({ token }: { token: string }) {
  const utils = trpc.useUtils();
  const query = trpc.manage.get.useQuery({ token }, { retry: false, refetchOnWindowFocus: false });
  const show = (next: ManageView) => utils.manage.get.setData({ token }, next);

  if (query.isPending) {
    return (
      <PageFrame title="Loading your booking...">
        <div className="mt-8 h-48 animate-pulse rounded-2xl bg-white/[0.04]" aria-busy="true" />
      </PageFrame>
    );
  }
  if (query.error) {
    const message = query.error.message;
    if (message === m.linkExpired) return <LinkProblem title="This link has expired" message={message} />;
    if (query.error.data?.code === "NOT_FOUND" || query.error.data?.code === "BAD_REQUEST")
      return <LinkProblem title="This link is not valid" message={m.linkInvalid} />;
    return (
      <PageFrame title="Something went wrong">
        <p role="alert" className="mt-4 text-white/80">
          {MESSAGES.common.serverError}
        </p>
        <Button className="mt-6" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </PageFrame>
    );
  }
  const view = query.data;
  if (view.state === "cancelled") {
    return (
      <PageFrame title="This booking has been cancelled">
        <p className="mt-4 text-lg text-white/80" data-testid="manage-problem">
          {m.bookingCancelled}
        </p>
        <Summary view={view} />
        <History view={view} />
        <ContactStudio lead="Want to book again or have a question? Get in touch." />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={`Hello ${view.booking.name.split(" ")[0]}, here is your session`}>
      <Summary view={view} />
      {view.can_change ? (
        <>
          <p className="mt-6 text-sm text-white/70" data-testid="manage-deadline">
            You can move or cancel online until {formatLongInstant(view.change_deadline, view.time_zone)} (
            {view.cutoff_hours} hours before the session).
          </p>
          <div className="mt-6 grid gap-6">
            <MoveForm token={token} view={view} onDone={show} />
            <CancelBooking token={token} onDone={show} />
          </div>
        </>
      ) : (
        <>
          <p
            role="status"
            className="mt-6 rounded-xl border border-amber-400/30 bg-amber-400/10 px-4 py-3 text-sm text-amber-100"
            data-testid="manage-cutoff"
          >
            {m.cutoffPassed(view.cutoff_hours)}
          </p>
          <ContactStudio lead="To move or cancel this session now, please call or e-mail the studio." />
        </>
      )}
      <History view={view} />
    </PageFrame>
  );
}

/** /manage/:token — the client's self-service page (linked from every client e-mail). */
export default function ManagePage() {
  const { token = "" } = useParams();
  return (
    <DataProvider>
      <ManageBooking token={token} />
    </DataProvider>
  );
}
