/**
 * What an API key may call. A key works on /api/* only (the REST layer accepts it; tRPC does not), and only for
 * the admin procedures listed here, each under one scope. Everything else an admin can do (accounts, invites,
 * keys, webhooks, settings of the back office) is refused to keys whatever their scopes.
 */
import { type ApiKeyScope, MESSAGES } from "@studio/validators";
import { AppError } from "../../errors";

export const PROCEDURE_SCOPES: Readonly<Record<string, ApiKeyScope>> = {
  "bookings.list": "bookings:read",
  "bookings.listChunk": "bookings:read",
  "bookings.chunkFloors": "bookings:read",
  "bookings.get": "bookings:read",
  "bookings.stats": "bookings:read",
  "bookings.exportCsv": "bookings:read",
  "bookings.exportCsvChunk": "bookings:read",
  "bookings.adminCreate": "bookings:write",
  "bookings.setStatus": "bookings:write",
  "bookings.confirm": "bookings:write",
  "bookings.delete": "bookings:write",
  "portfolio.adminList": "catalog:read",
  "services.create": "catalog:write",
  "services.update": "catalog:write",
  "services.delete": "catalog:write",
  "portfolio.create": "catalog:write",
  "portfolio.update": "catalog:write",
  "portfolio.delete": "catalog:write",
  "uploads.serviceImage": "catalog:write",
  "uploads.portfolioMedia": "catalog:write",
  "feedback.list": "feedback:read",
  "feedback.get": "feedback:read",
  "feedback.stats": "feedback:read",
  "feedback.setStatus": "feedback:write",
  "feedback.delete": "feedback:write",
  "contact.list": "messages:read",
  "contact.setRead": "messages:write",
  "contact.delete": "messages:write",
  "studio.updateProfile": "studio:write",
};

/** The scope an admin procedure needs from a key, or null when no key may call it. */
export function scopeOf(path: string): ApiKeyScope | null {
  return PROCEDURE_SCOPES[path] ?? null;
}

/** Refuses (403) a call the key may not make. */
export function assertKeyMayCall(key: { scopes: readonly ApiKeyScope[] }, path: string): void {
  const scope = scopeOf(path);
  if (!scope) throw new AppError("FORBIDDEN", MESSAGES.apiKeys.notForKeys);
  if (!key.scopes.includes(scope)) throw new AppError("FORBIDDEN", MESSAGES.apiKeys.missingScope(scope));
}
