import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useFirstInteraction } from "../hooks/use-first-interaction";
import { onHomeSectionsRequested, scrollToSection } from "../lib/sections";

// The API client is a dependency of the sections; asking for both at once saves a round trip.
const HomeSections = lazy(() =>
  Promise.all([import("./home-sections"), import("../../app/data-provider")]).then(([m]) => m),
);

/** Space the sections take while their chunk loads (keeps the footer below the fold). */
function Placeholder() {
  return <div className="min-h-[200vh]" aria-hidden="true" />;
}

/** Renders the home sections below the hero once the visitor shows interest (see lib/sections). */
export function DeferredSections() {
  // False on the first render (as in the prerendered HTML, so hydration matches); a section in the address
  // asks for the sections right after.
  const [requested, setLoad] = useState(false);
  const interacted = useFirstInteraction();
  const load = requested || interacted;
  const sentinel = useRef<HTMLDivElement>(null);

  // A section in the address (on arrival, or typed later) is scrolled to once the sections are there.
  useEffect(() => {
    if (window.location.hash.length > 1) setLoad(true);
    const go = () => {
      const target = decodeURIComponent(window.location.hash.slice(1));
      if (target && target !== "main") void scrollToSection(target, { delayMs: 0 });
    };
    go();
    window.addEventListener("hashchange", go);
    return () => window.removeEventListener("hashchange", go);
  }, []);

  useEffect(() => {
    if (load) return;
    const start = () => setLoad(true);
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
  }, [load]);

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
