import type { Category } from "./constants";
import type { PortfolioItemDto } from "./schemas/portfolio";
import type { ServiceDto } from "./schemas/service";

/**
 * What a category page offers, from the database (the public read cache): its category's offered services and
 * published portfolio items. The server renders the page with it and embeds it as JSON (the element below), so
 * the client's first render is the server's; a page reached in the browser asks the API for the same lists.
 */
export type CategoryCatalog = {
  category: Category;
  services: ServiceDto[];
  portfolio: PortfolioItemDto[];
};

/** The `<script type="application/json">` element a server-rendered category page carries its catalog in. */
export const CATEGORY_CATALOG_ELEMENT_ID = "category-catalog";
