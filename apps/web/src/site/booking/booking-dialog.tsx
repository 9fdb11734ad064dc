import {
  type BookingCreateResult,
  dayRefusal,
  isCalendarDate,
  MESSAGES,
  type SlotRefusal,
  todayIn,
} from "@studio/validators";
import { TRPCClientError } from "@trpc/client";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { DataProvider } from "../../app/data-provider";
import { Dialog } from "../../components/ui/dialog";
import type { FieldBinding } from "../../components/ui/field";
import type { BookingFormValues } from "../../lib/booking-form";
import { errorMessage, fieldErrors, trpc } from "../../lib/trpc";
import { checkBookingFile, newIdempotencyKey, UploadError, uploadBookingFile } from "../lib/upload";
import { BookingConfirmation } from "./booking-confirmation";
import { type Errors, type Field, STEP_OF, STEPS, validateStep } from "./booking-steps";
import type { UploadState } from "./file-field";
import { ProjectDetailsStep } from "./steps/project-details-step";
import { ReviewStep } from "./steps/review-step";
import { ScheduleStep } from "./steps/schedule-step";
import { StepIndicator } from "./steps/step-indicator";
import { YourInfoStep } from "./steps/your-info-step";

function browserToday(): string {
  return todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

function BookingForm({
  serviceId,
  onClose,
  onDone,
}: {
  serviceId?: number;
  onClose: () => void;
  /** Called once the booking is made (the dialog's "four quick steps" description then goes). */
  onDone: () => void;
}) {
  const services = trpc.services.list.useQuery();
  const config = trpc.site.config.useQuery(undefined, { staleTime: 60_000 });
  // Opening hours and closures: closed days are refused before their slots are even asked for.
  const schedule = trpc.site.schedule.useQuery(undefined, { staleTime: 60_000, retry: false });
  const create = trpc.bookings.create.useMutation();
  // One key for this dialog session: a retried submit returns the first booking instead of a second one.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<BookingFormValues>({
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
  const [done, setDone] = useState<BookingCreateResult | null>(null);
  const uploadAbort = useRef<AbortController | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);

  const today = schedule.data?.today ?? config.data?.today ?? browserToday();
  const rules = schedule.data ? { ...schedule.data, today } : undefined;
  const dateValid = isCalendarDate(values.date) && values.date >= today;
  const dayClosed = dateValid && rules ? dayRefusal(rules, values.date) : null;
  // Judged for the chosen service's session (its length, buffers and equipment) once one is chosen.
  const chosenService = /^\d+$/.test(values.service_id) ? Number(values.service_id) : undefined;
  const availability = trpc.bookings.availability.useQuery(
    { date: values.date, ...(chosenService ? { service_id: chosenService } : {}) },
    { enabled: dateValid, staleTime: 0 },
  );
  /** The chosen day's slots that cannot be booked, with why (full, outside the hours, too soon). */
  const taken = useMemo(
    () =>
      new Map<string, SlotRefusal | null>(
        (availability.data?.slots ?? []).filter((s) => !s.available).map((s) => [s.time, s.reason ?? null]),
      ),
    [availability.data],
  );
  const closedReason = dateValid ? (dayClosed?.label ?? availability.data?.closed_reason ?? null) : null;
  const service = services.data?.find((s) => String(s.id) === values.service_id);

  // A slot that turns out to be taken cannot stay selected.
  useEffect(() => {
    if (values.time && (taken.has(values.time) || closedReason)) setValues((v) => ({ ...v, time: "" }));
  }, [taken, closedReason, values.time]);

  useEffect(() => () => uploadAbort.current?.abort(), []);

  /** A step's field: its value and error; a change clears that error and the submit error. */
  const field = (key: Field): FieldBinding => ({
    value: values[key],
    onChange: (event) => {
      const value = event.target.value;
      setValues((v) => ({ ...v, [key]: value }));
      setErrors((e) => ({ ...e, [key]: undefined }));
      setSubmitError(null);
    },
    error: errors[key],
  });

  const goTo = (next: number) => {
    setStep(next);
    requestAnimationFrame(() => stepHeading.current?.focus());
  };

  const next = () => {
    const found = validateStep(step, values, today, rules);
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
      const found = validateStep(s, values, today, rules);
      if (Object.keys(found).length > 0) return showErrors(found);
    }
    setSubmitting(true);
    try {
      const result = await create.mutateAsync({
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
      setDone(result);
      onDone();
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
      <BookingConfirmation
        result={done}
        timeZone={schedule.data?.time_zone ?? config.data?.timeZone ?? null}
        onDone={onClose}
      />
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

      {step === 0 ? <YourInfoStep field={field} /> : null}
      {step === 1 ? (
        <ScheduleStep
          field={field}
          services={services.data}
          servicesPending={services.isPending}
          service={service}
          today={today}
          lastDate={schedule.data?.last_date ?? null}
          closedReason={closedReason}
          unavailable={taken}
          timeZone={schedule.data?.time_zone ?? config.data?.timeZone ?? null}
        />
      ) : null}
      {step === 2 ? (
        <ProjectDetailsStep
          field={field}
          upload={upload}
          onPick={(file) => void pickFile(file)}
          onRemove={() => setUpload({ status: "idle" })}
          onSettle={settleUpload}
        />
      ) : null}
      {step === 3 ? (
        <ReviewStep values={values} service={service} upload={upload} submitError={submitError} />
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

/**
 * The four-step booking dialog (lazy chunk), and once the booking is made its confirmation (the dialog stays
 * open until the visitor is done with it). Unmounted on close, so every close resets it.
 */
export default function BookingDialog({ serviceId, onClose }: { serviceId?: number; onClose: () => void }) {
  const [booked, setBooked] = useState(false);
  const onDone = useCallback(() => setBooked(true), []);
  return (
    <DataProvider>
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title="Book a Session"
        description={booked ? undefined : "Four quick steps. We confirm every booking personally."}
        size="max-w-xl"
      >
        <BookingForm serviceId={serviceId} onClose={onClose} onDone={onDone} />
      </Dialog>
    </DataProvider>
  );
}
