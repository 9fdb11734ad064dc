import {
  type ClosureDto,
  formatDateRange,
  formatShortDate,
  formatTime,
  MESSAGES,
  type ScheduleDto,
  TIME_SLOTS,
  WEEK_ORDER,
  WEEKDAY_LABELS,
  WEEKDAYS,
  ZClosureInput,
  ZScheduleUpdate,
} from "@studio/validators";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { getStoredUser } from "../../lib/auth-storage";
import { callErrors, errorMessage, trpc } from "../../lib/trpc";
import { EquipmentSection } from "../hours/equipment-section";
import { CalendarSyncSection } from "../hours/calendar-sync-section";
import { useConfirm } from "../ui/confirm-dialog";
import { FormError, type FormErrors } from "../ui/form-fields";
import { PageHeader } from "../ui/page-header";
import { Spinner } from "../ui/spinner";
import { Section } from "../ui/section";

const t = MESSAGES.admin.hours;

/** The first message per full field path ("weekly.1.last", "capacity"). */
function pathErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) errors[issue.path.map(String).join(".") || "_"] ??= issue.message;
  return errors;
}

type Day = { open: boolean; first: string; last: string };
type Form = { weekly: Day[]; notice: string; horizon: string; capacity: string; timeZone: string };

function formOf(schedule: ScheduleDto): Form {
  return {
    weekly: schedule.weekly.map((d) => ({ ...d })),
    notice: String(schedule.notice_hours),
    horizon: schedule.horizon_days === null ? "" : String(schedule.horizon_days),
    capacity: String(schedule.capacity),
    timeZone: schedule.time_zone ?? "",
  };
}

/** A number field's text as the schema wants it ("" stays NaN, so the schema's message explains). */
function numberOf(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text);
}

const SELECT =
  "w-full rounded-lg border border-ink-line bg-ink px-2 py-2 text-sm text-white focus:border-accent focus:outline-none disabled:opacity-50 aria-[invalid=true]:border-red-500";

function SlotSelect({
  label,
  value,
  disabled,
  error,
  onChange,
  caption,
}: {
  label: string;
  value: string;
  disabled: boolean;
  error?: string;
  onChange: (value: string) => void;
  caption: string;
}) {
  return (
    <label className="block min-w-0">
      <span className="mb-1 block text-xs text-white/60 @xl:sr-only">{caption}</span>
      <select
        aria-label={label}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={SELECT}
      >
        {TIME_SLOTS.map((slot) => (
          <option key={slot} value={slot}>
            {formatTime(slot)}
          </option>
        ))}
      </select>
    </label>
  );
}

