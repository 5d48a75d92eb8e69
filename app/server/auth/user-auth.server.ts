// The user side of authentication, as Remix loaders, actions and API routes call it.
//   sendSignInCode        step 1: phone → SMS code
//   signInWithPhoneCode   step 2: phone + code → session (tokens for API clients + page cookie)
//   getOptionalUser / requireUser   who is asking (Bearer on /api/*, cookie everywhere)
//   refreshTokens, logoutUser
import type { AppContext } from "../context.server";
import { redirect } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { registerPhoneSchema, type PhoneFormVariant } from "../../lib/schemas/auth";
import { TEXTS } from "../../texts/user";
import type { Env } from "../env.server";
import { endUserLiveSession } from "../live/publish.server";
import type { SmsSender } from "../sms/sms.server";
import { logAuthEvent } from "./auth-logs.server";
import { userSessionStorage } from "./cookies.server";
import { AuthFailure, authFailureResponse, type AuthFailureInfo } from "./errors.server";
import { requestSignInCode, verifySignInCode, type CodeRequestResult } from "./otp.server";
import { PhoneOtpStrategy } from "./phone-otp-strategy.server";
import { readPayload } from "../http/request-body.server";
import { RATE_LIMITS, consumeRate, networkOf, retryAfterSeconds } from "./rate-limit.server";
import { isApiRequest, requestInfo } from "./request-info.server";
import { bearerToken } from "./tokens.server";
import {
  REFRESH_TOKEN_TTL_MS,
  familyOfRefreshToken,
  liveSessionUser,
  openSession,
  revokeFamily,
  rotateRefreshToken,
  userFromAccessToken,
  type RefreshResult,
  type TokenSet,
  type UserRow,
} from "./user-sessions.server";

const COOKIE_MAX_AGE_SECONDS = REFRESH_TOKEN_TTL_MS / 1000;

export interface CurrentUser {
  id: string;
  phone: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  status: UserRow["status"];
  createdAt: number;
  lastLoginAt: number | null;
  /** the session family: what logout revokes */
  sessionId: string;
  via: "bearer" | "cookie";
}

/** The user as the API shows it (snake_case like the rest of the spec's payloads). */
export function publicUser(user: UserRow) {
  return {
    id: user.id,
    phone: user.phone,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    status: user.status,
    created_at: new Date(user.createdAt).toISOString(),
    last_login: user.lastLoginAt === null ? null : new Date(user.lastLoginAt).toISOString(),
  };
}

function currentUser(user: UserRow, sessionId: string, via: CurrentUser["via"]): CurrentUser {
  return {
    id: user.id,
    phone: user.phone,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    status: user.status,
    createdAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
    sessionId,
    via,
  };
}

interface ClockOptions {
  now?: number;
}

/** remix-auth with the phone + SMS code strategy; built per request because it needs the bindings. */
export function createUserAuthenticator(
  ctx: AppContext,
  options: ClockOptions & { variant?: PhoneFormVariant } = {},
): Authenticator<{ user: UserRow; isNewUser: boolean }> {
  const authenticator = new Authenticator<{ user: UserRow; isNewUser: boolean }>();
  authenticator.use(
    new PhoneOtpStrategy(
      async ({ phone, code, info }) => {
        const checked = await verifySignInCode(ctx, phone, code, info, { now: options.now });
        if (!checked.ok) throw new AuthFailure(checked.failure);
        return { user: checked.user, isNewUser: checked.isNewUser };
      },
      { variant: options.variant },
    ),
    "phone-otp",
  );
  return authenticator;
}

export type SendCodeResult = CodeRequestResult & { phone?: string };

/** Step 1. Reads {phoneNumber} (JSON or form) and sends a code; the answer is the same for any phone. */
export async function sendSignInCode(
  request: Request,
  ctx: AppContext,
  options: ClockOptions & { variant?: PhoneFormVariant; sms?: SmsSender } = {},
): Promise<SendCodeResult> {
  const variant = options.variant ?? "dialog";
  const parsed = registerPhoneSchema(variant).safeParse(await readPayload(request));
  if (!parsed.success) {
    const invalid = variant === "login" ? TEXTS.auth.invalidPhoneLogin : TEXTS.auth.invalidPhoneDialog;
    return {
      ok: false,
      failure: {
        code: "invalid_phone",
        status: 400,
        message: invalid.message,
        title: invalid.title,
        issues: parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
      },
    };
  }
  const phone = parsed.data.phoneNumber;
  const result = await requestSignInCode(ctx, phone, requestInfo(request), options);
  return { ...result, phone };
}

/** Opens a session for a signed-in user: API tokens plus the Set-Cookie for pages. */
export async function createUserSession(
  request: Request,
  ctx: AppContext,
  userId: string,
  options: ClockOptions = {},
): Promise<{ tokens: TokenSet; sessionId: string; setCookie: string }> {
  const { familyId, tokens } = await openSession(ctx, userId, requestInfo(request), options);
  const storage = userSessionStorage(ctx.env, request, COOKIE_MAX_AGE_SECONDS);
  const session = await storage.getSession();
  session.set("sid", familyId);
  session.set("uid", userId);
  return { tokens, sessionId: familyId, setCookie: await storage.commitSession(session) };
}

export type SignInResult =
  | { ok: true; user: UserRow; isNewUser: boolean; tokens: TokenSet; sessionId: string; setCookie: string }
  | { ok: false; failure: AuthFailureInfo };

/**
 * Step 2. Reads {phoneNumber, verificationCode} (JSON or form) through remix-auth, checks the code
 * and opens a session. If the action already read the body, pass `request.clone()`.
 */
