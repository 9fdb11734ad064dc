import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  CATEGORY_SLUGS,
  type CategoryCatalog,
  type CategorySlug,
  PLACEHOLDER_ORIGIN,
  type StudioProfile,
  writeStudioJsonLd,
} from "@studio/validators";

/** What the web build writes next to the client (apps/web/scripts/prerender.ts). */
export const SSR_DIR = "ssr";

type BuildManifest = {
  /** The studio profile the prerendered files show (the default one). */
  profile: unknown;
  pages: { path: string; file: string; preload: string[] }[];
  /** The page loader (src/hydrate.ts's build); absent in builds older than it. */
  loader?: string;
};

/** The server entry of the web build (apps/web/src/entry-server.tsx). */
type ServerEntry = {
  renderPage: (input: {
    template: string;
    url: string;
    profile: StudioProfile;
    preload: readonly string[];
    catalog?: CategoryCatalog | null;
  }) => Promise<string>;
};

export type PrerenderedPage = {
  /**
   * Changes whenever the HTML does (the profile, and a category page's catalog, it was rendered with): a cache
   * key for its compressed copies.
   */
  key: string;
  html: string;
};

export type PrerenderedPages = {
  /** The HTML of a public page (null for any other path), with the current studio profile and public URL. */
  page: (pathname: string) => Promise<PrerenderedPage | null>;
  /** The loader that starts the app once a page has painted (src/hydrate.ts), null in a build without one. */
  loader: string | null;
};

/** JSON with sorted keys: two equal profiles give the same text, whatever order their fields came in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** A profile's version: its content, without the time it was saved (saving the defaults changes nothing). */
export function profileVersion(profile: unknown): string {
  const content =
    profile && typeof profile === "object"
      ? { ...(profile as Record<string, unknown>), updated_at: null }
      : profile;
  return createHash("sha256").update(canonicalJson(content)).digest("hex").slice(0, 16);
}

/** The category a page path shows (/photography → photography), or null for any other page. */
function categoryOfPath(pathname: string): CategorySlug | null {
  const slug = pathname.slice(1);
  return (CATEGORY_SLUGS as readonly string[]).includes(slug) ? (slug as CategorySlug) : null;
}

/**
 * A catalog's version: its content. Remembered per answer of the read cache (the same lists until a write
 * invalidates them), so a page request costs no hashing while nothing changed.
 */
const catalogVersions = new WeakMap<object, string>();
export function catalogVersion(catalog: CategoryCatalog): string {
  const part = (list: object) => {
    let version = catalogVersions.get(list);
    if (!version) {
      version = createHash("sha256").update(canonicalJson(list)).digest("hex").slice(0, 16);
      catalogVersions.set(list, version);
    }
    return version;
  };
  return part(catalog.services) + part(catalog.portfolio);
}

/**
 * The prerendered public pages of a web build. While the stored studio profile is the one the build used (the
 * default), a page is its prerendered file as is. Once the profile differs, the page is rendered again here
 * with the current profile (the build's server entry, React's `prerender`), once per page and version, so the
 * HTML is never stale and its embedded profile JSON is the one it was rendered with (hydration matches).
 *
 * A category page shows the studio's services and portfolio of its category (`catalog`, from the read cache):
 * it is always rendered here, with the current lists, once per page and version of profile and lists. A write
 * (here, or on another instance: the read cache's cross-instance invalidation) gives new lists, hence a new
 * version and a new render on the next request. The placeholder origin becomes PUBLIC_URL's, as in robots.txt.
 *
 * Returns null when the build has no prerendered pages (an older build): the SPA shell is served instead.
 */
export function loadPrerenderedPages(
  distDir: string,
  options: {
    publicUrl?: string | null;
    /** The current studio profile (from the read cache); without it, the prerendered files are served as is. */
    profile?: () => Promise<StudioProfile>;
    /** A category's current services and portfolio (from the read cache); without it, the files are served. */
    catalog?: (category: CategorySlug) => Promise<CategoryCatalog>;
    onError?: (error: unknown, pathname: string) => void;
  } = {},
): PrerenderedPages | null {
  const ssrDir = path.join(path.resolve(distDir), SSR_DIR);
  const manifestFile = path.join(ssrDir, "pages.json");
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as BuildManifest;
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  const withOrigin = (html: string) =>
    publicOrigin ? html.replaceAll(PLACEHOLDER_ORIGIN, publicOrigin) : html;
  const buildVersion = profileVersion(manifest.profile);
  const byPath = new Map(manifest.pages.map((p) => [p.path, p]));
  const prerendered = new Map<string, PrerenderedPage>();
  const template = () => readFileSync(path.join(path.resolve(distDir), "index.html"), "utf8");

  let entry: Promise<ServerEntry> | null = null;
  const serverEntry = () => {
    entry ??= import(pathToFileURL(path.join(ssrDir, "entry-server.js")).href) as Promise<ServerEntry>;
    return entry;
  };
  /** The latest render of each page, with the version it was rendered for. */
  const rendered = new Map<string, { version: string; page: Promise<PrerenderedPage> }>();
  function fromBuild(page: BuildManifest["pages"][number]): PrerenderedPage {
    let hit = prerendered.get(page.path);
    if (!hit) {
      hit = {
        key: `${page.path}@${buildVersion}`,
        html: withOrigin(readFileSync(path.join(ssrDir, page.file), "utf8")),
      };
      prerendered.set(page.path, hit);
    }
    return hit;
  }

  function render(
    page: BuildManifest["pages"][number],
    version: string,
    profile: StudioProfile,
    catalog: CategoryCatalog | null,
  ): Promise<PrerenderedPage> {
    const current = rendered.get(page.path);
    if (current?.version === version) return current.page;
    const hit = serverEntry()
      .then((server) =>
        server.renderPage({ template: template(), url: page.path, profile, preload: page.preload, catalog }),
      )
      // The LocalBusiness data is the current profile's whatever the build's entry wrote (issue 26).
      .then((html) => ({
        key: `${page.path}@${version}`,
        html: withOrigin(writeStudioJsonLd(html, profile)),
      }));
    rendered.set(page.path, { version, page: hit });
    // A failed render is not kept: the next request tries again.
    hit.catch((error: unknown) => {
      if (rendered.get(page.path)?.page === hit) rendered.delete(page.path);
      options.onError?.(error, page.path);
    });
    return hit;
  }

  return {
    loader: manifest.loader ?? null,
    async page(pathname) {
      const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
      const page = byPath.get(normalized);
      if (!page) return null;
      const category = options.catalog ? categoryOfPath(page.path) : null;
      if (!options.profile && !category) return fromBuild(page);
      const [profile, catalog] = await Promise.all([
        options.profile ? options.profile() : (manifest.profile as StudioProfile),
        category && options.catalog ? options.catalog(category) : null,
      ]);
      const version = profileVersion(profile);
      if (!catalog) return version === buildVersion ? fromBuild(page) : render(page, version, profile, null);
      return render(page, `${version}.${catalogVersion(catalog)}`, profile, catalog);
    },
  };
}
