/**
 * The server's entry. Tracing (OpenTelemetry, when OTEL_EXPORTER_OTLP_ENDPOINT is set) must start before the
 * modules it instruments are imported (pg, ioredis, the HTTP client), so the server itself (server.ts) is
 * imported only after it. Without the endpoint nothing of OpenTelemetry is loaded.
 */
import { loadEnv } from "./env";

const env = loadEnv();
if (env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import("./tracing");
  startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME });
}
await import("./server");
