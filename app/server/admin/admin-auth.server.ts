// The admin side of authentication: e-mail + password (PBKDF2-SHA256) through remix-auth, a lockout
// after repeated failures, opaque session tokens stored hashed in admin_sessions (Bearer for the API,
// an httpOnly cookie for /admin pages), and the one guard every admin route and page calls.
import type { AppContext } from "../context.server";
import { redirect } from "@remix-run/cloudflare";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import {
  meetsRequirement,
  parseAdminPermissions,
  type AdminAccessSubject,
  type AdminPermissions,
  type AdminRequirement,
  type AdminRole,
} from "../../lib/admin-access";
import { newId } from "../../lib/ids";
import { adminTwoFactorLoginSchema } from "../../lib/schemas/admin-invite";
import { adminLoginSchema, type AdminLoginInput } from "../../lib/schemas/auth";
import { TEXTS } from "../../texts/user";
import { ADMIN_TEXTS } from "../../texts/admin";
import { adminCookieHeaders, adminSessionStorage, clearedAdminCookieHeaders } from "../auth/cookies.server";
import { randomToken, sha256Hex } from "../auth/crypto.server";
import { AuthFailure, authFailureResponse, type AuthFailureInfo } from "../auth/errors.server";
import { hashPassword, verifyPassword } from "../auth/password.server";
import { readPayload } from "../http/request-body.server";
import { adminLoginPerIpRules, consumeRate, retryAfterSeconds } from "../auth/rate-limit.server";
import { isApiRequest, requestInfo, type RequestInfo } from "../auth/request-info.server";
import { bearerToken } from "../auth/tokens.server";
import { type Database } from "../db/client.server";
import { adminSessions, admins, auditLog } from "../db/schema.server";
import type { Env } from "../env.server";
import { endAdminLiveSession } from "../live/publish.server";
import { answerLoginChallenge, createLoginChallenge, twoFactorEnabled, type AdminTwoFactorLoginInput } from "./two-factor.server";
import { readSettings } from "../settings/settings.server";

export const ADMIN_SESSION_TTL_MS = 8 * 60 * 60 * 1000;
export const ADMIN_MAX_FAILED_LOGINS = 5;
export const ADMIN_LOCKOUT_MS = 15 * 60 * 1000;

type AdminRow = typeof admins.$inferSelect;

export interface AdminPrincipal extends AdminAccessSubject {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: AdminRole;
  permissions: AdminPermissions;
  lastLoginAt: number | null;
  createdAt: number;
  /** admin_sessions.id: what logout revokes */
  sessionId: string;
}

function principal(row: AdminRow, sessionId: string): AdminPrincipal {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    permissions: parseAdminPermissions(row.permissionsJson),
    lastLoginAt: row.lastLoginAt,
    createdAt: row.createdAt,
    sessionId,
  };
}

/** The admin as the API shows it (admin spec §3 "Admin profile" and "Administrator"). */
export function publicAdmin(admin: AdminPrincipal) {
  return {
    id: admin.id,
    email: admin.email,
    first_name: admin.firstName,
    last_name: admin.lastName,
    role: admin.role,
    permissions: admin.permissions,
    created_at: new Date(admin.createdAt).toISOString(),
    last_login: admin.lastLoginAt === null ? null : new Date(admin.lastLoginAt).toISOString(),
  };
}

export async function writeAudit(
  db: Database,
  entry: {
    adminId: string | null;
    action: string;
    details?: Record<string, unknown>;
    ip: string;
    now: number;
    /** what the action was done to; the acting admin by default */
    target?: { type: string; id: string | null };
  },
): Promise<void> {
  await db.insert(auditLog).values({
    id: newId(entry.now),
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.target?.type ?? "admin",
    targetId: entry.target ? entry.target.id : entry.adminId,
    detailsJson: entry.details ? JSON.stringify(entry.details) : null,
    ipAddress: entry.ip,
    createdAt: entry.now,
  });
}

// A password check against this when the e-mail is unknown keeps both answers equally slow.
let decoyHash: Promise<string> | null = null;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(randomToken());
  return decoyHash;
}

const invalidCredentials: AuthFailureInfo = { code: "invalid_credentials", status: 401, message: ADMIN_TEXTS.loginFailed };

