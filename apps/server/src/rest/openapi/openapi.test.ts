/**
 * The OpenAPI document: valid OpenAPI 3.1 (checked against the specification's own JSON Schema by
 * @seriousme/openapi-schema-validator), naming exactly the routes the REST layer serves, with examples that its
 * own schemas accept; and the reference page served from this origin under the strict CSP.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { openApiPath } from "./document";
import { OPERATIONS } from "./operations";

let t: TestApp;
let doc: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.request("/api/openapi.json");
  expect(res.status).toBe(200);
  doc = (await res.json()) as Record<string, unknown>;
});
afterAll(async () => {
  await t.close();
});

type PathItem = Record<
  string,
  { requestBody?: { content: Record<string, { schema: object; example?: unknown }> } }
>;

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents exactly the routes the REST layer serves", () => {
    const served = new Set(
      t.app.routes
        .filter((r) => r.path.startsWith("/api/") && r.method !== "ALL" && !r.path.includes("*"))
        .filter((r) => !r.path.startsWith("/api/docs/")) // the reference page's own assets
        .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path.replace(/\/$/, ""))}`),
    );
    const documented = new Set(OPERATIONS.map((op) => `${op.method} ${op.path}`));
    expect([...served].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !served.has(route))).toEqual([]);
    const paths = doc.paths as Record<string, PathItem>;
    for (const op of OPERATIONS) expect(paths[op.path]?.[op.method], `${op.method} ${op.path}`).toBeDefined();
  });

  it("has examples its own schemas accept, and describes every webhook event", () => {
    const ajv = new Ajv2020({ strict: false });
    let checked = 0;
    for (const item of Object.values(doc.paths as Record<string, PathItem>)) {
      for (const operation of Object.values(item)) {
        const json = operation.requestBody?.content["application/json"];
        if (!json?.example) continue;
        const validate = ajv.compile(json.schema);
        expect(validate(json.example), JSON.stringify(validate.errors)).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
    expect(Object.keys(doc.webhooks as object)).toEqual(
      expect.arrayContaining(["booking.created", "booking.moved", "feedback.submitted", "contact.received"]),
    );
  });

  it("names each admin call's API key scope", () => {
    const paths = doc.paths as Record<string, Record<string, Record<string, unknown>>>;
    expect(paths["/api/bookings/{id}/confirm"]?.patch?.["x-api-key-scope"]).toBe("bookings:write");
    expect(paths["/api/bookings"]?.get?.["x-api-key-scope"]).toBe("bookings:read");
    expect(paths["/api/bookings"]?.post?.security).toEqual([]);
  });
});

describe("GET /api/docs", () => {
  it("serves the interactive reference from this origin, within the CSP", async () => {
    const page = await t.app.request("/api/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-eval");
    // Only scripts of this origin, and no inline script.
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((s) => /src="([^"]+)"/.exec(s[1] ?? "")?.[1])).toEqual([
      "/api/docs/scalar.js",
      "/api/docs/start.js",
    ]);
    expect(scripts.every((s) => (s[2] ?? "").trim() === "")).toBe(true);
    const bundle = await t.app.request("/api/docs/scalar.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("javascript");
    expect(bundle.headers.get("content-encoding")).toBe("gzip");
    const start = await (await t.app.request("/api/docs/start.js")).text();
    expect(start).toContain('url: "/api/openapi.json"');
    expect(start).toContain("withDefaultFonts: false");
  });
});
