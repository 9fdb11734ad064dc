import { CATEGORY_CATALOG_ELEMENT_ID, type CategoryCatalog, type CategorySlug } from "@studio/validators";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";

export { CATEGORY_CATALOG_ELEMENT_ID };

/**
 * The catalog (services, portfolio) a category page was rendered with on the server. The client starts from the
 * one embedded in the page, so its first render is the server's HTML; outside a server-rendered category page it
 * is null and the page asks the API (useCategoryCatalog).
 */
const CategoryCatalogContext = createContext<CategoryCatalog | null>(null);

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

export function CategoryCatalogProvider({
  initial,
  children,
}: {
  /** On the server: the page's catalog (null: none, the browser asks for it). In the browser: read from the page. */
  initial?: CategoryCatalog | null;
  children: ReactNode;
}) {
  const [catalog] = useState(() => (initial === undefined ? readInitialCatalog() : initial));
  return <CategoryCatalogContext.Provider value={catalog}>{children}</CategoryCatalogContext.Provider>;
}

export type CatalogState =
  | { status: "ready"; catalog: CategoryCatalog }
  | { status: "loading" }
  | { status: "error"; message: string };

/**
 * A category's services and portfolio: the server's (in the page) when the page was rendered for this
 * category, else from the API (the same public lists, read cache and snapshots as the home page).
 */
export function useCategoryCatalog(slug: CategorySlug): CatalogState {
  const embedded = useContext(CategoryCatalogContext);
  const own = embedded?.category === slug ? embedded : null;
  const [fetched, setFetched] = useState<CatalogState>({ status: "loading" });
  useEffect(() => {
    if (own) return;
    let live = true;
    setFetched({ status: "loading" });
    import("./catalog-api")
      .then(({ fetchCategoryCatalog }) => fetchCategoryCatalog(slug))
      .then(
        (catalog) => live && setFetched({ status: "ready", catalog }),
        (error: unknown) =>
          live && setFetched({ status: "error", message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      live = false;
    };
  }, [own, slug]);
  return own ? { status: "ready", catalog: own } : fetched;
}
