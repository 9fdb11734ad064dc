import type { AppRouter } from "@studio/api";
import { LIST_DEFAULTS } from "@studio/validators";
import { createTRPCQueryUtils } from "@trpc/react-query";
import { startTransition, useEffect, useState } from "react";
import { DataProvider, getDataClients } from "../../app/data-provider";
import { trpc } from "../../lib/trpc";
import { AboutSection } from "../components/about-section";
import { setHomeSectionsReady } from "../lib/sections";
import { ContactSection } from "./contact-section";
import { PortfolioSection } from "./portfolio-section";
import { ServicesSection } from "./services-section";
import { TestimonialsSection } from "./testimonials-section";

/**
 * Fetches the sections' first data (one batched request, the same queries and cache as the sections), so they
 * render once, complete, instead of rendering their spinners and then again as each answer arrives (every
 * answer re-rendered its section synchronously: long tasks while the page is still starting). Never fails:
 * a failed query is asked again, and shown, by its section.
 */
export function prefetchHomeSections(): Promise<void> {
  const { query, trpc: client } = getDataClients();
  const utils = createTRPCQueryUtils<AppRouter>({ queryClient: query, client });
  return Promise.all([
    utils.services.list.prefetch(),
    utils.portfolio.list.prefetch(),
    utils.feedback.approved.prefetch({ limit: LIST_DEFAULTS.approvedTestimonials }),
    utils.feedback.summary.prefetch(),
  ]).then(() => undefined);
}

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

const SECTIONS = [
  ["services", ServicesSection],
  ["portfolio", PortfolioSection],
  ["about", AboutSection],
  ["testimonials", TestimonialsSection],
  ["contact", ContactSection],
] as const;

/** Runs `fn` once the browser has rendered a frame (or after 100 ms, in a tab that renders none). */
function afterNextFrame(fn: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, 100);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}

/**
 * Everything below the hero on the home page: one lazily loaded chunk with the data layer. The sections mount
 * one per frame, each in a transition: every one's render, commit, style and layout is a short task of its own
 * (all five at once were one commit and one layout of the whole page, long tasks while the page was starting).
 * The space of the ones still to come is kept, so the footer does not come up in between.
 */
export default function HomeSections() {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= SECTIONS.length) return;
    return afterNextFrame(() => startTransition(() => setShown(shown + 1)));
  }, [shown]);
  return (
    <DataProvider>
      {SECTIONS.slice(0, shown).map(([id, Section]) => (
        <Section key={id} />
      ))}
      {shown < SECTIONS.length ? <div className="min-h-screen" aria-hidden="true" /> : <ReadySignal />}
    </DataProvider>
  );
}
