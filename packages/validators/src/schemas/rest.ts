/**
 * The REST layer's envelopes (DESIGN.md, "REST compatibility conventions"), as schemas: the OpenAPI document
 * describes every answer with them, and the contract test checks real answers against that document.
 */
import { z } from "zod";

/** `{ success: false, message, errors? }`: every refusal and failure, with a truthful status. */
export const ZRestError = z.object({
  success: z.literal(false),
  message: z.string().meta({ description: "What went wrong, in words fit to show a person" }),
  errors: z
    .record(z.string(), z.string())
    .optional()
    .meta({ description: "The first message per invalid field, by field path (e.g. `email`, `emails.1`)" }),
});

/** `{ success: true, data, … }`, plus any top-level fields the call documents (message, total, token…). */
export function restSuccess<T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(
  data: T,
  extra?: E,
) {
  return z.object({ success: z.literal(true), data, ...(extra ?? ({} as E)) });
}

/** `{ success: true, message, data }`: a write that tells what it did. */
export function restMessage<T extends z.ZodType>(data: T) {
  return restSuccess(data, { message: z.string() });
}
