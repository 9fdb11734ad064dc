import { z } from "zod";
import { CONTACT_SERVICE_TYPES, FIELD_LIMITS, LIST_DEFAULTS } from "../constants";
import { MESSAGES } from "../messages";
import {
  booleanField,
  emailField,
  idField,
  multiLine,
  offsetField,
  pageLimit,
  optionalPhoneField,
  requiredText,
  singleLine,
} from "./common";

const m = MESSAGES.contact;

export const ZContactInput = z.object({
  name: requiredText(m.nameRequired, FIELD_LIMITS.name, singleLine("Name")),
  email: emailField(m.emailRequired, m.emailInvalid),
  phone: optionalPhoneField(),
  subject: requiredText(m.subjectRequired, FIELD_LIMITS.subject, singleLine("Subject")),
  message: requiredText(m.messageRequired, FIELD_LIMITS.message, multiLine("Message")),
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

export const ZContactListInput = z.object({
  limit: pageLimit(LIST_DEFAULTS.adminContactPage),
  offset: offsetField,
  unreadOnly: booleanField.optional(),
});
export const ZContactSetRead = z.object({ id: idField(), read: booleanField });

export type ContactListResult = { items: ContactMessageDto[]; total: number; unread: number };

export const ZContactMessageDto: z.ZodType<ContactMessageDto> = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  serviceType: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export const ZContactListResult: z.ZodType<ContactListResult> = z.object({
  items: z.array(ZContactMessageDto),
  total: z.number().int(),
  unread: z.number().int(),
});
