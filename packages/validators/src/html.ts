/**
 * HTML the server and the build write by hand (the form pages, the gallery page's cover, the prerendered pages,
 * Open Graph cards and watermarks in SVG): one escaping, and one way to start a page's app through its loader.
 */

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe in HTML or XML: element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** The app's entry script in the built index.html (Vite's output). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The entry script's path in a built page, or null when it has none. */
export function entryScriptOf(html: string): string | null {
  return ENTRY_SCRIPT.exec(html)?.[1] ?? null;
}

/**
 * The page with its entry script replaced by the page loader (apps/web/src/hydrate.ts), which starts the entry
 * once the page is on screen and preloads the other chunks then. Unchanged when the page has no entry script.
 */
export function startedByLoader(html: string, loader: string, chunks: readonly string[]): string {
  return html.replace(ENTRY_SCRIPT, (_, entry: string) => {
    const preload = chunks.filter((chunk) => chunk !== entry).join(" ");
    return `<script type="module" crossorigin src="${escapeHtml(loader)}" data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preload)}"></script>`;
  });
}
