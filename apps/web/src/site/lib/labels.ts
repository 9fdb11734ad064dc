import type { PortfolioCategory } from "@studio/validators";

export const PORTFOLIO_LABELS: Record<"all" | PortfolioCategory, string> = {
  all: "All",
  photography: "Photography",
  videography: "Videography",
  cinematography: "Cinematography",
  "drone-services": "Drone Services",
  "vfx-post": "VFX & Post",
  commercial: "Commercial",
};

export function categoryLabel(category: string): string {
  return PORTFOLIO_LABELS[category as PortfolioCategory] ?? (category || "General");
}
