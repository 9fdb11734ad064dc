import {
  formatTime,
  formatUsd,
  MESSAGES,
  type ServiceDto,
  SLOT_REFUSAL_NOTES,
  type SlotRefusal,
  startTimes,
  TIME_SLOTS,
} from "@studio/validators";
import { type FieldBinding, SelectField, TextField } from "../../components/ui/field";

const m = MESSAGES.admin.bookings;
const s = MESSAGES.schedule;

/** "(taken)", "(closed)", "(too soon)" after a slot the schedule or its bookings rule out. */
function hintOf(reason: SlotRefusal | null | undefined): string {
  if (!reason || reason === "full" || reason === "busy") return m.slotTakenHint;
  return `(${SLOT_REFUSAL_NOTES[reason].toLowerCase()})`;
}

/** What and when: the service, the date (not before the studio's today) and a free time slot. */
export function ScheduleFields({
  field,
  services,
  today,
  slots,
  closedReason = null,
}: {
  field: (key: "service_id" | "date" | "time") => FieldBinding;
  services: readonly ServiceDto[];
  today: string | undefined;
  /** Each slot's availability on the chosen date; a slot known to be unavailable cannot be picked. */
  slots: ReadonlyMap<string, { available: boolean; reason?: SlotRefusal | null }>;
  /** Why the chosen day cannot be booked ("Closed: Christmas"), from the availability answer. */
  closedReason?: string | null;
}) {
  return (
    <>
      <SelectField label="Service" {...field("service_id")} required>
        <option value="">Select a service</option>
        {services.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {`${s.title} - ${formatUsd(s.price)}`}
          </option>
        ))}
      </SelectField>
      <DateTimeFields
        field={field}
        today={today}
        slots={slots}
        closedReason={closedReason}
        times={startTimes(
          services.find((s) => String(s.id) === field("service_id").value)?.start_every_minutes,
        )}
      />
    </>
  );
}

/**
 * The date (not before the studio's today) and a free time on it: creating a booking and rescheduling one. The
 * times are the service's grid (`times`), else the starts the availability answer lists, else the hourly slots.
 */
export function DateTimeFields({
  field,
  today,
  slots,
  closedReason = null,
  times,
}: {
  field: (key: "date" | "time") => FieldBinding;
  today: string | undefined;
  slots: ReadonlyMap<string, { available: boolean; reason?: SlotRefusal | null }>;
  closedReason?: string | null;
  times?: readonly string[];
}) {
  const offered = times ?? (slots.size ? [...slots.keys()] : TIME_SLOTS);
  return (
    <>
      <TextField
        label="Date"
        type="date"
        min={today}
        {...field("date")}
        hint={closedReason ? `${closedReason}. ${s.chooseAnotherDay}` : undefined}
        required
      />
      <SelectField label="Time" {...field("time")} required>
        <option value="">Select a time</option>
        {offered.map((t) => {
          const slot = slots.get(t);
          const taken = slot?.available === false;
          return (
            <option key={t} value={t} disabled={taken}>
              {taken ? `${formatTime(t)} ${hintOf(slot?.reason)}` : formatTime(t)}
            </option>
          );
        })}
      </SelectField>
    </>
  );
}
