/**
 * The only script a prerendered public page loads before its first paint (entry-server.tsx puts it in place of
 * the app's entry). The page is complete HTML, readable and styled without JavaScript, so the app (its entry,
 * the route chunk and what else the page hydrates with, named by `data-entry` and `data-preload`) is fetched
 * once the first view is on screen: the window's load event (the CSS and a hero image are in) and two frames
 * after the first contentful paint. Until then the network is left to what the first view shows. A key, tap or
 * click before that starts it at once.
 *
 * Links and forms work before (and without) the app, and the phone menu opens and closes. A control that needs
 * script (`data-early`: Book Now, Share Feedback) is not live until its part has hydrated: a click on it before
 * then is kept (window.__earlyAction) and replayed by the control, or by the one React drew in its place, once it
 * is live (src/lib/early-actions.ts), so the tap is not lost.
 */
const tag = document.querySelector<HTMLScriptElement>("script[data-entry]");
const EARLY = ["pointerdown", "keydown", "touchstart"] as const;
let started = false;

function start(): void {
  if (started || !tag?.dataset.entry) return;
  // The early listeners stay: started, this returns at once.
  started = true;
  for (const href of (tag.dataset.preload ?? "").split(" ").filter(Boolean)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ tag.dataset.entry);
}

function firstPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A page opened in the background paints nothing until it is shown: it starts once loaded.
    if (
      document.visibilityState === "hidden" ||
      !window.PerformanceObserver?.supportedEntryTypes?.includes("paint")
    ) {
      resolve();
      return;
    }
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      resolve();
    }).observe({ type: "paint", buffered: true });
  });
}

function loaded(): Promise<void> {
  return document.readyState === "complete"
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener("load", () => resolve(), { once: true }));
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

document.addEventListener(
  "click",
  (event) => {
    // The open phone menu (a <details> in the page's HTML, around the panel #site-menu) closes on a tap outside
    // it from the first paint: its own code (site/components/mobile-menu.tsx, which does the same once live)
    // loads after the first view, and a tap before then was lost.
    const menu = document.getElementById("site-menu")?.parentElement as HTMLDetailsElement | null;
    if (menu?.open && !menu.contains(event.target as Node)) menu.open = false;
    const target = (event.target as Element).closest?.<HTMLElement>("[data-early]:not([data-live])");
    if (!target) return;
    // Nothing else acts on it now (a Share Feedback link would leave the page): it is replayed once live.
    event.preventDefault();
    event.stopImmediatePropagation();
    window.__earlyAction = target;
    start();
  },
  { capture: true },
);

for (const type of EARLY) window.addEventListener(type, start, { passive: true });
const ready = loaded();
void Promise.all([ready, firstPaint()]).then(nextFrame).then(nextFrame).then(start);
// Whatever happens to the paint timing, the page is live at most 3 s after it loaded.
void ready.then(() => setTimeout(start, 3000));
