import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig, type Rolldown } from "vite";
import type * as ServerEntry from "../src/entry-server";
import { checkBudget, chunkFiles, entryKey, measurePages, type ViteManifest } from "./js-budget.ts";
import { OG_SIZE, renderOgCard } from "./og-images.ts";

/** Where the build puts the server side of prerendering (never served: apps/server/src/static-spa.ts). */
export const SSR_DIR = "ssr";

/**
 * Lazily loaded route chunks a page renders on the server, preloaded by its HTML so it hydrates without a
 * waterfall (manifest keys; keys are page slugs, "category" for every category page). The home page is in the
 * app's chunk (APP_START_CHUNKS); the footer and a category page's sections hydrate after the first view
 * (app/server-painted.ts), so they are not part of the initial JavaScript. The build fails if one of them is not in the manifest.
 */
const PRELOADED_ROUTE_CHUNKS: Record<string, readonly string[]> = {
  about: ["src/site/pages/about.tsx"],
  contact: ["src/site/pages/contact.tsx"],
  privacy: ["src/site/pages/privacy.tsx"],
  terms: ["src/site/pages/terms.tsx"],
  category: ["src/site/pages/category.tsx"],
};

/**
 * What every page starts the app with besides the entry (src/main.tsx): the app's modules, which the entry imports
 * as a step of its own (manifest key). Preloaded with the entry's own imports (React), so the steps never wait
 * for the network.
 */
const APP_START_CHUNKS = ["src/app/start.tsx"] as const;

/**
 * Builds the loader prerendered pages start with (src/hydrate.ts: it loads the app once the page has painted)
 * on its own, next to the app's assets, and returns its path (/assets/hydrate-<hash>.js). Not a second input of
 * the app's build: the shell chunk group would take it in, and the loader must import nothing.
 */
async function buildLoader(config: ResolvedConfig, outDir: string): Promise<string> {
  const result = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: "warn",
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      manifest: false,
      target: "es2022",
      rolldownOptions: {
        input: path.join(config.root, "src/hydrate.ts"),
        output: { entryFileNames: "assets/hydrate-[hash].js" },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((file) => file.type === "chunk" && file.isEntry);
  if (!chunk) throw new Error("building the page loader (src/hydrate.ts) wrote no script");
  return `/${chunk.fileName}`;
}

/** What apps/server/src/prerendered-pages.ts reads: the pages, their files and preloads, the build's profile. */
export type PrerenderManifest = {
  /** The studio profile the HTML files were rendered with (the default). */
  profile: unknown;
  pages: { path: string; file: string; preload: string[] }[];
  /** The loader's script (/assets/hydrate-<hash>.js), for pages the server draws itself (a client's gallery). */
  loader: string;
};

/**
 * Prerenders every public page after the client build (React's `prerender` over the server entry, built here
 * with the same config), writes their Open Graph images, and checks the JavaScript budget.
 */
export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "studio:prerender",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const started = Date.now();
      const log = (line: string) => config.logger.info(line);
      const outDir = path.resolve(config.root, config.build.outDir);
      const ssrDir = path.join(outDir, SSR_DIR);
      const hydrateScript = await buildLoader(config, outDir);
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: "warn",
        build: {
          ssr: path.join(config.root, "src/entry-server.tsx"),
          outDir: ssrDir,
          emptyOutDir: true,
          copyPublicDir: false,
          manifest: false,
        },
        // One self-contained bundle: the server loads it from any dist folder, whatever node_modules are there.
        ssr: { noExternal: true, target: "node" },
        // renderPage starts every prerendered page with the built loader (its file name has the content hash).
        define: { __HYDRATE_SCRIPT__: JSON.stringify(hydrateScript) },
      });
      const entry: typeof ServerEntry = await import(
        pathToFileURL(path.join(ssrDir, "entry-server.js")).href
      );
      const manifest: ViteManifest = JSON.parse(
        readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8"),
      );
      const template = readFileSync(path.join(outDir, "index.html"), "utf8");
      const publicDir = config.publicDir;

      const startFiles = [
        ...new Set([
          ...chunkFiles(manifest, entryKey(manifest)),
          ...APP_START_CHUNKS.flatMap((key) => [...chunkFiles(manifest, key)]),
        ]),
      ];
      const pages = entry.prerenderPages();
      const written: PrerenderManifest["pages"] = [];
      const weighed: Parameters<typeof measurePages>[2] = [];
      mkdirSync(path.join(ssrDir, "pages"), { recursive: true });
      for (const page of pages) {
        const modules = PRELOADED_ROUTE_CHUNKS[page.kind === "category" ? "category" : page.slug] ?? [];
        const preload = [
          ...new Set([...startFiles, ...modules.flatMap((key) => [...chunkFiles(manifest, key)])]),
        ];
        const html = await entry.renderPage({ template, url: page.path, preload });
        const file = `pages/${page.slug}.html`;
        writeFileSync(path.join(ssrDir, file), html);
        written.push({ path: page.path, file, preload });
        weighed.push({ path: page.path, kind: page.kind, preload });
        await renderOgCard({
          file: path.join(outDir, "og", `${page.slug}.jpg`),
          backdrop: page.card.backdrop ? path.join(publicDir, page.card.backdrop) : null,
          title: page.card.title,
          eyebrow: page.card.eyebrow,
          tint: page.card.tint,
        });
      }
      const result: PrerenderManifest = {
        profile: entry.DEFAULT_STUDIO_PROFILE,
        pages: written,
        loader: hydrateScript,
      };
      writeFileSync(path.join(ssrDir, "pages.json"), `${JSON.stringify(result, null, 2)}\n`);
      log(
        `prerendered ${written.length} pages and their ${OG_SIZE.width}×${OG_SIZE.height} Open Graph images in ${Date.now() - started} ms`,
      );
      log("JavaScript budget (entry + static imports + preloaded chunks, gzip -9):");
      // JS_BUDGET=warn reports without failing (to measure a work in progress); CI never sets it.
      checkBudget(
        measurePages(outDir, manifest, weighed, [hydrateScript]),
        log,
        process.env.JS_BUDGET === "warn",
      );
    },
  };
}
