/**
 * Text rules shared by the schemas and the visitor's forms. This module imports nothing (no zod), so the public
 * pages can use the rules without loading the schema library.
 */

/**
 * One mailbox and nothing more (RFC 5321/5322 without the parts no form needs): a dot-atom local part of at
 * most 64 characters (letters and digits of any script and ! # $ % & ' * + / = ? ^ _ ` { | } ~ -), "@", and a
 * host name of two or more labels. No comma, semicolon, colon, angle bracket, quote, space or control character
 * can pass, so an address can never be read as a list ("a@x.test,b@y.test") or a group ("team:a@x.test;").
 */
export const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?(?:\.[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?)+$/u;

/** A phone number: digits, spaces and + - ( ) only, with 7 to 20 digits. */
export function isPhoneNumber(value: string): boolean {
  const text = value.trim();
  const digits = text.replace(/\D/g, "").length;
  return /^[0-9 +()-]+$/.test(text) && digits >= 7 && digits <= 20;
}

/**
 * Control characters: C0 (U+0000–U+001F, line breaks and tab among them), DEL, C1 (U+0080–U+009F, NEL among
 * them) and the Unicode line and paragraph separators. A single-line field holds none of them, so a name or a
 * subject can never start a new line in a mail's plain text, a CSV row or a calendar file. A lone surrogate (half
 * of a character, which only a hand-made JSON body can hold) counts as one: it is no text, and PostgreSQL's JSON
 * refuses it, where a booking's e-mails and an admin's audit entry keep what was typed.
 */
const CONTROL_CHARACTER = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
/** The same, less the line feed and the tab a multi-line text (a message, a description) may hold. */
const CONTROL_CHARACTER_IN_TEXT = /(?![\t\n])[\p{Cc}\p{Cs}\u2028\u2029]/u;

/** True when `value` is one line without control characters (names, subjects, titles, address lines…). */
export function isSingleLine(value: string): boolean {
  return !CONTROL_CHARACTER.test(value);
}

/** True when `value`'s only control characters are line feeds and tabs (message bodies, descriptions). */
export function isPlainMultiLine(value: string): boolean {
  return !CONTROL_CHARACTER_IN_TEXT.test(value);
}
