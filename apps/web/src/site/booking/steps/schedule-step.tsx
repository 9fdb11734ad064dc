import {
  browserZone,
  elsewhereTime,
  MESSAGES,
  type ServiceDto,
  SLOT_REFUSAL_NOTES,
  sessionLengthInWords,
  type SlotRefusal,
  startTimes,
  zonedInstant,
  zonePlace,
} from "@studio/validators";
import { type FieldBinding, SelectField, TextField } from "../../../components/ui/field";
import { priceLabel, timeLabel } from "../../lib/format";

/** What a slot that cannot be booked says about itself. */
function slotNote(reason: SlotRefusal | null): string {
  // A refusal without a reason is said as plainly as a busy time in the studio's calendar.
  return reason ? SLOT_REFUSAL_NOTES[reason] : MESSAGES.calendarSync.slotBusy;
}

export function ScheduleStep({
  field,
  services,
  servicesPending,
  service,
  today,
  lastDate,
  closedReason,
  unavailable,
  timeZone,
}: {
  field: (key: "service_id" | "date" | "time") => FieldBinding;
  services: readonly ServiceDto[] | undefined;
  servicesPending: boolean;
  /** The chosen service, once the list has it. */
  service: ServiceDto | undefined;
  today: string;
  /** The last date the studio takes bookings for (null: no limit). */
  lastDate: string | null;
  /** Why the chosen day cannot be booked at all ("Closed: Christmas", "Closed on Sundays"), or null. */
  closedReason: string | null;
  /** The chosen date's slots that cannot be booked, with why (null: no reason given). */
  unavailable: ReadonlyMap<string, SlotRefusal | null>;
  /** The studio's zone (null until known): the chosen time is also said on the visitor's clock when it differs. */
  timeZone: string | null;
}) {
  const date = field("date").value;
  const time = field("time");
  const visitor = browserZone();
  const elsewhere =
    timeZone && visitor && date && time.value
      ? elsewhereTime(zonedInstant(date, time.value, timeZone), timeZone, visitor)
      : null;
  return (
    <div className="space-y-4">
      <SelectField
        label="Service"
        {...field("service_id")}
        required
        hint={servicesPending ? "Loading services..." : undefined}
      >
        <option value="">Select a service</option>
        {(services ?? []).map((s) => (
          <option key={s.id} value={s.id}>
            {s.title} — {priceLabel(s.price)}
          </option>
        ))}
      </SelectField>
      {service ? (
        <p className="rounded-xl border border-accent/20 bg-accent/5 px-4 py-3 text-sm text-white/85">
          <span className="font-semibold text-accent">{priceLabel(service.price)} USD</span>
          <span className="block text-white/70">
            {MESSAGES.booking.sessionLength(
              sessionLengthInWords(service.duration_days, service.duration_minutes),
            )}
          </span>
          <span className="block text-white/70">{MESSAGES.booking.priceNote}</span>
        </p>
      ) : null}
      <TextField
        label="Date"
        type="date"
        min={today}
        max={lastDate ?? undefined}
        {...field("date")}
        required
      />
      {closedReason && !field("date").error ? (
        <p
          role="status"
          data-testid="booking-day-closed"
          className="rounded-xl border border-amber-400/30 bg-amber-400/10 px-4 py-3 text-sm text-amber-100"
        >
          {closedReason}. {MESSAGES.schedule.chooseAnotherDay}
        </p>
      ) : null}
      <fieldset aria-describedby={time.error ? "booking-time-error" : undefined}>
        <legend className="mb-1.5 block text-sm font-medium text-white/85">Time</legend>
        {!date ? <p className="mb-2 text-xs text-white/60">Choose a date to see free times.</p> : null}
        <div className="grid grid-cols-3 gap-2">
          {startTimes(service?.start_every_minutes).map((slot) => {
            const refused = unavailable.has(slot) || Boolean(closedReason);
            const note = slotNote(closedReason ? "closed" : (unavailable.get(slot) ?? null));
            const noDate = !date;
            return (
              <label
                key={slot}
                className={`relative flex cursor-pointer flex-col items-center rounded-xl border px-2 py-2.5 text-sm transition has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${
                  time.value === slot
                    ? "border-accent bg-accent text-black"
                    : refused
                      ? "cursor-not-allowed border-white/5 bg-white/[0.03] text-white/60"
                      : noDate
                        ? "cursor-not-allowed border-white/5 bg-white/[0.02] text-white/40"
                        : "border-white/10 text-white hover:border-white/40"
                }`}
              >
                <input
                  type="radio"
                  name="booking-time"
                  value={slot}
                  checked={time.value === slot}
                  disabled={refused || noDate}
                  onChange={time.onChange}
                  className="sr-only"
                />
                <span className={`font-semibold${refused ? " line-through" : ""}`}>{timeLabel(slot)}</span>
                {refused ? (
                  <span className="text-center text-[11px] leading-tight">
                    <span className="sr-only">, </span>
                    {note}
                  </span>
                ) : null}
              </label>
            );
          })}
        </div>
        {time.error ? (
          <p id="booking-time-error" role="alert" className="mt-1 text-sm text-red-400">
            {time.error}
          </p>
        ) : null}
        {elsewhere && timeZone ? (
          <p className="mt-2 text-xs text-white/70" data-testid="booking-time-elsewhere">
            {MESSAGES.booking.timesAreStudios(zonePlace(timeZone), elsewhere)}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