function lockedFailure(lockedUntil: number, now: number): AuthFailureInfo {
  const seconds = Math.ceil((lockedUntil - now) / 1000);
  return {
    code: "account_locked",
    status: 429,
    message: ADMIN_TEXTS.accountLocked(Math.max(1, Math.ceil(seconds / 60))),
    retryAfterSeconds: seconds,
  };
}

export type AdminLoginResult =
  | { ok: true; admin: AdminPrincipal; token: string; expiresAt: number }
  | { ok: false; failure: AuthFailureInfo };

/**
 * Checks e-mail and password. Five wrong passwords in a row lock the account for 15 minutes, during
 * which even the right password is refused. Unknown, invited and revoked accounts get the same answer
 * as a wrong password.
 */
export async function adminLogin(
  ctx: AppContext,
  input: AdminLoginInput,
  info: RequestInfo,
  options: { now?: number } = {},
): Promise<AdminLoginResult> {
  const now = options.now ?? Date.now();
  const db = ctx.db;

  // Counted before anything is read or written: a refused try leaves no audit row; the lockout leaves one.
  const ipDecision = await consumeRate(ctx.env, `admin-login-ip:${info.ip}`, adminLoginPerIpRules(ctx.config.limits), now);
  if (!ipDecision.allowed) {
    if (ipDecision.first) {
      await writeAudit(db, {
        adminId: null,
        action: "admin_login_ip_locked_out",
        details: { rule: ipDecision.rule, retry_after_seconds: retryAfterSeconds(ipDecision) },
        ip: info.ip,
        now,
        target: { type: "ip", id: info.ip },
      });
    }
    return {
      ok: false,
      failure: { code: "rate_limited", status: 429, message: TEXTS.auth.tooManyRequests, retryAfterSeconds: retryAfterSeconds(ipDecision) },
    };
  }

  const [row] = await db.select().from(admins).where(eq(admins.email, input.email)).limit(1);
  if (!row || row.status !== "active" || !row.passwordHash) {
    await verifyPassword(input.password, await decoy());
    await writeAudit(db, { adminId: row?.id ?? null, action: "admin_login_failed", details: { email: input.email }, ip: info.ip, now });
    return { ok: false, failure: invalidCredentials };
  }
  if (row.lockedUntil !== null && row.lockedUntil > now) {
    // The lock itself was audited once (admin_locked_out); tries against it are not.
    return { ok: false, failure: lockedFailure(row.lockedUntil, now) };
  }

  if (!(await verifyPassword(input.password, row.passwordHash))) {
    // One statement, so parallel wrong guesses cannot skip the lock. SQLite reads old values on the right.
    const reachesLimit = sql`${admins.failedLoginCount} + 1 >= ${ADMIN_MAX_FAILED_LOGINS}`;
    const [counted] = await db
      .update(admins)
      .set({
        failedLoginCount: sql`CASE WHEN ${reachesLimit} THEN 0 ELSE ${admins.failedLoginCount} + 1 END`,
        lockedUntil: sql`CASE WHEN ${reachesLimit} THEN ${now + ADMIN_LOCKOUT_MS} ELSE ${admins.lockedUntil} END`,
      })
      .where(eq(admins.id, row.id))
      .returning({ lockedUntil: admins.lockedUntil });
    const lockedNow = counted?.lockedUntil != null && counted.lockedUntil > now;
    await writeAudit(db, { adminId: row.id, action: lockedNow ? "admin_locked_out" : "admin_login_failed", ip: info.ip, now });
    return { ok: false, failure: lockedNow ? lockedFailure(counted!.lockedUntil!, now) : invalidCredentials };
  }

  // With two-factor on, the right password only earns a challenge; the session waits for the code.
  if (await twoFactorEnabled(db, row.id)) {
    await db.update(admins).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(admins.id, row.id));
    const challenge = await createLoginChallenge(db, row.id, now);
    await writeAudit(db, { adminId: row.id, action: "admin_login_two_factor_required", ip: info.ip, now });
    return {
      ok: false,
      failure: { code: "two_factor_required", status: 401, message: ADMIN_TEXTS.twoFactor.required, challenge },
    };
  }
  return { ok: true, ...(await openAdminSession(db, row.id, info, now, "password")) };
}

