/** A real app on a fresh test database, driven through app.request(). */
import type { ApiConfig, ApiDeps } from "@studio/api";
import { createHarness, type Harness } from "@studio/api/testing";
import type { TestS3 } from "@studio/api/testing/s3";
import { createApp } from "../app";
import { createLogger } from "../logger";
import { createMetrics } from "../metrics";

export type TestApp = {
  app: ReturnType<typeof createApp>;
  harness: Harness;
  deps: ApiDeps;
  /** JSON request helper: returns status, headers and parsed body. */
  call: (
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string },
  ) => Promise<{ status: number; headers: Headers; body: Record<string, unknown> }>;
  ownerToken: () => Promise<string>;
  close: () => Promise<void>;
};

export async function createTestApp(
  options: {
    config?: Partial<ApiConfig>;
    /** Public form limits (per procedure call, per IP); off unless a test is about them. */
    rateLimit?: boolean;
    webDist?: string | null;
    /** Read cache (and response snapshot) lifetime; 0 (off) unless a test is about caching. */
    cacheTtlMs?: number;
    /** Uploads go to this S3 server's bucket instead of the local disk. */
    s3?: TestS3;
    /** Measure, and answer /metrics to this bearer token (METRICS_TOKEN). */
    metricsToken?: string;
  } = {},
): Promise<TestApp> {
  const harness = await createHarness(options.config, {
    cacheTtlMs: options.cacheTtlMs,
    formLimits: options.rateLimit ?? false,
    s3: options.s3,
  });
  const metrics = options.metricsToken ? createMetrics(harness.deps) : null;
  const app = createApp(harness.deps, {
    logger: createLogger("silent"),
    webDist: options.webDist ?? null,
    trustProxy: false,
    corsOrigins: ["https://partner.example"],
    metrics: metrics && options.metricsToken ? { registry: metrics, token: options.metricsToken } : null,
    s3: options.s3?.options ?? null,
  });
  const call: TestApp["call"] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(opts.body);
    }
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { _text: text };
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };
  let owner: string | null = null;
  return {
    app,
    harness,
    deps: harness.deps,
    call,
    ownerToken: async () => {
      owner ??= (await harness.admin()).token;
      return owner;
    },
    close: async () => {
      metrics?.stop();
      await harness.close();
    },
  };
}
