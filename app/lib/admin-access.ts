// Who may do what in the back-office (admin spec §2, §3, §6). Pure, so the server guard and the UI
// (which hides navigation entries) read the same rules.
import { ADMIN_TEXTS } from "../texts/admin";

export const ADMIN_ROLES = ["super_admin", "admin", "moderator"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_PERMISSIONS = [
  "user_management",
  "document_verification",
  "system_monitoring",
  "admin_management",
  "system_admin",
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** The session's permission map: an `all` flag or per-permission booleans. */
export type AdminPermissions = { all?: boolean } & Partial<Record<AdminPermission, boolean>>;

export interface AdminAccessSubject {
  role: AdminRole;
  permissions: AdminPermissions;
}

/** What a route or a navigation entry needs. Both parts must hold; an empty requirement needs only a session. */
export interface AdminRequirement {
  permission?: AdminPermission;
  roles?: readonly AdminRole[];
}

/** The invite defaults of admin spec §3. */
export const DEFAULT_INVITE_PERMISSIONS: AdminPermissions = {
  user_management: true,
  document_verification: true,
  system_monitoring: false,
  admin_management: false,
};

/** A super_admin may do everything; others need the `all` flag or the permission itself. */
export function canAccess(admin: AdminAccessSubject, permission: AdminPermission): boolean {
  if (admin.role === "super_admin") return true;
  if (admin.permissions.all === true) return true;
  return admin.permissions[permission] === true;
}

export function meetsRequirement(admin: AdminAccessSubject, requirement: AdminRequirement = {}): boolean {
  if (requirement.roles && !requirement.roles.includes(admin.role)) return false;
  if (requirement.permission && !canAccess(admin, requirement.permission)) return false;
  return true;
}

/** Reads a stored permissions_json leniently: unknown keys and non-boolean values are dropped. */
export function parseAdminPermissions(json: string | null | undefined): AdminPermissions {
  let raw: unknown;
  try {
    raw = JSON.parse(json ?? "{}");
  } catch (error) {
    if (error instanceof SyntaxError) return {};
    throw error;
  }
  if (typeof raw !== "object" || raw === null) return {};
  const permissions: AdminPermissions = {};
  for (const key of ["all", ...ADMIN_PERMISSIONS] as const) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === "boolean") permissions[key] = value;
  }
  return permissions;
}

export interface AdminNavEntry {
  key: string;
  label: string;
  href: string;
  /** Dashboard is active only on an exact match; the others on a path prefix. */
  exact: boolean;
  requirement: AdminRequirement;
}

/** The side navigation of admin spec §2, in order, with what each entry needs. */
export const ADMIN_NAV: readonly AdminNavEntry[] = [
  { key: "dashboard", label: ADMIN_TEXTS.nav.dashboard, href: "/admin", exact: true, requirement: {} },
  { key: "users", label: ADMIN_TEXTS.nav.users, href: "/admin/users", exact: false, requirement: { permission: "user_management" } },
  {
    key: "documents",
    label: ADMIN_TEXTS.nav.documents,
    href: "/admin/documents",
    exact: false,
    requirement: { permission: "document_verification" },
  },
  {
    key: "switch-requests",
    label: ADMIN_TEXTS.nav.switchRequests,
    href: "/admin/switch-requests",
    exact: false,
    requirement: { permission: "user_management" },
  },
  { key: "admins", label: ADMIN_TEXTS.nav.admins, href: "/admin/admins", exact: false, requirement: { roles: ["super_admin"] } },
  { key: "system", label: ADMIN_TEXTS.nav.system, href: "/admin/system", exact: false, requirement: { permission: "system_admin" } },
  {
    key: "automation",
    label: ADMIN_TEXTS.nav.automation,
    href: "/admin/automation",
    exact: false,
    requirement: { permission: "system_admin" },
  },
  { key: "settings", label: ADMIN_TEXTS.nav.settings, href: "/admin/settings", exact: false, requirement: {} },
];

/** The entries this admin sees (hidden, not disabled, when the check fails). */
export function adminNavEntries(admin: AdminAccessSubject): AdminNavEntry[] {
  return ADMIN_NAV.filter((entry) => meetsRequirement(admin, entry.requirement));
}

/** Whether a navigation entry is the current one. */
export function isNavEntryActive(entry: Pick<AdminNavEntry, "href" | "exact">, pathname: string): boolean {
  if (entry.exact) return pathname === entry.href || pathname === `${entry.href}/`;
  return pathname === entry.href || pathname.startsWith(`${entry.href}/`);
}
