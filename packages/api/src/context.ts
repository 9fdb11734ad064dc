import type { Db, DbProvider } from "@studio/db";
import type { AuditRecorder } from "./audit/trail";
import type { Authenticated } from "./auth/principal";
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
  /** API keys (`sk_…`) are accepted on the REST layer only; tRPC (the site's own calls) never takes one. */
  apiKeys?: boolean;
};

export type Context = ApiDeps &
  RequestInfo & {
    /** The admin behind the request's token, checked on every call, so a revoked session ends at once even for
     * a long-lived caller (see authenticate). */
    auth: () => Promise<Authenticated | null>;
    /** An audited admin change's recorder (set by adminProcedure): its entry is written in the change's
     * transaction (audit/trail.ts, ADR 017). */
    audit?: AuditRecorder;
  };
