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
    { name: "Instagram", handle: "@studio", href: "#" },
    { name: "YouTube", handle: "@studio", href: "#" },
    { name: "Facebook", handle: "/studio", href: "#" },
    { name: "Twitter", handle: "@studio", href: "#" },
    { name: "LinkedIn", handle: "/company/studio", href: "#" },
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
