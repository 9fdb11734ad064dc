import { LIST_DEFAULTS, MESSAGES, type ServiceDto, truncate } from "@studio/validators";
import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { ArrowRightIcon, ClockIcon } from "../components/icons";
import { SectionHeading } from "../components/section-heading";
import { Spinner } from "../components/spinner";
import { useBookNow } from "../dialogs";
import { useReveal } from "../hooks/use-reveal";
import { priceLabel } from "../lib/format";
import { ServiceDetailDialog } from "./service-detail-dialog";
import { ServiceVisual } from "./service-visual";

export function ServiceCard({ service, onLearnMore }: { service: ServiceDto; onLearnMore: () => void }) {
  const [first, ...rest] = service.features;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl border border-white/[0.07] bg-ink-soft transition duration-500 hover:-translate-y-1 hover:border-accent/30 hover:shadow-[0_30px_60px_-30px_rgba(245,158,11,0.35)]">
      <div className="relative aspect-[4/3] overflow-hidden bg-ink-raised">
        <ServiceVisual
          service={service}
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
          imageClassName="h-full w-full object-cover transition duration-700 group-hover:scale-105"
          fallbackClassName="flex h-full items-center justify-center bg-gradient-to-br from-amber-500/20 via-ink-raised to-indigo-500/20 text-6xl"
          iconClassName="h-16 w-16"
        />
        <div className="absolute inset-0 bg-gradient-to-t from-ink-soft via-transparent to-transparent" />
        <span className="absolute right-4 top-4 rounded-full border border-white/10 bg-black/70 px-3.5 py-1.5 text-sm font-bold text-accent backdrop-blur-md">
          {priceLabel(service.price)}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 className="font-display text-xl font-bold tracking-tight text-white [overflow-wrap:anywhere]">
          {service.title}
        </h3>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-white/70 [overflow-wrap:anywhere]">
          {truncate(service.description, LIST_DEFAULTS.serviceDescriptionPreview)}
        </p>
        <div className="mt-5 flex flex-wrap items-center gap-1.5 text-xs">
          {service.duration ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-white/5 px-2.5 py-1.5 text-white/75">
              <ClockIcon className="h-3.5 w-3.5 text-accent" />
              {service.duration}
            </span>
          ) : null}
          {first ? (
            <span className="rounded-full bg-white/5 px-2.5 py-1.5 text-white/75" title={first}>
              {truncate(first, LIST_DEFAULTS.featurePreview)}
            </span>
          ) : null}
          {rest.length > 0 ? (
            <span className="rounded-full bg-accent/10 px-2 py-1.5 font-semibold text-accent">
              +{rest.length}
            </span>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onLearnMore}
          aria-label={`Learn More about ${service.title}`}
          className="mt-6 inline-flex items-center justify-center gap-2 rounded-full border border-white/15 px-5 py-2.5 text-sm font-semibold text-white transition group-hover:border-accent group-hover:bg-accent group-hover:text-black"
        >
          Learn More
          <ArrowRightIcon className="h-4 w-4" />
        </button>
      </div>
    </article>
  );
}

export function ServicesSection() {
  const services = trpc.services.list.useQuery();
  const [selected, setSelected] = useState<ServiceDto | null>(null);
  const grid = useReveal<HTMLUListElement>();
  const cta = useReveal<HTMLDivElement>();
  const bookNow = useBookNow();

  return (
    <section id="services" aria-labelledby="services-title" className="relative px-5 py-28 sm:px-8">
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="services-title"
          eyebrow="What we do"
          title="Services built for every story"
          intro="Photography, film, aerial and post production under one roof, priced clearly and delivered by the people you meet on day one."
        />
        {services.isPending ? <Spinner label="Loading services..." className="min-h-[28rem]" /> : null}
        {services.isError ? (
          <p
            role="alert"
            className="mx-auto max-w-xl rounded-2xl border border-red-500/30 bg-red-950/40 p-6 text-center text-red-200"
          >
            {MESSAGES.service.loadFailed + services.error.message}
          </p>
        ) : null}
        {services.data && services.data.length === 0 ? (
          <p className="text-center text-white/70">
            New services are being prepared. Get in touch for a custom quote.
          </p>
        ) : null}
        {services.data && services.data.length > 0 ? (
          <ul {...grid.revealProps} className="reveal-group grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {services.data.map((service) => (
              <li key={service.id}>
                <ServiceCard service={service} onLearnMore={() => setSelected(service)} />
              </li>
            ))}
          </ul>
        ) : null}

        <div
          {...cta.revealProps}
          className="reveal relative mt-20 overflow-hidden rounded-[2rem] border border-white/[0.07] bg-gradient-to-br from-amber-500/15 via-ink-soft to-indigo-500/15 px-8 py-14 text-center sm:px-16"
        >
          <h3 className="font-display text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
            Ready to start your project?
          </h3>
          <p className="mx-auto mt-4 max-w-xl text-white/70">
            Tell us what you are planning. We reply within a business day with ideas, a plan and a clear
            quote.
          </p>
          <button
            type="button"
            {...bookNow}
            className="mt-8 inline-flex items-center gap-2 rounded-full bg-accent px-8 py-4 font-semibold text-black transition hover:bg-accent-strong"
          >
            Book Now
            <ArrowRightIcon className="h-5 w-5" />
          </button>
        </div>
      </div>
      {selected ? <ServiceDetailDialog service={selected} onClose={() => setSelected(null)} /> : null}
    </section>
  );
}
