/**
 * Webhooks (issue 31): the events an endpoint may subscribe to, what each delivers, and the owner's forms.
 * Deliveries follow the Standard Webhooks specification: a JSON body `{ type, timestamp, data }` with the headers
 * `webhook-id`, `webhook-timestamp` and `webhook-signature`.
 *
 * Adding an event is one line in WEBHOOK_EVENTS (its label and data schema) and one emitWebhookEvent call
 * (packages/api: domain/webhooks) in the transaction that makes the change.
 */
import { z } from "zod";
import { FEEDBACK_STATUSES, FIELD_LIMITS } from "../constants";
import { INTEGRATION_MESSAGES } from "../integration-messages";
import { ZBookingDto } from "./booking";
import { idField, singleLine } from "./common";

const m = INTEGRATION_MESSAGES.webhooks;

/** A booking as its events carry it: as the API answers it, the proof named only by whether there is one. */
export const ZWebhookBooking = ZBookingDto.omit({ image: true }).extend({ has_proof: z.boolean() });
export type WebhookBooking = z.output<typeof ZWebhookBooking>;

const ZMovedBooking = ZWebhookBooking.extend({
  previous: z.object({ date: z.string(), time: z.string() }),
  by: z.enum(["client", "studio"]),
});
const ZCancelledBooking = ZWebhookBooking.extend({ by: z.enum(["client", "studio"]) });

export const ZWebhookFeedback = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  rating: z.number().int(),
  message: z.string(),
  service_category: z.string().nullable(),
  status: z.enum(FEEDBACK_STATUSES),
  created_at: z.string(),
});

export const ZWebhookContactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  service_type: z.string().nullable(),
  created_at: z.string(),
});

/** Every event: its label on the API page, what it means, and the schema of its `data`. */
export const WEBHOOK_EVENTS = {
  "booking.created": {
    label: "Booking created",
    description: "A visitor or an admin made a booking (status pending).",
    data: ZWebhookBooking,
  },
  "booking.confirmed": {
    label: "Booking confirmed",
    description: "The studio confirmed a booking.",
    data: ZWebhookBooking,
  },
  "booking.cancelled": {
    label: "Booking cancelled",
    description: "The client (on their manage page) or the studio cancelled a booking.",
    data: ZCancelledBooking,
  },
  "booking.moved": {
    label: "Booking moved",
    description: "A booking moved to another date or time; `previous` holds the old one.",
    data: ZMovedBooking,
  },
  "booking.completed": {
    label: "Booking completed",
    description: "The studio marked a session completed.",
    data: ZWebhookBooking,
  },
  "feedback.submitted": {
    label: "Feedback submitted",
    description: "A visitor left feedback (status pending until it is reviewed).",
    data: ZWebhookFeedback,
  },
  "contact.received": {
    label: "Contact message received",
    description: "A visitor sent a message through the contact form.",
    data: ZWebhookContactMessage,
  },
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];
export type WebhookEventData<T extends WebhookEventType> = z.output<(typeof WEBHOOK_EVENTS)[T]["data"]>;

/** The body of a delivery (Standard Webhooks): the event's type, when it happened, and its data. */
export type WebhookPayload<T extends WebhookEventType = WebhookEventType> = {
  type: T;
  timestamp: string;
  data: WebhookEventData<T>;
};

export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], {
  error: m.eventInvalid,
});

/** An endpoint's address: https (http and private addresses only where the server allows them; see SSRF). */
export const ZWebhookUrl = z
  .string({ error: m.urlRequired })
  .trim()
  .min(1, m.urlRequired)
  .max(FIELD_LIMITS.url, m.urlInvalid)
  .check(singleLine("URL"))
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, m.urlInvalid);

export const ZWebhookEndpointInput = z.object({
  url: ZWebhookUrl,
  description: z.string().trim().max(FIELD_LIMITS.shortText).check(singleLine("Description")).default(""),
  events: z
    .array(ZWebhookEventType, { error: m.eventsRequired })
    .min(1, m.eventsRequired)
    .transform((events) => [...new Set(events)]),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof ZWebhookEndpointInput>;

export const ZWebhookEndpointUpdate = z.object({ id: idField(), data: ZWebhookEndpointInput });

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const ZWebhookDeliveryListInput = z.object({
  endpointId: idField().optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  cursor: idField().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export type WebhookEndpointDto = {
  id: number;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  created_at: string;
  /** Deliveries of the last 24 hours that failed for good, and those still waiting for a retry. */
  recent_failures: number;
  waiting: number;
};

export type WebhookAttemptDto = {
  attempt: number;
  at: string;
  status_code: number | null;
  duration_ms: number;
  response: string | null;
  error: string | null;
};

export type WebhookDeliveryDto = {
  id: number;
  message_id: string;
  event: WebhookEventType;
  endpoint_id: number;
  endpoint_url: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_duration_ms: number | null;
  /** The start of the receiver's last answer (at most 2,000 characters), or why there was none. */
  last_response: string | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  payload: WebhookPayload;
  history: WebhookAttemptDto[];
};

export type WebhookDeliveryPage = { items: WebhookDeliveryDto[]; next_cursor: number | null };

/** The answer to creating an endpoint, or to asking for its secret: the signing secret ("whsec_…"). */
export type WebhookSecret = { id: number; secret: string };
