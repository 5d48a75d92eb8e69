// The side navigation's collapsed state, kept in a cookie for 7 days (admin spec §2). It is a plain
// preference, written by the browser and read by the shell's loader so the first paint is right.
export const ADMIN_NAV_COOKIE = "cmic_admin_nav";
export const ADMIN_NAV_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;

/** The document.cookie assignment that remembers the state. */
export function adminNavCookie(collapsed: boolean): string {
  return `${ADMIN_NAV_COOKIE}=${collapsed ? "collapsed" : "expanded"}; Path=/admin; Max-Age=${ADMIN_NAV_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Whether the Cookie header says the navigation is collapsed (default: expanded). */
export function adminNavCollapsed(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === ADMIN_NAV_COOKIE) return value === "collapsed";
  }
  return false;
}
