/** How the site shows a studio profile: address line, dialling numbers, social handles, structured data. */
import { formatTime } from "./date-format";
import type { DayHours, Weekday } from "./schemas/schedule";
import type { OpeningDay, StudioProfile } from "./schemas/studio-profile";
import { SOCIAL_NETWORK_INFO, SOCIAL_NETWORKS, type SocialNetwork } from "./social-networks";

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

/** The days of the week as the site lists them (Monday first), with their names. */
const WEEK: readonly { day: Weekday; index: number; short: string; long: string }[] = [
  { day: "monday", index: 1, short: "Mon", long: "Monday" },
  { day: "tuesday", index: 2, short: "Tue", long: "Tuesday" },
  { day: "wednesday", index: 3, short: "Wed", long: "Wednesday" },
  { day: "thursday", index: 4, short: "Thu", long: "Thursday" },
  { day: "friday", index: 5, short: "Fri", long: "Friday" },
  { day: "saturday", index: 6, short: "Sat", long: "Saturday" },
  { day: "sunday", index: 0, short: "Sun", long: "Sunday" },
];

/** "17:00" → "18:00": the end of the hourly slot that starts then. */
function slotEnd(start: string): string {
  const [h = "0", m = "00"] = start.split(":");
  return `${String(Number(h) + 1).padStart(2, "0")}:${m}`;
}

/**
 * The opening hours a schedule's week states (`weekly` indexed by JavaScript weekday, 0 = Sunday, as the Hours
 * page keeps it): each open day from its first slot's start to its last slot's end, Monday first.
 */
export function openingHoursOf(weekly: readonly DayHours[]): OpeningDay[] {
  return WEEK.flatMap(({ day, index }) => {
    const hours = weekly[index];
    return hours?.open ? [{ day, opens: hours.first, closes: slotEnd(hours.last) }] : [];
  });
}

/** Runs of consecutive days (Monday first) with the same hours; null hours: closed. */
function runsOf(hours: readonly OpeningDay[]) {
  const runs: { from: (typeof WEEK)[number]; to: (typeof WEEK)[number]; span: string | null }[] = [];
  for (const entry of WEEK) {
    const open = hours.find((h) => h.day === entry.day);
    const span = open ? `${open.opens}-${open.closes}` : null;
    const last = runs.at(-1);
    if (last && last.span === span) last.to = entry;
    else runs.push({ from: entry, to: entry, span });
  }
  return runs;
}

/**
 * The opening hours as the site lists them: runs of days with the same hours, Monday first, closed days too
 * ("Mon – Fri", "9:00 AM – 6:00 PM"; "Sat – Sun", "Closed"); a week with one span for every day is "Every day".
 */
export function openingHoursLines(hours: readonly OpeningDay[]): { days: string; hours: string }[] {
  const runs = runsOf(hours);
  return runs.map((run) => {
    const days =
      runs.length === 1
        ? "Every day"
        : run.from === run.to
          ? run.from.short
          : `${run.from.short} – ${run.to.short}`;
    const [opens = "", closes = ""] = run.span?.split("-") ?? [];
    return { days, hours: run.span ? `${formatTime(opens)} – ${formatTime(closes)}` : "Closed" };
  });
}

/** The opening hours as schema.org states them: one OpeningHoursSpecification per set of hours. */
export function openingHoursSpecification(hours: readonly OpeningDay[]): Record<string, unknown>[] {
  const bySpan = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const entry of WEEK) {
    const open = hours.find((h) => h.day === entry.day);
    if (!open) continue;
    const key = `${open.opens}-${open.closes}`;
    const group = bySpan.get(key) ?? { opens: open.opens, closes: open.closes, days: [] };
    group.days.push(entry.long);
    bySpan.set(key, group);
  }
  return [...bySpan.values()].map((g) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: g.days,
    opens: g.opens,
    closes: g.closes,
  }));
}

/** "24 hours", "1 hour", "2 days" (whole days from 48 hours): the self-service cut-off as the Terms say it. */
export function cutoffPhrase(hours: number): string {
  if (hours >= 48 && hours % 24 === 0) return `${hours / 24} days`;
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

/** The About text's paragraphs (apart by a blank line; a single line break stays within its paragraph). */
export function aboutParagraphs(about: string): string[] {
  return about
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
}

/**
 * The LocalBusiness structured data of the site with the profile's details written over `base` (the page's
 * own block: its description and price range stay): name, contacts, address, position, socials and the opening
 * hours of the schedule.
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
    openingHoursSpecification: openingHoursSpecification(profile.openingHours),
  };
  if (sameAs.length) data.sameAs = sameAs;
  else delete data.sameAs;
  return data;
}

const JSON_LD_BLOCK = /(<script\b[^>]*type="application\/ld\+json"[^>]*>)([\s\S]*?)(<\/script>)/;

/**
 * An HTML page with its LocalBusiness block (`<script type="application/ld+json">`) rewritten from the profile
 * (`studioJsonLd` over the block's own data), as the server sends it: search engines and link previews read the
 * current name, address and hours without running script. A page without such a block, or with one that is not
 * a JSON object, is returned as is.
 */
export function writeStudioJsonLd(html: string, profile: StudioProfile): string {
  return html.replace(JSON_LD_BLOCK, (whole, open: string, body: string, close: string) => {
    let base: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(body);
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return whole;
      base = parsed as Record<string, unknown>;
    } catch {
      return whole;
    }
    return `${open}${jsonForScript(studioJsonLd(profile, base))}${close}`;
  });
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
