// The signed-in admin's own two-factor settings (/admin/two-factor): start an enrolment, confirm it
// with a first code (recovery codes shown once), disable it with a current code. Each change is audited.
import { eq } from "drizzle-orm";
import { otpauthUri } from "../../lib/totp";
import { TEXTS } from "../../texts/user";
import type { Database } from "../db/client.server";
import { adminTwoFactor } from "../db/schema.server";
import type { Env } from "../env.server";
import { endAdminSessions, writeAudit, type AdminPrincipal } from "./admin-auth.server";
import {
  beginEnrolment,
  checkSecondFactor,
  confirmEnrolment,
  pendingSecret,
  removeTwoFactor,
  twoFactorEnabled,
  unusedRecoveryCodes,
} from "./two-factor.server";
import { qrCodeSvg } from "./qr-code.server";

export interface Enrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

function enrolmentOf(admin: AdminPrincipal, secret: string): Enrolment {
  const uri = otpauthUri(secret, admin.email, TEXTS.brand.tagline);
  return { secret, uri, qrSvg: qrCodeSvg(uri) };
}

export async function twoFactorOverview(env: Env, db: Database, admin: AdminPrincipal) {
  const [row] = await db
    .select({ enabledAt: adminTwoFactor.enabledAt })
    .from(adminTwoFactor)
    .where(eq(adminTwoFactor.adminId, admin.id))
    .limit(1);
  if (row?.enabledAt != null) {
    return {
      enabled: true as const,
      enabledAt: new Date(row.enabledAt).toISOString(),
      recoveryLeft: await unusedRecoveryCodes(db, admin.id),
      enrolment: null,
    };
  }
  const secret = await pendingSecret(env, db, admin.id);
  return {
    enabled: false as const,
    enabledAt: null,
    recoveryLeft: 0,
    enrolment: secret ? enrolmentOf(admin, secret) : null,
  };
}

export type TwoFactorChange =
  | { ok: true; recoveryCodes?: string[] }
  | { ok: false; reason: "already_enabled" | "not_enabled" | "no_enrolment" | "invalid_code" };

export async function startTwoFactor(
  env: Env,
  db: Database,
  admin: AdminPrincipal,
  ip: string,
  now: number,
): Promise<TwoFactorChange> {
  if (await twoFactorEnabled(db, admin.id)) return { ok: false, reason: "already_enabled" };
  await beginEnrolment(env, db, admin.id, now);
  await writeAudit(db, { adminId: admin.id, action: "admin_two_factor_enrolment_started", ip, now });
  return { ok: true };
}

export async function cancelTwoFactorEnrolment(
  db: Database,
  admin: AdminPrincipal,
  ip: string,
  now: number,
): Promise<TwoFactorChange> {
  if (await twoFactorEnabled(db, admin.id)) return { ok: false, reason: "already_enabled" };
  await removeTwoFactor(db, admin.id);
  await writeAudit(db, { adminId: admin.id, action: "admin_two_factor_enrolment_cancelled", ip, now });
  return { ok: true };
}

/** Enables two-factor; the admin's other sessions end, since they were opened with the password alone. */
export async function confirmTwoFactor(
  env: Env,
  db: Database,
  admin: AdminPrincipal,
  code: string,
  ip: string,
  now: number,
): Promise<TwoFactorChange> {
  if (await twoFactorEnabled(db, admin.id)) return { ok: false, reason: "already_enabled" };
  if (!(await pendingSecret(env, db, admin.id))) return { ok: false, reason: "no_enrolment" };
  const recoveryCodes = await confirmEnrolment(env, db, admin.id, code, now);
  if (!recoveryCodes) {
    await writeAudit(db, { adminId: admin.id, action: "admin_two_factor_confirm_failed", ip, now });
    return { ok: false, reason: "invalid_code" };
  }
  await endAdminSessions({ env, db }, admin.id, { exceptSessionId: admin.sessionId, now });
  await writeAudit(db, {
    adminId: admin.id,
    action: "admin_two_factor_enabled",
    details: {
      before: { two_factor_enabled: false },
      after: { two_factor_enabled: true },
      recovery_codes: recoveryCodes.length,
    },
    ip,
    now,
  });
  return { ok: true, recoveryCodes };
}

export async function disableTwoFactor(
  env: Env,
  db: Database,
  admin: AdminPrincipal,
  code: string,
  ip: string,
  now: number,
): Promise<TwoFactorChange> {
  if (!(await twoFactorEnabled(db, admin.id))) return { ok: false, reason: "not_enabled" };
  const method = await checkSecondFactor(env, db, admin.id, code, now);
  if (!method) {
    await writeAudit(db, { adminId: admin.id, action: "admin_two_factor_disable_failed", ip, now });
    return { ok: false, reason: "invalid_code" };
  }
  await removeTwoFactor(db, admin.id);
  await writeAudit(db, {
    adminId: admin.id,
    action: "admin_two_factor_disabled",
    details: { before: { two_factor_enabled: true }, after: { two_factor_enabled: false }, method },
    ip,
    now,
  });
  return { ok: true };
}
