/**
 * What the HTML of a client's gallery page (/g/<token>) brings before any script runs: the gallery's cover, drawn
 * by the HTML itself (`galleryPreload`: its AVIF/WebP srcsets, signed as the page will sign them; the page's largest
 * picture), the app following once it is on screen; or, for a gallery without one, the page's JavaScript preloaded
 * side by side (the app's start and the gallery chunk with everything they import, read from the build's Vite
 * manifest) instead of one after another.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { type ApiDeps, galleryPreload } from "@studio/api";
import { escapeHtml, GALLERY_COVER_SIZES, startedByLoader } from "@studio/validators";

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

/**
 * The cover drawn by the HTML itself, where the page's own cover will be (below the 56 px header and the page's
 * 16 px top padding, 8 px from the sides on a phone and 24 px from 640 px, 192 px high, 288 px from 640 px, at most
 * 1152 px wide: gallery-page.tsx's classes), over the page (absolute: it moves nothing). The page removes it in the
 * same frame as it draws its own cover from the same (cached) file, so nothing shifts or flashes.
 */
const BOOT_STYLE =
  "<style>#gallery-boot{position:absolute;top:72px;left:0;right:0;padding:0 8px;pointer-events:none}" +
  "#gallery-boot>div{margin:0 auto;max-width:72rem;height:12rem;overflow:hidden;border-radius:.75rem}" +
  "#gallery-boot img{display:block;width:100%;height:100%;object-fit:cover}" +
  "@media (min-width:640px){#gallery-boot{padding:0 24px}#gallery-boot>div{height:18rem}}</style>";

/**
 * The HTML of a gallery page: the app's shell with, for a gallery that has a cover, the cover drawn in it and the
 * app started by the page loader (`loader`, src/hydrate.ts) once the cover is on screen, the gallery's chunks
 * preloaded then; for one without, those chunks preloaded with the HTML. Null: the shell as it is.
 */
export function galleryPage(deps: ApiDeps, webDist: string, loader: string | null) {
  const chunks = galleryModules(webDist).map((f) => `/${f}`);
  const preloads = chunks
    .map((f) => `<link rel="modulepreload" crossorigin href="${escapeHtml(f)}" />`)
    .join("");
  return async (pathname: string, shell: string): Promise<string | null> => {
    const hint = await galleryPreload(deps, pathname.slice("/g/".length));
    if (!hint) return preloads ? shell.replace("</head>", `${preloads}</head>`) : null;
    const sizes = `sizes="${GALLERY_COVER_SIZES}"`;
    const head = `<link rel="preload" as="image" type="${hint.type}" imagesrcset="${escapeHtml(hint.srcset)}" imagesizes="${GALLERY_COVER_SIZES}" fetchpriority="high" />${BOOT_STYLE}`;
    const body =
      `<div id="gallery-boot" aria-hidden="true"><div><picture>` +
      (hint.avif ? `<source type="image/avif" srcset="${escapeHtml(hint.avif)}" ${sizes} />` : "") +
      (hint.webp ? `<source type="image/webp" srcset="${escapeHtml(hint.webp)}" ${sizes} />` : "") +
      `<img src="${escapeHtml(hint.src)}" alt="" width="1152" height="288" fetchpriority="high" /></picture></div></div>`;
    // With the cover in the HTML, the app waits for it: started with the HTML, its scripts took the cover's
    // bandwidth on a phone's connection (Lighthouse mobile LCP 2.5 s with them preloaded, 1.8 s with the entry
    // alone, which still pulls React in at once).
    const html = shell
      .replace("</head>", `${head}</head>`)
      .replace('<div id="root"></div>', `<div id="root"></div>${body}`);
    return loader ? startedByLoader(html, loader, chunks) : html;
  };
}
