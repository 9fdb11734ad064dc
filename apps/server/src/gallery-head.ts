/**
 * What the HTML of a client's gallery page (/g/<token>) asks the browser for before any script runs: the page's
 * JavaScript (the app's start and the gallery page's chunk with everything they import, read from the build's
 * Vite manifest, so the chunks load side by side instead of one after another) and the gallery's cover
 * (`galleryPreload`: its AVIF srcset, signed as the page will sign it). The cover is the page's largest picture.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { type ApiDeps, galleryPreload } from "@studio/api";
import { GALLERY_COVER_SIZES } from "@studio/validators";

type ManifestChunk = { file: string; imports?: string[] };

/** The chunks the gallery page needs, in the build at `webDist` (none when it has no manifest). */
export function galleryModules(webDist: string): string[] {
  const file = path.join(webDist, ".vite/manifest.json");
  if (!existsSync(file)) return [];
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of ["src/app/start.tsx", "src/site/gallery/gallery-page.tsx"]) visit(key);
  return [...files].filter((f) => f.endsWith(".js"));
}

const attr = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export function galleryHead(deps: ApiDeps, webDist: string) {
  const modules = galleryModules(webDist)
    .map((f) => `<link rel="modulepreload" crossorigin href="/${attr(f)}" />`)
    .join("");
  return async (pathname: string): Promise<string | null> => {
    const hint = await galleryPreload(deps, pathname.slice("/g/".length));
    const cover = hint
      ? `<link rel="preload" as="image" type="${hint.type}" imagesrcset="${attr(hint.srcset)}" imagesizes="${GALLERY_COVER_SIZES}" fetchpriority="high" />`
      : "";
    return cover + modules || null;
  };
}
