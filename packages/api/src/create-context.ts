import { authenticate } from "./auth/session";
import type { ApiDeps, Context, RequestInfo } from "./context";

/** A request's context: the long-lived deps, the request's facts, and its admin, looked up when a procedure asks. */
export function createContext(deps: ApiDeps, request: RequestInfo): Context {
  // A request made with an API key counts once against the key's limit, however often it is authenticated.
  let counted: Promise<void> | null = null;
  const ctx: Context = {
    ...deps,
    ...request,
    auth: async () => {
      const found = await authenticate(ctx, request.token, { apiKeys: request.apiKeys === true });
      if (found?.apiKey) {
        counted ??= deps.limiter.apiKey(found.apiKey.id, found.apiKey.rateLimitPerMinute);
        await counted;
      }
      return found;
    },
  };
  return ctx;
}
