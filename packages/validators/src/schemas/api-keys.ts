/**
 * API keys for external tools (issue 31): scoped, optionally expiring, shown once, `Authorization: Bearer sk_…`
 * on /api/*. The owner makes them on the back office's API page.
 */
import { z } from "zod";
import { FIELD_LIMITS } from "../constants";
import { isCalendarDate } from "../dates";
import { INTEGRATION_MESSAGES } from "../integration-messages";
import { idField, requiredText, singleLine } from "./common";

const m = INTEGRATION_MESSAGES.apiKeys;

/** What a key may do; each admin call over /api needs one of them (packages/api: auth/api-keys.ts). */
export const API_KEY_SCOPES = [
  "bookings:read",
  "bookings:write",
  "catalog:read",
  "catalog:write",
  "feedback:read",
  "feedback:write",
  "messages:read",
  "messages:write",
  "studio:write",
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Labels and explanations on the API page (and in the OpenAPI document). */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { label: string; description: string }> = {
  "bookings:read": { label: "Read bookings", description: "List, read, count and export bookings" },
  "bookings:write": {
    label: "Write bookings",
    description: "Create bookings, change their status (confirm, complete, cancel) and delete them",
  },
  "catalog:read": { label: "Read catalog", description: "See draft and private portfolio items" },
  "catalog:write": {
    label: "Write catalog",
    description: "Create, change and delete services and portfolio items, and upload their media",
  },
  "feedback:read": { label: "Read feedback", description: "List all feedback with its statistics" },
  "feedback:write": { label: "Moderate feedback", description: "Approve, reject and delete feedback" },
  "messages:read": { label: "Read messages", description: "List the contact messages" },
  "messages:write": { label: "Handle messages", description: "Mark contact messages read and delete them" },
  "studio:write": {
    label: "Edit studio profile",
    description: "Change the studio's name, address and links",
  },
};

/** The secret's own prefix, so scanners and people recognise it. */
export const API_KEY_PREFIX = "sk_";
/** Requests a minute a key may make unless its owner chose otherwise. */
export const API_KEY_DEFAULT_RATE_LIMIT = 600;
export const API_KEY_MAX_RATE_LIMIT = 100_000;

export const ZApiKeyScope = z.enum(API_KEY_SCOPES, { error: m.scopeInvalid });

export const ZApiKeyCreateInput = z.object({
  name: requiredText(m.nameRequired, FIELD_LIMITS.shortText, singleLine("Name")),
  scopes: z
    .array(ZApiKeyScope, { error: m.scopesRequired })
    .min(1, m.scopesRequired)
    .transform((scopes) => [...new Set(scopes)]),
  /** The last day the key works (in UTC), or none. */
  expires_on: z
    .string()
    .trim()
    .refine((v) => v === "" || isCalendarDate(v), m.expiryInvalid)
    .nullish()
    .transform((v) => (v ? v : null)),
  rate_limit_per_minute: z.coerce
    .number({ error: m.rateLimitInvalid })
    .int(m.rateLimitInvalid)
    .min(1, m.rateLimitInvalid)
    .max(API_KEY_MAX_RATE_LIMIT, m.rateLimitInvalid)
    .default(API_KEY_DEFAULT_RATE_LIMIT),
});
export type ApiKeyCreateInput = z.input<typeof ZApiKeyCreateInput>;

export const ZApiKeyRevokeInput = z.object({ id: idField() });

export type ApiKeyStatus = "active" | "expired" | "revoked";

export type ApiKeyDto = {
  id: number;
  name: string;
  /** The key's first characters ("sk_Ab12Cd34"), enough to tell keys apart; the rest is never shown again. */
  prefix: string;
  scopes: ApiKeyScope[];
  rate_limit_per_minute: number;
  status: ApiKeyStatus;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
  created_by: string | null;
};

/** The answer to creating a key: the key itself, shown this once. */
export type ApiKeyCreated = { key: ApiKeyDto; secret: string };
