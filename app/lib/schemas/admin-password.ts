// The one password policy for administrators: invitation acceptance and the profile's password change
// both validate with it, so the rule shown to the admin is the rule the server applies.
import * as z from "zod/mini";
import { ADMIN_TEXTS } from "../../texts/admin";

export const ADMIN_PASSWORD_MIN_LENGTH = 12;
export const ADMIN_PASSWORD_MAX_LENGTH = 128;

const T = ADMIN_TEXTS.adminPassword;

/** The catalogue's texts with this policy's lengths filled in. */
export const ADMIN_PASSWORD_TEXTS = {
  policy: T.policy(ADMIN_PASSWORD_MIN_LENGTH),
  tooShort: T.tooShort(ADMIN_PASSWORD_MIN_LENGTH),
  tooLong: T.tooLong(ADMIN_PASSWORD_MAX_LENGTH),
  missingClasses: T.missingClasses,
  containsEmail: T.containsEmail,
  mismatch: T.mismatch,
} as const;

/** The new password alone; `email` (when known) must not appear in it. */
export function adminPasswordSchema(email?: string) {
  const local = email?.split("@")[0]?.toLowerCase();
  return z.string({ error: ADMIN_PASSWORD_TEXTS.tooShort }).check(
    z.minLength(ADMIN_PASSWORD_MIN_LENGTH, ADMIN_PASSWORD_TEXTS.tooShort),
    z.maxLength(ADMIN_PASSWORD_MAX_LENGTH, ADMIN_PASSWORD_TEXTS.tooLong),
    z.refine((value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value), ADMIN_PASSWORD_TEXTS.missingClasses),
    // a short local part ("ana") is too common a syllable to forbid
    z.refine((value) => !local || local.length < 4 || !value.toLowerCase().includes(local), ADMIN_PASSWORD_TEXTS.containsEmail),
  );
}

/** A new password typed twice. */
export function adminNewPasswordSchema(email?: string) {
  return z
    .object({ newPassword: adminPasswordSchema(email), confirmPassword: z.string({ error: ADMIN_PASSWORD_TEXTS.mismatch }) })
    .check(
      z.refine((value) => value.newPassword === value.confirmPassword, {
        message: ADMIN_PASSWORD_TEXTS.mismatch,
        path: ["confirmPassword"],
      }),
    );
}
