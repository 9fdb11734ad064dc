/**
 * The studio profile's defaults without its schemas (no zod) and without the formatting helpers
 * (studio-profile-format.ts): what the site's first chunk needs, and no more. The schemas are in
 * schemas/studio-profile.ts.
 */
import { DEFAULT_BOOKING_CHANGE_CUTOFF_HOURS, DEFAULT_STUDIO_TIMEZONE, MAP } from "./constants";
import type { OpeningDay, StudioProfile } from "./schemas/studio-profile";

/** The id of the `<script type="application/json">` element a page carries its current profile in. */
export const STUDIO_PROFILE_ELEMENT_ID = "studio-profile";

/** The About page's story as a fresh install tells it (paragraphs apart by a blank line). */
export const DEFAULT_ABOUT_TEXT =
  "Studio began in 2018 as two friends with one camera, a borrowed drone and a habit of staying late in the edit. Eight years on we are a team of photographers, directors of photography, licensed drone pilots, editors, colourists and VFX artists working from our own stage and finishing suites in Kolhapur.\n\nWe have filmed weddings on the coast and features in the monsoon, launched products for start-ups and told the stories of companies that have been building for a century. The kit has grown; the habit of caring about every frame has not.";

/** The opening hours of the default schedule (every day, slots 09:00–17:00: open 9:00–18:00). */
const DEFAULT_OPENING_HOURS: OpeningDay[] = (
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const
).map((day) => ({ day, opens: "09:00", closes: "18:00" }));

/**
 * A fresh install's profile: the demo studio in Kolhapur, India (the specification's address), with Indian
 * phone numbers, India Standard Time and no social accounts; it shows until an admin changes it.
 */
export const DEFAULT_STUDIO_PROFILE: StudioProfile = {
  name: "Studio",
  tagline: "Crafting stories, creating impact.",
  addressLines: ["221 Rankala Lake Road, Shivaji Peth"],
  city: "Kolhapur",
  region: "Maharashtra 416012",
  country: "India",
  phones: ["+91 231 255 0140", "+91 231 255 0141"],
  emails: ["hello@studio.example", "bookings@studio.example"],
  socials: { instagram: "", youtube: "", facebook: "", twitter: "", linkedin: "" },
  latitude: MAP.lat,
  longitude: MAP.lng,
  zoom: MAP.zoom,
  about: DEFAULT_ABOUT_TEXT,
  hoursNote: "",
  replyPromise: "We reply within 2-4 hours during business hours. For urgent requests, please call us.",
  logo: null,
  updated_at: null,
  openingHours: DEFAULT_OPENING_HOURS,
  timeZone: DEFAULT_STUDIO_TIMEZONE,
  changeCutoffHours: DEFAULT_BOOKING_CHANGE_CUTOFF_HOURS,
};
