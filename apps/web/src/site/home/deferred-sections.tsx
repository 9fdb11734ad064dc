import { lazy, Suspense, startTransition, useEffect, useRef, useState } from "react";
import { useFirstInteraction } from "../hooks/use-first-interaction";
import { onHomeSectionsRequested, scrollToSection } from "../lib/sections";

/** How long the sections wait for their first data before they render without it (and show their spinners). */
const DATA_WAIT_MS = 1500;

let sections: Promise<typeof import("./home-sections")> | null = null;

/**
 * The sections' chunk and the API client (a dependency of the sections; asking for both at once saves a round
 * trip), then the sections' first data, so they render once and complete (see prefetchHomeSections).
 */
function loadSections() {
  sections ??= Promise.all([import("./home-sections"), import("../../app/data-provider")]).then(
    async ([module]) => {
      await Promise.race([
        module.prefetchHomeSections(),
        new Promise((resolve) => setTimeout(resolve, DATA_WAIT_MS)),
      ]);
      return module;
    },
  );
  return sections;
}

const HomeSections = lazy(loadSections);

/** Space the sections take while their chunk loads (keeps the footer below the fold). */
function Placeholder() {
  return <div className="min-h-[200vh]" aria-hidden="true" />;
}

/** Renders the home sections below the hero once the visitor shows interest (see lib/sections). */
export function DeferredSections() {
  // False on the first render (as in the prerendered HTML, so hydration matches); a section in the address
  // asks for the sections right after.
  const [load, setLoad] = useState(false);
  const interacted = useFirstInteraction();
  const sentinel = useRef<HTMLDivElement>(null);
  // The code and data come first; then the sections render in a transition, which React splits into short
  // tasks (they are below the fold: nothing on screen waits for them).
  const [start] = useState(() => () => {
    const show = () => startTransition(() => setLoad(true));
    void loadSections().then(show, show);
  });

  // A section in the address (on arrival, or typed later) is scrolled to once the sections are there.
  useEffect(() => {
    if (window.location.hash.length > 1) start();
    const go = () => {
      const target = decodeURIComponent(window.location.hash.slice(1));
      if (target && target !== "main") void scrollToSection(target, { delayMs: 0 });
    };
    go();
    window.addEventListener("hashchange", go);
    return () => window.removeEventListener("hashchange", go);
  }, [start]);

  useEffect(() => {
    if (interacted) start();
  }, [interacted, start]);

  useEffect(() => {
    if (load) return;
    const off = onHomeSectionsRequested(start);
    let observer: IntersectionObserver | null = null;
    if (typeof IntersectionObserver !== "undefined" && sentinel.current) {
      // Only when the place right below the hero is really on screen (a tall viewport, a short hero):
      // the 1 px inset keeps a sentinel that merely touches the bottom edge from counting.
      observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && start(), {
        rootMargin: "0px 0px -1px 0px",
      });
      observer.observe(sentinel.current);
    }
    return () => {
      off();
      observer?.disconnect();
    };
  }, [load, start]);

  if (!load)
    return (
      <>
        <div ref={sentinel} />
        <Placeholder />
      </>
    );
  return (
    <Suspense fallback={<Placeholder />}>
      <HomeSections />
    </Suspense>
  );
}
