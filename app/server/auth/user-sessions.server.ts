// User sessions. A sign-in opens a session ("family"); each refresh token is one row of that family
// in user_sessions, stored only as its SHA-256. Refreshing rotates: the presented row is retired
// (replaced_by) and a new one issued. Presenting a retired token again means it was copied, so the
// whole family is revoked, except within a short grace window after the rotation: two tabs refreshing
// at once both get the same new pair (the next token is derived from the presented one, so nothing
// secret is stored; decision 0012). Access tokens and the page cookie name the family; a family is live while
// its newest row is unrevoked and unexpired, so logout or revocation takes effect on the next request.
import type { AppContext } from "../context.server";
import { and, eq, gt, isNull } from "drizzle-orm";
import { newId } from "../../lib/ids";
import { TEXTS } from "../../texts/user";
import { type Database } from "../db/client.server";
import { userSessions, users } from "../db/schema.server";
import type { Env } from "../env.server";
import { endUserLiveSession } from "../live/publish.server";
import { logAuthEvent } from "./auth-logs.server";
import { base64UrlEncode, hmacSha256, randomToken, sha256Hex } from "./crypto.server";
import type { AuthFailureInfo } from "./errors.server";
import type { RequestInfo } from "./request-info.server";
import { requireSecret } from "./secrets.server";
import { signAccessToken, verifyAccessToken } from "./tokens.server";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** how long after a rotation the same refresh token still yields the same new pair */
export const REFRESH_REUSE_GRACE_MS = 20_000;

export type UserRow = typeof users.$inferSelect;

/** What /api/auth/verify-sms and /api/auth/refresh-token return (user spec §3 "Auth token data", §7). */
export interface TokenSet {
  token: string;
  accessToken: string;
  refreshToken: string;
  tokenType: "Bearer";
  /** access token lifetime in seconds */
  expiresIn: number;
  /** ISO instants */
  expiresAt: string;
  issuedAt: string;
  refreshExpiresAt: string;
}

async function issueTokens(env: Env, userId: string, familyId: string, refreshToken: string, now: number, refreshExpiresAt: number): Promise<TokenSet> {
  const iat = Math.floor(now / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const accessToken = await signAccessToken(requireSecret(env, "SESSION_SECRET"), { sub: userId, sid: familyId, aud: "user", iat, exp });
  return {
    token: accessToken,
    accessToken,
    refreshToken,
    tokenType: "Bearer",
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    expiresAt: new Date(exp * 1000).toISOString(),
    issuedAt: new Date(iat * 1000).toISOString(),
    refreshExpiresAt: new Date(refreshExpiresAt).toISOString(),
  };
}

/** Opens a session family for a signed-in user and issues its first tokens. */
export async function openSession(
  ctx: AppContext,
  userId: string,
  info: RequestInfo,
  options: { now?: number } = {},
): Promise<{ familyId: string; tokens: TokenSet }> {
  const now = options.now ?? Date.now();
  const db = ctx.db;
  const familyId = newId(now);
  const refreshToken = randomToken();
  const expiresAt = now + REFRESH_TOKEN_TTL_MS;
  await db.insert(userSessions).values({
    id: newId(now),
    userId,
    familyId,
    refreshTokenHash: await sha256Hex(refreshToken),
    expiresAt,
    ipAddress: info.ip,
    userAgent: info.userAgent,
    createdAt: now,
  });
  return { familyId, tokens: await issueTokens(ctx.env, userId, familyId, refreshToken, now, expiresAt) };
}

export async function revokeFamily(db: Database, familyId: string, now: number): Promise<number> {
  const revoked = await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.familyId, familyId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  return revoked.length;
}

/** Signs a user out everywhere (e.g. when an admin suspends the account), live sockets included. */
export async function revokeAllUserSessions(ctx: Pick<AppContext, "env" | "db">, userId: string, now: number = Date.now()): Promise<number> {
  const revoked = await ctx.db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  await endUserLiveSession(ctx.env, userId, null);
  return revoked.length;
}

/**
 * Why an account may not sign in or keep a session, or null when it is active: an admin suspended or
 * deactivated it (admin spec §4 user status).
 */
export function blockedAccountFailure(status: UserRow["status"]): AuthFailureInfo | null {
  if (status === "suspended") return { code: "account_suspended", status: 403, message: TEXTS.auth.accountSuspended };
  if (status === "inactive") return { code: "account_inactive", status: 403, message: TEXTS.auth.accountInactive };
  return null;
}

const sessionExpired: AuthFailureInfo = { code: "invalid_refresh_token", status: 401, message: TEXTS.auth.sessionExpired };

export type RefreshResult = { ok: true; tokens: TokenSet; familyId: string } | { ok: false; failure: AuthFailureInfo };

/** The refresh token that replaces `refreshToken`: derived, so a repeated rotation yields the same one. */
async function successorToken(env: Env, refreshToken: string): Promise<string> {
  return base64UrlEncode(await hmacSha256(requireSecret(env, "SESSION_SECRET"), `refresh-rotation:v1:${refreshToken}`));
}

type SessionRow = typeof userSessions.$inferSelect;

/**
 * The pair a rotation of `refreshToken` issued, when it is asked again within the grace window and
 * that pair is still the family's newest; null otherwise (then it is reuse).
 */
async function repeatedRotation(env: Env, db: Database, nextToken: string, now: number): Promise<{ successor: SessionRow; tokens: TokenSet } | null> {
  const [successor] = await db
    .select()
    .from(userSessions)
    .where(eq(userSessions.refreshTokenHash, await sha256Hex(nextToken)))
    .limit(1);
  if (!successor || successor.revokedAt !== null || successor.replacedBy !== null) return null;
  if (now - successor.createdAt > REFRESH_REUSE_GRACE_MS) return null;
  // Issued as of the rotation, the access token is the very one the first answer carried.
  return { successor, tokens: await issueTokens(env, successor.userId, successor.familyId, nextToken, successor.createdAt, successor.expiresAt) };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e.message.includes("UNIQUE constraint failed")) return true;
  return false;
}

