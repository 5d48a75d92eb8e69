// POST /api/admin/auth/invite (admin spec §3 "Administrator", §5 "Invite administrator", §7): roles
// admin and moderator only; the permissions the spec lists, each defaulting to the invite defaults.
import * as z from "zod/mini";
import { DEFAULT_INVITE_PERMISSIONS } from "../admin-access";
import { ADMIN_TEXTS } from "../../texts/admin";

const T = ADMIN_TEXTS.adminsPage;

export const INVITABLE_ROLES = ["admin", "moderator"] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** The four permissions of the invite payload (admin spec §3); the UI shows the first three. */
export const INVITE_PERMISSION_KEYS = [
  "user_management",
  "document_verification",
  "system_monitoring",
  "admin_management",
] as const;

// Forms send "on"/"true" for a ticked box and nothing for an unticked one; JSON sends booleans.
const flag = z.pipe(
  z.union([z.boolean(), z.enum(["on", "true", "false"])]),
  z.transform((value) => value === true || value === "on" || value === "true"),
);

export const adminInviteSchema = z.object({
  email: z.pipe(
    z
      .string({ error: T.invalidEmail })
      .check(z.trim(), z.toLowerCase(), z.maxLength(254, T.invalidEmail), z.email(T.invalidEmail)),
    z.transform((email) => email),
  ),
  role: z.string({ error: T.invalidRole }).check(
    z.refine((role) => role !== "super_admin", T.superAdminNotInvitable),
    z.refine((role) => role === "super_admin" || (INVITABLE_ROLES as readonly string[]).includes(role), T.invalidRole),
  ),
  permissions: z.optional(
    z.object({
      user_management: z.optional(flag),
      document_verification: z.optional(flag),
      system_monitoring: z.optional(flag),
      admin_management: z.optional(flag),
    }),
  ),
});

export type AdminInviteInput = z.infer<typeof adminInviteSchema>;

/** The permissions an invitation grants: what was sent, the spec's defaults for what was not. */
export function invitePermissions(
  sent: AdminInviteInput["permissions"],
): Record<(typeof INVITE_PERMISSION_KEYS)[number], boolean> {
  const out = {} as Record<(typeof INVITE_PERMISSION_KEYS)[number], boolean>;
  for (const key of INVITE_PERMISSION_KEYS) out[key] = sent?.[key] ?? DEFAULT_INVITE_PERMISSIONS[key] === true;
  return out;
}

/** The permission checkboxes of the invite dialog: ticked ones are sent, unticked ones are false. */
export function invitePermissionsFromForm(form: FormData): Record<(typeof INVITE_PERMISSION_KEYS)[number], boolean> {
  const out = {} as Record<(typeof INVITE_PERMISSION_KEYS)[number], boolean>;
  for (const key of INVITE_PERMISSION_KEYS) out[key] = form.get(`permissions.${key}`) === "on";
  return out;
}

/** The forms of /admin/admins. */
export const adminsPageActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite") }),
  z.object({ intent: z.literal("resend"), adminId: z.string().check(z.minLength(1), z.maxLength(64)) }),
  z.object({ intent: z.literal("revoke"), adminId: z.string().check(z.minLength(1), z.maxLength(64)) }),
]);

/** A TOTP code (6 digits, spaces allowed) or a recovery code (xxxxx-xxxxx). */
export const twoFactorCodeSchema = z
  .pipe(
    z.string({ error: ADMIN_TEXTS.twoFactor.codeFormat }).check(z.maxLength(40, ADMIN_TEXTS.twoFactor.codeFormat)),
    z.transform((raw) => raw.replace(/\s+/g, "").toLowerCase()),
  )
  .check(
    z.refine(
      (code) => /^\d{6}$/.test(code) || /^[a-z2-9]{5}-?[a-z2-9]{5}$/.test(code),
      ADMIN_TEXTS.twoFactor.codeFormat,
    ),
  );

/** The second step of the admin sign-in: the challenge of the first step and a code. */
export const adminTwoFactorLoginSchema = z.object({
  challenge: z.string().check(z.minLength(20), z.maxLength(200)),
  code: twoFactorCodeSchema,
});
