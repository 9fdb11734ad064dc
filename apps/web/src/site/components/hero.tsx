import { useEffect, useRef } from "react";
import { useBookNow } from "../dialogs";
import { useFirstInteraction } from "../hooks/use-first-interaction";
import { prefersReducedMotion } from "../lib/motion";
import { scrollToSection } from "../lib/sections";
import { ArrowDownIcon, ArrowRightIcon } from "./icons-core";

export function Hero() {
  const bookNow = useBookNow();
  const backgroundRef = useRef<HTMLDivElement>(null);
  const floatA = useRef<HTMLDivElement>(null);
  const floatB = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const interacted = useFirstInteraction();

  useEffect(() => {
    if (!interacted || prefersReducedMotion()) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./hero-motion").then(({ startHeroMotion }) => {
      const section = sectionRef.current;
      const background = backgroundRef.current;
      if (cancelled || !section || !background) return;
      stop = startHeroMotion(section, background, [floatA.current, floatB.current]);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [interacted]);

  return (
    <section
      ref={sectionRef}
      id="home"
      aria-labelledby="hero-title"
      className="relative isolate flex min-h-[100svh] items-center justify-center overflow-hidden px-5 pt-24 pb-20 text-center sm:px-8"
    >
      <div
        ref={backgroundRef}
        className="hero-backdrop absolute inset-0 -z-10 will-change-transform"
        aria-hidden="true"
      >
        <div className="hero-grid absolute inset-0" />
      </div>

      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div
          ref={floatA}
          className="absolute -left-10 top-[9%] transition-transform duration-700 ease-out sm:left-[6%] sm:top-[22%]"
        >
          <div className="hero-bob-a h-28 w-28 rounded-full border border-accent/40 bg-accent/10 shadow-[0_0_80px_-10px_rgba(245,158,11,0.55)] backdrop-blur-sm sm:h-40 sm:w-40">
            <div className="m-[22%] h-[56%] w-[56%] rounded-full border-2 border-dashed border-accent/50" />
          </div>
        </div>
        <div
          ref={floatB}
          className="absolute -right-6 bottom-[7%] transition-transform duration-700 ease-out sm:bottom-[16%] sm:right-[7%]"
        >
          <div className="hero-bob-b h-20 w-20 rotate-12 rounded-3xl border border-indigo-300/30 bg-indigo-400/10 shadow-[0_0_80px_-10px_rgba(129,140,248,0.6)] backdrop-blur-sm sm:h-28 sm:w-28" />
        </div>
      </div>

      <div className="mx-auto max-w-5xl">
        <p className="hero-in hero-in-0 mb-6 text-[11px] font-semibold uppercase tracking-[0.28em] text-accent sm:text-sm sm:tracking-[0.4em]">
          Photo · Video · Film · Drone
        </p>
        <h1
          id="hero-title"
          className="hero-in hero-in-1 font-display text-[clamp(2.75rem,8vw,6.5rem)] font-extrabold leading-[0.95] tracking-[-0.035em] text-white"
        >
          Crafting Stories,
          <br />
          <span className="bg-gradient-to-r from-amber-300 via-accent to-orange-500 bg-clip-text text-transparent">
            Creating Impact
          </span>
        </h1>
        <p className="hero-in hero-in-2 mx-auto mt-8 max-w-2xl text-lg leading-relaxed text-white/75 sm:text-xl">
          From cameras to drones, from concept to broadcast: one studio for photography, video, film, aerial
          work and post production that moves people.
        </p>
        <div className="hero-in hero-in-3 mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <button
            type="button"
            {...bookNow}
            className="group inline-flex items-center gap-2 rounded-full bg-accent px-8 py-4 text-base font-semibold text-black transition hover:bg-accent-strong hover:shadow-[0_0_40px_-6px_rgba(245,158,11,0.7)]"
          >
            Book Now
            <ArrowRightIcon className="h-5 w-5 transition-transform group-hover:translate-x-1" />
          </button>
          <a
            href="#portfolio"
            onClick={(event) => {
              event.preventDefault();
              void scrollToSection("portfolio", { delayMs: 0 });
            }}
            className="inline-flex items-center gap-2 rounded-full border border-white/25 px-8 py-4 text-base font-semibold text-white transition hover:border-white/60 hover:bg-white/5"
          >
            Explore Work
            <ArrowDownIcon className="h-5 w-5" />
          </a>
        </div>
      </div>
    </section>
  );
}