/** Exchanges a refresh token for a new pair (rotation with reuse detection and a grace window). */
export async function rotateRefreshToken(
  ctx: AppContext,
  refreshToken: string,
  info: RequestInfo,
  options: { now?: number } = {},
): Promise<RefreshResult> {
  const now = options.now ?? Date.now();
  const db = ctx.db;
  const [row] = await db
    .select({ session: userSessions, user: users })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(eq(userSessions.refreshTokenHash, await sha256Hex(refreshToken)))
    .limit(1);
  if (!row) return { ok: false, failure: sessionExpired };
  const { session, user } = row;
  const nextToken = await successorToken(ctx.env, refreshToken);

  const reused = async (): Promise<RefreshResult> => {
    // A retired token came back: whoever holds the family's tokens may be an attacker.
    await revokeFamily(db, session.familyId, now);
    await endUserLiveSession(ctx.env, user.id, session.familyId);
    await logAuthEvent(db, { action: "refresh_token_reuse", success: false, userId: user.id, phone: user.phone, info, now });
    return { ok: false, failure: { ...sessionExpired, code: "refresh_token_reused" } };
  };
  const repeated = async (): Promise<RefreshResult | null> => {
    const again = await repeatedRotation(ctx.env, db, nextToken, now);
    return again && blockedAccountFailure(user.status) === null ? { ok: true, familyId: again.successor.familyId, tokens: again.tokens } : null;
  };

  if (session.revokedAt !== null) return { ok: false, failure: sessionExpired };
  if (session.replacedBy !== null) return (await repeated()) ?? reused();
  if (session.expiresAt <= now) return { ok: false, failure: sessionExpired };
  const blocked = blockedAccountFailure(user.status);
  if (blocked) {
    await revokeFamily(db, session.familyId, now);
    await endUserLiveSession(ctx.env, user.id, session.familyId);
    return { ok: false, failure: blocked };
  }

  // The successor goes in first: its hash is unique, so of two concurrent rotations exactly one
  // inserts it, and the other (finding it) answers with the same pair.
  const nextId = newId(now);
  const expiresAt = now + REFRESH_TOKEN_TTL_MS;
  try {
    await db.insert(userSessions).values({
      id: nextId,
      userId: user.id,
      familyId: session.familyId,
      refreshTokenHash: await sha256Hex(nextToken),
      expiresAt,
      ipAddress: info.ip,
      userAgent: info.userAgent,
      createdAt: now,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return (await repeated()) ?? reused();
  }
  const [retired] = await db
    .update(userSessions)
    .set({ replacedBy: nextId })
    .where(and(eq(userSessions.id, session.id), isNull(userSessions.replacedBy), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  if (!retired) {
    // Revoked (logout, reuse elsewhere) while this rotation ran: the successor must not outlive it.
    await db.update(userSessions).set({ revokedAt: now }).where(eq(userSessions.id, nextId));
    return { ok: false, failure: sessionExpired };
  }
  await logAuthEvent(db, { action: "token_refreshed", success: true, userId: user.id, phone: user.phone, info, now });
  return { ok: true, familyId: session.familyId, tokens: await issueTokens(ctx.env, user.id, session.familyId, nextToken, now, expiresAt) };
}

/** The user of a live session family, or null (revoked, expired, retired, or the account not active). */
export async function liveSessionUser(db: Database, familyId: string, now: number): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.familyId, familyId),
        isNull(userSessions.revokedAt),
        isNull(userSessions.replacedBy),
        gt(userSessions.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row || row.user.status !== "active") return null;
  return row.user;
}

/** The user and session named by a Bearer access token, if the token is valid and its session live. */
export async function userFromAccessToken(
  ctx: AppContext,
  token: string,
  now: number = Date.now(),
): Promise<{ user: UserRow; familyId: string } | null> {
  const check = await verifyAccessToken(requireSecret(ctx.env, "SESSION_SECRET"), token, "user", now);
  if (!check.ok) return null;
  const user = await liveSessionUser(ctx.db, check.claims.sid, now);
  if (!user || user.id !== check.claims.sub) return null;
  return { user, familyId: check.claims.sid };
}

/** Which family a refresh token belongs to (for logout with only a refresh token). */
export async function familyOfRefreshToken(db: Database, refreshToken: string): Promise<{ familyId: string; userId: string } | null> {
  const [row] = await db
    .select({ familyId: userSessions.familyId, userId: userSessions.userId })
    .from(userSessions)
    .where(eq(userSessions.refreshTokenHash, await sha256Hex(refreshToken)))
    .limit(1);
  return row ?? null;
}
