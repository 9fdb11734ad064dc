import { MESSAGES, ZBookingCreateInput } from "@studio/validators";
import { type FormEvent, useState } from "react";
import { TextAreaField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import type { BookingFormValues } from "../../lib/booking-form";
import { errorMessage, fieldErrors, trpc } from "../../lib/trpc";
import { FormDialog, type FormErrors, issueErrors, useFormFields } from "../ui/form-fields";
import { AttachmentField, useAttachment } from "./attachment-field";
import { CustomerFields } from "./customer-fields";
import { ScheduleFields } from "./schedule-fields";

const m = MESSAGES.admin.bookings;

const EMPTY: BookingFormValues = {
  name: "",
  email: "",
  phone: "",
  service_id: "",
  date: "",
  time: "",
  message: "",
};

function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** "Create New Booking": the admin books on a customer's behalf, with the same rules as the public dialog. */
export function CreateBookingDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const { form, setForm, errors, setErrors, field } = useFormFields<BookingFormValues>(EMPTY);
  const file = useAttachment(setErrors);
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const services = trpc.services.list.useQuery(undefined, { enabled: open });
  const config = trpc.site.config.useQuery(undefined, { enabled: open, staleTime: 60_000 });
  const serviceId = /^\d+$/.test(form.service_id) ? Number(form.service_id) : undefined;
  const availability = trpc.bookings.adminAvailability.useQuery(
    { date: form.date, ...(serviceId ? { service_id: serviceId } : {}) },
    { enabled: open && /^\d{4}-\d{2}-\d{2}$/.test(form.date) },
  );
  const create = trpc.bookings.adminCreate.useMutation();
  const today = config.data?.today;

  const reset = () => {
    setForm(EMPTY);
    setErrors({});
    file.reset();
    setIdempotencyKey(newKey());
  };

  // Closing by any means (Cancel, Escape, backdrop) resets the form.
  const close = () => {
    reset();
    onOpenChange(false);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZBookingCreateInput.safeParse({
      ...form,
      image: file.attachment?.url ?? null,
      idempotency_key: idempotencyKey,
    });
    const next: FormErrors = parsed.success ? {} : issueErrors(parsed.error.issues);
    if (!next.date && today && form.date && form.date < today) next.date = MESSAGES.booking.dateInPast;
    if (!parsed.success || Object.keys(next).length) {
      setErrors(next);
      return;
    }
    try {
      await create.mutateAsync(parsed.data);
      await Promise.all([
        utils.bookings.list.invalidate(),
        utils.bookings.stats.invalidate(),
        utils.bookings.adminAvailability.invalidate(),
      ]);
      toast.show(MESSAGES.booking.created, "success");
      close();
    } catch (e) {
      const fields = fieldErrors(e);
      setErrors({
        ...fields,
        _: Object.keys(fields).length ? "" : errorMessage(e, MESSAGES.booking.createFailed),
      });
      toast.show(errorMessage(e, MESSAGES.booking.createFailed), "error");
      // A refused slot: show which slots are free now.
      await utils.bookings.adminAvailability.invalidate();
    }
  };

  const slots = new Map(availability.data?.slots.map((s) => [s.time, s]) ?? []);
  const busy = create.isPending;

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      onCancel={close}
      title={m.createTitle}
      onSubmit={onSubmit}
      busy={busy}
      uploading={file.uploading}
      error={errors._}
      submitLabel={busy ? m.creating : m.create}
    >
      <CustomerFields field={field} />
      <ScheduleFields
        field={field}
        services={services.data ?? []}
        today={today}
        slots={slots}
        closedReason={availability.data?.closed_reason ?? null}
      />
      <TextAreaField
        label="Message"
        className="sm:col-span-2"
        rows={3}
        placeholder="Optional notes about the project"
        {...field("message")}
      />
      <AttachmentField state={file} disabled={busy} error={errors.image} />
    </FormDialog>
  );
}
