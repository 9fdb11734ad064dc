import type { Db, DbProvider } from "@studio/db";
import { type Authenticated, authenticate } from "./auth/session";
import type { ReadCache } from "./cache";
import type { ApiConfig } from "./config";
import type { EventBus } from "./events/bus";
import type { Limiter } from "./limits/limiter";
import type { UploadStorage } from "./storage/storage";

/** Long-lived dependencies, built once by the server (or per test file). */
export type ApiDeps = {
  db: Db;
  provider: DbProvider;
  config: ApiConfig;
  storage: UploadStorage;
  now: () => Date;
  /** Public list cache (see cache.ts). */
  cache: ReadCache;
  /** Rate limits and lockouts, counted per procedure call. */
  limiter: Limiter;
  /** Messages between instances (cache invalidation, live events). */
  bus: EventBus;
};

/** Per-request facts. */
export type RequestInfo = {
  token: string | null;
  ip: string;
  idempotencyKey?: string | null;
};

export type Context = ApiDeps &
  RequestInfo & {
    /** The admin behind the request's token, checked on every call, so a revoked session ends at once even for
     * a long-lived caller (see authenticate). */
    auth: () => Promise<Authenticated | null>;
  };

export function createContext(deps: ApiDeps, request: RequestInfo): Context {
  const ctx: Context = { ...deps, ...request, auth: () => authenticate(ctx, request.token) };
  return ctx;
}
