import { cityLine, DEFAULT_STUDIO_PROFILE, socialLinksOf } from "@studio/validators";

const d = DEFAULT_STUDIO_PROFILE;

/**
 * The specification's placeholder details, as a fresh install shows them. The site reads the studio profile
 * instead (useStudioProfile on the web, getStudioProfile on the server): admins change it on the Settings page.
 * @deprecated for display: use the profile.
 */
export const STUDIO = {
  name: d.name,
  tagline: d.tagline,
  street: d.addressLines.join(", "),
  city: d.city,
  region: cityLine({ city: "", region: d.region, country: d.country }),
  phones: d.phones,
  emails: d.emails,
  hoursNote: d.hoursNote,
  replyPromise: d.replyPromise,
  socials: socialLinksOf(d).map(({ name, handle, href }) => ({ name, handle, href })),
} as const;

export const ACHIEVEMENTS = [
  { value: 500, suffix: "+", label: "Happy Clients" },
  { value: 1200, suffix: "+", label: "Projects Completed" },
  { value: 8, suffix: "", label: "Years Experience" },
  { value: 50, suffix: "+", label: "Awards Won" },
] as const;

export const VALUES = [
  {
    title: "Creative Vision",
    text: "Every frame starts with an idea worth telling; we shape concepts into stories people remember.",
  },
  {
    title: "Professional Excellence",
    text: "Cinema cameras, licensed drone pilots and a seasoned post team deliver broadcast-grade work.",
  },
  {
    title: "Client-Focused",
    text: "Clear plans, honest timelines and a single point of contact from first call to final delivery.",
  },
  {
    title: "Award-Winning",
    text: "Our films and campaigns have earned more than fifty awards across photography and film.",
  },
] as const;

/** The About section's headings and mission (the story itself is the studio profile's `about`). */
export const ABOUT = {
  eyebrow: "About the studio",
  title: "A small crew with a big-screen standard",
  mission:
    "Our mission is simple: craft stories that earn attention and create impact, with a process that is calm, honest and on time, from the first call to the final broadcast master.",
} as const;
