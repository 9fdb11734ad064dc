import { type CalendarSyncStatus, formatInstant, MESSAGES, ZCalendarConnectInput } from "@studio/validators";
import type { FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { callErrors, errorMessage, trpc } from "../../lib/trpc";
import { useConfirm } from "../ui/confirm-dialog";
import { FormError, issueErrors, useFormFields } from "../ui/form-fields";
import { Section } from "../ui/section";
import { Spinner } from "../ui/spinner";

const t = MESSAGES.calendarSync.admin;

/** Last synced, busy events, last error: one line each, on the studio's clock. */
function StatusLines({ status, timeZone }: { status: CalendarSyncStatus; timeZone: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-1 text-sm">
      <p className="text-white/80">
        {status.last_synced_at ? t.lastSynced(formatInstant(status.last_synced_at, timeZone)) : t.neverSynced}
        {" · "}
        {t.busyEvents(status.busy_events)}
      </p>
      {status.last_error ? (
        <p className="text-red-300 [overflow-wrap:anywhere]">
          {t.lastError(status.last_error_at ? formatInstant(status.last_error_at, timeZone) : "")}{" "}
          {status.last_error}
        </p>
      ) : null}
    </div>
  );
}

function ConnectForm() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const connect = trpc.calendarSync.connect.useMutation();
  const { form, setForm, errors, setErrors, field } = useFormFields({ url: "", username: "", password: "" });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCalendarConnectInput.safeParse(form);
    if (!parsed.success) return setErrors(issueErrors(parsed.error.issues));
    try {
      const result = await connect.mutateAsync(parsed.data);
      utils.calendarSync.status.setData(undefined, result.status);
      setForm({ url: "", username: "", password: "" });
      toast.show(result.message, "success");
      void utils.bookings.availability.invalidate();
    } catch (error) {
      setErrors(callErrors(error, t.failed));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t.connect} className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t.url}
        hint={t.urlHint}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        className="sm:col-span-2"
        {...field("url")}
      />
      <TextField label={t.username} autoComplete="off" spellCheck={false} {...field("username")} />
      <TextField
        label={t.password}
        hint={t.passwordHint}
        type="password"
        autoComplete="new-password"
        {...field("password")}
      />
      <FormError message={errors._} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? t.connecting : t.connect}
        </Button>
      </div>
    </form>
  );
}

function Connected({ status, timeZone }: { status: CalendarSyncStatus; timeZone: string }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const [dialog, ask] = useConfirm();
  const sync = trpc.calendarSync.syncNow.useMutation();
  const disconnect = trpc.calendarSync.disconnect.useMutation();

  const onSync = async () => {
    try {
      const result = await sync.mutateAsync();
      utils.calendarSync.status.setData(undefined, result.status);
      toast.show(result.message, result.status.last_error ? "error" : "success");
      void utils.bookings.availability.invalidate();
    } catch (error) {
      toast.show(errorMessage(error, t.failed), "error");
      void utils.calendarSync.status.invalidate();
    }
  };

  const onDisconnect = async () => {
    const ok = await ask({
      title: t.disconnectTitle,
      message: t.disconnectConfirm,
      confirmLabel: t.disconnect,
    });
    if (!ok) return;
    try {
      const result = await disconnect.mutateAsync();
      utils.calendarSync.status.setData(undefined, result.status);
      toast.show(result.message, "success");
      void utils.bookings.availability.invalidate();
    } catch (error) {
      toast.show(errorMessage(error, t.failed), "error");
      void utils.calendarSync.status.invalidate();
    }
  };

  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-white/60">{t.connectedTo}</dt>
        <dd className="min-w-0 text-white [overflow-wrap:anywhere]">
          {status.display_name ? <span className="font-medium">{status.display_name} · </span> : null}
          {status.url}
        </dd>
        <dt className="text-white/60">{t.username}</dt>
        <dd className="min-w-0 text-white [overflow-wrap:anywhere]">{status.username}</dd>
      </dl>
      <StatusLines status={status} timeZone={timeZone} />
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void onSync()} disabled={sync.isPending || disconnect.isPending}>
          {sync.isPending ? t.syncing : t.syncNow}
        </Button>
        <Button
          variant="danger"
          onClick={() => void onDisconnect()}
          disabled={sync.isPending || disconnect.isPending}
        >
          {t.disconnect}
        </Button>
      </div>
      {dialog}
    </div>
  );
}

/** The owner's CalDAV calendar on the Hours page: connect it, see how syncing goes, sync now, disconnect. */
export function CalendarSyncSection({ timeZone }: { timeZone: string }) {
  // Refreshed while open: the periodic pull changes it in the background.
  const status = trpc.calendarSync.status.useQuery(undefined, { refetchInterval: 60_000 });
  return (
    <Section id="hours-calendar-sync" title={t.title} text={t.hint}>
      {status.isPending ? (
        <p role="status" className="flex items-center gap-3 text-white/70">
          <Spinner /> {MESSAGES.admin.common.loading}
        </p>
      ) : status.isError ? (
        <FormError message={errorMessage(status.error, t.loadFailed)} />
      ) : status.data.connected ? (
        <Connected status={status.data} timeZone={timeZone} />
      ) : (
        <ConnectForm />
      )}
    </Section>
  );
}
