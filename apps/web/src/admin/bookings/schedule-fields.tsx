import { MESSAGES, type ServiceDto, TIME_SLOTS } from "@studio/validators";
import { type FieldBinding, SelectField, TextField } from "../../components/ui/field";

const m = MESSAGES.admin.bookings;

/** What and when: the service, the date (not before the studio's today) and a free time slot. */
export function ScheduleFields({
  field,
  services,
  today,
  slots,
}: {
  field: (key: "service_id" | "date" | "time") => FieldBinding;
  services: readonly ServiceDto[];
  today: string | undefined;
  /** Each slot's availability on the chosen date; a slot known to be taken cannot be picked. */
  slots: ReadonlyMap<string, boolean>;
}) {
  return (
    <>
      <SelectField label="Service" {...field("service_id")} required>
        <option value="">Select a service</option>
        {services.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {`${s.title} - $${s.price}`}
          </option>
        ))}
      </SelectField>
      <TextField label="Date" type="date" min={today} {...field("date")} required />
      <SelectField label="Time" {...field("time")} required>
        <option value="">Select a time</option>
        {TIME_SLOTS.map((t) => {
          const taken = slots.get(t) === false;
          return (
            <option key={t} value={t} disabled={taken}>
              {taken ? `${t} ${m.slotTakenHint}` : t}
            </option>
          );
        })}
      </SelectField>
    </>
  );
}
