import { TIMINGS } from "@studio/validators";
import { prefersReducedMotion } from "../lib/motion";

/**
 * The home page renders the hero at once and loads its other sections (services, portfolio, about,
 * testimonials, contact) as one chunk on the first sign of interest: a scroll, a key, a tap, a hash in
 * the address, or a header link (see home/deferred-sections). Scrolling to a section waits until they
 * are rendered and their data has arrived, so the target does not move under the visitor.
 */
export const HOME_SECTIONS = ["services", "portfolio", "about", "testimonials", "contact"] as const;
export type HomeSectionId = (typeof HOME_SECTIONS)[number];

const requestListeners = new Set<() => void>();
/** Asks the mounted home page to render its sections now. */
export function requestHomeSections(): void {
  for (const listener of requestListeners) listener();
}
export function onHomeSectionsRequested(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

let ready = false;
let waiters: Array<() => void> = [];
export function setHomeSectionsReady(value: boolean): void {
  ready = value;
  if (value) {
    const pending = waiters;
    waiters = [];
    for (const resolve of pending) resolve();
  }
}
function whenReady(): Promise<void> {
  return ready ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Smooth-scrolls to a home section after the specification's 100 ms delay; focus follows for keyboards. */
export async function scrollToSection(
  id: string,
  { delayMs = TIMINGS.scrollToSectionDelayMs }: { delayMs?: number } = {},
): Promise<void> {
  if (id === "home" || id === "") {
    await wait(delayMs);
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
    return;
  }
  requestHomeSections();
  await Promise.all([whenReady(), wait(delayMs)]);
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}
