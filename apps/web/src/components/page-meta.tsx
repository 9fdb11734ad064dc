import { PLACEHOLDER_ORIGIN, pageSlugOf } from "@studio/validators";
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { useStudioProfile } from "../site/studio-profile";

/** The Open Graph image every public page gets at build time (apps/web/scripts/og-images.ts). */
export const OG_IMAGE = { width: 1200, height: 630 } as const;

let origin: string | null = null;
/**
 * The site's public origin for canonical and Open Graph URLs. Prerendered pages are rendered with the
 * placeholder origin and the server writes PUBLIC_URL over it (as in robots.txt); in the browser the origin
 * is read from the canonical link the server sent, so hydration renders exactly the same tags.
 */
function siteOrigin(): string {
  if (typeof document === "undefined") return PLACEHOLDER_ORIGIN;
  if (origin) return origin;
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  origin = canonical ? new URL(canonical).origin : window.location.origin;
  return origin;
}

/**
 * A public page's head: title, description, canonical URL, Open Graph and Twitter card tags, with the page's
 * own 1200×630 image. Rendered as React 19 hoistable elements, so they are in the prerendered HTML's head and
 * hydrate without duplicates; they follow client-side navigation.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const { pathname } = useLocation();
  const { name } = useStudioProfile();
  const slug = pageSlugOf(pathname);
  const base = siteOrigin();
  const url = `${base}${pathname === "/" ? "/" : pathname.replace(/\/+$/, "")}`;
  const image = `${base}/og/${slug}.jpg`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(OG_IMAGE.width)} />
      <meta property="og:image:height" content={String(OG_IMAGE.height)} />
      <meta property="og:image:alt" content={title} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
    </>
  );
}

/** Sets the document title and meta description of a back-office page (client-only; never prerendered). */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement("meta");
      meta.name = "description";
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
