import { z } from "zod";
import { MAX_ID } from "./common";

export const AUDIT_ENTITIES = [
  "booking",
  "feedback",
  "service",
  "portfolio",
  "contact",
  "admin",
  "invite",
  "profile",
  "hours",
  "closure",
  "equipment",
  "calendar_feed",
  "mail",
  "api_key",
  "webhook",
  "gallery",
  "calendar_sync",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Labels of the kinds of record on the Activity page. */
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  booking: "Bookings",
  feedback: "Feedback",
  service: "Services",
  portfolio: "Portfolio",
  contact: "Messages",
  admin: "Admin accounts",
  invite: "Invite codes",
  profile: "Studio profile",
  hours: "Opening hours",
  closure: "Closed dates",
  equipment: "Equipment",
  calendar_feed: "Calendar feed",
  mail: "Outgoing mail",
  api_key: "API keys",
  webhook: "Webhooks",
  gallery: "Galleries",
  calendar_sync: "Calendar sync",
};

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are YYYY-MM-DD")
  .optional()
  .or(z.literal("").transform(() => undefined));

export const ZAuditListInput = z
  .object({
    actorId: z.coerce.number().int().positive().max(MAX_ID).optional(),
    entity: z.enum(AUDIT_ENTITIES).optional(),
    from: day,
    to: day,
    cursor: z.coerce.number().int().positive().max(MAX_ID).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: "The start date must be on or before the end date",
    path: ["to"],
  });
export type AuditListInput = z.output<typeof ZAuditListInput>;

export type AuditEntryDto = {
  id: number;
  created_at: string;
  actor_id: number | null;
  actor_name: string;
  /** Set when the change was made with an API key (actor_name is then the key's name). */
  api_key_id: number | null;
  entity: AuditEntity;
  entity_id: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};
export type AuditListResult = { items: AuditEntryDto[]; next_cursor: number | null };
