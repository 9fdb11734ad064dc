import { MESSAGES, type ServiceDto } from "@studio/validators";
import type { BookingFormValues } from "../../../lib/booking-form";
import { dateLabel, priceLabel, timeLabel } from "../../lib/format";
import type { UploadState } from "../file-field";

export function ReviewStep({
  values,
  service,
  upload,
  submitError,
}: {
  values: BookingFormValues;
  service: ServiceDto | undefined;
  upload: UploadState;
  submitError: string | null;
}) {
  return (
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
            <dd className="min-w-0 text-white [overflow-wrap:anywhere]">{value}</dd>
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
  );
}
