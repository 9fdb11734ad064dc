/**
 * msw handlers that answer tRPC requests procedure by procedure: batched GET queries, and mutations, which the
 * client sends one per request (not batched).
 */
import { HttpResponse, http } from "msw";

type Resolver = (input: unknown) => unknown;
export type TrpcError = {
  trpcError: { code: string; httpStatus: number; message: string; fieldErrors?: Record<string, string> };
};

export function trpcError(
  httpStatus: number,
  message: string,
  code = "BAD_REQUEST",
  fieldErrors?: Record<string, string>,
): TrpcError {
  return { trpcError: { code, httpStatus, message, fieldErrors } };
}

function answer(value: unknown) {
  if (value && typeof value === "object" && "trpcError" in value) {
    const { code, httpStatus, message, fieldErrors } = (value as TrpcError).trpcError;
    return { error: { message, code: -32600, data: { code, httpStatus, fieldErrors } } };
  }
  return { result: { data: value } };
}

/** The studio's zone the tests' `site.config` answers unless a test answers its own (not the machine's zone). */
export const TEST_STUDIO_ZONE = "Asia/Kolkata";

/** What every page may ask without a test saying so: the site configuration (the studio's zone). */
const DEFAULT_RESOLVERS: Record<string, Resolver> = {
  "site.config": () => ({ timeZone: TEST_STUDIO_ZONE, today: "2030-01-01", mapTileUrl: "" }),
};

/** One handler for all procedures in `resolvers`, keyed by "router.procedure". */
export function trpcHandlers(custom: Record<string, Resolver>) {
  const resolvers = { ...DEFAULT_RESOLVERS, ...custom };
  const handle = async (paths: string[], inputs: Record<string, unknown>, batch: boolean) => {
    const results = await Promise.all(
      paths.map(async (p, i) => {
        const resolver = resolvers[p];
        if (!resolver)
          return answer({ trpcError: { code: "NOT_FOUND", httpStatus: 404, message: `No mock for ${p}` } });
        return answer(await resolver(inputs[String(i)]));
      }),
    );
    const status = results.some((r) => "error" in r)
      ? results.length > 1
        ? 207
        : (results[0] as { error: { data: { httpStatus: number } } }).error.data.httpStatus
      : 200;
    return HttpResponse.json(batch ? results : results[0], { status });
  };
  return [
    http.get("*/trpc/:paths", ({ params, request }) => {
      const url = new URL(request.url);
      const batch = url.searchParams.has("batch");
      const input = JSON.parse(url.searchParams.get("input") ?? "{}") as unknown;
      const inputs = (batch ? input : { 0: input }) as Record<string, unknown>;
      return handle(String(params.paths).split(","), inputs, batch);
    }),
    http.post("*/trpc/:paths", async ({ params, request }) => {
      const batch = new URL(request.url).searchParams.has("batch");
      const input = (await request.json().catch(() => ({}))) as unknown;
      const inputs = (batch ? input : { 0: input }) as Record<string, unknown>;
      return handle(String(params.paths).split(","), inputs, batch);
    }),
  ];
}
