// Small server-side pieces of the admin pages: where to go after signing in.
import { safeRedirectPath } from "../auth/user-auth.server";

const ADMIN_PATH = /^\/admin(?:[/?#]|$)/;
const AUTH_PAGES = /^\/admin\/(?:login|logout)(?:[/?#]|$)/;

/**
 * The ?redirectTo= of /admin/login as a place inside the back-office, or /admin: never another site,
 * never the public site, and never the login or logout page itself (which would loop).
 */
export function adminRedirectPath(to: FormDataEntryValue | string | null | undefined): string {
  const path = safeRedirectPath(to, "/admin");
  return ADMIN_PATH.test(path) && !AUTH_PAGES.test(path) ? path : "/admin";
}
