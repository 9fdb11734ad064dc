import { useSyncExternalStore } from "react";
import { prefersReducedMotion } from "../lib/motion";

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const list = window.matchMedia("(prefers-reduced-motion: reduce)");
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** Live version of prefersReducedMotion() for components that must re-render when it changes. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
