import { CATEGORY_CATALOG_ELEMENT_ID, type CategoryCatalog, type CategorySlug } from "@studio/validators";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";

export { CATEGORY_CATALOG_ELEMENT_ID };

/**
 * The catalog a category page is rendered with on the server (entry-server.tsx provides it; null: none, the
 * browser asks for it). Undefined in the browser, where the page's embedded copy is read instead.
 */
const CategoryCatalogContext = createContext<CategoryCatalog | null | undefined>(undefined);

/** A light check of what the server wrote into the page (it built it from validated records). */
function isCatalog(value: unknown): value is CategoryCatalog {
  const c = value as Partial<CategoryCatalog> | null;
  return typeof c?.category === "string" && Array.isArray(c.services) && Array.isArray(c.portfolio);
}

/** The catalog embedded in the page, if any and well-formed. */
export function readInitialCatalog(doc: Document | undefined = globalThis.document): CategoryCatalog | null {
  const text = doc?.getElementById(CATEGORY_CATALOG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isCatalog(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The page's embedded catalog is for the first category page the browser renders (it hydrates the server's HTML);
 * any later one (navigating in the app) asks the API for current lists.
 */
let categoryPageMounted = false;

/** Server side: the catalog the page renders with. */
export function CategoryCatalogProvider({
  catalog,
  children,
}: {
  catalog: CategoryCatalog | null;
  children: ReactNode;
}) {
  return <CategoryCatalogContext.Provider value={catalog}>{children}</CategoryCatalogContext.Provider>;
}

export type CatalogState =
  | { status: "ready"; catalog: CategoryCatalog }
  | { status: "loading" }
  | { status: "error"; message: string };

/**
 * A category's services and portfolio: the server's (in the page) when the page was rendered for this category,
 * else from the API (the same public lists, read cache and response snapshots as the home page).
 */
export function useCategoryCatalog(slug: CategorySlug): CatalogState {
  const server = useContext(CategoryCatalogContext);
  const [embedded] = useState(() =>
    server !== undefined ? server : categoryPageMounted ? null : readInitialCatalog(),
  );
  // Once the visitor has moved on to another category, the embedded lists are not used again.
  const left = useRef(false);
  if (embedded && embedded.category !== slug) left.current = true;
  const own = !left.current && embedded?.category === slug ? embedded : null;
  const [fetched, setFetched] = useState<CatalogState>({ status: "loading" });
  useEffect(() => {
    categoryPageMounted = true;
  }, []);
  useEffect(() => {
    if (own) return;
    let live = true;
    setFetched({ status: "loading" });
    import("./catalog-api")
      .then(({ fetchCategoryCatalog }) => fetchCategoryCatalog(slug))
      .then(
        (catalog) => live && setFetched({ status: "ready", catalog }),
        (error: unknown) =>
          live &&
          setFetched({ status: "error", message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      live = false;
    };
  }, [own, slug]);
  return own ? { status: "ready", catalog: own } : fetched;
}
