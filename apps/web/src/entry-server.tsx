import { CATEGORY_HEROES } from "@studio/content";
import {
  CATEGORY_SLUGS,
  type CategoryCatalog,
  type CategorySlug,
  DEFAULT_STUDIO_PROFILE,
  entryScriptOf,
  escapeHtml,
  jsonForScript,
  PUBLIC_PAGE_PATHS,
  pageSlugOf,
  type StudioProfile,
  startedByLoader,
  writeStudioJsonLd,
} from "@studio/validators";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { ToastProvider } from "./components/ui/toast";
import { AppRoutes } from "./app/router";
import { CATEGORY_CATALOG_ELEMENT_ID, CategoryCatalogProvider } from "./site/category/catalog";
import { STUDIO_PROFILE_ELEMENT_ID, StudioProfileProvider } from "./site/studio-profile";

/**
 * Server entry: renders a public page to HTML, at build time (apps/web/scripts/prerender.ts, with the default
 * studio profile) and in the server when the stored profile differs (apps/server/src/prerendered-pages.ts).
 * The tree is the client's (main.tsx → App) with StaticRouter in place of BrowserRouter, so hydration matches.
 * `prerender` waits for every lazy part (route chunks, the footer) instead of writing its fallback.
 */

export type RenderPageInput = {
  /** The built index.html (the SPA shell with the hashed asset tags). */
  template: string;
  /** The page's path, one of PUBLIC_PAGE_PATHS. */
  url: string;
  /** The studio profile the page shows (its contact lines in the no-JavaScript notice too), embedded as JSON. */
  profile?: StudioProfile;
  /** Scripts the page needs to hydrate besides the entry (its route chunk, the footer): preloaded. */
  preload?: readonly string[];
  /**
   * A category page's services and portfolio (the server's, from the database), rendered into the page and
   * embedded as JSON. Without it (the build has no database) the page's lists load in the browser.
   */
  catalog?: CategoryCatalog | null;
};

async function streamToString(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = "";
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>)
    html += decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}

/** React writes the hoisted <title>, <meta> and <link> elements of a non-document render first: split them off. */
const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)/;
function splitHead(html: string): { head: string; body: string } {
  let rest = html;
  let head = "";
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head += match[0];
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

/**
 * Without JavaScript the Book buttons cannot open the booking dialog: a bar at the bottom of every page says
 * how to book instead (phone, e-mail, the contact page).
 */
function noScriptNotice(profile: StudioProfile): string {
  const phone = profile.phones[0];
  const email = profile.emails[0];
  const ways = [
    phone
      ? `call <a href="tel:${escapeHtml(phone.replace(/[^+\d]/g, ""))}" style="color:#f59e0b">${escapeHtml(phone)}</a>`
      : "",
    email
      ? `e-mail <a href="mailto:${escapeHtml(email)}" style="color:#f59e0b">${escapeHtml(email)}</a>`
      : "",
  ].filter(Boolean);
  return `<noscript><p id="noscript-booking" style="position:fixed;inset:auto 0 0 0;z-index:70;margin:0;padding:0.75rem 1.25rem;background:#111118;border-top:1px solid rgba(255,255,255,0.12);color:#fff;font:15px/1.5 system-ui,sans-serif;text-align:center">To book a session, ${ways.join(" or ")}, or see <a href="/contact" style="color:#f59e0b">all contact details</a>. Online booking needs JavaScript.</p></noscript>`;
}

/**
 * The profile the page was rendered with, for the client's first render (StudioProfileProvider reads it), so
 * hydration matches whatever the server rendered. "<" is escaped so no text can close the element.
 */
function profileJson(profile: StudioProfile): string {
  const json = JSON.stringify(profile).replaceAll("<", "\\u003c");
  return `<script id="${STUDIO_PROFILE_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** The catalog the page was rendered with, for the client's first render (CategoryCatalogProvider reads it). */
function catalogJson(catalog: CategoryCatalog | null): string {
  if (!catalog) return "";
  return `<script id="${CATEGORY_CATALOG_ELEMENT_ID}" type="application/json">${jsonForScript(catalog)}</script>`;
}

/**
 * The loader of prerendered pages (src/hydrate.ts, its built file set by scripts/prerender.ts when it builds
 * this entry): it takes the place of the app's entry script and loads the app after the first paint.
 */
declare const __HYDRATE_SCRIPT__: string | undefined;
const hydrateScript = typeof __HYDRATE_SCRIPT__ === "string" ? __HYDRATE_SCRIPT__ : null;

/**
 * The page's scripts: with the loader, the entry and the chunks to preload are named on the loader's tag and
 * fetched once the page has painted (nothing competes with the CSS and a hero image for the first view);
 * without it (a build that has none), the entry's own tag and modulepreload links.
 */
function pageScripts(template: string, preload: readonly string[]): { template: string; head: string } {
  if (!hydrateScript || !entryScriptOf(template)) {
    const links = preload
      .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`)
      .join("");
    return { template, head: links };
  }
  return { template: startedByLoader(template, hydrateScript, preload), head: "" };
}

