import { MESSAGES } from "@studio/validators";
import { useId } from "react";
import { Button } from "../../components/ui/button";
import { useToast } from "../../components/ui/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { useInstantFormat } from "../../lib/studio-clock";
import { useConfirm } from "../ui/confirm-dialog";

/**
 * The owner's calendar subscription link (Bookings page): copy it into Google Calendar, Apple Calendar or
 * Outlook; regenerating it makes the old link stop working.
 */
export function CalendarFeedCard() {
  const instantText = useInstantFormat();
  const toast = useToast();
  const utils = trpc.useUtils();
  const inputId = useId();
  const feed = trpc.calendarFeed.get.useQuery(undefined, { retry: false });
  const regenerate = trpc.calendarFeed.regenerate.useMutation();
  const [confirmElement, confirm] = useConfirm();

  const make = async (replacing: boolean) => {
    if (
      replacing &&
      !(await confirm({
        title: "Regenerate the calendar link?",
        message:
          "The current link stops working at once. Calendars subscribed to it must subscribe to the new link.",
        confirmLabel: "Regenerate link",
        cancelLabel: "Keep current link",
      }))
    )
      return;
    try {
      const next = await regenerate.mutateAsync();
      utils.calendarFeed.get.setData(undefined, next);
      toast.show(replacing ? MESSAGES.calendarFeed.regenerated : "Calendar link created", "success");
    } catch (e) {
      toast.show(errorMessage(e, MESSAGES.common.serverError), "error");
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.show("Link copied", "success");
    } catch {
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      toast.show("Select the link and copy it (Ctrl+C / ⌘C)", "info");
    }
  };

  const data = feed.data;
  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="mt-8 rounded-2xl border border-ink-line bg-ink-soft p-5 sm:p-6"
      data-testid="calendar-feed"
    >
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-white">
        Calendar feed
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-white/70">
        Your own link: subscribe to it in Google Calendar, Apple Calendar or Outlook to see upcoming pending
        and confirmed bookings. Anyone with the link can see them: keep it private, and regenerate it if it
        was shared. Each admin has their own link, and it stops working when their account is removed.
      </p>
      {feed.isPending ? (
        <p className="mt-4 text-sm text-white/60">Loading...</p>
      ) : feed.error ? (
        <p role="alert" className="mt-4 text-sm text-red-400">
          {errorMessage(feed.error, MESSAGES.common.serverError)}
        </p>
      ) : data ? (
        <div className="mt-4">
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-white/85">
            Subscription link
          </label>
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
            <input
              id={inputId}
              readOnly
              value={data.url}
              onFocus={(e) => e.currentTarget.select()}
              className="w-full min-w-0 rounded-xl border border-white/10 bg-black/30 px-3 py-2.5 font-mono text-xs text-white/90 lg:flex-1"
            />
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => copy(data.url)}>
                Copy link
              </Button>
              <a
                href={data.url.replace(/^https?:/, "webcal:")}
                className="inline-flex items-center justify-center rounded-full border border-white/25 px-5 py-2.5 text-sm font-semibold text-white hover:bg-white/10"
              >
                Open in calendar app
              </a>
              <Button variant="danger" onClick={() => make(true)} disabled={regenerate.isPending}>
                Regenerate link
              </Button>
            </div>
          </div>
          <p className="mt-2 text-xs text-white/55">Made {instantText(data.created_at)}</p>
        </div>
      ) : (
        <Button className="mt-4" onClick={() => make(false)} disabled={regenerate.isPending}>
          Create calendar link
        </Button>
      )}
      {confirmElement}
    </section>
  );
}
