import { useRef } from "react";
import { PageMeta } from "../../components/page-meta";
import { ContactDetails } from "../contact/contact-details";
import { ContactForm } from "../contact/contact-form";
import { StudioMap } from "../contact/studio-map";
import { SiteLayout } from "../site-layout";
import { useStudioProfile } from "../studio-profile";

export default function ContactPage() {
  const mapWindow = useRef<HTMLDivElement>(null);
  const { name, city } = useStudioProfile();
  return (
    <SiteLayout>
      <PageMeta
        title={`Contact — ${name}`}
        description={`Contact ${name} in ${city}: address, phone, e-mail and a contact form. We reply within 2-4 hours during business hours.`}
      />
      <section aria-labelledby="contact-page-title" className="relative isolate min-h-screen overflow-hidden">
        <StudioMap
          className="absolute inset-0 -z-10 h-full w-full"
          focusRef={mapWindow}
          shadeClassName="bg-gradient-to-b from-ink/90 via-ink/30 to-ink/90"
        />
        <div className="pointer-events-none mx-auto max-w-7xl px-5 pb-24 pt-32 sm:px-8">
          <div className="enter-heading pointer-events-auto mx-auto max-w-3xl text-center">
            <p className="mb-4 text-xs font-semibold uppercase tracking-[0.35em] text-accent">Contact</p>
            <h1
              id="contact-page-title"
              className="font-display text-4xl font-extrabold leading-[1.05] tracking-[-0.03em] text-white sm:text-6xl"
            >
              Let's talk about your next story
            </h1>
            <p className="mt-5 text-lg text-white/75">
              Call, write or drop by the studio. Replies within 2-4 hours during business hours.
            </p>
          </div>
          {/* A window onto the map: the studio marker is placed in its middle, with the pin's label above it
              and, until tiles show, the address card (about 9rem at 390 px) below it: at least 22rem keeps
              both clear of the cards underneath. */}
          <div ref={mapWindow} className="h-[34vh] min-h-[22rem]" />
          <div className="grid gap-8 lg:grid-cols-[0.85fr_1.15fr]">
            <div className="enter-left pointer-events-auto rounded-[2rem] border border-white/10 bg-ink/85 p-7 backdrop-blur-md sm:p-9">
              <h2 className="mb-7 font-display text-2xl font-bold text-white">Visit the studio</h2>
              <ContactDetails />
            </div>
            <div className="enter-right pointer-events-auto rounded-[2rem] border border-white/10 bg-ink/90 p-7 backdrop-blur-md sm:p-9">
              <h2 className="mb-7 font-display text-2xl font-bold text-white">Send us a message</h2>
              <ContactForm />
            </div>
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}