/** Starts a session for an admin whose credentials were checked: last login, the session row, the audit. */
export async function openAdminSession(
  db: Database,
  adminId: string,
  info: RequestInfo,
  now: number,
  method: "password" | "totp" | "recovery_code" | "invitation",
): Promise<{ admin: AdminPrincipal; token: string; expiresAt: number }> {
  const [signedIn] = await db
    .update(admins)
    .set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: now })
    .where(eq(admins.id, adminId))
    .returning();
  if (!signedIn) throw new Error(`admin ${adminId} vanished while signing in`);
  const token = randomToken();
  const sessionId = newId(now);
  const expiresAt = now + ADMIN_SESSION_TTL_MS;
  await db.insert(adminSessions).values({
    id: sessionId,
    adminId,
    tokenHash: await sha256Hex(token),
    expiresAt,
    ipAddress: info.ip,
    userAgent: info.userAgent,
    createdAt: now,
    lastSeenAt: now,
  });
  await writeAudit(db, { adminId, action: "admin_login", details: { method }, ip: info.ip, now });
  return { admin: principal(signedIn, sessionId), token, expiresAt };
}

/**
 * The second step of a sign-in with two-factor on: the challenge of the first step and a TOTP code
 * (or a recovery code). A challenge lives 5 minutes and allows 5 wrong codes; the IP limit of the
 * password step applies too.
 */
export async function completeAdminTwoFactorLogin(
  ctx: AppContext,
  input: AdminTwoFactorLoginInput,
  info: RequestInfo,
  options: { now?: number } = {},
): Promise<AdminLoginResult> {
  const now = options.now ?? Date.now();
  const { env, db } = ctx;
  const ipDecision = await consumeRate(env, `admin-login-ip:${info.ip}`, adminLoginPerIpRules(ctx.config.limits), now);
  if (!ipDecision.allowed) {
    return {
      ok: false,
      failure: { code: "rate_limited", status: 429, message: TEXTS.auth.tooManyRequests, retryAfterSeconds: retryAfterSeconds(ipDecision) },
    };
  }
  const outcome = await answerLoginChallenge(env, db, input, now);
  if (!outcome.ok) {
    await writeAudit(db, { adminId: outcome.adminId, action: "admin_login_two_factor_failed", details: { reason: outcome.reason }, ip: info.ip, now });
    if (outcome.reason === "invalid_code") {
      return {
        ok: false,
        failure: { code: "invalid_code", status: 401, message: ADMIN_TEXTS.twoFactor.invalidCode, attemptsRemaining: outcome.attemptsRemaining },
      };
    }
    return { ok: false, failure: { code: "challenge_expired", status: 401, message: ADMIN_TEXTS.twoFactor.challengeExpired } };
  }
  return { ok: true, ...(await openAdminSession(db, outcome.adminId, info, now, outcome.method)) };
}

type AdminCredentials = { step: "password"; input: AdminLoginInput } | { step: "two_factor"; input: AdminTwoFactorLoginInput };

/**
 * remix-auth strategy: {email, password} from a JSON body or a form, or, for the second step of an
 * admin with two-factor on, {challenge, code}.
 */
export class AdminPasswordStrategy<User> extends Strategy<User, { credentials: AdminCredentials; info: RequestInfo }> {
  name = "admin-password";

  async authenticate(request: Request): Promise<User> {
    const payload = await readPayload(request);
    const parsed = "challenge" in payload ? adminTwoFactorLoginSchema.safeParse(payload) : adminLoginSchema.safeParse(payload);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
      throw new AuthFailure({ code: "invalid_input", status: 400, message: issues[0]?.message ?? ADMIN_TEXTS.loginFailed, issues });
    }
    const credentials: AdminCredentials =
      "challenge" in parsed.data ? { step: "two_factor", input: parsed.data } : { step: "password", input: parsed.data };
    return this.verify({ credentials, info: requestInfo(request) });
  }
}

type AdminSignIn = { admin: AdminPrincipal; token: string; expiresAt: number };

export function createAdminAuthenticator(ctx: AppContext, options: { now?: number } = {}): Authenticator<AdminSignIn> {
  return new Authenticator<AdminSignIn>().use(
    new AdminPasswordStrategy<AdminSignIn>(async ({ credentials, info }) => {
      const result =
        credentials.step === "password"
          ? await adminLogin(ctx, credentials.input, info, options)
          : await completeAdminTwoFactorLogin(ctx, credentials.input, info, options);
      if (!result.ok) throw new AuthFailure(result.failure);
      return { admin: result.admin, token: result.token, expiresAt: result.expiresAt };
    }),
    "admin-password",
  );
}

