// Sign-in payloads: shared by the sign-in dialog, the /login page (conform) and the /api/auth routes.
// The dialog accepts +40… or 0… and normalises; the /login page wants +40… as typed (user spec §5).
import * as z from "zod/mini";
import { CANONICAL_PHONE, SMS_CODE, canonicalPhone, isValidDialogPhone, stripNonDigits } from "../phone";
import { TEXTS } from "../../texts/user";
import { ADMIN_TEXTS } from "../../texts/admin";

export type PhoneFormVariant = "dialog" | "login";

function phoneField(variant: PhoneFormVariant) {
  const message =
    variant === "login" ? TEXTS.auth.invalidPhoneLogin.message : TEXTS.auth.invalidPhoneDialog.message;
  return z.pipe(
    z
      .string({ error: message })
      .check(
        z.trim(),
        z.refine((value) => (variant === "login" ? CANONICAL_PHONE.test(value) : isValidDialogPhone(value)), message),
      ),
    z.transform((value) => canonicalPhone(value) ?? value),
  );
}

function codeField(variant: PhoneFormVariant) {
  const message = TEXTS.auth.invalidCode.message;
  const base = z.string({ error: message }).check(z.trim());
  const cleaned = variant === "login" ? z.pipe(base, z.transform(stripNonDigits)) : base;
  return z.pipe(cleaned, z.string().check(z.regex(SMS_CODE, message)));
}

/** POST /api/auth/register-phone {phoneNumber}; the API uses the dialog rule (the wider one). */
export function registerPhoneSchema(variant: PhoneFormVariant = "dialog") {
  return z.object({ phoneNumber: phoneField(variant) });
}

/** POST /api/auth/verify-sms {phoneNumber, verificationCode}. */
export function verifySmsSchema(variant: PhoneFormVariant = "dialog") {
  return z.object({ phoneNumber: phoneField(variant), verificationCode: codeField(variant) });
}

export const refreshTokenSchema = z.object({
  refreshToken: z
    .string({ error: TEXTS.auth.noRefreshToken })
    .check(z.trim(), z.minLength(1, TEXTS.auth.noRefreshToken), z.maxLength(512)),
});

/** POST /api/admin/auth/login: both fields non-empty (admin spec §5). */
export const adminLoginSchema = z.object({
  email: z.pipe(
    z.string({ error: ADMIN_TEXTS.emailRequired }).check(z.trim(), z.minLength(1, ADMIN_TEXTS.emailRequired), z.maxLength(254)),
    z.transform((email) => email.toLowerCase()),
  ),
  password: z
    .string({ error: ADMIN_TEXTS.passwordRequired })
    .check(z.minLength(1, ADMIN_TEXTS.passwordRequired), z.maxLength(1024)),
});

export type RegisterPhoneInput = z.infer<ReturnType<typeof registerPhoneSchema>>;
export type VerifySmsInput = z.infer<ReturnType<typeof verifySmsSchema>>;
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;
