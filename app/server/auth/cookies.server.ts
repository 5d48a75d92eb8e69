// The page cookies: httpOnly, SameSite=Lax, signed with SESSION_SECRET, Secure everywhere except a
// plain-http local dev server (browsers would drop a Secure cookie there). Each holds only the id of a
// server-side session, which is checked on every request.
import { createCookieSessionStorage, type SessionStorage } from "@remix-run/cloudflare";
import { isLocalEnvironment } from "../deployment.server";
import type { Env } from "../env.server";
import { requireSecret } from "./secrets.server";

export const USER_COOKIE_NAME = "cmic_session";
export const ADMIN_COOKIE_NAME = "cmic_admin";

export interface UserCookieData {
  /** session family id (user_sessions.family_id) */
  sid: string;
  uid: string;
}

export interface AdminCookieData {
  /** the admin session token (its hash is admin_sessions.token_hash) */
  token: string;
}

function secure(env: Env, request: Request): boolean {
  return !isLocalEnvironment(env) || new URL(request.url).protocol === "https:";
}

/**
 * Remix's cookie parsing throws on a malformed value (a signature that is not base64, for one). A
 * cookie the server cannot read is no session: the request goes on signed out, never as a 500.
 */
function tolerant<Data>(storage: SessionStorage<Data>): SessionStorage<Data> {
  return {
    ...storage,
    async getSession(cookieHeader, options) {
      try {
        return await storage.getSession(cookieHeader, options);
      } catch {
        return storage.getSession(null, options);
      }
    },
  };
}

/** One cookie session storage for both kinds of page session; each says its name, scope and lifetime. */
function pageSessionStorage<Data>(
  env: Env,
  request: Request,
  cookie: { name: string; sameSite: "lax"; path: string; maxAge: number },
): SessionStorage<Data> {
  return tolerant(
    createCookieSessionStorage<Data>({
      cookie: { ...cookie, httpOnly: true, secure: secure(env, request), secrets: [requireSecret(env, "SESSION_SECRET")] },
    }),
  );
}

export function userSessionStorage(env: Env, request: Request, maxAgeSeconds: number): SessionStorage<UserCookieData> {
  return pageSessionStorage<UserCookieData>(env, request, {
      name: USER_COOKIE_NAME,
      sameSite: "lax",
      path: "/",
      maxAge: maxAgeSeconds,
  });
}

export function adminSessionStorage(env: Env, request: Request, maxAgeSeconds: number): SessionStorage<AdminCookieData> {
  return pageSessionStorage<AdminCookieData>(env, request, {
      name: ADMIN_COOKIE_NAME,
      sameSite: "lax",
      path: "/",
      maxAge: maxAgeSeconds,
  });
}