export type AdminSignInResult =
  | ({ ok: true; expiresIn: number; setCookies: string[] } & AdminSignIn)
  | { ok: false; failure: AuthFailureInfo };

/** Reads {email, password} (JSON or form), signs in, and returns the token and the page cookie. */
export async function signInAdmin(request: Request, ctx: AppContext, options: { now?: number } = {}): Promise<AdminSignInResult> {
  const now = options.now ?? Date.now();
  let signedIn: AdminSignIn;
  try {
    signedIn = await createAdminAuthenticator(ctx, { now }).authenticate("admin-password", request);
  } catch (error) {
    if (error instanceof AuthFailure) return { ok: false, failure: error.info };
    throw error;
  }
  return {
    ok: true,
    ...signedIn,
    expiresIn: Math.floor((signedIn.expiresAt - now) / 1000),
    setCookies: await adminSessionCookies(ctx.env, request, signedIn.token),
  };
}

/** The Set-Cookie values that carry a new admin session token to /admin, /admin.data and /api/admin. */
export function adminSessionCookies(env: Env, request: Request, token: string): Promise<string[]> {
  return adminCookieHeaders(env, request, token, ADMIN_SESSION_TTL_MS / 1000);
}

/**
 * The admin settings' session timeout (minutes of inactivity) in ms. A session also ends at its
 * expires_at (ADMIN_SESSION_TTL_MS after sign-in), whichever comes first.
 */
export async function adminIdleTimeoutMs(ctx: AppContext, now?: number): Promise<number> {
  return (await readSettings(ctx, { now })).session_timeout * 60_000;
}

/** Not revoked, not past its TTL, and used within the idle timeout (sign-in counts as use). */
function sessionIsLive(now: number, idleTimeoutMs: number) {
  return and(
    isNull(adminSessions.revokedAt),
    gt(adminSessions.expiresAt, now),
    gt(sql`coalesce(${adminSessions.lastSeenAt}, ${adminSessions.createdAt})`, now - idleTimeoutMs),
  );
}

/**
 * The sliding timeout's write is skipped while the session's last_seen_at is younger than this: at
 * most one write per session per minute (a tenth of the timeout when that is shorter, so a 5-minute
 * timeout still ends within 30 s of its mark) instead of an UPDATE on every admin request. A session
 * therefore ends between timeout − interval and timeout after its last request.
 */
export const ADMIN_SEEN_WRITE_INTERVAL_MS = 60_000;

export function seenWriteIntervalMs(idleTimeoutMs: number): number {
  return Math.min(ADMIN_SEEN_WRITE_INTERVAL_MS, Math.floor(idleTimeoutMs / 10));
}

/**
 * The admin of a live session named by its token (Bearer or cookie), or null. A request with it is
 * activity: the idle timeout starts again from `now` (sliding), written only when the last write is
 * older than seenWriteIntervalMs. The write repeats the liveness check, so an idle or revoked
 * session is never revived by it.
 */
export async function adminFromToken(db: Database, token: string, now: number, idleTimeoutMs: number): Promise<AdminPrincipal | null> {
  const live = and(eq(adminSessions.tokenHash, await sha256Hex(token)), sessionIsLive(now, idleTimeoutMs));
  const [row] = await db
    .select({ sessionId: adminSessions.id, seenAt: sql<number>`coalesce(${adminSessions.lastSeenAt}, ${adminSessions.createdAt})`, admin: admins })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(live)
    .limit(1);
  if (!row) return null;
  if (now - Number(row.seenAt) >= seenWriteIntervalMs(idleTimeoutMs)) {
    await db
      .update(adminSessions)
      .set({ lastSeenAt: sql`max(coalesce(${adminSessions.lastSeenAt}, 0), ${now})` })
      .where(and(eq(adminSessions.id, row.sessionId), live));
  }
  if (row.admin.status !== "active") return null;
  return principal(row.admin, row.sessionId);
}

/**
 * The admin of a live session named by its id (live channel tokens carry the id, not the secret).
 * A read only: an open socket re-checked by its channel is not the admin being active.
 */
