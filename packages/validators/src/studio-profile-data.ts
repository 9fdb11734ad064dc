/**
 * The studio profile's defaults without its schemas (no zod) and without the formatting helpers
 * (studio-profile-format.ts): what the site's first chunk needs, and no more. The schemas are in
 * schemas/studio-profile.ts.
 */
import { MAP } from "./constants";
import type { StudioProfile } from "./schemas/studio-profile";

/** The id of the `<script type="application/json">` element a page carries its current profile in. */
export const STUDIO_PROFILE_ELEMENT_ID = "studio-profile";

/** Today's placeholders (the specification's): what a fresh install shows until an admin changes them. */
export const DEFAULT_STUDIO_PROFILE: StudioProfile = {
  name: "Studio",
  tagline: "Crafting stories, creating impact.",
  addressLines: ["221 Rankala Lake Road, Shivaji Peth"],
  city: "Kolhapur",
  region: "Maharashtra 416012",
  country: "India",
  phones: ["+1 (555) 010-2040", "+1 (555) 010-2041"],
  emails: ["hello@studio.example", "bookings@studio.example"],
  socials: {
    instagram: "https://www.instagram.com/studio/",
    youtube: "https://www.youtube.com/@studio",
    facebook: "https://www.facebook.com/studio",
    twitter: "https://x.com/studio",
    linkedin: "https://www.linkedin.com/company/studio",
  },
  latitude: MAP.lat,
  longitude: MAP.lng,
  zoom: MAP.zoom,
  businessHours: "Mon-Fri 9AM-6PM PST",
  replyPromise: "We reply within 2-4 hours during business hours. For urgent requests, please call us.",
  logo: null,
  updated_at: null,
};
