import { z } from "zod";
import { FIELD_LIMITS } from "../constants";
import { MESSAGES } from "../messages";
import { EMAIL_PATTERN, isPhoneNumber, isPlainMultiLine, isSingleLine } from "../rules";

const tooLong = (max: number) => `Must be at most ${max} characters`;

/** Ids are 4-byte integers in the database (PostgreSQL INTEGER). */
export const MAX_ID = 2_147_483_647;

/**
 * The check of a single-line field (a name, a subject, a title, an address line, a reason): no line break and no
 * other control character (isSingleLine), refused with a message naming the field. Every single-line text of an
 * input schema carries it, so a name can never become a second line of a mail, a CSV row or a calendar file.
 * The NUL character PostgreSQL refuses in text is one of them.
 */
export function singleLine(field: string) {
  return z.refine<string>(isSingleLine, { error: MESSAGES.common.singleLine(field), abort: true });
}

/** The check of a multi-line field (a message, a description): line feeds and tabs, no other control character. */
export function multiLine(field: string) {
  return z.refine<string>(isPlainMultiLine, { error: MESSAGES.common.controlCharacters(field), abort: true });
}

/**
 * What a text field's content is checked with: `singleLine(label)`, `multiLine(label)`, or a pattern of its own
 * that admits no control character (an e-mail address).
 */
export type LineCheck = z.core.$ZodCheck<string>;

/**
 * A string with its line breaks as one line feed (a text box or a REST client may send CR LF or CR: the same
 * break, kept as such in a multi-line field, still refused in a single-line one), then trimmed.
 */
function text(error?: string) {
  return z
    .string(error === undefined ? undefined : { error })
    .overwrite((v) => v.replace(/\r\n?/g, "\n"))
    .trim();
}

/** A required string: trimmed, then non-empty; one message for missing, wrong type and blank. */
export function requiredText(requiredMessage: string, max: number, line: LineCheck) {
  return text(requiredMessage)
    .min(1, { error: requiredMessage, abort: true })
    .max(max, { error: tooLong(max), abort: true })
    .check(line);
}

/** A free-text search term (optional, one line). */
export function searchText(max: number = FIELD_LIMITS.shortText) {
  return text().max(max, tooLong(max)).check(singleLine("Search")).optional();
}

/** An optional string; blank becomes null. */
export function optionalText(max: number, line: LineCheck) {
  return text("Must be text")
    .max(max, tooLong(max))
    .check(line)
    .nullish()
    .transform((v) => (v ? v : null));
}

export function phoneField(requiredMessage: string) {
  return requiredText(requiredMessage, FIELD_LIMITS.phone, singleLine("Phone number")).refine(
    isPhoneNumber,
    MESSAGES.common.phoneInvalid,
  );
}

/** The contact form's phone: optional, but a phone number when given. */
export function optionalPhoneField() {
  return optionalText(FIELD_LIMITS.phone, singleLine("Phone number")).refine(
    (v) => v === null || isPhoneNumber(v),
    MESSAGES.common.phoneInvalid,
  );
}

export function emailField(requiredMessage: string, invalidMessage: string) {
  // One mailbox (EMAIL_PATTERN), which also leaves no room for a control character.
  return requiredText(
    requiredMessage,
    FIELD_LIMITS.email,
    z.regex(EMAIL_PATTERN, { error: invalidMessage, abort: true }),
  ).toLowerCase();
}

/** A positive integer id; numeric strings from path segments and form fields are accepted. */
export function idField(message = "The id must be a positive whole number") {
  return z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: message }).int(message).positive(message).max(MAX_ID, message),
  );
}
export const ZId = z.object({ id: idField() });

/** Splits a comma/newline separated string (or a list) into trimmed, non-empty entries. */
export function splitList(value: string | readonly string[]): string[] {
  const parts = typeof value === "string" ? value.split(/[,\n]/) : value;
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** A list of short one-line texts (each one an `itemLabel`), given as a list or as one comma-separated string. */
export function listField(itemLabel: string, itemMax: number = FIELD_LIMITS.shortText) {
  return z
    .union([z.array(z.string({ error: "Each entry must be text" })), z.string()], {
      error: "Must be a list of texts or a comma-separated text",
    })
    .nullish()
    .transform((v) => (v == null ? [] : splitList(v)))
    .pipe(
      z
        .array(z.string().max(itemMax, tooLong(itemMax)).check(singleLine(itemLabel)))
        .max(FIELD_LIMITS.listItems, `At most ${FIELD_LIMITS.listItems} entries`),
    );
}

/** Boolean that also accepts "true"/"false" (multipart and form posts). */
export const booleanField = z.preprocess(
  (v) => (v === "true" ? true : v === "false" ? false : v),
  z.boolean({ error: "Must be true or false" }),
);

export function pageLimit(defaultLimit: number, max = 200) {
  return z.preprocess(
    (v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ error: `limit must be a whole number from 1 to ${max}` })
      .int(`limit must be a whole number from 1 to ${max}`)
      .min(1, `limit must be a whole number from 1 to ${max}`)
      .max(max, `limit must be a whole number from 1 to ${max}`)
      .default(defaultLimit),
  );
}

export const offsetField = z.preprocess(
  (v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v),
  z
    .number({ error: "offset must be a whole number of at least 0" })
    .int("offset must be a whole number of at least 0")
    .min(0, "offset must be a whole number of at least 0")
    .max(1_000_000_000, "offset is too large")
    .default(0),
);

/** What a delete answers: the id that is gone. */
export const ZDeleted = z.object({ id: z.number().int() });

/** What a public submission answers (feedback, contact): the new id and the message to show. */
export const ZSubmitted = z.object({ id: z.number().int(), message: z.string() });
