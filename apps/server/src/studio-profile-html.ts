import {
  jsonForScript,
  STUDIO_PROFILE_ELEMENT_ID,
  type StudioProfile,
  studioJsonLd,
} from "@studio/validators";

const PROFILE_ELEMENT = new RegExp(
  `<script\\b[^>]*\\bid="${STUDIO_PROFILE_ELEMENT_ID}"[^>]*>[\\s\\S]*?</script>\\s*`,
  "g",
);
const JSON_LD = /(<script\b[^>]*type="application\/ld\+json"[^>]*>)([\s\S]*?)(<\/script>)/;

/**
 * Writes the studio profile into an HTML page (the SPA shell for client routes, or a prerendered page) as the
 * server sends it: the `<script id="studio-profile" type="application/json">` element the client starts from
 * (replacing one already there), and the profile's details over the LocalBusiness JSON-LD block (its opening
 * hours, description and price range stay). Pure: the caller caches the result per profile.
 */
export function injectStudioProfile(html: string, profile: StudioProfile): string {
  let out = html.replace(PROFILE_ELEMENT, "");
  out = out.replace(JSON_LD, (whole, open: string, body: string, close: string) => {
    let base: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        base = parsed as Record<string, unknown>;
    } catch {
      return whole;
    }
    return `${open}${jsonForScript(studioJsonLd(profile, base))}${close}`;
  });
  const element = `<script id="${STUDIO_PROFILE_ELEMENT_ID}" type="application/json">${jsonForScript(profile)}</script>`;
  return out.includes("</head>") ? out.replace("</head>", () => `${element}</head>`) : `${element}${out}`;
}
