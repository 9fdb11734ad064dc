/**
 * /metrics: 404 without METRICS_TOKEN, 401 without its bearer token, Prometheus text with it; and its figures
 * move under load (requests and latency per route, database time, refusals, uploads, outbox backlog, streams).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app";
import { fileForm, pngFile } from "./upload-test-files";

const TOKEN = "metrics-token-metrics-token";
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN, rateLimit: true });
  owner = await t.ownerToken();
});
afterAll(async () => {
  await t.close();
});

async function scrape(): Promise<string> {
  const res = await t.app.request("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain");
  return res.text();
}

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

describe("/metrics", () => {
  it("answers only to its token", async () => {
    expect((await t.app.request("/metrics")).status).toBe(401);
    const wrong = await t.app.request("/metrics", {
      headers: { Authorization: "Bearer not-the-metrics-token" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
    // An admin token is no metrics token.
    expect((await t.app.request("/metrics", { headers: { Authorization: `Bearer ${owner}` } })).status).toBe(
      401,
    );
    expect(await scrape()).toContain("# TYPE studio_http_requests_total counter");
  });

  it("is not found when METRICS_TOKEN is unset", async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.request("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("moves under load", async () => {
    const before = await scrape();
    const route = { method: "GET", route: "/api/services", status: "200" };
    for (let i = 0; i < 40; i++) expect((await t.call("GET", "/api/services")).status).toBe(200);
    for (let i = 0; i < 5; i++) await t.call("GET", `/api/bookings/${900_000 + i}`, { token: owner });
    // The public form limit is 20 a minute per address: the rest are refused.
    const service = await t.call("POST", "/api/services", {
      token: owner,
      body: { title: "Load", description: "d", price: 10, duration: "1 hour", features: [] },
    });
    const serviceId = (service.body.data as { id: number }).id;
    let refused = 0;
    for (let i = 0; i < 25; i++) {
      const res = await t.call("POST", "/api/bookings", {
        body: {
          name: "Load",
          email: "load@example.test",
          phone: "+1 555 0100",
          service_id: serviceId,
          date: new Date(Date.UTC(2038, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
          time: "10:00",
        },
      });
      if (res.status === 429) refused++;
    }
    expect(refused).toBe(5);
    const upload = await t.app.request("/api/services/upload-image", {
      method: "POST",
      headers: { Authorization: `Bearer ${owner}` },
      body: fileForm(pngFile(300, 200), "x.png", "image/png"),
    });
    expect(upload.status).toBe(201);
    const stream = await t.app.request("/api/live", { headers: { Authorization: `Bearer ${owner}` } });
    expect(stream.status).toBe(200);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta("studio_http_requests_total", route)).toBe(40);
    expect(delta("studio_http_request_duration_seconds_count", route)).toBe(40);
    expect(delta("studio_http_requests_total", { route: "/api/bookings/:id", status: "404" })).toBe(5);
    expect(
      delta("studio_http_requests_total", { route: "/api/bookings", method: "POST", status: "201" }),
    ).toBe(20);
    expect(delta("studio_rate_limit_refusals_total", { route: "/api/bookings" })).toBe(5);
    expect(delta("studio_uploads_stored_total", { purpose: "service_image" })).toBe(1);
    expect(delta("studio_db_query_duration_seconds_count")).toBeGreaterThan(40);
    // Each booking wrote two e-mails to the outbox; no worker runs here, so they wait.
    expect(sample(after, "studio_outbox_waiting", { queue: "mail" })).toBe(40);
    // Webhook events waiting for their fan-out are a queue of their own, with the age of the oldest.
    const createdAt = new Date(t.deps.now().getTime() - 90_000);
    await t.deps.db.webhookEvent.createMany({
      data: [{ payload: "{}", createdAt }, { payload: "{}" }],
    });
    const withEvents = await scrape();
    expect(sample(withEvents, "studio_outbox_waiting", { queue: "webhook.events" })).toBe(2);
    expect(
      sample(withEvents, "studio_outbox_oldest_age_seconds", { queue: "webhook.events" }),
    ).toBeGreaterThanOrEqual(90);
    await t.deps.db.webhookEvent.deleteMany();
    expect(sample(after, "studio_live_streams_open")).toBe(1);
    expect(after).toContain("studio_process_cpu_seconds_total");
    await stream.body?.cancel();
  });
});
