import { isCalendarDate, isPhoneNumber, MESSAGES, TIME_SLOTS, TIMINGS, todayIn } from "@studio/validators";
import { TRPCClientError } from "@trpc/client";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { DataProvider } from "../../app/data-provider";
import { Dialog } from "../../components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorMessage, fieldErrors, trpc } from "../../lib/trpc";
import { CheckIcon } from "../components/icons";
import { dateLabel, priceLabel, timeLabel } from "../lib/format";
import { checkBookingFile, newIdempotencyKey, UploadError, uploadBookingFile } from "../lib/upload";
import { isEmail } from "../lib/validation";
import { FileField, type UploadState } from "./file-field";

export const STEPS = ["Your Info", "Schedule", "Project Details", "Review"] as const;

type Values = {
  name: string;
  email: string;
  phone: string;
  service_id: string;
  date: string;
  time: string;
  message: string;
};
type Field = keyof Values;
type Errors = Partial<Record<Field, string>>;

const STEP_OF: Record<Field, number> = {
  name: 0,
  email: 0,
  phone: 0,
  service_id: 1,
  date: 1,
  time: 1,
  message: 2,
};

/** The checks of the specification's section 5 for one step (step 3 has none). */
export function validateStep(step: number, v: Values, today?: string): Errors {
  const m = MESSAGES.booking;
  const errors: Errors = {};
  if (step === 0) {
    if (!v.name.trim()) errors.name = m.nameRequired;
    if (!v.email.trim()) errors.email = m.emailRequired;
    else if (!isEmail(v.email)) errors.email = m.emailInvalid;
    if (!v.phone.trim()) errors.phone = m.phoneRequired;
    else if (!isPhoneNumber(v.phone)) errors.phone = MESSAGES.common.phoneInvalid;
  }
  if (step === 1) {
    if (!v.service_id) errors.service_id = m.serviceRequired;
    if (!v.date) errors.date = m.dateRequired;
    else if (today && v.date < today) errors.date = m.dateInPast;
    if (!v.time) errors.time = m.timeRequired;
  }
  return errors;
}

