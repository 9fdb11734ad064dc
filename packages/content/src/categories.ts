import type { CategorySlug } from "@studio/validators";

/**
 * The copy of the six category landing pages (section 3 "static content per category page"): hero and features.
 * Their services and portfolio are the studio's own records (the database), never content.
 */
export type CategoryFeature = { icon: string; title: string; description: string };
export type CategoryPage = {
  slug: CategorySlug;
  title: string;
  subtitle: string;
  description: string;
  icon: string;
  heroImage: string;
  gradient: readonly [string, string];
  features: readonly CategoryFeature[];
};

export type CategoryHero = Pick<
  CategoryPage,
  "title" | "subtitle" | "description" | "icon" | "heroImage" | "gradient"
>;

/**
 * The hero of each category page (the first view). Kept apart from the rest of the page content so the
 * app shell can paint it at once while the sections below the fold load.
 */
export const CATEGORY_HEROES: Record<CategorySlug, CategoryHero> = {
  photography: {
    title: "Photography",
    subtitle: "Light, composition and the moment in between",
    description:
      "Portraits, events, products, fashion and spaces, photographed with intent and finished by hand. Every session is directed, lit and retouched by the same small team, so the pictures feel like you.",
    icon: "📸",
    heroImage: "/media/portrait.jpg",
    gradient: ["#f59e0b", "#ef4444"],
  },
  videography: {
    title: "Videography",
    subtitle: "Stories that move",
    description:
      "Corporate films, weddings, music videos, documentaries and live streaming, shot on cinema cameras and cut in-house. One team from the first call to the final export.",
    icon: "🎥",
    heroImage: "/media/concert.jpg",
    gradient: ["#6366f1", "#ec4899"],
  },
  cinematography: {
    title: "Cinematography",
    subtitle: "Images with intention",
    description:
      "Feature films, shorts and commercial spots lit and shot by an experienced camera department. We design the look with you in pre-production and hold it through every scene.",
    icon: "🎞️",
    heroImage: "/media/film-set.jpg",
    gradient: ["#0ea5e9", "#8b5cf6"],
  },
  "drone-services": {
    title: "Drone Services",
    subtitle: "The view from above",
    description:
      "Licensed pilots for aerial photography, cinematic and FPV flights, progress monitoring and surveys. Permits, insurance and safety briefings are part of every job.",
    icon: "🚁",
    heroImage: "/media/aerial.jpg",
    gradient: ["#14b8a6", "#3b82f6"],
  },
  "vfx-post": {
    title: "VFX & Post Production",
    subtitle: "Where the story comes together",
    description:
      "Editing, colour grading, visual effects, motion graphics, sound design and 3D animation in calibrated suites. Bring us rushes, or let us shoot them too.",
    icon: "✨",
    heroImage: "/media/vfx.jpg",
    gradient: ["#a855f7", "#f43f5e"],
  },
  commercial: {
    title: "Commercial Production",
    subtitle: "Brand content that performs",
    description:
      "TV commercials, digital ads, product videos, brand films, corporate films and explainers, from concept to broadcast. Creative, production and post in one accountable team.",
    icon: "💼",
    heroImage: "/media/commercial.jpg",
    gradient: ["#f97316", "#eab308"],
  },
};
