import { StrictMode, startTransition, useEffect } from "react";
import type * as ReactDomClient from "react-dom/client";
import { App } from "./app";
import { markPageLive, markServerPainted } from "./server-painted";

/** Marks a page rendered here (not hydrated) as live once React has committed it. */
function MarkRendered() {
  useEffect(markPageLive, []);
  return null;
}

/**
 * Mounts the app on `root` (main.tsx passes react-dom's client, loaded as a step of its own). Public pages
 * arrive prerendered (apps/web/scripts/prerender.ts): their HTML is hydrated, and SiteLayout marks the page live
 * once its content has hydrated. The back office and unknown paths get the empty shell and render here.
 */
export function startApp(root: HTMLElement, { hydrateRoot, createRoot }: typeof ReactDomClient): void {
  if (root.firstElementChild) {
    markServerPainted();
    // As a transition, hydration yields to the browser every few milliseconds instead of taking the whole page in
    // one task; a click or key on a part not yet hydrated hydrates that part first (React's selective hydration).
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  } else
    createRoot(root).render(
      <StrictMode>
        <App />
        <MarkRendered />
      </StrictMode>,
    );
}
