import type { Db, DbProvider } from "@studio/db";
import type { ReadCache } from "./cache";
import type { ApiConfig } from "./config";
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
};

/** Per-request facts. */
export type RequestInfo = {
  token: string | null;
  ip: string;
  idempotencyKey?: string | null;
};

export type Context = ApiDeps & RequestInfo;

export function createContext(deps: ApiDeps, request: RequestInfo): Context {
  return { ...deps, ...request };
}
