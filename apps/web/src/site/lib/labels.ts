import { CATEGORY_LABELS, type PortfolioCategory } from "@studio/validators";

/** The portfolio filters: All, then the categories' labels. */
export const PORTFOLIO_LABELS: Record<"all" | PortfolioCategory, string> = { all: "All", ...CATEGORY_LABELS };

export { categoryLabel } from "@studio/validators";
