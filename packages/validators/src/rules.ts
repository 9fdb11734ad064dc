/**
 * Text rules shared by the schemas and the visitor's forms. This module imports nothing (no zod), so the public
 * pages can use the rules without loading the schema library.
 */

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A phone number: digits, spaces and + - ( ) only, with 7 to 20 digits. */
export function isPhoneNumber(value: string): boolean {
  const text = value.trim();
  const digits = text.replace(/\D/g, "").length;
  return /^[0-9 +()-]+$/.test(text) && digits >= 7 && digits <= 20;
}
