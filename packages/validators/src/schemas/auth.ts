import { z } from "zod";
import { FIELD_LIMITS } from "../constants";
import { MESSAGES } from "../messages";
import { emailField, requiredText, singleLine } from "./common";

const m = MESSAGES.auth;

export const ZPassword = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(6, m.passwordTooShort)
  .max(FIELD_LIMITS.password, `Password must be at most ${FIELD_LIMITS.password} characters`);

export const ZRegisterInput = z.object({
  name: requiredText(m.nameRequired, FIELD_LIMITS.name, singleLine("Name")),
  email: emailField(m.emailRequired, m.emailInvalid),
  password: ZPassword,
  invite_code: z.string().trim().max(100).check(singleLine("Invite code")).optional(),
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

export const ZChangePasswordInput = z.object({
  current: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(FIELD_LIMITS.password),
  next: ZPassword,
});

export const ZAdminProfileInput = z.object({
  name: requiredText(m.nameRequired, FIELD_LIMITS.name, singleLine("Name")),
  email: emailField(m.emailRequired, m.emailInvalid),
  /** Needed when the e-mail changes (a stolen session alone cannot move the account to another address). */
  current_password: z.string().max(FIELD_LIMITS.password, m.currentPasswordWrong).optional(),
});

/** What saving my details answers: me (with the address still in use) and the address awaiting confirmation. */
export type AdminProfileResult = {
  user: AdminUserDto;
  pending_email: string | null;
  message: string;
};

/** The token of a confirm or undo link from an e-mail-change message. */
export const ZEmailChangeToken = z.object({
  token: z.string().trim().min(20, m.emailLinkInvalid).max(200, m.emailLinkInvalid),
});

export const ZPasswordResetRequest = z.object({ email: emailField(m.emailRequired, m.emailInvalid) });

export const ZPasswordResetInput = z.object({
  token: z.string().trim().min(20, m.resetInvalid).max(200, m.resetInvalid),
  password: ZPassword,
});

export type AdminListItem = AdminUserDto & { created_at: string; last_sign_in_at: string | null };
export type InviteStatus = "active" | "used" | "expired" | "revoked";
export type InviteListItem = {
  id: number;
  created_at: string;
  expires_at: string;
  created_by: string;
  used_at: string | null;
  used_by_email: string | null;
  revoked_at: string | null;
  status: InviteStatus;
};

/** The sign-up form: the server schema plus a confirmation that is never sent. */
export const ZSignupForm = ZRegisterInput.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  { message: m.passwordsDoNotMatch, path: ["confirmPassword"] },
);

export type AdminUserDto = { id: number; name: string; email: string; role: "owner" | "admin" };
export type AuthResult = { token: string; user: AdminUserDto; expires_at: string };

/** An admin as answers show one (the REST layer's `user` and `GET /api/auth/me`). */
export const ZAdminUserDto = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["owner", "admin"]),
}) satisfies z.ZodType<AdminUserDto>;
