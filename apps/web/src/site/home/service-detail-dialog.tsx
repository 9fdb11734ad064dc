import type { ServiceDto } from "@studio/validators";
import { Dialog } from "../../components/ui/dialog";
import { CheckIcon, ClockIcon } from "../components/icons";
import { useSiteDialogs } from "../dialogs";
import { priceLabel } from "../lib/format";
import { ServiceVisual } from "./service-visual";

export const PROCESS_STEPS = [
  { title: "Consultation", text: "We listen: goals, audience, budget and dates." },
  { title: "Planning", text: "Treatment, shot list, crew, locations and schedule." },
  { title: "Production", text: "A calm, well-run shoot with the right kit." },
  { title: "Delivery", text: "Edit, grade, review rounds and final files." },
] as const;

export function ServiceDetailDialog({ service, onClose }: { service: ServiceDto; onClose: () => void }) {
  const { openBooking } = useSiteDialogs();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={service.title} size="max-w-2xl">
      <div className="-mx-6 -mt-2 mb-6 overflow-hidden">
        <ServiceVisual
          service={service}
          sizes="640px"
          imageClassName="aspect-[16/8] w-full object-cover"
          fallbackClassName="flex aspect-[16/6] items-center justify-center bg-gradient-to-br from-amber-500/20 to-indigo-500/20 text-7xl"
          iconClassName="h-20 w-20"
        />
      </div>
      <p className="font-display text-3xl font-extrabold text-accent">{priceLabel(service.price)}</p>

      <h3 className="mt-6 text-sm font-semibold uppercase tracking-[0.2em] text-white/60">
        About This Service
      </h3>
      <p className="mt-2 leading-relaxed text-white/85 [overflow-wrap:anywhere]">{service.description}</p>

      {service.duration ? (
        <>
          <h3 className="mt-6 text-sm font-semibold uppercase tracking-[0.2em] text-white/60">
            Estimated Duration
          </h3>
          <p className="mt-2 inline-flex items-center gap-2 text-white/85">
            <ClockIcon className="h-4 w-4 text-accent" />
            {service.duration}
          </p>
        </>
      ) : null}

      {service.features.length > 0 ? (
        <>
          <h3 className="mt-6 text-sm font-semibold uppercase tracking-[0.2em] text-white/60">
            What's Included
          </h3>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {service.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2 text-white/85">
                <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-accent" />
                {feature}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h3 className="mt-6 text-sm font-semibold uppercase tracking-[0.2em] text-white/60">Our Process</h3>
      <ol className="mt-3 grid gap-3 sm:grid-cols-4">
        {PROCESS_STEPS.map((step, i) => (
          <li key={step.title} className="rounded-2xl border border-white/[0.07] bg-ink p-4">
            <span className="text-xs font-bold text-accent">0{i + 1}</span>
            <p className="mt-1 font-semibold text-white">{step.title}</p>
            <p className="mt-1 text-xs leading-relaxed text-white/65">{step.text}</p>
          </li>
        ))}
      </ol>

      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onClose}
          className="rounded-full border border-white/20 px-6 py-3 font-semibold text-white hover:bg-white/5"
        >
          Maybe Later
        </button>
        <button
          type="button"
          onClick={() => {
            onClose();
            openBooking(service.id);
          }}
          className="rounded-full bg-accent px-6 py-3 font-semibold text-black hover:bg-accent-strong"
        >
          Book This Service
        </button>
      </div>
    </Dialog>
  );
}
