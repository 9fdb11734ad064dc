import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The JavaScript budget of the public pages, checked by every build (a size check, not a timing): the initial
 * JavaScript of a page is the entry chunk, its static imports and the chunks its HTML preloads to hydrate
 * (route chunk, footer), gzip -9. The home page may not pass 90 KB, a category page 95 KB.
 */
export const JS_BUDGET_KB = { home: 90, category: 95 } as const;

/** The part of Vite's manifest (build.manifest) the budget reads. */
export type ViteManifest = Record<
  string,
  { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
>;

/** The manifest key of the HTML entry. */
export function entryKey(manifest: ViteManifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!key) throw new Error("The Vite manifest names no entry chunk");
  return key;
}

/**
 * The manifest key of a module ("src/site/pages/about.tsx") or of a named chunk group ("contact", the
 * codeSplitting groups of vite.config.ts, whose modules have no key of their own).
 */
export function manifestKey(manifest: ViteManifest, id: string): string {
  if (manifest[id]) return id;
  const group = Object.keys(manifest).find(
    (key) => key.startsWith(`_${id}-`) && /^_[\w-]+-[\w-]{8}\.js$/.test(key),
  );
  if (!group) throw new Error(`${id} is not in the Vite manifest`);
  return group;
}

/** Files (/assets/…) of a chunk and everything it imports statically. */
export function chunkFiles(manifest: ViteManifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[manifestKey(manifest, key)];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  const file = `/${chunk.file}`;
  if (into.has(file)) return into;
  into.add(file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into);
  return into;
}

const gzipKb = (outDir: string, file: string) =>
  gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length / 1024;

export type PageWeight = { path: string; kb: number; budget: number | null; files: string[] };

/** The initial JavaScript of each page (entry + static imports + preloads) and its budget, if it has one. */
export function measurePages(
  outDir: string,
  manifest: ViteManifest,
  pages: { path: string; kind: "home" | "category" | "other"; preload: readonly string[] }[],
  /** Scripts every page loads besides the app (the prerendered pages' loader, src/hydrate.ts). */
  extra: readonly string[] = [],
): PageWeight[] {
  const entry = chunkFiles(manifest, entryKey(manifest));
  return pages.map(({ path: page, kind, preload }) => {
    const files = [...new Set([...extra, ...entry, ...preload])];
    const kb = files.reduce((sum, file) => sum + gzipKb(outDir, file), 0);
    return { path: page, kb, budget: kind === "other" ? null : JS_BUDGET_KB[kind], files };
  });
}

/** A report line per page; throws (failing the build) when a page is over its budget. */
export function checkBudget(weights: PageWeight[], log: (line: string) => void, warnOnly = false): void {
  const over = weights.filter((w) => w.budget !== null && w.kb > w.budget);
  for (const w of weights)
    log(
      `  ${w.path.padEnd(22)} ${w.kb.toFixed(1).padStart(6)} KB gzip initial JS${
        w.budget === null ? "" : ` (budget ${w.budget} KB${w.kb > w.budget ? ", OVER" : ""})`
      }`,
    );
  if (over.length && warnOnly) log("  JS_BUDGET=warn: over budget, not failing the build");
  else if (over.length)
    throw new Error(
      `JavaScript budget exceeded: ${over
        .map((w) => `${w.path} ${w.kb.toFixed(1)} KB > ${w.budget} KB (${w.files.join(", ")})`)
        .join("; ")}`,
    );
}
