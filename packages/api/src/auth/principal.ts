/**
 * Who a request acts as, once authenticated: the shapes the request context carries. Types only, so that
 * `context.ts` needs nothing of the code that authenticates (auth/session.ts, domain/api-keys).
 */
import type { AdminUserDto, ApiKeyScope } from "@studio/validators";

/** The key behind a call: what the procedures' scope check and the audit trail need. */
export type ApiKeyPrincipal = {
  id: number;
  name: string;
  scopes: ApiKeyScope[];
  rateLimitPerMinute: number;
  expiresAt: Date | null;
};

export type Authenticated = {
  user: AdminUserDto;
  session: { id: string; expiresAt: Date };
  /** Set when the caller is an API key (REST only): the key's scopes limit what it may call (trpc.ts). */
  apiKey: ApiKeyPrincipal | null;
};
