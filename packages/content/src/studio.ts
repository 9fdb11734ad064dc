/** Studio details shown on the site (placeholders, as the specification says). */
export const STUDIO = {
  name: "Studio",
  tagline: "Crafting stories, creating impact.",
  street: "221 Rankala Lake Road, Shivaji Peth",
  city: "Kolhapur",
  region: "Maharashtra 416012, India",
  phones: ["+1 (555) 010-2040", "+1 (555) 010-2041"],
  emails: ["hello@studio.example", "bookings@studio.example"],
  businessHours: "Mon-Fri 9AM-6PM PST",
  replyPromise: "We reply within 2-4 hours during business hours. For urgent requests, please call us.",
  socials: [
    { name: "Instagram", handle: "@studio", href: "https://www.instagram.com/studio/" },
    { name: "YouTube", handle: "@studio", href: "https://www.youtube.com/@studio" },
    { name: "Facebook", handle: "/studio", href: "https://www.facebook.com/studio" },
    { name: "Twitter", handle: "@studio", href: "https://x.com/studio" },
    { name: "LinkedIn", handle: "/company/studio", href: "https://www.linkedin.com/company/studio" },
  ],
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

/** The About section: the studio's story and mission. */
export const ABOUT = {
  eyebrow: "About the studio",
  title: "A small crew with a big-screen standard",
  story: [
    "Studio began in 2018 as two friends with one camera, a borrowed drone and a habit of staying late in the edit. Eight years on we are a team of photographers, directors of photography, licensed drone pilots, editors, colourists and VFX artists working from our own stage and finishing suites in Kolhapur.",
    "We have filmed weddings on the coast and features in the monsoon, launched products for start-ups and told the stories of companies that have been building for a century. The kit has grown; the habit of caring about every frame has not.",
  ],
  mission:
    "Our mission is simple: craft stories that earn attention and create impact, with a process that is calm, honest and on time, from the first call to the final broadcast master.",
} as const;