function browserToday(): string {
  return todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

function StepIndicator({ step }: { step: number }) {
  return (
    <ol className="mb-7 grid grid-cols-4 gap-2" aria-label="Booking steps">
      {STEPS.map((label, i) => (
        <li key={label} aria-current={i === step ? "step" : undefined} className="flex flex-col gap-2">
          <span className={`h-1 rounded-full ${i <= step ? "bg-accent" : "bg-white/10"}`} />
          <span className={`text-xs font-medium ${i === step ? "text-white" : "text-white/60"}`}>
            <span className="sr-only">Step {i + 1}: </span>
            {label}
            {i < step ? <span className="sr-only"> (done)</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

function BookingForm({ serviceId, onClose }: { serviceId?: number; onClose: () => void }) {
  const toast = useToast();
  const services = trpc.services.list.useQuery();
  const config = trpc.site.config.useQuery(undefined, { staleTime: 60_000 });
  const create = trpc.bookings.create.useMutation();
  // One key for this dialog session: a retried submit returns the first booking instead of a second one.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<Values>({
    name: "",
    email: "",
    phone: "",
    service_id: serviceId ? String(serviceId) : "",
    date: "",
    time: "",
    message: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [upload, setUpload] = useState<UploadState>({ status: "idle" });
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const uploadAbort = useRef<AbortController | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);

  const today = config.data?.today ?? browserToday();
  const dateValid = isCalendarDate(values.date) && values.date >= today;
  const availability = trpc.bookings.availability.useQuery(
    { date: values.date },
    { enabled: dateValid, staleTime: 0 },
  );
  const taken = useMemo(
    () => new Set((availability.data?.slots ?? []).filter((s) => !s.available).map((s) => s.time)),
    [availability.data],
  );
  const service = services.data?.find((s) => String(s.id) === values.service_id);

  // A slot that turns out to be taken cannot stay selected.
  useEffect(() => {
    if (values.time && taken.has(values.time)) setValues((v) => ({ ...v, time: "" }));
  }, [taken, values.time]);

  useEffect(() => () => uploadAbort.current?.abort(), []);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      toast.show(MESSAGES.booking.submitted, "success");
      onClose();
    }, TIMINGS.bookingSuccessCloseMs);
    return () => clearTimeout(timer);
  }, [done, onClose, toast]);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setSubmitError(null);
  };

  const goTo = (next: number) => {
    setStep(next);
    requestAnimationFrame(() => stepHeading.current?.focus());
  };

  const next = () => {
    const found = validateStep(step, values, today);
    setErrors(found);
    if (Object.keys(found).length === 0) goTo(step + 1);
  };

  const pickFile = async (file: File) => {
    const problem = checkBookingFile(file);
    if (problem) {
      setUpload({ status: "error", message: problem });
      return;
    }
    uploadAbort.current?.abort();
    const controller = new AbortController();
    uploadAbort.current = controller;
    setUpload({ status: "uploading", name: file.name, size: file.size, progress: 0 });
    try {
      const url = await uploadBookingFile(
        file,
        (progress) => setUpload((u) => (u.status === "uploading" ? { ...u, progress } : u)),
        controller.signal,
      );
      if (!controller.signal.aborted)
        setUpload({ status: "complete", name: file.name, size: file.size, url });
    } catch (error) {
      if (!controller.signal.aborted)
        setUpload({
          status: "error",
          message: error instanceof UploadError ? error.message : MESSAGES.upload.failed,
        });
    }
  };
  const settleUpload = useCallback(
    () => setUpload((u) => (u.status === "complete" ? { ...u, status: "attached" } : u)),
    [],
  );

  const showErrors = (found: Errors) => {
    setErrors(found);
    const steps = Object.keys(found).map((f) => STEP_OF[f as Field] ?? 3);
    goTo(Math.min(...steps));
  };

  const submit = async () => {
    setSubmitError(null);
    for (const s of [0, 1]) {
      const found = validateStep(s, values, today);
      if (Object.keys(found).length > 0) return showErrors(found);
    }
    setSubmitting(true);
    try {
      await create.mutateAsync({
        name: values.name,
        email: values.email,
        phone: values.phone,
        service_id: Number(values.service_id),
        date: values.date,
        time: values.time,
        message: values.message || null,
        image: upload.status === "complete" || upload.status === "attached" ? upload.url : null,
        user_id: null,
        idempotency_key: idempotencyKey,
      });
      setDone(true);
    } catch (error) {
      const fields = fieldErrors(error);
      const code =
        error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
      if (code === "CONFLICT" && !fields.idempotency_key) {
        setValues((v) => ({ ...v, time: "" }));
        void availability.refetch();
        showErrors({ time: MESSAGES.booking.slotTaken });
      } else {
        const known: Errors = {};
        for (const [key, message] of Object.entries(fields))
          if (key in STEP_OF) known[key as Field] = message;
        if (!known.date && error instanceof TRPCClientError && error.message === MESSAGES.booking.dateInPast)
          known.date = MESSAGES.booking.dateInPast;
        if (Object.keys(known).length > 0) showErrors(known);
        else setSubmitError(errorMessage(error, MESSAGES.booking.failed));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step < 3) next();
    else void submit();
  };

  const uploading = upload.status === "uploading";

  if (done) {
    return (
      <div className="py-10 text-center">
        <span className="mx-auto inline-flex h-16 w-16 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-300">
          <CheckIcon className="h-8 w-8" />
        </span>
        <p role="status" className="mt-5 text-lg font-semibold text-white">
          {MESSAGES.booking.submitted}
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <StepIndicator step={step} />
      <h3
        ref={stepHeading}
        tabIndex={-1}
        className="mb-5 font-display text-lg font-bold text-white outline-none"
      >
        {STEPS[step]}
      </h3>

      {step === 0 ? (
        <div className="space-y-4">
          <TextField
            label="Name"
            autoComplete="name"
            value={values.name}
            onChange={set("name")}
            error={errors.name}
            required
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set("email")}
            error={errors.email}
            required
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={set("phone")}
            error={errors.phone}
            required
          />
        </div>
      ) : null}

      {step === 1 ? (
        <div className="space-y-4">
          <SelectField
            label="Service"
            value={values.service_id}
            onChange={set("service_id")}
            error={errors.service_id}
            required
            hint={services.isPending ? "Loading services..." : undefined}
          >
            <option value="">Select a service</option>
            {(services.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.title} — {priceLabel(s.price)}
              </option>
            ))}
          </SelectField>
          {service ? (
            <p className="rounded-xl border border-accent/20 bg-accent/5 px-4 py-3 text-sm text-white/85">
              <span className="font-semibold text-accent">{priceLabel(service.price)} USD</span>
              <span className="block text-white/70">{MESSAGES.booking.priceNote}</span>
            </p>
          ) : null}
          <TextField
            label="Date"
            type="date"
            min={today}
            value={values.date}
            onChange={set("date")}
            error={errors.date}
            required
          />
          <fieldset aria-describedby={errors.time ? "booking-time-error" : undefined}>
            <legend className="mb-1.5 block text-sm font-medium text-white/85">Time</legend>
            {!values.date ? (
              <p className="mb-2 text-xs text-white/60">Choose a date to see free times.</p>
            ) : null}
            <div className="grid grid-cols-3 gap-2">
              {TIME_SLOTS.map((slot) => {
                const unavailable = taken.has(slot);
                const noDate = !values.date;
                return (
                  <label
                    key={slot}
                    className={`relative flex cursor-pointer flex-col items-center rounded-xl border px-2 py-2.5 text-sm transition has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${
                      values.time === slot
                        ? "border-accent bg-accent text-black"
                        : unavailable
                          ? "cursor-not-allowed border-white/5 bg-white/[0.03] text-white/60 line-through"
                          : noDate
                            ? "cursor-not-allowed border-white/5 bg-white/[0.02] text-white/40"
                            : "border-white/10 text-white hover:border-white/40"
                    }`}
                  >
                    <input
                      type="radio"
                      name="booking-time"
                      value={slot}
                      checked={values.time === slot}
                      disabled={unavailable || noDate}
                      onChange={set("time")}
                      className="sr-only"
                    />
                    <span className="font-semibold">{timeLabel(slot)}</span>
                    {unavailable ? (
                      <span className="text-[11px]">
                        <span className="sr-only">, </span>unavailable
                      </span>
                    ) : null}
                  </label>
                );
              })}
            </div>
            {errors.time ? (
              <p id="booking-time-error" role="alert" className="mt-1 text-sm text-red-400">
                {errors.time}
              </p>
            ) : null}
          </fieldset>
        </div>
      ) : null}

      {step === 2 ? (
        <div className="space-y-4">
          <TextAreaField
            label="Message (optional)"
            rows={5}
            value={values.message}
            onChange={set("message")}
            error={errors.message}
            placeholder="Tell us about your project, location and any references."
          />
          <FileField
            state={upload}
            onPick={(file) => void pickFile(file)}
            onRemove={() => setUpload({ status: "idle" })}
            onSettle={settleUpload}
          />
        </div>
      ) : null}

      {step === 3 ? (
        <div>
          <dl className="divide-y divide-white/5 rounded-2xl border border-white/[0.07] bg-ink">
            {[
              ["Name", values.name],
              ["Email", values.email],
              ["Phone", values.phone],
              ["Service", service ? service.title : "—"],
              ["Price", service ? `${priceLabel(service.price)} USD` : "—"],
              ["Date", values.date ? dateLabel(values.date) : "—"],
              ["Time", values.time ? timeLabel(values.time) : "—"],
              ["Message", values.message.trim() || "—"],
              ["File", upload.status === "complete" || upload.status === "attached" ? upload.name : "None"],
            ].map(([label, value]) => (
              <div key={label} className="grid grid-cols-[7rem_1fr] gap-3 px-4 py-3 text-sm">
                <dt className="text-white/60">{label}</dt>
                <dd className="break-words text-white">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-white/65">{MESSAGES.booking.priceNote}</p>
          {submitError ? (
            <p
              role="alert"
              className="mt-4 rounded-xl border border-red-500/30 bg-red-950/50 px-4 py-3 text-sm text-red-100"
            >
              {submitError}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="mt-8 flex items-center justify-between gap-3">
        {step > 0 ? (
          <button
            type="button"
            onClick={() => goTo(step - 1)}
            disabled={submitting}
            className="rounded-full border border-white/20 px-6 py-3 font-semibold text-white hover:bg-white/5 disabled:opacity-50"
          >
            Back
          </button>
        ) : (
          <span />
        )}
        <button
          type="submit"
          disabled={submitting || uploading}
          className="rounded-full bg-accent px-7 py-3 font-semibold text-black transition hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60"
        >
          {step < 3 ? "Next" : submitting ? "Submitting..." : "Confirm Booking"}
        </button>
      </div>
    </form>
  );
}

/** The four-step booking dialog (lazy chunk). Unmounted on close, so every close resets it. */
export default function BookingDialog({ serviceId, onClose }: { serviceId?: number; onClose: () => void }) {
  return (
    <DataProvider>
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title="Book a Session"
        description="Four quick steps. We confirm every booking personally."
        size="max-w-xl"
      >
        <BookingForm serviceId={serviceId} onClose={onClose} />
      </Dialog>
    </DataProvider>
  );
}
