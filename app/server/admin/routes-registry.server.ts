// Every /api/admin/* route, with what it requires (admin spec §6, §7). A route module asks the guard
// through `guardAdminApi`, which refuses routes missing from this list, and
// tests/integration/admin-route-guard.test.ts checks each entry for every role: a new admin route
// must be added here to work at all.
import type { AppContext } from "../context.server";
import type { AdminRequirement } from "../../lib/admin-access";
import { requireAdmin, type AdminPrincipal } from "./admin-auth.server";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface AdminApiRoute {
  method: HttpMethod;
  /** the URL path; `:name` marks a parameter segment */
  path: string;
  /** "public" needs no session (only the login); {} needs any admin session */
  access: "public" | AdminRequirement;
  /** the Remix route module that serves it */
  file: string;
}

export const ADMIN_API_ROUTES: readonly AdminApiRoute[] = [
  { method: "POST", path: "/api/admin/auth/login", access: "public", file: "app/routes/api.admin.auth.login.ts" },
  { method: "GET", path: "/api/admin/auth/me", access: {}, file: "app/routes/api.admin.auth.me.ts" },
  { method: "POST", path: "/api/admin/auth/logout", access: {}, file: "app/routes/api.admin.auth.logout.ts" },
  { method: "GET", path: "/api/admin/admins", access: { roles: ["super_admin"] }, file: "app/routes/api.admin.admins.ts" },
  // Switch requests and their supplier queues (issue #10): counts for any admin (dashboard), requests for
  // user management, queue control for system administration (admin spec §2 navigation permissions).
  { method: "GET", path: "/api/admin/queue/stats", access: {}, file: "app/routes/api.admin.queue.stats.ts" },
  ...(["start", "stop", "restart"] as const).map((action) => ({
    method: "POST" as const,
    path: `/api/admin/system/queue-manager/${action}`,
    access: { permission: "system_admin" as const },
    file: "app/routes/api.admin.system.queue-manager.$action.ts",
  })),
  { method: "GET", path: "/api/admin/switch-requests", access: { permission: "user_management" }, file: "app/routes/api.admin.switch-requests.ts" },
  {
    method: "PATCH",
    path: "/api/admin/switch-requests/:id/status",
    access: { permission: "user_management" },
    file: "app/routes/api.admin.switch-requests.$id.status.ts",
  },
  {
    method: "POST",
    path: "/api/admin/switch-requests/:id/cancel",
    access: { permission: "user_management" },
    file: "app/routes/api.admin.switch-requests.$id.cancel.ts",
  },
  // Users (issue #12 item 1): everything under user_management (admin spec §2 navigation); the stats
  // too, as the overview's user block already needs it (OVERVIEW_BLOCK_PERMISSIONS).
  ...(
    [
      ["GET", "/api/admin/users", "app/routes/api.admin.users.ts"],
      ["GET", "/api/admin/users/stats", "app/routes/api.admin.users.stats.ts"],
      ["GET", "/api/admin/users/search", "app/routes/api.admin.users.search.ts"],
      ["GET", "/api/admin/users/:id", "app/routes/api.admin.users.$id.ts"],
      ["PUT", "/api/admin/users/:id/status", "app/routes/api.admin.users.$id.status.ts"],
      ["GET", "/api/admin/users/:id/activity", "app/routes/api.admin.users.$id.activity.ts"],
      ["GET", "/api/admin/users/:id/documents", "app/routes/api.admin.users.$id.documents.ts"],
    ] as const
  ).map(([method, path, file]) => ({ method, path, access: { permission: "user_management" as const }, file })),
  // The bell and the live channel token: any admin; what the bell lists is filtered by permission.
  { method: "GET", path: "/api/admin/notifications", access: {}, file: "app/routes/api.admin.notifications.ts" },
  { method: "DELETE", path: "/api/admin/notifications", access: {}, file: "app/routes/api.admin.notifications.ts" },
  { method: "POST", path: "/api/admin/live-token", access: {}, file: "app/routes/api.admin.live-token.ts" },
  // ---- Document review (issue #12 item 2): everything needs document_verification (admin spec §2). ----
  ...(
    [
      ["GET", "/api/admin/documents", "api.admin.documents.ts"],
      ["GET", "/api/admin/documents/stats", "api.admin.documents.stats.ts"],
      ["GET", "/api/admin/documents/:id", "api.admin.documents.$id.ts"],
      ["GET", "/api/admin/documents/:id/details", "api.admin.documents.$id.details.ts"],
      ["GET", "/api/admin/documents/:id/file", "api.admin.documents.$id.file.ts"],
      ["POST", "/api/admin/documents/:id/verify", "api.admin.documents.$id.verify.ts"],
      ["POST", "/api/admin/documents/:id/reject", "api.admin.documents.$id.reject.ts"],
      ["POST", "/api/admin/documents/:id/reprocess", "api.admin.documents.$id.reprocess.ts"],
    ] as const
  ).map(([method, path, file]) => ({ method, path, access: { permission: "document_verification" as const }, file: `app/routes/${file}` })),
  // Administrators and invitations (issue #12 item 3): super_admin only (admin spec §2, §6).
  { method: "POST", path: "/api/admin/auth/invite", access: { roles: ["super_admin"] }, file: "app/routes/api.admin.auth.invite.ts" },
  { method: "DELETE", path: "/api/admin/admins/:id", access: { roles: ["super_admin"] }, file: "app/routes/api.admin.admins.$id.ts" },
  // Settings (issue #12 item 4): every admin may read them (the page is open to all, spec §2); they
  // are platform-wide (maintenance, registrations, session timeout), so changing them needs
  // system_admin, like the Sistem page. An admin's own password is changed on the page's Profil tab.
  { method: "GET", path: "/api/admin/settings", access: {}, file: "app/routes/api.admin.settings.ts" },
  { method: "PUT", path: "/api/admin/settings", access: { permission: "system_admin" }, file: "app/routes/api.admin.settings.ts" },
  // Monitoring (issue 13): measured metrics and health for system monitoring, automation control for
  // system administration (admin spec §2 navigation, §6).
  { method: "GET", path: "/api/admin/metrics", access: { permission: "system_monitoring" }, file: "app/routes/api.admin.metrics.ts" },
  { method: "GET", path: "/api/admin/metrics/resources", access: { permission: "system_monitoring" }, file: "app/routes/api.admin.metrics.resources.ts" },
  { method: "GET", path: "/api/admin/metrics/database", access: { permission: "system_monitoring" }, file: "app/routes/api.admin.metrics.database.ts" },
  { method: "GET", path: "/api/admin/system/health", access: { permission: "system_monitoring" }, file: "app/routes/api.admin.system.health.ts" },
  ...(["config", "status", "versions"] as const).map((name) => ({
    method: "GET" as const,
    path: `/api/admin/automation/${name}`,
    access: { permission: "system_admin" as const },
    file: `app/routes/api.admin.automation.${name}.ts`,
  })),
  { method: "POST", path: "/api/admin/automation/update-snapshot", access: { permission: "system_admin" }, file: "app/routes/api.admin.automation.update-snapshot.ts" },
  { method: "POST", path: "/api/admin/automation/restart", access: { permission: "system_admin" }, file: "app/routes/api.admin.automation.restart.ts" },
];

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split("/");
  const got = pathname.replace(/\/+$/, "").split("/");
  return want.length === got.length && want.every((segment, i) => segment.startsWith(":") ? got[i] !== "" : segment === got[i]);
}

export function findAdminApiRoute(method: string, pathname: string): AdminApiRoute | null {
  // HEAD is a GET without the body: same route, same requirement.
  const wanted = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  return ADMIN_API_ROUTES.find((route) => route.method === wanted && matches(route.path, pathname)) ?? null;
}

/** The guard for a registered, non-public admin API route; throws the 401/403 Response itself. */
export async function guardAdminApi(request: Request, ctx: AppContext, options: { now?: number } = {}): Promise<AdminPrincipal> {
  const route = findAdminApiRoute(request.method, new URL(request.url).pathname);
  if (!route) throw new Error(`${request.method} ${new URL(request.url).pathname} is not in ADMIN_API_ROUTES`);
  if (route.access === "public") throw new Error(`${route.method} ${route.path} is public: it has no admin to return`);
  return requireAdmin(request, ctx, { ...route.access, mode: "api", now: options.now });
}
