import type { CategoryCatalog, CategorySlug } from "@studio/validators";
import { listPublishedPortfolioByCategory } from "./portfolio";
import type { DomainDeps } from "./records";
import { listServicesByCategory } from "./services";

/**
 * A category page's services (offered: not archived) and portfolio (published), as the public lists give them
 * (the same read cache and entries as `services.byCategory` and `portfolio.byCategory`).
 */
export async function getCategoryCatalog(
  deps: DomainDeps,
  input: { category: CategorySlug },
): Promise<CategoryCatalog> {
  const [services, portfolio] = await Promise.all([
    listServicesByCategory(deps, input),
    listPublishedPortfolioByCategory(deps, input),
  ]);
  return { category: input.category, services, portfolio };
}