function WeeklyForm({ schedule }: { schedule: ScheduleDto }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const update = trpc.schedule.update.useMutation();
  const [form, setForm] = useState<Form>(() => formOf(schedule));
  const [errors, setErrors] = useState<FormErrors>({});

  const setDay = (weekday: number, patch: Partial<Day>) => {
    setForm((f) => ({ ...f, weekly: f.weekly.map((d, i) => (i === weekday ? { ...d, ...patch } : d)) }));
    setErrors((e) => ({ ...e, [`weekly.${weekday}.first`]: "", [`weekly.${weekday}.last`]: "", _: "" }));
  };
  const setText =
    (key: "notice" | "horizon" | "capacity" | "timeZone", errorKey: string) =>
    (event: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [key]: event.target.value }));
      setErrors((e) => ({ ...e, [errorKey]: "", _: "" }));
    };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZScheduleUpdate.safeParse({
      weekly: form.weekly,
      notice_hours: numberOf(form.notice),
      horizon_days: form.horizon.trim() === "" ? null : numberOf(form.horizon),
      capacity: numberOf(form.capacity),
      time_zone: form.timeZone,
    });
    if (!parsed.success) {
      setErrors(pathErrors(parsed.error.issues));
      return;
    }
    try {
      const saved = await update.mutateAsync(parsed.data);
      setForm(formOf(saved));
      setErrors({});
      utils.schedule.get.setData(undefined, saved);
      void utils.site.schedule.invalidate();
      toast.show(MESSAGES.schedule.saved, "success");
    } catch (error) {
      setErrors(callErrors(error, t.saveFailed));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t.weekly} className="space-y-6">
      <Section id="hours-weekly" title={t.weekly} text={t.weeklyHint}>
        <div className="@container">
          <div
            aria-hidden="true"
            className="hidden px-3 pb-2 text-xs font-medium uppercase tracking-wide text-white/50 @xl:grid @xl:grid-cols-[minmax(0,1fr)_6.5rem_minmax(6rem,11rem)_minmax(6rem,11rem)] @xl:gap-4"
          >
            <span>{t.day}</span>
            <span>{t.open}</span>
            <span>{t.firstSlot}</span>
            <span>{t.lastSlot}</span>
          </div>
          <ul className="divide-y divide-ink-line rounded-xl border border-ink-line">
            {WEEK_ORDER.map((weekday) => {
              const day = form.weekly[weekday] ?? { open: true, first: "09:00", last: "17:00" };
              const name = WEEKDAY_LABELS[WEEKDAYS[weekday] ?? "sunday"];
              const error = errors[`weekly.${weekday}.last`] || errors[`weekly.${weekday}.first`];
              return (
                <li
                  key={weekday}
                  data-testid={`hours-day-${WEEKDAYS[weekday]}`}
                  className="grid grid-cols-2 items-center gap-x-4 gap-y-2 px-3 py-3 @xl:grid-cols-[minmax(0,1fr)_6.5rem_minmax(6rem,11rem)_minmax(6rem,11rem)]"
                >
                  <span className="font-medium text-white">{name}</span>
                  <label className="flex items-center gap-2 text-sm text-white/85">
                    <input
                      type="checkbox"
                      checked={day.open}
                      aria-label={t.openDay(name)}
                      onChange={(e) => setDay(weekday, { open: e.target.checked })}
                      className="h-4 w-4 accent-amber-500"
                    />
                    <span aria-hidden="true">{day.open ? t.open : t.closed}</span>
                  </label>
                  <SlotSelect
                    label={t.firstSlotOf(name)}
                    caption={t.firstSlot}
                    value={day.first}
                    disabled={!day.open}
                    error={errors[`weekly.${weekday}.first`]}
                    onChange={(first) => setDay(weekday, { first })}
                  />
                  <SlotSelect
                    label={t.lastSlotOf(name)}
                    caption={t.lastSlot}
                    value={day.last}
                    disabled={!day.open}
                    error={errors[`weekly.${weekday}.last`]}
                    onChange={(last) => setDay(weekday, { last })}
                  />
                  {error ? (
                    <p role="alert" className="col-span-2 text-sm text-red-400 @xl:col-span-4">
                      {name}: {error}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
        <FormError message={errors.weekly} className="mt-3" />
      </Section>

      <Section id="hours-rules" title={t.rules} text={t.rulesHint}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t.notice}
            type="number"
            inputMode="numeric"
            min={0}
            value={form.notice}
            onChange={setText("notice", "notice_hours")}
            error={errors.notice_hours}
            hint={t.noticeHint}
          />
          <TextField
            label={t.horizon}
            type="number"
            inputMode="numeric"
            min={1}
            value={form.horizon}
            onChange={setText("horizon", "horizon_days")}
            error={errors.horizon_days}
            hint={t.horizonHint}
          />
          <TextField
            label={t.capacity}
            type="number"
            inputMode="numeric"
            min={1}
            value={form.capacity}
            onChange={setText("capacity", "capacity")}
            error={errors.capacity}
            hint={t.capacityHint}
          />
          <TextField
            label={t.timeZone}
            value={form.timeZone}
            placeholder={schedule.default_time_zone}
            autoComplete="off"
            spellCheck={false}
            onChange={setText("timeZone", "time_zone")}
            error={errors.time_zone}
            hint={t.timeZoneHint(schedule.default_time_zone)}
          />
        </div>
        <FormError message={errors._} className="mt-4" />
        <div className="mt-5 flex justify-end">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t.saving : t.save}
          </Button>
        </div>
      </Section>
    </form>
  );
}

function rangeText(c: { start: string; end: string }): string {
  return t.range(formatShortDate(c.start), formatShortDate(c.end));
}

function Closures({ closures }: { closures: ClosureDto[] }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const [dialog, ask] = useConfirm();
  const add = trpc.schedule.addClosure.useMutation();
  const remove = trpc.schedule.removeClosure.useMutation();
  const [form, setForm] = useState({ start: "", end: "", reason: "" });
  const [errors, setErrors] = useState<FormErrors>({});
  const refresh = async () => {
    await utils.schedule.get.invalidate();
    void utils.site.schedule.invalidate();
  };

  const set = (key: "start" | "end" | "reason") => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setForm((f) => ({ ...f, [key]: value, ...(key === "start" && !f.end ? { end: value } : {}) }));
    setErrors((e) => ({ ...e, [key]: "", _: "" }));
  };

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZClosureInput.safeParse(form);
    if (!parsed.success) {
      setErrors(pathErrors(parsed.error.issues));
      return;
    }
    try {
      await add.mutateAsync(parsed.data);
      setForm({ start: "", end: "", reason: "" });
      setErrors({});
      toast.show(MESSAGES.schedule.closureAdded, "success");
      await refresh();
    } catch (error) {
      setErrors(callErrors(error, t.failed));
    }
  };

  const onRemove = async (closure: ClosureDto) => {
    const range = rangeText(closure);
    const ok = await ask({ title: t.removeTitle, message: t.removeConfirm(range), confirmLabel: t.remove });
    if (!ok) return;
    try {
      await remove.mutateAsync({ id: closure.id });
      toast.show(MESSAGES.schedule.closureRemoved, "success");
    } catch (error) {
      toast.show(errorMessage(error, t.failed), "error");
    }
    await refresh();
  };

  return (
    <Section id="hours-closures" title={t.closures} text={t.closuresHint}>
      {closures.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink-line p-4 text-sm text-white/70">
          {t.noClosures}
        </p>
      ) : (
        <ul aria-label={t.closures} className="divide-y divide-ink-line rounded-xl border border-ink-line">
          {closures.map((closure) => (
            <li
              key={closure.id}
              data-testid="closure-row"
              className="flex flex-wrap items-center justify-between gap-3 px-3 py-3"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium text-white">
                  {formatDateRange(closure.start, closure.end)}
                </p>
                {closure.reason ? (
                  <p className="text-sm text-white/70 [overflow-wrap:anywhere]">{closure.reason}</p>
                ) : null}
              </div>
              <Button
                size="sm"
                variant="danger"
                aria-label={t.removeClosure(rangeText(closure))}
                onClick={() => void onRemove(closure)}
                disabled={remove.isPending}
              >
                {t.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={onAdd}
        noValidate
        aria-label={t.addClosure}
        className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,2fr)_auto] lg:items-start"
      >
        <TextField
          label={t.start}
          type="date"
          value={form.start}
          onChange={set("start")}
          error={errors.start}
        />
        <TextField label={t.end} type="date" value={form.end} onChange={set("end")} error={errors.end} />
        <TextField
          label={t.reason}
          value={form.reason}
          maxLength={120}
          placeholder={t.reasonPlaceholder}
          onChange={set("reason")}
          error={errors.reason}
        />
        <Button type="submit" disabled={add.isPending} className="self-end lg:mt-7 lg:self-start">
          {add.isPending ? t.adding : t.addClosure}
        </Button>
        <FormError message={errors._} className="sm:col-span-2 lg:col-span-4" />
      </form>
      {dialog}
    </Section>
  );
}

export default function AdminHoursPage() {
  const schedule = trpc.schedule.get.useQuery();
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  const isOwner = (me.data ?? getStoredUser())?.role === "owner";
  return (
    <div>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      {schedule.isPending ? (
        <p role="status" className="flex items-center gap-3 py-10 text-white/70">
          <Spinner /> {MESSAGES.admin.common.loading}
        </p>
      ) : schedule.isError ? (
        <FormError message={errorMessage(schedule.error, t.loadFailed)} />
      ) : (
        <div className="space-y-6">
          <WeeklyForm schedule={schedule.data} />
          <EquipmentSection />
          <Closures closures={schedule.data.closures} />
          {/* Owner only (the server refuses everyone else): calendar sync, ADR 019. */}
          {isOwner ? (
            <CalendarSyncSection timeZone={schedule.data.time_zone ?? schedule.data.default_time_zone} />
          ) : null}
        </div>
      )}
    </div>
  );
}
