// Administrators: invitations (a single-use, expiring link e-mailed to the invitee, who sets a password
// under the admin password policy) and revocation (admin spec §2 "Administrators", §3, §5; issue #12).
import { and, desc, eq, gt, inArray, isNull } from "drizzle-orm";
import { parseAdminPermissions, type AdminRole } from "../../lib/admin-access";
import { newId } from "../../lib/ids";
import { adminNewPasswordSchema } from "../../lib/schemas/admin-password";
import { invitePermissions, type AdminInviteInput } from "../../lib/schemas/admin-invite";
import { ADMIN_TEXTS } from "../../texts/admin";
import { randomToken, sha256Hex } from "../auth/crypto.server";
import { hashPassword } from "../auth/password.server";
import { RATE_LIMITS, consumeRate, retryAfterSeconds } from "../auth/rate-limit.server";
import type { RequestInfo } from "../auth/request-info.server";
import type { Database } from "../db/client.server";
import { adminInvitations, admins } from "../db/schema.server";
import type { Env } from "../env.server";
import type { AppContext } from "../context.server";
import { createMailSender, type MailDeps } from "../mail/mail.server";
import { endAdminSessions, openAdminSession, writeAudit, type AdminPrincipal } from "./admin-auth.server";
import { removeTwoFactor } from "./two-factor.server";

export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

function formatRoInstant(ms: number): string {
  return new Date(ms).toLocaleString("ro-RO", { timeZone: "Europe/Bucharest", dateStyle: "long", timeStyle: "short" });
}

export function invitationLink(env: Pick<Env, "PUBLIC_BASE_URL">, token: string): string {
  return `${env.PUBLIC_BASE_URL.replace(/\/+$/, "")}/admin/invitatie/${token}`;
}

export type InviteResult =
  | { ok: true; adminId: string; expiresAt: number; mailed: boolean; replaced: boolean }
  | { ok: false; reason: "already_active" };

/**
 * Invites (or re-invites) an e-mail as admin or moderator. A pending invitation is replaced: its link
 * stops working and a new one is sent. A revoked admin may be invited again (a fresh start: the old
 * password and two-factor are gone). An active admin's e-mail is refused.
 */
export async function inviteAdmin(
  ctx: AppContext,
  inviter: AdminPrincipal,
  input: AdminInviteInput,
  options: { ip: string; now?: number; mail?: MailDeps },
): Promise<InviteResult> {
  const { env, db } = ctx;
  const now = options.now ?? Date.now();
  const role = input.role as Exclude<AdminRole, "super_admin">;
  const permissions = invitePermissions(input.permissions);
  const [existing] = await db.select().from(admins).where(eq(admins.email, input.email)).limit(1);
  if (existing?.status === "active") return { ok: false, reason: "already_active" };

  let adminId: string;
  if (existing) {
    adminId = existing.id;
    await db
      .update(admins)
      .set({
        role,
        permissionsJson: JSON.stringify(permissions),
        status: "invited",
        passwordHash: null,
        failedLoginCount: 0,
        lockedUntil: null,
        invitedBy: inviter.id,
      })
      .where(and(eq(admins.id, adminId), inArray(admins.status, ["invited", "revoked"])));
    await db.delete(adminInvitations).where(eq(adminInvitations.adminId, adminId));
    await removeTwoFactor(db, adminId);
  } else {
    adminId = newId(now);
    await db.insert(admins).values({
      id: adminId,
      email: input.email,
      role,
      permissionsJson: JSON.stringify(permissions),
      status: "invited",
      invitedBy: inviter.id,
      createdAt: now,
    });
  }

  const token = randomToken();
  const expiresAt = now + INVITATION_TTL_MS;
  await db.insert(adminInvitations).values({
    id: newId(now),
    adminId,
    tokenHash: await sha256Hex(token),
    invitedBy: inviter.id,
    expiresAt,
    createdAt: now,
  });

  const mail = ADMIN_TEXTS.inviteMail;
  const sent = await createMailSender(ctx, options.mail).send({
    to: input.email,
    subject: mail.subject,
    text: mail.body(ADMIN_TEXTS.roles[role], invitationLink(env, token), formatRoInstant(expiresAt)),
  });
  if (!sent.ok) console.error(`admin invitation mail to ${input.email} failed: ${sent.error} ${sent.detail}`);

  await writeAudit(db, {
    adminId: inviter.id,
    action: existing ? "admin_reinvited" : "admin_invited",
    target: { type: "admin", id: adminId },
    details: {
      before: existing
        ? {
            email: existing.email,
            role: existing.role,
            status: existing.status,
            permissions: parseAdminPermissions(existing.permissionsJson),
          }
        : null,
      after: { email: input.email, role, status: "invited", permissions },
      expires_at: new Date(expiresAt).toISOString(),
      mail: sent.ok ? { sent: true, message_id: sent.messageId } : { sent: false, error: sent.error },
    },
    ip: options.ip,
    now,
  });
  return { ok: true, adminId, expiresAt, mailed: sent.ok, replaced: existing !== undefined };
}

/** Sends a pending invitation again (a new link, the old one dead), with the role and permissions it had. */
export async function resendInvitation(
  ctx: AppContext,
  inviter: AdminPrincipal,
  adminId: string,
  options: { ip: string; now?: number; mail?: MailDeps },
): Promise<InviteResult | { ok: false; reason: "not_invited" }> {
  const [row] = await ctx.db.select().from(admins).where(eq(admins.id, adminId)).limit(1);
  if (!row || row.status !== "invited" || row.role === "super_admin") return { ok: false, reason: "not_invited" };
  const permissions = parseAdminPermissions(row.permissionsJson);
  return inviteAdmin(ctx, inviter, { email: row.email, role: row.role, permissions: invitePermissions(permissions) }, options);
}

