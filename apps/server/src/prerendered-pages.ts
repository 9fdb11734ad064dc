import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PLACEHOLDER_ORIGIN, type StudioProfile, writeStudioJsonLd } from "@studio/validators";

/** What the web build writes next to the client (apps/web/scripts/prerender.ts). */
export const SSR_DIR = "ssr";

type BuildManifest = {
  /** The studio profile the prerendered files show (the default one). */
  profile: unknown;
  pages: { path: string; file: string; preload: string[] }[];
};

/** The server entry of the web build (apps/web/src/entry-server.tsx). */
type ServerEntry = {
  renderPage: (input: {
    template: string;
    url: string;
    profile: StudioProfile;
    preload: readonly string[];
  }) => Promise<string>;
};

export type PrerenderedPage = {
  /** Changes whenever the HTML does (the profile it was rendered with): a cache key for its compressed copies. */
  key: string;
  html: string;
};

export type PrerenderedPages = {
  /** The HTML of a public page (null for any other path), with the current studio profile and public URL. */
  page: (pathname: string) => Promise<PrerenderedPage | null>;
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

/**
 * The prerendered public pages of a web build. While the stored studio profile is the one the build used (the
 * default), a page is its prerendered file as is. Once the profile differs, the page is rendered again here
 * with the current profile (the build's server entry, React's `prerender`), once per page and profile version,
 * so the HTML is never stale and its embedded profile JSON is the one it was rendered with (hydration matches).
 * The cache holds one profile version: a new version (a save, learnt through the read cache's cross-instance
 * invalidation) starts it afresh. The placeholder origin becomes PUBLIC_URL's, as in robots.txt.
 *
 * Returns null when the build has no prerendered pages (an older build): the SPA shell is served instead.
 */
export function loadPrerenderedPages(
  distDir: string,
  options: {
    publicUrl?: string | null;
    /** The current studio profile (from the read cache); without it, the prerendered files are served as is. */
    profile?: () => Promise<StudioProfile>;
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
  let renderedVersion = "";
  let rendered = new Map<string, Promise<PrerenderedPage>>();

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

  return {
    async page(pathname) {
      const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
      const page = byPath.get(normalized);
      if (!page) return null;
      if (!options.profile) return fromBuild(page);
      const profile = await options.profile();
      const version = profileVersion(profile);
      if (version === buildVersion) return fromBuild(page);
      if (version !== renderedVersion) {
        renderedVersion = version;
        rendered = new Map();
      }
      let hit = rendered.get(page.path);
      if (!hit) {
        const cache = rendered;
        hit = serverEntry()
          .then((server) =>
            server.renderPage({ template: template(), url: page.path, profile, preload: page.preload }),
          )
          // The LocalBusiness data is the current profile's whatever the build's entry wrote (issue 26).
          .then((html) => ({
            key: `${page.path}@${version}`,
            html: withOrigin(writeStudioJsonLd(html, profile)),
          }));
        cache.set(page.path, hit);
        // A failed render is not kept: the next request tries again.
        hit.catch((error: unknown) => {
          if (cache.get(page.path) === hit) cache.delete(page.path);
          options.onError?.(error, page.path);
        });
      }
      return hit;
    },
  };
}
