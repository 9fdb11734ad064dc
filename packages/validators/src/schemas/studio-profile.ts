import { z } from "zod";
import { FIELD_LIMITS } from "../constants";
import { MESSAGES } from "../messages";
import { SOCIAL_NETWORK_INFO, type SocialNetwork } from "../social-networks";
import { EMAIL_PATTERN, isPhoneNumber } from "../rules";
import { type LineCheck, multiLine, requiredText as text, singleLine } from "./common";
import { WEEKDAYS } from "./schedule";

const m = MESSAGES.studio;

/** Limits of the profile's fields (the form's maxLength and the server's checks). */
export const STUDIO_PROFILE_LIMITS = {
  name: FIELD_LIMITS.name,
  tagline: FIELD_LIMITS.shortText,
  line: FIELD_LIMITS.shortText,
  addressLines: 3,
  phones: 5,
  emails: 5,
  about: 4_000,
  hoursNote: FIELD_LIMITS.shortText,
  replyPromise: 500,
  minZoom: 1,
  maxZoom: 19,
} as const;

const tooLong = (max: number) => `Must be at most ${max} characters`;

/** Optional one-line text: blank is "". */
function optional(max: number, line: LineCheck) {
  return z
    .string({ error: "Must be text" })
    .trim()
    .max(max, tooLong(max))
    .check(line)
    .nullish()
    .transform((v) => v ?? "");
}

/** A number typed into a form (numeric text accepted), within [min, max]. */
function numberIn(min: number, max: number, message: string, integer = false) {
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v)) ? Number(v) : v),
    (integer ? z.number({ error: message }).int(message) : z.number({ error: message }).finite(message))
      .min(min, message)
      .max(max, message),
  );
}

/** True when `url` is an http(s) address on one of `hosts` (or a subdomain such as www.). */
export function isSocialUrl(url: string, hosts: readonly string[]): boolean {
  if (!/^https?:\/\/[^\s"'<>]+$/i.test(url)) return false;
  try {
    const host = new URL(url).hostname.toLowerCase();
    return hosts.some((h) => host === h || host.endsWith(`.${h}`));
  } catch {
    return false;
  }
}

function socialField(network: SocialNetwork) {
  const { label, hosts } = SOCIAL_NETWORK_INFO[network];
  const message = m.socialInvalid(label, hosts[0] ?? "");
  return z
    .string({ error: message })
    .trim()
    .max(FIELD_LIMITS.url, message)
    .check(singleLine(label))
    .refine((v) => v === "" || isSocialUrl(v, hosts), message)
    .nullish()
    .transform((v) => v ?? "");
}

/** A list typed as a list (blank entries dropped), at least one and at most `max` entries. */
function listOf(item: z.ZodType<string, string>, requiredMessage: string, max: number, tooMany: string) {
  return z
    .array(z.string({ error: requiredMessage }), { error: requiredMessage })
    .transform((list) => list.map((v) => v.trim()).filter((v) => v.length > 0))
    .pipe(z.array(item).min(1, requiredMessage).max(max, tooMany));
}

const L = STUDIO_PROFILE_LIMITS;

/** What an admin saves on the Settings page: the whole profile at once. */
export const ZStudioProfileUpdate = z.object({
  name: text(m.nameRequired, L.name, singleLine("Studio name")),
  tagline: text(m.taglineRequired, L.tagline, singleLine("Tagline")),
  addressLines: listOf(
    z.string().max(L.line, tooLong(L.line)).check(singleLine("Each address line")),
    m.addressRequired,
    L.addressLines,
    m.addressTooMany(L.addressLines),
  ),
  city: text(m.cityRequired, L.line, singleLine("City")),
  region: optional(L.line, singleLine("Region")),
  country: text(m.countryRequired, L.line, singleLine("Country")),
  phones: listOf(
    z.string().max(FIELD_LIMITS.phone, tooLong(FIELD_LIMITS.phone)).refine(isPhoneNumber, m.phoneInvalid),
    m.phoneRequired,
    L.phones,
    m.phonesTooMany(L.phones),
  ),
  emails: listOf(
    z.string().max(FIELD_LIMITS.email, tooLong(FIELD_LIMITS.email)).regex(EMAIL_PATTERN, m.emailInvalid),
    m.emailRequired,
    L.emails,
    m.emailsTooMany(L.emails),
  ).transform((list) => list.map((v) => v.toLowerCase())),
  socials: z.object(
    {
      instagram: socialField("instagram"),
      youtube: socialField("youtube"),
      facebook: socialField("facebook"),
      twitter: socialField("twitter"),
      linkedin: socialField("linkedin"),
    },
    { error: m.socialsInvalid },
  ),
  latitude: numberIn(-90, 90, m.latitudeInvalid),
  longitude: numberIn(-180, 180, m.longitudeInvalid),
  zoom: numberIn(L.minZoom, L.maxZoom, m.zoomInvalid(L.minZoom, L.maxZoom), true),
  /** The About page's story: paragraphs apart by a blank line. */
  about: text(m.aboutRequired, L.about, multiLine("About text")),
  /** Said under the opening hours (which come from the Hours page's schedule): "Closed on public holidays". */
  hoursNote: optional(L.hoursNote, singleLine("Hours note")),
  replyPromise: text(m.replyPromiseRequired, L.replyPromise, multiLine("Reply promise")),
  /** An uploaded image (/uploads/…; an absolute URL of one, as REST answers give it, is taken by its path), or none. */
  logo: z
    .string({ error: m.logoInvalid })
    .trim()
    .max(FIELD_LIMITS.url, m.logoInvalid)
    .transform((v) => v.replace(/^https?:\/\/[^/\s]+(?=\/uploads\/)/i, ""))
    .refine((v) => v === "" || /^\/uploads\/[\w./-]+$/.test(v), m.logoInvalid)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type StudioProfileUpdate = z.input<typeof ZStudioProfileUpdate>;

/** One open day of the week, on the studio's clock: "09:00" to "18:00" (the end of its last hourly slot). */
export const ZOpeningDay = z.object({
  day: z.enum(WEEKDAYS),
  opens: z.string(),
  closes: z.string(),
});
export type OpeningDay = z.output<typeof ZOpeningDay>;

/**
 * The studio's public profile, as every page and the REST API read it: what an admin saved on the Settings
 * page, and what the site states that follows other settings (read only here): the opening hours from the
 * Hours page's schedule, the studio's zone, and the hours before a session until which a client may change it
 * online (BOOKING_CHANGE_CUTOFF_HOURS).
 */
export const ZStudioProfile = ZStudioProfileUpdate.extend({
  /** When an admin last saved it (null: never, the defaults). */
  updated_at: z.string().nullable(),
  /** The open days, Monday first (a closed day is not listed). */
  openingHours: z.array(ZOpeningDay),
  /** The IANA zone the hours are on (the Hours page's, else STUDIO_TIMEZONE). */
  timeZone: z.string(),
  /** A client may cancel or move a booking online, any number of times, until this many hours before it. */
  changeCutoffHours: z.number().int().min(0),
});
export type StudioProfile = z.output<typeof ZStudioProfile>;
