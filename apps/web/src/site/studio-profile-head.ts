import { type StudioProfile, studioJsonLd } from "@studio/validators";

/**
 * Writes the profile into the document's head where pages do not render it themselves: the LocalBusiness
 * JSON-LD block (PageMeta renders the titles and Open Graph tags). (The server writes the same into the HTML it sends;
 * this keeps a page current after a change it learns of later.)
 */
export function applyStudioProfileToHead(doc: Document, profile: StudioProfile): void {
  const block = doc.querySelector<HTMLScriptElement>('script[type="application/ld+json"]');
  if (block) {
    let base: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(block.textContent ?? "{}");
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        base = parsed as Record<string, unknown>;
    } catch {
      // A broken block is replaced whole.
    }
    const next = JSON.stringify(studioJsonLd(profile, base), null, 2);
    if (block.textContent !== next) block.textContent = next;
  }
}