/** The whole HTML document of a public page. */
export async function renderPage({
  template,
  url,
  profile = DEFAULT_STUDIO_PROFILE,
  preload = [],
  catalog = null,
}: RenderPageInput): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <ToastProvider>
        <StudioProfileProvider initial={profile}>
          <CategoryCatalogProvider catalog={catalog}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </CategoryCatalogProvider>
        </StudioProfileProvider>
      </ToastProvider>
    </StrictMode>,
    // Every boundary in place, in document order: no outlined segments, so no inline script to move them
    // (the site's CSP allows no inline script).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const { head, body } = splitHead(await streamToString(prelude));
  if (
    /<script(?![^>]*type="application\/(?:ld\+)?json")[^>]*>(?!<\/script>)/.test(body) ||
    body.includes("<template")
  )
    throw new Error(`${url} rendered an inline script, which the site's CSP blocks`);
  const scripts = pageScripts(writeStudioJsonLd(template, profile), preload);
  return scripts.template
    .replace(/<title>[\s\S]*?<\/title>\s*/, "")
    .replace(/<meta\s+name="description"[\s\S]*?>\s*/, "")
    .replace("</head>", () => `${head}${scripts.head}${profileJson(profile)}${catalogJson(catalog)}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
    .replace(/<noscript>[\s\S]*?<\/noscript>/, () => noScriptNotice(profile));
}

export { DEFAULT_STUDIO_PROFILE };

/** A public page as the build sees it: its file name, budget class, and the words of its Open Graph card. */
export type PrerenderPage = {
  path: string;
  slug: string;
  kind: "home" | "category" | "other";
  card: { title: string; eyebrow: string; backdrop: string | null; tint?: readonly [string, string] };
};

const isCategory = (slug: string): slug is CategorySlug =>
  (CATEGORY_SLUGS as readonly string[]).includes(slug);

const CARDS: Record<string, PrerenderPage["card"]> = {
  home: {
    title: "Crafting Stories, Creating Impact",
    eyebrow: "Photo · Video · Film · Drone",
    backdrop: "/media/film-set.jpg",
  },
  about: { title: "About Us", eyebrow: "Our story", backdrop: "/media/edit-suite.jpg" },
  contact: { title: "Let's talk about your next story", eyebrow: "Contact", backdrop: "/media/aerial.jpg" },
  privacy: { title: "Privacy Policy", eyebrow: "Legal", backdrop: null },
  terms: { title: "Terms of Service", eyebrow: "Legal", backdrop: null },
};

/** Every page to prerender (PUBLIC_PAGE_PATHS), with what its Open Graph image shows. */
export function prerenderPages(): PrerenderPage[] {
  return PUBLIC_PAGE_PATHS.map((path) => {
    const slug = pageSlugOf(path);
    if (isCategory(slug)) {
      const hero = CATEGORY_HEROES[slug];
      return {
        path,
        slug,
        kind: "category",
        card: { title: hero.title, eyebrow: hero.subtitle, backdrop: hero.heroImage, tint: hero.gradient },
      };
    }
    const card = CARDS[slug];
    if (!card) throw new Error(`No Open Graph card for ${path}`);
    return { path, slug, kind: slug === "home" ? "home" : "other", card };
  });
}
