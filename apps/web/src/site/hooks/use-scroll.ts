import { useEffect, useState } from "react";

type Listener = (y: number) => void;
const listeners = new Set<Listener>();
let frame = 0;

function onScroll() {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    const y = window.scrollY;
    for (const listener of listeners) listener(y);
  });
}

/** One passive, frame-throttled scroll listener shared by every subscriber. */
export function subscribeScroll(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener("scroll", onScroll, { passive: true });
  listeners.add(listener);
  listener(window.scrollY);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("scroll", onScroll);
  };
}

/** True once the page is scrolled beyond `threshold` pixels (re-renders only when that flips). */
export function useScrolledPast(threshold: number | (() => number)): boolean {
  const [past, setPast] = useState(false);
  useEffect(
    () => subscribeScroll((y) => setPast(y > (typeof threshold === "function" ? threshold() : threshold))),
    [threshold],
  );
  return past;
}