export interface OpenInvitation {
  invitationId: string;
  adminId: string;
  email: string;
  role: AdminRole;
}

/** The invitation a link names, if it is unused, unexpired and its admin still invited; else null. */
export async function findOpenInvitation(db: Database, token: string, now: number): Promise<OpenInvitation | null> {
  if (token.length < 20 || token.length > 200) return null;
  const [row] = await db
    .select({
      invitationId: adminInvitations.id,
      adminId: admins.id,
      email: admins.email,
      role: admins.role,
      status: admins.status,
    })
    .from(adminInvitations)
    .innerJoin(admins, eq(admins.id, adminInvitations.adminId))
    .where(
      and(
        eq(adminInvitations.tokenHash, await sha256Hex(token)),
        isNull(adminInvitations.usedAt),
        gt(adminInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row || row.status !== "invited") return null;
  return { invitationId: row.invitationId, adminId: row.adminId, email: row.email, role: row.role };
}

/** Counts one look at or answer to an invitation link from an IP; false once the IP is over the limit. */
export async function invitationAttemptAllowed(
  env: Env,
  ip: string,
  now: number,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const decision = await consumeRate(env, `admin-invitation-ip:${ip}`, RATE_LIMITS.adminInvitationPerIp, now);
  return decision.allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: retryAfterSeconds(decision) };
}

export type AcceptResult =
  | { ok: true; admin: AdminPrincipal; token: string; expiresAt: number }
  | { ok: false; reason: "invalid_invitation" }
  | { ok: false; reason: "invalid_password"; email: string };

/**
 * Accepts an invitation: the password must meet the admin policy; the link is spent in the statement
 * that checks it is still open (two tabs cannot both use it), the admin becomes active and is signed in.
 */
export async function acceptInvitation(
  env: Env,
  db: Database,
  token: string,
  passwords: { newPassword: unknown; confirmPassword: unknown },
  info: RequestInfo,
  now: number = Date.now(),
): Promise<AcceptResult> {
  const invitation = await findOpenInvitation(db, token, now);
  if (!invitation) return { ok: false, reason: "invalid_invitation" };
  const parsed = adminNewPasswordSchema(invitation.email).safeParse(passwords);
  if (!parsed.success) {
    return { ok: false, reason: "invalid_password", email: invitation.email };
  }
  const passwordHash = await hashPassword(parsed.data.newPassword);
  const spent = await db
    .update(adminInvitations)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminInvitations.id, invitation.invitationId),
        isNull(adminInvitations.usedAt),
        gt(adminInvitations.expiresAt, now),
      ),
    )
    .returning({ id: adminInvitations.id });
  if (spent.length !== 1) return { ok: false, reason: "invalid_invitation" };
  const activated = await db
    .update(admins)
    .set({ status: "active", passwordHash, failedLoginCount: 0, lockedUntil: null })
    .where(and(eq(admins.id, invitation.adminId), eq(admins.status, "invited")))
    .returning({ id: admins.id });
  if (activated.length !== 1) return { ok: false, reason: "invalid_invitation" };
  await writeAudit(db, {
    adminId: invitation.adminId,
    action: "admin_invitation_accepted",
    details: { before: { status: "invited" }, after: { status: "active" } },
    ip: info.ip,
    now,
  });
  return { ok: true, ...(await openAdminSession(db, invitation.adminId, info, now, "invitation")) };
}

export type RevokeResult =
  { ok: true } | { ok: false; reason: "not_found" | "super_admin" | "self" | "already_revoked" };

/** Revokes an admin or moderator (never a super_admin, never oneself): sessions end at once. */
export async function revokeAdmin(
  env: Env,
  db: Database,
  actor: AdminPrincipal,
  adminId: string,
  options: { ip: string; now?: number },
): Promise<RevokeResult> {
  const now = options.now ?? Date.now();
  const [target] = await db.select().from(admins).where(eq(admins.id, adminId)).limit(1);
  if (!target) return { ok: false, reason: "not_found" };
  if (target.id === actor.id) return { ok: false, reason: "self" };
  if (target.role === "super_admin") return { ok: false, reason: "super_admin" };
  if (target.status === "revoked") return { ok: false, reason: "already_revoked" };
  const revoked = await db
    .update(admins)
    .set({ status: "revoked" })
    .where(and(eq(admins.id, adminId), inArray(admins.status, ["active", "invited"])))
    .returning({ id: admins.id });
  if (revoked.length !== 1) return { ok: false, reason: "already_revoked" };
  await db.delete(adminInvitations).where(eq(adminInvitations.adminId, adminId));
  const sessionsEnded = await endAdminSessions({ env, db }, adminId, { now });
  await writeAudit(db, {
    adminId: actor.id,
    action: "admin_revoked",
    target: { type: "admin", id: adminId },
    details: {
      before: { email: target.email, role: target.role, status: target.status },
      after: { email: target.email, role: target.role, status: "revoked" },
      sessions_ended: sessionsEnded,
    },
    ip: options.ip,
    now,
  });
  return { ok: true };
}

/** The newest open invitation's expiry per invited admin, for the administrators table. */
export async function pendingInvitationExpiries(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ adminId: adminInvitations.adminId, expiresAt: adminInvitations.expiresAt })
    .from(adminInvitations)
    .where(isNull(adminInvitations.usedAt))
    .orderBy(desc(adminInvitations.createdAt));
  const out = new Map<string, number>();
  for (const row of rows) if (!out.has(row.adminId)) out.set(row.adminId, row.expiresAt);
  return out;
}
