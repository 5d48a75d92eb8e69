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

/**
 * The admin cookie goes only where an admin needs it: the pages under /admin and the API under
 * /api/admin, never to the public site. One cookie cannot name two paths, so the same token is written
 * (and cleared) under both; the legacy Path=/ cookie of earlier builds is cleared with them.
 */
// "/admin.data" is Remix's single-fetch data URL of the /admin page, which "/admin" does not path-match.
export const ADMIN_COOKIE_PATHS = ["/admin", "/admin.data", "/api/admin"] as const;
const LEGACY_ADMIN_COOKIE_PATH = "/";

export function adminSessionStorage(
  env: Env,
  request: Request,
  maxAgeSeconds: number,
  path: string = ADMIN_COOKIE_PATHS[0],
): SessionStorage<AdminCookieData> {
  return pageSessionStorage<AdminCookieData>(env, request, {
      name: ADMIN_COOKIE_NAME,
      sameSite: "lax",
      path,
      maxAge: maxAgeSeconds,
  });
}

/** The Set-Cookie values that hand the admin token to /admin and /api/admin. */
export async function adminCookieHeaders(env: Env, request: Request, token: string, maxAgeSeconds: number): Promise<string[]> {
  const written = await Promise.all(
    ADMIN_COOKIE_PATHS.map(async (path) => {
      const storage = adminSessionStorage(env, request, maxAgeSeconds, path);
      const session = await storage.getSession();
      session.set("token", token);
      return storage.commitSession(session);
    }),
  );
  return [...written, await clearedAdminCookie(env, request, LEGACY_ADMIN_COOKIE_PATH)];
}

/** The Set-Cookie values that clear the admin cookie on every path it was ever written to. */
export async function clearedAdminCookieHeaders(env: Env, request: Request): Promise<string[]> {
  return Promise.all([...ADMIN_COOKIE_PATHS, LEGACY_ADMIN_COOKIE_PATH].map((path) => clearedAdminCookie(env, request, path)));
}

async function clearedAdminCookie(env: Env, request: Request, path: string): Promise<string> {
  const storage = adminSessionStorage(env, request, 0, path);
  return storage.destroySession(await storage.getSession());
}

/** Headers carrying several Set-Cookie values (a plain object can hold only one). */
export function withSetCookies(setCookies: readonly string[], init: HeadersInit = {}): Headers {
  const headers = new Headers(init);
  for (const value of setCookies) headers.append("Set-Cookie", value);
  return headers;
}
