import { describe, expect, it } from "vitest";
import {
  adminNavEntries,
  canAccess,
  isNavEntryActive,
  meetsRequirement,
  parseAdminPermissions,
  type AdminAccessSubject,
} from "./admin-access";

const superAdmin: AdminAccessSubject = { role: "super_admin", permissions: {} };
const allFlag: AdminAccessSubject = { role: "admin", permissions: { all: true } };
const invited: AdminAccessSubject = {
  role: "admin",
  permissions: { user_management: true, document_verification: true, system_monitoring: false, admin_management: false },
};
const moderator: AdminAccessSubject = { role: "moderator", permissions: { document_verification: true } };
const bare: AdminAccessSubject = { role: "moderator", permissions: {} };

describe("canAccess", () => {
  it("lets a super_admin and the `all` flag do everything", () => {
    expect(canAccess(superAdmin, "system_admin")).toBe(true);
    expect(canAccess(allFlag, "admin_management")).toBe(true);
  });

  it("otherwise needs the permission itself", () => {
    expect(canAccess(invited, "user_management")).toBe(true);
    expect(canAccess(invited, "system_monitoring")).toBe(false);
    expect(canAccess(invited, "system_admin")).toBe(false);
    expect(canAccess(moderator, "user_management")).toBe(false);
  });

  it("checks roles and permission together", () => {
    expect(meetsRequirement(allFlag, { roles: ["super_admin"] })).toBe(false);
    expect(meetsRequirement(superAdmin, { roles: ["super_admin"], permission: "admin_management" })).toBe(true);
    expect(meetsRequirement(bare, {})).toBe(true);
  });
});

describe("adminNavEntries (admin spec §2 table)", () => {
  const keys = (admin: AdminAccessSubject) => adminNavEntries(admin).map((e) => e.key);

  it("shows everything to a super_admin", () => {
    expect(keys(superAdmin)).toEqual([
      "dashboard",
      "users",
      "documents",
      "switch-requests",
      "admins",
      "system",
      "automation",
      "settings",
    ]);
  });

  it("hides Administratori from a non-super_admin even with `all`", () => {
    expect(keys(allFlag)).not.toContain("admins");
    expect(keys(allFlag)).toContain("system");
  });

  it("shows an invited admin the user and document entries only", () => {
    expect(keys(invited)).toEqual(["dashboard", "users", "documents", "switch-requests", "settings"]);
  });

  it("shows a bare moderator only Dashboard and Setări", () => {
    expect(keys(bare)).toEqual(["dashboard", "settings"]);
    expect(keys(moderator)).toEqual(["dashboard", "documents", "settings"]);
  });

  it("marks Dashboard active only on exact match, others on prefix", () => {
    const [dashboard, users] = adminNavEntries(superAdmin);
    expect(isNavEntryActive(dashboard!, "/admin")).toBe(true);
    expect(isNavEntryActive(dashboard!, "/admin/users")).toBe(false);
    expect(isNavEntryActive(users!, "/admin/users/123")).toBe(true);
    expect(isNavEntryActive(users!, "/admin/usersx")).toBe(false);
  });
});

describe("parseAdminPermissions", () => {
  it("keeps known boolean flags only", () => {
    expect(parseAdminPermissions('{"all":true}')).toEqual({ all: true });
    expect(parseAdminPermissions('{"user_management":true,"x":true,"system_admin":"yes"}')).toEqual({
      user_management: true,
    });
    expect(parseAdminPermissions("not json")).toEqual({});
    expect(parseAdminPermissions(null)).toEqual({});
    expect(parseAdminPermissions("[1]")).toEqual({});
  });
});
