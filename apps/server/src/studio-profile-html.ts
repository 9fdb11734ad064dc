import {
  jsonForScript,
  STUDIO_PROFILE_ELEMENT_ID,
  type StudioProfile,
  writeStudioJsonLd,
} from "@studio/validators";

const PROFILE_ELEMENT = new RegExp(
  `<script\\b[^>]*\\bid="${STUDIO_PROFILE_ELEMENT_ID}"[^>]*>[\\s\\S]*?</script>\\s*`,
  "g",
);

/**
 * Writes the studio profile into an HTML page (the SPA shell for client routes, or a prerendered page) as the
 * server sends it: the `<script id="studio-profile" type="application/json">` element the client starts from
 * (replacing one already there), and the profile's details over the LocalBusiness JSON-LD block (its name,
 * contacts, address and the schedule's opening hours; its description and price range stay). Pure: the caller
 * caches the result per profile.
 */
export function injectStudioProfile(html: string, profile: StudioProfile): string {
  const out = writeStudioJsonLd(html.replace(PROFILE_ELEMENT, ""), profile);
  const element = `<script id="${STUDIO_PROFILE_ELEMENT_ID}" type="application/json">${jsonForScript(profile)}</script>`;
  return out.includes("</head>") ? out.replace("</head>", () => `${element}</head>`) : `${element}${out}`;
}
