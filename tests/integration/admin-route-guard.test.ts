// Table-driven: every /api/admin/* route in ADMIN_API_ROUTES, without a session and for each kind of
// admin. The expected answer is worked out here from the route's requirement (admin spec §6), not by
// the guard's own code.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { ADMIN_API_ROUTES, type AdminApiRoute } from "../../app/server/admin/routes-registry.server";
import { BASE, createAdmin, openAdminSession, signInThroughApi } from "./auth-helpers";

type Role = "super_admin" | "admin" | "moderator";
interface Subject {
  name: string;
  role: Role;
  permissions: Record<string, boolean>;
}

const SUBJECTS: Subject[] = [
  { name: "super_admin (all)", role: "super_admin", permissions: { all: true } },
  { name: "super_admin (no flags)", role: "super_admin", permissions: {} },
  { name: "admin with all", role: "admin", permissions: { all: true } },
  {
    name: "admin with invite defaults",
    role: "admin",
    permissions: { user_management: true, document_verification: true, system_monitoring: false, admin_management: false },
  },
  { name: "admin with system_admin", role: "admin", permissions: { system_admin: true, system_monitoring: true } },
  { name: "admin with admin_management", role: "admin", permissions: { admin_management: true } },
  { name: "moderator with document_verification", role: "moderator", permissions: { document_verification: true } },
  { name: "moderator without permissions", role: "moderator", permissions: {} },
];

/** Independent reading of admin spec §6: super_admin and `all` pass any permission; roles are exact. */
function expectedStatus(subject: Subject, route: AdminApiRoute): 200 | 403 {
  if (route.access === "public") throw new Error("public routes are not guarded");
  const { roles, permission } = route.access;
  if (roles && !roles.includes(subject.role)) return 403;
  if (permission && !(subject.role === "super_admin" || subject.permissions.all === true || subject.permissions[permission] === true)) {
    return 403;
  }
  return 200;
}

function concretePath(path: string): string {
  return path.replace(/:[^/]+/g, "00000000-0000-7000-8000-000000000000");
}

function call(route: AdminApiRoute, headers: Record<string, string> = {}) {
  const init: RequestInit = { method: route.method, headers: { ...headers } };
  if (route.method !== "GET") {
    init.body = "{}";
    (init.headers as Record<string, string>)["Content-Type"] = "application/json";
  }
  return SELF.fetch(`${BASE}${concretePath(route.path)}`, init);
}

const guarded = ADMIN_API_ROUTES.filter((route) => route.access !== "public");
const label = (route: AdminApiRoute) => `${route.method} ${route.path}`;

describe("ADMIN_API_ROUTES", () => {
  it("lists each route once, all under /api/admin/", () => {
    const keys = ADMIN_API_ROUTES.map(label);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of ADMIN_API_ROUTES) expect(route.path.startsWith("/api/admin/")).toBe(true);
    expect(ADMIN_API_ROUTES.filter((r) => r.access === "public").map(label)).toEqual(["POST /api/admin/auth/login"]);
  });
});

describe.each(guarded.map((route) => [label(route), route] as const))("%s", (_name, route) => {
  it("answers 401 without a session", async () => {
    const res = await call(route);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, error: "unauthorized", message: ADMIN_TEXTS.sessionRequired });
  });

  it("answers 401 with a garbage token, an expired session or a user's token", async () => {
    expect((await call(route, { Authorization: "Bearer not-a-token" })).status).toBe(401);
    const admin = await createAdmin("super_admin", { all: true });
    const expired = await openAdminSession(admin.id, Date.now() - 1);
    expect((await call(route, { Authorization: `Bearer ${expired}` })).status).toBe(401);
    const user = await signInThroughApi();
    expect((await call(route, { Authorization: `Bearer ${user.accessToken}` })).status).toBe(401);
  });

  describe.each(SUBJECTS.map((subject) => [subject.name, subject] as const))("as %s", (_who, subject) => {
    let token = "";
    beforeAll(async () => {
      const admin = await createAdmin(subject.role, subject.permissions);
      token = await openAdminSession(admin.id);
    });

    it(`is ${expectedStatus(subject, route) === 200 ? "let through" : "refused with 403"}`, async () => {
      const res = await call(route, { Authorization: `Bearer ${token}` });
      const want = expectedStatus(subject, route);
      const body = (await res.json()) as { success: boolean; error?: string };
      if (want === 403) {
        expect(res.status).toBe(403);
        expect(body.error).toBe("forbidden");
        return;
      }
      // Past the guard the route answers for itself: routes with an id or a body may say 404/400/409
      // for the placeholder id and the empty body, never 401/403 and never a 5xx.
      expect(res.status).not.toBe(401);
      expect(res.status).not.toBe(403);
      expect(res.status).toBeLessThan(500);
      if (route.method === "GET" && !route.path.includes(":")) expect(res.status).toBe(200);
    });
  });
});
