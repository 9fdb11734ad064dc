import { dayRefusal, isPhoneNumber, MESSAGES, type PublicSchedule } from "@studio/validators";
import type { BookingFormValues } from "../../lib/booking-form";
import { isEmail } from "../lib/validation";

export const STEPS = ["Your Info", "Schedule", "Project Details", "Review"] as const;

export type Field = keyof BookingFormValues;
export type Errors = Partial<Record<Field, string>>;

/** The step that shows each field: an error found later sends the visitor back there. */
export const STEP_OF: Record<Field, number> = {
  name: 0,
  email: 0,
  phone: 0,
  service_id: 1,
  date: 1,
  time: 1,
  message: 2,
};

/**
 * The checks of the specification's section 5 for one step (step 3 has none); with the studio's schedule, a
 * closed day or one beyond the horizon too (the server judges again on submit).
 */
export function validateStep(
  step: number,
  v: BookingFormValues,
  today?: string,
  schedule?: PublicSchedule,
): Errors {
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
    else if (schedule) {
      const refusal = dayRefusal(schedule, v.date);
      if (refusal) errors.date = refusal.message;
    }
    if (!v.time) errors.time = m.timeRequired;
  }
  return errors;
}
