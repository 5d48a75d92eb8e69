// Who is on the other end of a live socket (docs/decisions/0008-live-channel-routing-and-auth.md).
// `authenticate {token}` is checked against the same session store as the API: a user access token, or
// a one-minute live token that a cookie-signed-in page gets from POST /api/auth/live-token; for admins
// the admin session token, or the admin live token. Both kinds only name a session, which must still be
// live in D1 — so logout and revocation also shut the socket door.
import type { AppContext } from "../context.server";
import type { AdminPermissions, AdminRole } from "../../lib/admin-access";
import { adminFromSessionId, adminFromToken, adminIdleTimeoutMs, type AdminPrincipal } from "../admin/admin-auth.server";
import { requireSecret } from "../auth/secrets.server";
import { signAccessToken, verifyAccessToken, type TokenCheck } from "../auth/tokens.server";
import { liveSessionUser } from "../auth/user-sessions.server";
import type { Env } from "../env.server";

/** Long enough to open a socket, short enough that a leaked one is useless. */
export const LIVE_TOKEN_TTL_SECONDS = 60;

export interface UserSocketPrincipal {
  userId: string;
  sessionId: string;
}

export interface AdminSocketPrincipal {
  adminId: string;
  sessionId: string;
  role: AdminRole;
  permissions: AdminPermissions;
}

export type SocketAuth<P> = { ok: true; principal: P } | { ok: false; reason: "invalid" | "expired" | "revoked" | "wrong_user" };

async function issue(env: Env, audience: "user_live" | "admin_live", sub: string, sid: string, now: number) {
  const iat = Math.floor(now / 1000);
  const token = await signAccessToken(requireSecret(env, "SESSION_SECRET"), { sub, sid, aud: audience, iat, exp: iat + LIVE_TOKEN_TTL_SECONDS });
  return { token, expiresIn: LIVE_TOKEN_TTL_SECONDS };
}

export function issueUserLiveToken(env: Env, user: { id: string; sessionId: string }, now: number = Date.now()) {
  return issue(env, "user_live", user.id, user.sessionId, now);
}

export function issueAdminLiveToken(env: Env, admin: { id: string; sessionId: string }, now: number = Date.now()) {
  return issue(env, "admin_live", admin.id, admin.sessionId, now);
}

function failure(check: Extract<TokenCheck, { ok: false }>): SocketAuth<never> {
  return { ok: false, reason: check.reason === "expired" ? "expired" : "invalid" };
}

/** A token for the socket of `channelUserId`'s channel: a live token or an API access token of that user. */
export async function authenticateUserSocket(ctx: AppContext, channelUserId: string, token: string, now: number = Date.now()): Promise<SocketAuth<UserSocketPrincipal>> {
  const secret = requireSecret(ctx.env, "SESSION_SECRET");
  let check = await verifyAccessToken(secret, token, "user_live", now);
  if (!check.ok && check.reason === "wrong_audience") check = await verifyAccessToken(secret, token, "user", now);
  if (!check.ok) return failure(check);
  if (check.claims.sub !== channelUserId) return { ok: false, reason: "wrong_user" };
  const user = await liveSessionUser(ctx.db, check.claims.sid, now);
  if (!user || user.id !== channelUserId) return { ok: false, reason: "revoked" };
  return { ok: true, principal: { userId: user.id, sessionId: check.claims.sid } };
}

/** Which of these user sessions are still live (the channel re-checks its sockets now and then). */
export async function liveUserSessions(ctx: AppContext, userId: string, sessionIds: readonly string[], now: number = Date.now()): Promise<Set<string>> {
  const db = ctx.db;
  const live = new Set<string>();
  for (const sessionId of new Set(sessionIds)) {
    const user = await liveSessionUser(db, sessionId, now);
    if (user?.id === userId) live.add(sessionId);
  }
  return live;
}

function socketPrincipal(admin: AdminPrincipal): AdminSocketPrincipal {
  return { adminId: admin.id, sessionId: admin.sessionId, role: admin.role, permissions: admin.permissions };
}

/** An admin session token (Bearer clients keep it as adminToken) or an admin live token. */
export async function authenticateAdminSocket(ctx: AppContext, token: string, now: number = Date.now()): Promise<SocketAuth<AdminSocketPrincipal>> {
  const db = ctx.db;
  if (token.split(".").length === 3) {
    const check = await verifyAccessToken(requireSecret(ctx.env, "SESSION_SECRET"), token, "admin_live", now);
    if (!check.ok) return failure(check);
    const admin = await adminFromSessionId(db, check.claims.sid, now, await adminIdleTimeoutMs(ctx, now));
    if (!admin || admin.id !== check.claims.sub) return { ok: false, reason: "revoked" };
    return { ok: true, principal: socketPrincipal(admin) };
  }
  const admin = await adminFromToken(db, token, now, await adminIdleTimeoutMs(ctx, now));
  return admin ? { ok: true, principal: socketPrincipal(admin) } : { ok: false, reason: "invalid" };
}

/** The admins of these sessions as they are now (permissions may have changed), for the live ones only. */
export async function liveAdminSessions(ctx: AppContext, sessionIds: readonly string[], now: number = Date.now()): Promise<Map<string, AdminSocketPrincipal>> {
  const db = ctx.db;
  const live = new Map<string, AdminSocketPrincipal>();
  const idleTimeoutMs = await adminIdleTimeoutMs(ctx, now);
  for (const sessionId of new Set(sessionIds)) {
    const admin = await adminFromSessionId(db, sessionId, now, idleTimeoutMs);
    if (admin) live.set(sessionId, socketPrincipal(admin));
  }
  return live;
}
