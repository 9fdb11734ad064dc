/**
 * OpenTelemetry against the real server process: with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local OTLP/HTTP
 * receiver started here, the trace of one booking arrives (its request span named by route, with the database
 * statements of that request in the same trace), and the request log carries that trace id. SQLite and PostgreSQL.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bookingBody,
  createScenarioDb,
  firstServiceId,
  http as call,
  PROVIDERS,
  type ScenarioDb,
  type ServerHandle,
  startServer,
  waitUntil,
} from "./support";

type Span = { traceId: string; name: string; scope: string; attributes: Record<string, unknown> };

/** An OTLP/HTTP trace receiver (JSON encoding, as the exporter sends it). */
async function startOtlpReceiver() {
  const spans: Span[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      if (req.url === "/v1/traces" && (req.headers["content-type"] ?? "").includes("json")) {
        const parsed = JSON.parse(body) as {
          resourceSpans?: {
            scopeSpans?: {
              scope?: { name?: string };
              spans?: {
                traceId: string;
                name: string;
                attributes?: { key: string; value: Record<string, unknown> }[];
              }[];
            }[];
          }[];
        };
        for (const resource of parsed.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              spans.push({
                traceId: span.traceId,
                name: span.name,
                scope: scope.scope?.name ?? "",
                attributes: Object.fromEntries(
                  (span.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]]),
                ),
              });
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(PROVIDERS)("traces on %s", (provider) => {
  let db: ScenarioDb;
  let server: ServerHandle;
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    db = await createScenarioDb(provider, `otel-${provider}`);
    server = await startServer({
      db,
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: "100", LOG_LEVEL: "info" },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await receiver?.close();
  });

  it("a booking's trace reaches the OTLP receiver, and the request log names its trace id", async () => {
    const res = await call(server.base, "POST", "/api/bookings", {
      body: bookingBody(1, await firstServiceId(db)),
    });
    expect(res.status).toBe(201);
    const request = await waitUntil("the booking's request span", async () =>
      receiver.spans.find((s) => s.name === "POST /api/bookings"),
    );
    expect(request.attributes["http.route"]).toBe("/api/bookings");
    // The database work of that request is in the same trace.
    await waitUntil("the booking's database spans", async () =>
      receiver.spans.some(
        (s) =>
          s.traceId === request.traceId && (s.scope === "prisma" || s.scope.includes("instrumentation-pg")),
      ),
    );
    const logged = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"path":"/api/bookings"'))
      .map((line) => JSON.parse(line) as { trace_id?: string });
    expect(logged.map((l) => l.trace_id)).toContain(request.traceId);
  });
});

describe("without an endpoint", () => {
  it("logs no trace ids (nothing of OpenTelemetry is loaded)", async () => {
    const db = await createScenarioDb("sqlite", "otel-off");
    const server = await startServer({ db, env: { LOG_LEVEL: "info" } });
    try {
      expect((await call(server.base, "GET", "/api/services")).status).toBe(200);
      const lines = server
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"request"'));
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.some((line) => line.includes("trace_id"))).toBe(false);
    } finally {
      await server.stop();
      await db.drop();
    }
  });
});
