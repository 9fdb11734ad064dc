import { ContactDetails } from "../contact/contact-details";
import { ContactForm } from "../contact/contact-form";
import { StudioMap } from "../contact/studio-map";
import { SectionHeading } from "../components/section-heading";
import { useReveal } from "../hooks/use-reveal";

export function ContactSection() {
  const left = useReveal<HTMLDivElement>();
  const right = useReveal<HTMLDivElement>();
  return (
    <section id="contact" aria-labelledby="contact-title" className="relative px-5 py-28 sm:px-8">
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="contact-title"
          eyebrow="Get in touch"
          title="Let's make something remarkable"
          intro="Tell us about your idea. We answer every message personally."
        />
        <div className="grid gap-10 lg:grid-cols-[0.9fr_1.1fr]">
          <div {...left.revealProps} className="reveal flex flex-col gap-8">
            <ContactDetails />
            {/* Tall enough for the pin and, below it, the address card that stands in for missing tiles. */}
            <StudioMap className="h-80 overflow-hidden rounded-3xl border border-white/[0.07]" />
          </div>
          <div
            {...right.revealProps}
            className="reveal rounded-[2rem] border border-white/[0.07] bg-ink-soft p-6 sm:p-10"
          >
            <h3 className="mb-6 font-display text-2xl font-bold text-white">Send us a message</h3>
            <ContactForm />
          </div>
        </div>
      </div>
    </section>
  );
}
