import { z } from "zod";
import { CONTACT_SERVICE_TYPES, FIELD_LIMITS } from "../constants";
import { MESSAGES } from "../messages";
import { emailField, optionalText, requiredText } from "./common";

const m = MESSAGES.contact;

export const ZContactInput = z.object({
  name: requiredText(m.nameRequired, FIELD_LIMITS.name),
  email: emailField(m.emailRequired, m.emailInvalid),
  phone: optionalText(FIELD_LIMITS.phone),
  subject: requiredText(m.subjectRequired, FIELD_LIMITS.subject),
  message: requiredText(m.messageRequired, FIELD_LIMITS.message),
  serviceType: z
    .union([z.literal(""), z.enum(CONTACT_SERVICE_TYPES)], { error: m.serviceTypeInvalid })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ContactInput = z.input<typeof ZContactInput>;

export type ContactMessageDto = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  serviceType: string | null;
  read: boolean;
  created_at: string;
};
