/**
 * The ceiling for `pnpm bench`: a bare Hono app on @hono/node-server with one JSON route and nothing else
 * (no middleware, no database), and optionally routes answering given bodies as constants. It runs in its
 * own process, like the real server, so both get a core of their own and autocannon's client does not share
 * an event loop with either.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { REPO_ROOT } from "@studio/db";

// hono is a dependency of apps/server, not of the repository root: resolve it from there.
const fromServer = createRequire(path.join(REPO_ROOT, "apps/server/package.json"));
type Handler = (c: {
  json: (body: unknown) => Response;
  body: (data: Uint8Array, status: number, headers: Record<string, string>) => Response;
}) => Response;
type HonoApp = { get: (path: string, handler: Handler) => void; fetch: (request: Request) => Response };
const { Hono } = (await import(pathToFileURL(fromServer.resolve("hono")).href)) as {
  Hono: new () => HonoApp;
};
const { serve } = (await import(pathToFileURL(fromServer.resolve("@hono/node-server")).href)) as {
  serve: (options: { fetch: HonoApp["fetch"]; hostname: string; port: number }, ready: () => void) => void;
};

const app = new Hono();
const payload = { success: true, data: [{ id: 1, title: "Portrait Session", price: 299 }] };
app.get("/bare", (c) => c.json(payload));
// BARE_BODY_FILES (a JSON list of files): real answers' bytes, each served as a constant at /payload/<index>,
// to show what their size alone allows.
const bodyFiles = JSON.parse(process.env.BARE_BODY_FILES ?? "[]") as string[];
for (const [i, file] of bodyFiles.entries()) {
  const body = new Uint8Array(readFileSync(file));
  app.get(`/payload/${i}`, (c) => c.body(body, 200, { "content-type": "application/json" }));
}

const port = Number(process.env.PORT);
serve({ fetch: app.fetch, hostname: "127.0.0.1", port }, () => {
  process.stdout.write("ready\n");
});
process.on("SIGTERM", () => process.exit(0));
