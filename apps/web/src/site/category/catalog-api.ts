/** A category page's lists from the API, loaded on demand (the page renders without the API client). */
import type { CategoryCatalog, CategorySlug } from "@studio/validators";
import { getDataClients } from "../../app/data-provider";

export async function fetchCategoryCatalog(category: CategorySlug): Promise<CategoryCatalog> {
  const { trpc } = getDataClients();
  const [services, portfolio] = await Promise.all([
    trpc.services.byCategory.query({ category }),
    trpc.portfolio.byCategory.query({ category }),
  ]);
  return { category, services, portfolio };
}
