/** Static content of the six category landing pages (section 3 "static content per category page"). */
export type CategoryFeature = { icon: string; title: string; description: string };
export type CategoryService = { title: string; description: string; price: string; image: string };
export type CategoryPortfolioItem = { title: string; description: string; image: string; video?: string };
export type CategoryPage = {
  slug: CategorySlug;
  title: string;
  subtitle: string;
  description: string;
  icon: string;
  heroImage: string;
  gradient: readonly [string, string];
  features: readonly CategoryFeature[];
  services: readonly CategoryService[];
  portfolio: readonly CategoryPortfolioItem[];
};

export const CATEGORY_SLUGS = [
  "photography",
  "videography",
  "cinematography",
  "drone-services",
  "vfx-post",
  "commercial",
] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];
