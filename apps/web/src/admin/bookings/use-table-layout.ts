import { type RefObject, useLayoutEffect, useState, useSyncExternalStore } from "react";

/** Tailwind's `md` breakpoint: where no container width can be measured, the table from here up. */
export const TABLE_LAYOUT_QUERY = "(min-width: 48rem)";
/** The width the table's five columns need (its `min-w`); a narrower box gets one card per booking. */
export const TABLE_MIN_WIDTH = 880;

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const list = window.matchMedia(TABLE_LAYOUT_QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

// Without matchMedia (jsdom, very old browsers) the table is the safe choice: it is the complete layout.
function wideViewport(): boolean {
  return typeof window.matchMedia !== "function" || window.matchMedia(TABLE_LAYOUT_QUERY).matches;
}

/**
 * Whether the bookings show as a table (true) or as cards. Decided by the width of the box they live in
 * (`container`), so a tablet with the sidebar open, or a desktop with it collapsed, gets whichever fits; the
 * viewport query is the fallback where ResizeObserver is missing. Only one layout is rendered, rather than both
 * with one hidden by CSS, so each control exists once in the document (one tab stop, one accessible name).
 */
export function useTableLayout(container: RefObject<HTMLElement | null>): boolean {
  const wide = useSyncExternalStore(subscribe, wideViewport, () => true);
  const [fits, setFits] = useState<boolean | null>(null);
  useLayoutEffect(() => {
    const box = container.current;
    if (!box || typeof ResizeObserver !== "function") return;
    const measure = () => setFits(box.clientWidth >= TABLE_MIN_WIDTH);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [container]);
  return fits ?? wide;
}
