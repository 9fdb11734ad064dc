/**
 * GET /api/openapi.json and the interactive reference at /api/docs (Scalar's API reference), served from this
 * origin: its script is the standalone bundle of @scalar/api-reference from node_modules, its start-up a small
 * script file of ours, so the strict Content-Security-Policy (script-src 'self', no inline script, fonts and
 * connections to this origin only) holds. Scalar's own fonts, proxy and services are turned off.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import { Hono } from "hono";
import { openApiDocument } from "./document";

const require = createRequire(import.meta.url);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Studio API reference</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  </head>
  <body>
    <noscript>The interactive reference needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
    <div id="app"></div>
    <script src="/api/docs/scalar.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

const START = `Scalar.createApiReference("#app", {
  url: "/api/openapi.json",
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  telemetry: false,
  agent: { disabled: true },
  documentDownloadType: "json",
  persistAuth: false,
});
`;

/** The bundle, read and compressed once, on the first request. */
let bundle: { raw: Buffer; gzip: Buffer } | null = null;
function scalarBundle() {
  if (!bundle) {
    const raw = readFileSync(require.resolve("@scalar/api-reference/browser/standalone.js"));
    bundle = { raw, gzip: gzipSync(raw, { level: 6 }) };
  }
  return bundle;
}

export const referenceRoutes = new Hono()
  .get("/openapi.json", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json(openApiDocument());
  })
  .get("/docs", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(PAGE);
  })
  .get("/docs/start.js", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.body(START, 200, { "Content-Type": "text/javascript; charset=utf-8" });
  })
  .get("/docs/scalar.js", (c) => {
    const { raw, gzip } = scalarBundle();
    const headers: Record<string, string> = {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      Vary: "Accept-Encoding",
    };
    if (/\bgzip\b/.test(c.req.header("accept-encoding") ?? ""))
      return c.body(new Uint8Array(gzip), 200, { ...headers, "Content-Encoding": "gzip" });
    return c.body(new Uint8Array(raw), 200, headers);
  });
