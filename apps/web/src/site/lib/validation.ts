import { EMAIL_PATTERN } from "@studio/validators";

/** The validators package's e-mail rule (rules.ts, which loads no zod), on the trimmed value. */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
