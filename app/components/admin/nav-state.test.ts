import { describe, expect, it } from "vitest";
import { ADMIN_NAV_COOKIE, adminNavCollapsed, adminNavCookie } from "./nav-state";

describe("admin navigation cookie", () => {
  it("is kept for 7 days on the admin paths", () => {
    expect(adminNavCookie(true)).toBe(`${ADMIN_NAV_COOKIE}=collapsed; Path=/admin; Max-Age=604800; SameSite=Lax`);
    expect(adminNavCookie(false)).toContain(`${ADMIN_NAV_COOKIE}=expanded;`);
  });

  it("reads the state back from a Cookie header, expanded by default", () => {
    expect(adminNavCollapsed(null)).toBe(false);
    expect(adminNavCollapsed("a=1; cmic_admin=xyz")).toBe(false);
    expect(adminNavCollapsed(`a=1; ${ADMIN_NAV_COOKIE}=collapsed`)).toBe(true);
    expect(adminNavCollapsed(`${ADMIN_NAV_COOKIE}=expanded; b=2`)).toBe(false);
  });
});
