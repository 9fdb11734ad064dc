// Builds the server as JavaScript: apps/server/dist/main.js, run in production by `node` alone (`pnpm start`), so
// there is one process that gets the signals (no tsx wrapper, no esbuild service at run time).
//
// The workspace's own packages (@studio/*, TypeScript sources) are bundled in. Every other package stays a
// separate import, as Node would load it from the importing package: pnpm gives each package only its own
// dependencies, so a bare "pg" from the bundle's folder would not be found. Each such import is resolved at build
// time from the file that wrote it (with Node's own conditions) and written as a path relative to the bundle.
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(serverDir, "dist");

/** Resolves every package import outside the workspace to the file Node would load, kept external. */
const packagesAsFiles = {
  name: "packages-as-files",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith("node:") || args.pluginData === "resolving") return undefined;
      if (args.path.startsWith("@studio/")) return undefined; // our sources: bundled
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: "resolving",
      });
      if (resolved.errors.length) return { errors: resolved.errors };
      if (resolved.external || !path.isAbsolute(resolved.path)) return { path: args.path, external: true };
      let relative = path.relative(outdir, resolved.path).split(path.sep).join("/");
      if (!relative.startsWith(".")) relative = `./${relative}`;
      return { path: relative, external: true };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: path.join(serverDir, "src/main.ts") },
  outdir,
  bundle: true,
  splitting: true, // the S3 driver stays a chunk loaded only when STORAGE=s3
  format: "esm",
  platform: "node",
  target: "node20",
  // Node's own choice of a package's entry: "main" and the "import"/"node" export conditions, never "module".
  mainFields: ["main"],
  conditions: ["node", "import"],
  jsx: "automatic",
  sourcemap: "linked",
  metafile: true,
  logLevel: "warning",
  plugins: [packagesAsFiles],
  banner: { js: "// Built by apps/server/scripts/build.mjs from apps/server/src/main.ts; do not edit." },
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith(".js"))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(
  `server built: ${path.relative(process.cwd(), path.join(outdir, "main.js"))} (${Math.round(bytes / 1024)} KB)`,
);
