import { CATEGORY_PAGES, CATEGORY_SLUGS, type CategorySlug } from "@studio/validators";
import { useLocation } from "react-router-dom";
import { usePageMeta } from "../../components/page-meta";
import { SiteLayout } from "../site-layout";

/** The slug is the route path itself (/photography, /drone-services, …). */
export function useCategorySlug(): CategorySlug {
  const path = useLocation().pathname.replace(/^\/|\/$/g, "");
  return (CATEGORY_SLUGS as readonly string[]).includes(path) ? (path as CategorySlug) : "photography";
}

export default function CategoryPage() {
  const slug = useCategorySlug();
  const page = CATEGORY_PAGES[slug];
  usePageMeta(`${page.title} — Studio`, page.description);
  return (
    <SiteLayout>
      <h1 className="px-6 text-3xl font-bold">{page.title}</h1>
    </SiteLayout>
  );
}