export async function adminFromSessionId(db: Database, sessionId: string, now: number, idleTimeoutMs: number): Promise<AdminPrincipal | null> {
  const [row] = await db
    .select({ admin: admins })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(and(eq(adminSessions.id, sessionId), sessionIsLive(now, idleTimeoutMs)))
    .limit(1);
  if (!row || row.admin.status !== "active") return null;
  return principal(row.admin, sessionId);
}

async function tokenOf(request: Request, env: Env): Promise<string | null> {
  if (isApiRequest(request)) {
    const bearer = bearerToken(request);
    if (bearer) return bearer;
  }
  const storage = adminSessionStorage(env, request, ADMIN_SESSION_TTL_MS / 1000);
  const session = await storage.getSession(request.headers.get("Cookie"));
  return session.get("token") ?? null;
}

/** The signed-in admin, or null. Bearer tokens count on /api/* only; the cookie counts everywhere. */
export async function getOptionalAdmin(request: Request, ctx: AppContext, options: { now?: number } = {}): Promise<AdminPrincipal | null> {
  const token = await tokenOf(request, ctx.env);
  if (!token) return null;
  const now = options.now ?? Date.now();
  return adminFromToken(ctx.db, token, now, await adminIdleTimeoutMs(ctx, now));
}

export interface RequireAdminOptions extends AdminRequirement {
  /** "api": 401/403 JSON; "page": redirect to /admin/login, or a 403 Response. Default: by path. */
  mode?: "api" | "page";
  now?: number;
}

/**
 * The one admin guard: the signed-in admin if it meets the requirement. Otherwise it throws a
 * Response: no session → 401 JSON (pages: redirect to /admin/login); missing role or permission → 403.
 */
export async function requireAdmin(request: Request, ctx: AppContext, options: RequireAdminOptions = {}): Promise<AdminPrincipal> {
  const mode = options.mode ?? (isApiRequest(request) ? "api" : "page");
  const admin = await getOptionalAdmin(request, ctx, options);
  if (!admin) {
    if (mode === "api") throw authFailureResponse({ code: "unauthorized", status: 401, message: ADMIN_TEXTS.sessionRequired });
    const url = new URL(request.url);
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  }
  if (!meetsRequirement(admin, options)) {
    const message = options.roles?.length === 1 && options.roles[0] === "super_admin" ? ADMIN_TEXTS.superAdminOnly : ADMIN_TEXTS.forbidden;
    if (mode === "api") throw authFailureResponse({ code: "forbidden", status: 403, message });
    throw new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return admin;
}

/**
 * Ends every open session of an admin at once (revocation, password change), except `exceptSessionId`
 * (the session that changed its own password stays signed in); their live sockets close too.
 */
export async function endAdminSessions(
  ctx: Pick<AppContext, "env" | "db">,
  adminId: string,
  options: { exceptSessionId?: string; now?: number } = {},
): Promise<number> {
  const db = ctx.db;
  const open = and(eq(adminSessions.adminId, adminId), isNull(adminSessions.revokedAt));
  const ended = await db
    .update(adminSessions)
    .set({ revokedAt: options.now ?? Date.now() })
    .where(options.exceptSessionId ? and(open, ne(adminSessions.id, options.exceptSessionId)) : open)
    .returning({ sessionId: adminSessions.id });
  await Promise.all(ended.map((row) => endAdminLiveSession(ctx.env, row.sessionId)));
  return ended.length;
}

/** Ends the admin session of the request (Bearer or cookie) and returns the Set-Cookie values that clear the cookies. */
export async function logoutAdmin(request: Request, ctx: AppContext, options: { now?: number } = {}): Promise<{ setCookies: string[]; revoked: boolean }> {
  const now = options.now ?? Date.now();
  const db = ctx.db;
  const token = await tokenOf(request, ctx.env);
  let revoked = false;
  if (token) {
    const ended = await db
      .update(adminSessions)
      .set({ revokedAt: now })
      .where(and(eq(adminSessions.tokenHash, await sha256Hex(token)), isNull(adminSessions.revokedAt)))
      .returning({ adminId: adminSessions.adminId, sessionId: adminSessions.id });
    revoked = ended.length > 0;
    if (ended[0]) {
      await writeAudit(db, { adminId: ended[0].adminId, action: "admin_logout", ip: requestInfo(request).ip, now });
      await endAdminLiveSession(ctx.env, ended[0].sessionId);
    }
  }
  return { setCookies: await clearedAdminCookieHeaders(ctx.env, request), revoked };
}
