import { LIST_DEFAULTS } from "@studio/validators";
import { useEffect } from "react";
import { DataProvider } from "../../app/data-provider";
import { trpc } from "../../lib/trpc";
import { AboutSection } from "../components/about-section";
import { setHomeSectionsReady } from "../lib/sections";
import { ContactSection } from "./contact-section";
import { PortfolioSection } from "./portfolio-section";
import { ServicesSection } from "./services-section";
import { TestimonialsSection } from "./testimonials-section";

/** Tells the scroll helper when the sections are rendered and their first data has arrived. */
function ReadySignal() {
  // The same queries as the sections (shared cache, no extra requests): their answers set the heights.
  const services = trpc.services.list.useQuery();
  const portfolio = trpc.portfolio.list.useQuery();
  const testimonials = trpc.feedback.approved.useQuery({ limit: LIST_DEFAULTS.approvedTestimonials });
  const summary = trpc.feedback.summary.useQuery();
  const settled =
    !services.isPending && !portfolio.isPending && !testimonials.isPending && !summary.isPending;
  useEffect(() => {
    if (!settled) return;
    // Every section re-renders with its answer in its own commit: give them two frames to land.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setHomeSectionsReady(true));
    });
    return () => cancelAnimationFrame(frame);
  }, [settled]);
  useEffect(() => {
    // Slow network: do not keep a visitor waiting for a scroll longer than this.
    const timer = setTimeout(() => setHomeSectionsReady(true), 2500);
    return () => {
      clearTimeout(timer);
      setHomeSectionsReady(false);
    };
  }, []);
  return null;
}

/** Everything below the hero on the home page: one lazily loaded chunk with the data layer. */
export default function HomeSections() {
  return (
    <DataProvider>
      <ServicesSection />
      <PortfolioSection />
      <AboutSection />
      <TestimonialsSection />
      <ContactSection />
      <ReadySignal />
    </DataProvider>
  );
}