export async function signInWithPhoneCode(
  request: Request,
  ctx: AppContext,
  options: ClockOptions & { variant?: PhoneFormVariant } = {},
): Promise<SignInResult> {
  let signedIn: { user: UserRow; isNewUser: boolean };
  try {
    signedIn = await createUserAuthenticator(ctx, options).authenticate("phone-otp", request);
  } catch (error) {
    if (error instanceof AuthFailure) return { ok: false, failure: error.info };
    throw error;
  }
  const session = await createUserSession(request, ctx, signedIn.user.id, options);
  return { ok: true, ...signedIn, ...session };
}

/** The signed-in user, or null. Bearer tokens count on /api/* only; the cookie counts everywhere. */
export async function getOptionalUser(request: Request, ctx: AppContext, options: ClockOptions = {}): Promise<CurrentUser | null> {
  const now = options.now ?? Date.now();
  if (isApiRequest(request)) {
    const token = bearerToken(request);
    if (token) {
      const found = await userFromAccessToken(ctx, token, now);
      // A bad Bearer token is an answer in itself; do not fall back to a cookie.
      return found ? currentUser(found.user, found.familyId, "bearer") : null;
    }
  }
  const storage = userSessionStorage(ctx.env, request, COOKIE_MAX_AGE_SECONDS);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const sid = session.get("sid");
  if (!sid) return null;
  const user = await liveSessionUser(ctx.db, sid, now);
  if (!user || user.id !== session.get("uid")) return null;
  return currentUser(user, sid, "cookie");
}

export interface RequireUserOptions extends ClockOptions {
  /** "api": throw a 401 JSON; "page": throw a redirect to /login. Default: by path (/api/* is "api"). */
  mode?: "api" | "page";
  /** where /login should send the user back to; default the current path */
  redirectTo?: string;
}

/** The signed-in user, or a thrown Response (401 JSON for the API, redirect to /login for pages). */
export async function requireUser(request: Request, ctx: AppContext, options: RequireUserOptions = {}): Promise<CurrentUser> {
  const user = await getOptionalUser(request, ctx, options);
  if (user) return user;
  const mode = options.mode ?? (isApiRequest(request) ? "api" : "page");
  if (mode === "api") {
    throw authFailureResponse({ code: "unauthorized", status: 401, message: TEXTS.auth.sessionExpired });
  }
  const url = new URL(request.url);
  const back = options.redirectTo ?? `${url.pathname}${url.search}`;
  const headers = new Headers();
  // A cookie naming a dead session is cleared so the page does not keep asking about it.
  if (request.headers.get("Cookie")?.includes("cmic_session=")) {
    headers.append("Set-Cookie", await destroyUserCookie(request, ctx.env));
  }
  throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`, { headers });
}

/**
 * A same-site path to go to after sign-in (from ?redirectTo=), or the fallback: never an absolute or
 * protocol-relative URL, so /login cannot be used to bounce people to another site. The path is
 * judged after normalisation, as the browser will read the Location: `/.//evil.com` and
 * `/admin/../\\evil.com` normalise to `//evil.com`, which a browser follows to evil.com.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(to, "http://local.invalid");
  } catch (error) {
    if (error instanceof TypeError) return fallback;
    throw error;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  const sameSite = url.origin === "http://local.invalid" && path.startsWith("/") && !/^\/[\/\\]/.test(path);
  return sameSite ? path : fallback;
}

export async function destroyUserCookie(request: Request, env: Env): Promise<string> {
  const storage = userSessionStorage(env, request, COOKIE_MAX_AGE_SECONDS);
  return storage.destroySession(await storage.getSession(request.headers.get("Cookie")));
}

/** POST /api/auth/refresh-token: a new token pair, or a failure (reuse revokes the session). */
export async function refreshTokens(
  request: Request,
  ctx: AppContext,
  refreshToken: string,
  options: ClockOptions = {},
): Promise<RefreshResult> {
  const now = options.now ?? Date.now();
  const info = requestInfo(request);
  const decision = await consumeRate(ctx.env, `refresh-net:${networkOf(info.ip)}`, RATE_LIMITS.refreshPerNetwork, now);
  if (!decision.allowed) {
    return {
      ok: false,
      failure: { code: "rate_limited", status: 429, message: TEXTS.auth.tooManyRequests, retryAfterSeconds: retryAfterSeconds(decision) },
    };
  }
  return rotateRefreshToken(ctx, refreshToken, info, { now });
}

/**
 * Ends the session named by the request (Bearer token, cookie) or by a refresh token, and returns the
 * Set-Cookie that clears the page cookie. Idempotent: logging out twice is fine.
 */
export async function logoutUser(
  request: Request,
  ctx: AppContext,
  options: ClockOptions & { refreshToken?: string } = {},
): Promise<{ setCookie: string; revoked: boolean }> {
  const now = options.now ?? Date.now();
  const db = ctx.db;
  const info = requestInfo(request);
  const user = await getOptionalUser(request, ctx, { now });
  let family: { familyId: string; userId: string } | null = user ? { familyId: user.sessionId, userId: user.id } : null;
  if (!family && options.refreshToken) family = await familyOfRefreshToken(db, options.refreshToken);
  let revoked = false;
  if (family) {
    revoked = (await revokeFamily(db, family.familyId, now)) > 0;
    if (revoked) {
      await logAuthEvent(db, { action: "logout", success: true, userId: family.userId, phone: user?.phone, info, now });
      await endUserLiveSession(ctx.env, family.userId, family.familyId);
    }
  }
  return { setCookie: await destroyUserCookie(request, ctx.env), revoked };
}
