/**
 * The e-mail rule of the validators package (EMAIL_PATTERN). It is repeated here because importing it
 * would pull zod into the visitor's bundle; a unit test keeps both identical.
 */
export const EMAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_RULE.test(value.trim());
}
