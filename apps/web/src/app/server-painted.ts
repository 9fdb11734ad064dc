import { firstInteraction } from "../site/hooks/use-first-interaction";

let painted = typeof document === "undefined";

/**
 * Whether the page's first view came as HTML from the server (prerendered at build time, or rendered by the
 * server with the current studio profile). Parts that a client-rendered page defers until the visitor
 * interacts (the footer) are in that HTML, so the first client render includes them too and hydration matches.
 * Always true while rendering on the server.
 */
export function isServerPainted(): boolean {
  return painted;
}

/** Called once by main.tsx before it hydrates server HTML. */
export function markServerPainted(): void {
  painted = true;
}

/**
 * Marks the document (`data-hydrated`) once the page's own content is live. On a prerendered page React commits
 * the root before a lazy route's content has hydrated (that boundary stays server HTML for a moment, and a click
 * there is lost), so the page layout calls this from its own effect, not the root.
 */
export function markPageLive(): void {
  document.documentElement.dataset.hydrated = "true";
}

/**
 * For lazy parts of a prerendered page below the first view (the footer, a category page's sections): their
 * HTML is already there, so their code loads — and they hydrate — on the visitor's first interaction or once
 * the browser is idle after the load, instead of competing with the first view. Elsewhere it loads at once.
 */
export function loadAfterFirstView<T>(load: () => Promise<T>): () => Promise<T> {
  return () => (painted && typeof document !== "undefined" ? firstInteraction().then(load) : load());
}
