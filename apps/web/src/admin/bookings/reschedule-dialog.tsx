import { type BookingDto, formatDateTime, MESSAGES, ZBookingReschedule } from "@studio/validators";
import type { FormEvent } from "react";
import { useToast } from "../../components/ui/toast";
import { errorMessage, fieldErrors, trpc } from "../../lib/trpc";
import { FormDialog, type FormErrors, issueErrors, useFormFields } from "../ui/form-fields";
import { DateTimeFields } from "./schedule-fields";

const m = MESSAGES.admin.bookings;

/**
 * The studio moves a booking: the same availability as a new booking of its service (its length, buffers,
 * crews and equipment), without the booking's own time counting against it. The client is told by e-mail.
 */
export function RescheduleDialog({
  booking,
  open,
  onOpenChange,
}: {
  booking: Pick<BookingDto, "id" | "date" | "time" | "service_id">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const { form, setForm, errors, setErrors, field } = useFormFields({ date: booking.date, time: "" });
  const config = trpc.site.config.useQuery(undefined, { enabled: open, staleTime: 60_000 });
  const availability = trpc.bookings.adminAvailability.useQuery(
    {
      date: form.date,
      exclude_booking_id: booking.id,
      ...(booking.service_id ? { service_id: booking.service_id } : {}),
    },
    { enabled: open && /^\d{4}-\d{2}-\d{2}$/.test(form.date) },
  );
  const reschedule = trpc.bookings.reschedule.useMutation();

  const close = () => {
    setForm({ date: booking.date, time: "" });
    setErrors({});
    onOpenChange(false);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZBookingReschedule.safeParse({ id: booking.id, ...form });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    try {
      await reschedule.mutateAsync(parsed.data);
      await Promise.all([
        utils.bookings.list.invalidate(),
        utils.bookings.get.invalidate({ id: booking.id }),
        utils.bookings.history.invalidate({ id: booking.id }),
        utils.bookings.adminAvailability.invalidate(),
      ]);
      toast.show(MESSAGES.booking.rescheduled, "success");
      close();
    } catch (e) {
      const fields = fieldErrors(e);
      const next: FormErrors = {
        ...fields,
        _: Object.keys(fields).length ? "" : errorMessage(e, m.rescheduleFailed),
      };
      setErrors(next);
      await utils.bookings.adminAvailability.invalidate();
    }
  };

  const slots = new Map(availability.data?.slots.map((s) => [s.time, s]) ?? []);
  const busy = reschedule.isPending;
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      onCancel={close}
      title={m.rescheduleTitle(booking.id)}
      onSubmit={onSubmit}
      busy={busy}
      uploading={false}
      error={errors._}
      submitLabel={busy ? m.rescheduling : m.rescheduleSubmit}
    >
      <p className="text-sm text-white/70 sm:col-span-2">
        {m.rescheduleCurrent(formatDateTime(booking.date, booking.time))}
      </p>
      <DateTimeFields
        field={field}
        today={config.data?.today}
        slots={slots}
        closedReason={availability.data?.closed_reason ?? null}
      />
    </FormDialog>
  );
}
