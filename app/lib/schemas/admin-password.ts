// The one password policy for administrators: invitation acceptance and the profile's password change
// both validate with it, so the rule shown to the admin is the rule the server applies.
import * as z from "zod/mini";

export const ADMIN_PASSWORD_MIN_LENGTH = 12;
export const ADMIN_PASSWORD_MAX_LENGTH = 128;

export const ADMIN_PASSWORD_TEXTS = {
  policy: `Parola trebuie să aibă cel puțin ${ADMIN_PASSWORD_MIN_LENGTH} caractere și să conțină litere mari, litere mici și cifre.`,
  tooShort: `Parola trebuie să aibă cel puțin ${ADMIN_PASSWORD_MIN_LENGTH} caractere.`,
  tooLong: `Parola poate avea cel mult ${ADMIN_PASSWORD_MAX_LENGTH} de caractere.`,
  missingClasses: "Parola trebuie să conțină litere mari, litere mici și cifre.",
  containsEmail: "Parola nu poate conține adresa de e-mail.",
  mismatch: "Parolele nu coincid.",
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
