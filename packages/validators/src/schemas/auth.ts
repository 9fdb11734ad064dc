import { z } from "zod";
import { FIELD_LIMITS } from "../constants";
import { MESSAGES } from "../messages";
import { emailField, requiredText } from "./common";

const m = MESSAGES.auth;

export const ZPassword = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(6, m.passwordTooShort)
  .max(FIELD_LIMITS.password, `Password must be at most ${FIELD_LIMITS.password} characters`);

export const ZRegisterInput = z.object({
  name: requiredText(m.nameRequired, FIELD_LIMITS.name),
  email: emailField(m.emailRequired, m.emailInvalid),
  password: ZPassword,
  invite_code: z.string().trim().max(100).optional(),
});
export type RegisterInput = z.input<typeof ZRegisterInput>;

export const ZLoginInput = z.object({
  email: emailField(m.emailRequired, m.emailInvalid),
  password: z
    .string({ error: m.passwordRequired })
    .min(1, m.passwordRequired)
    .max(FIELD_LIMITS.password, m.invalidCredentials),
});
export type LoginInput = z.input<typeof ZLoginInput>;

/** The sign-up form: the server schema plus a confirmation that is never sent. */
export const ZSignupForm = ZRegisterInput.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  { message: m.passwordsDoNotMatch, path: ["confirmPassword"] },
);

export type AdminUserDto = { id: number; name: string; email: string; role: "owner" | "admin" };
export type AuthResult = { token: string; user: AdminUserDto; expires_at: string };
