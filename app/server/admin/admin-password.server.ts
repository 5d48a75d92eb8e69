// An admin changes their own password (settings › Profil; issue #12 item 4): the current password is
// required and its guesses are rate-limited per admin, the new one follows the one admin policy
// (app/lib/schemas/admin-password.ts), and every other session of the admin ends at once.
import { eq } from "drizzle-orm";
import type { AdminPasswordChangeInput } from "../../lib/schemas/admin-settings";
import { ADMIN_TEXTS } from "../../texts/admin";
import { hashPassword, verifyPassword } from "../auth/password.server";
import { RATE_LIMITS, consumeRate, refundRate, retryAfterSeconds } from "../auth/rate-limit.server";
import type { RequestInfo } from "../auth/request-info.server";
import { admins } from "../db/schema.server";
import type { AppContext } from "../context.server";
import { endAdminSessions, writeAudit, type AdminPrincipal } from "./admin-auth.server";

export type PasswordChangeResult =
  | { ok: true; endedSessions: number }
  | { ok: false; status: 400 | 429; code: "current_password_wrong" | "same_password" | "rate_limited"; field: "currentPassword" | "newPassword"; message: string; retryAfterSeconds?: number };

export async function changeOwnPassword(
  ctx: AppContext,
  admin: AdminPrincipal,
  input: AdminPasswordChangeInput,
  info: RequestInfo,
  options: { now?: number } = {},
): Promise<PasswordChangeResult> {
  const now = options.now ?? Date.now();
  const { env, db } = ctx;
  const t = ADMIN_TEXTS.settings.profile;

  // Per admin, not per IP: a stolen session must not be able to try passwords from many addresses.
  const key = `admin-password:${admin.id}` as const;
  const decision = await consumeRate(env, key, RATE_LIMITS.adminPasswordChange, now);
  if (!decision.allowed) {
    const wait = retryAfterSeconds(decision);
    await writeAudit(db, { adminId: admin.id, action: "admin_password_change_limited", ip: info.ip, now });
    return { ok: false, status: 429, code: "rate_limited", field: "currentPassword", message: t.tooManyAttempts(Math.ceil(wait / 60)), retryAfterSeconds: wait };
  }

  const [row] = await db.select({ passwordHash: admins.passwordHash }).from(admins).where(eq(admins.id, admin.id)).limit(1);
  if (!row?.passwordHash || !(await verifyPassword(input.currentPassword, row.passwordHash))) {
    await writeAudit(db, { adminId: admin.id, action: "admin_password_change_failed", details: { reason: "current_password_wrong" }, ip: info.ip, now });
    return { ok: false, status: 400, code: "current_password_wrong", field: "currentPassword", message: t.currentWrong };
  }
  // The right current password is not a guess: it does not count against the limit.
  await refundRate(env, key, decision);
  if (input.newPassword === input.currentPassword) {
    return { ok: false, status: 400, code: "same_password", field: "newPassword", message: t.sameAsCurrent };
  }

  await db
    .update(admins)
    .set({ passwordHash: await hashPassword(input.newPassword), failedLoginCount: 0, lockedUntil: null })
    .where(eq(admins.id, admin.id));
  const endedSessions = await endAdminSessions({ env, db }, admin.id, { exceptSessionId: admin.sessionId, now });
  await writeAudit(db, { adminId: admin.id, action: "admin_password_changed", details: { ended_sessions: endedSessions }, ip: info.ip, now });
  return { ok: true, endedSessions };
}
