import { LIST_DEFAULTS, MESSAGES, type PublicFeedbackDto, TIMINGS } from "@studio/validators";
import { useEffect, useState } from "react";
import { trpc } from "../../lib/trpc";
import { ChevronLeftIcon, ChevronRightIcon, QuoteIcon } from "../components/icons";
import { SectionHeading } from "../components/section-heading";
import { Spinner } from "../components/spinner";
import { Stars } from "../components/stars";
import { useFeedbackLink } from "../dialogs";
import { useReducedMotion } from "../hooks/use-reduced-motion";
import { plural } from "../lib/format";
import { categoryLabel } from "../lib/labels";

/** Average with one decimal (4.66 → 4.7). */
export function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

function RatingSummary({ average, count }: { average: number; count: number }) {
  const shown = oneDecimal(average);
  return (
    <div className="mx-auto mb-12 flex w-fit flex-col items-center gap-2 rounded-3xl border border-white/[0.07] bg-ink-soft px-8 py-5 sm:flex-row sm:gap-5">
      <span className="font-display text-5xl font-extrabold text-white" data-testid="average-rating">
        {shown.toFixed(1)}
      </span>
      <span className="flex flex-col items-center gap-1 sm:items-start">
        <Stars rating={shown} label={`Average rating ${shown.toFixed(1)} out of 5`} />
        <span className="text-sm text-white/70">Based on {plural(count, "review")}</span>
      </span>
    </div>
  );
}

function Carousel({ items }: { items: PublicFeedbackDto[] }) {
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useReducedMotion();
  const total = items.length;
  const autoplay = !stopped && !paused && !reducedMotion && total > 1;

  useEffect(() => {
    if (!autoplay) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % total), TIMINGS.carouselAutoplayMs);
    return () => clearInterval(timer);
  }, [autoplay, total]);

  const choose = (next: number) => {
    setStopped(true);
    setIndex(((next % total) + total) % total);
  };
  const current = items[Math.min(index, total - 1)];
  if (!current) return null;

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Client testimonials"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocusCapture={() => setPaused(true)}
      onBlurCapture={() => setPaused(false)}
      className="mx-auto max-w-4xl"
    >
      <div aria-live={autoplay ? "off" : "polite"} className="relative min-h-[20rem]">
        <div
          key={current.id}
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${total}`}
          className="slide-in relative rounded-[2rem] border border-white/[0.07] bg-gradient-to-br from-ink-soft to-ink-raised p-8 sm:p-12"
        >
          <figure>
            <QuoteIcon className="h-10 w-10 text-accent/70" />
            <Stars rating={current.rating} className="h-4.5 w-4.5" />
            <blockquote className="mt-5 font-display text-xl leading-relaxed text-white [overflow-wrap:anywhere] sm:text-2xl">
              “{current.message}”
            </blockquote>
            <figcaption className="mt-8 flex items-center gap-4">
              <span
                aria-hidden="true"
                className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-gradient-to-br from-accent to-orange-600 font-bold text-black"
              >
                {current.name.slice(0, 1).toUpperCase()}
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-white [overflow-wrap:anywhere]">
                  {current.name}
                </span>
                <span className="block text-sm text-white/65">{categoryLabel(current.service_category)}</span>
              </span>
            </figcaption>
          </figure>
        </div>
      </div>

      {total > 1 ? (
        <div className="mt-8 flex items-center justify-center gap-2 sm:gap-6">
          <button
            type="button"
            onClick={() => choose(index - 1)}
            aria-label="Previous testimonial"
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-white/15 text-white transition hover:border-accent hover:text-accent sm:h-12 sm:w-12"
          >
            <ChevronLeftIcon />
          </button>
          {/* Each dot is a 24 px wide target (WCAG 2.2 target size): ten of them and the arrows fit a 390 px phone. */}
          <ul className="flex items-center sm:gap-1">
            {items.map((item, i) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => choose(i)}
                  aria-label={`Show testimonial ${i + 1}`}
                  aria-current={i === index ? "true" : undefined}
                  className="group inline-flex h-8 w-6 items-center justify-center sm:w-8"
                >
                  <span
                    className={`block h-2 rounded-full transition-all ${
                      i === index ? "w-5 bg-accent sm:w-7" : "w-2 bg-white/30 group-hover:bg-white/60"
                    }`}
                  />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => choose(index + 1)}
            aria-label="Next testimonial"
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-white/15 text-white transition hover:border-accent hover:text-accent sm:h-12 sm:w-12"
          >
            <ChevronRightIcon />
          </button>
        </div>
      ) : null}
    </div>
  );
}

export function TestimonialsSection() {
  const approved = trpc.feedback.approved.useQuery({ limit: LIST_DEFAULTS.approvedTestimonials });
  const summary = trpc.feedback.summary.useQuery();
  const feedbackLink = useFeedbackLink();
  const items = approved.data ?? [];
  const empty = approved.isError || (approved.isSuccess && items.length === 0);

  const count = summary.data?.count ?? items.length;
  const average =
    summary.data?.average_rating ??
    (items.length ? items.reduce((sum, item) => sum + item.rating, 0) / items.length : 0);

  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="relative bg-[#07070b] px-5 py-28 sm:px-8"
    >
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="What our clients say"
          intro="Real words from the people we have worked with, published after review."
        />
        {approved.isPending ? <Spinner label="Loading testimonials..." className="min-h-[20rem]" /> : null}
        {empty ? (
          <div className="mx-auto max-w-xl rounded-3xl border border-white/[0.07] bg-ink-soft p-10 text-center">
            <p className="text-lg text-white/80">{MESSAGES.feedback.noTestimonials}</p>
            <a
              {...feedbackLink}
              className="mt-6 inline-block rounded-full bg-accent px-6 py-3 font-semibold text-black hover:bg-accent-strong"
            >
              Be the First to Share Feedback
            </a>
          </div>
        ) : null}
        {items.length > 0 ? (
          <>
            {count > 0 ? <RatingSummary average={average} count={count} /> : null}
            <Carousel items={items} />
            <div className="mt-12 text-center">
              <a
                {...feedbackLink}
                className="inline-block rounded-full border border-white/20 px-6 py-3 font-semibold text-white transition hover:border-accent hover:text-accent"
              >
                Share Your Experience
              </a>
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
