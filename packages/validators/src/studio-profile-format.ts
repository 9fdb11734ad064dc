/** How the site shows a studio profile: address line, dialling numbers, social handles, structured data. */
import type { StudioProfile } from "./schemas/studio-profile";

/** The social networks the profile links to, in the order the site shows them. */
export const SOCIAL_NETWORKS = ["instagram", "youtube", "facebook", "twitter", "linkedin"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Each network's name on the site and the hosts its links must point at. */
export const SOCIAL_NETWORK_INFO: Record<SocialNetwork, { label: string; hosts: readonly string[] }> = {
  instagram: { label: "Instagram", hosts: ["instagram.com"] },
  youtube: { label: "YouTube", hosts: ["youtube.com", "youtu.be"] },
  facebook: { label: "Facebook", hosts: ["facebook.com", "fb.com"] },
  twitter: { label: "X (Twitter)", hosts: ["x.com", "twitter.com"] },
  linkedin: { label: "LinkedIn", hosts: ["linkedin.com"] },
};

/** "Kolhapur, Maharashtra 416012, India": the line under the street address. */
export function cityLine(profile: Pick<StudioProfile, "city" | "region" | "country">): string {
  return [profile.city, profile.region, profile.country].filter((v) => v.trim() !== "").join(", ");
}

/** The number to dial for a phone as typed: "+1 (555) 010-2040" → "+15550102040". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

/**
 * How a social link is shown: "@studio" for Instagram, YouTube and X, "/studio" and "/company/studio" for
 * Facebook and LinkedIn (the path of the address).
 */
export function socialHandle(network: SocialNetwork, url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname.replace(/^\/+|\/+$/g, "");
  } catch {
    return url;
  }
  if (!path) return url.replace(/^https?:\/\/(www\.)?/i, "").replace(/\/$/, "");
  if (network === "facebook" || network === "linkedin") return `/${path}`;
  const first = path.split("/")[0] ?? path;
  return first.startsWith("@") ? first : `@${first}`;
}

/** The profile's social links that are set, in the site's order. */
export function socialLinksOf(
  profile: Pick<StudioProfile, "socials">,
): { network: SocialNetwork; name: string; handle: string; href: string }[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const href = profile.socials[network];
    if (!href) return [];
    const name = network === "twitter" ? "Twitter" : SOCIAL_NETWORK_INFO[network].label;
    return [{ network, name, handle: socialHandle(network, href), href }];
  });
}

/**
 * The LocalBusiness structured data of the site with the profile's details written over `base` (the page's
 * own block: its description, opening hours and price range stay).
 */
export function studioJsonLd(
  profile: StudioProfile,
  base: Record<string, unknown> = {},
): Record<string, unknown> {
  const sameAs = socialLinksOf(profile).map((link) => link.href);
  const address: Record<string, unknown> = {
    "@type": "PostalAddress",
    streetAddress: profile.addressLines.join(", "),
    addressLocality: profile.city,
    addressCountry: profile.country,
  };
  if (profile.region) address.addressRegion = profile.region;
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    ...base,
    name: profile.name,
    slogan: profile.tagline,
    telephone: profile.phones[0],
    email: profile.emails[0],
    address,
    geo: { "@type": "GeoCoordinates", latitude: profile.latitude, longitude: profile.longitude },
  };
  if (sameAs.length) data.sameAs = sameAs;
  else delete data.sameAs;
  return data;
}

/** JSON safe inside an HTML <script> element (no "</script>", no HTML comment openers, no line separators). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
