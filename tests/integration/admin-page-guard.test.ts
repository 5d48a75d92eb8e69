// Table-driven like admin-route-guard.test.ts, for the pages: every entry of the admin navigation
// (ADMIN_NAV, admin spec §2) without a session and for each kind of admin. The expected answer is
// worked out here from the entry's requirement (admin spec §6), not by the guard's own code.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_NAV, type AdminNavEntry } from "../../app/lib/admin-access";
import { BASE, createAdmin, uniqueIp } from "./auth-helpers";

type Role = "super_admin" | "admin" | "moderator";
interface Subject {
  name: string;
  role: Role;
  permissions: Record<string, boolean>;
}

const SUBJECTS: Subject[] = [
  { name: "super_admin (no flags)", role: "super_admin", permissions: {} },
  { name: "admin with all", role: "admin", permissions: { all: true } },
  { name: "admin with user_management", role: "admin", permissions: { user_management: true } },
  { name: "admin with system_admin", role: "admin", permissions: { system_admin: true } },
  { name: "moderator with document_verification", role: "moderator", permissions: { document_verification: true } },
  { name: "moderator without permissions", role: "moderator", permissions: {} },
];

function allowed(subject: Subject, entry: AdminNavEntry): boolean {
  const { roles, permission } = entry.requirement;
  if (roles && !roles.includes(subject.role)) return false;
  if (!permission) return true;
  return subject.role === "super_admin" || subject.permissions.all === true || subject.permissions[permission] === true;
}

const page = (entry: AdminNavEntry, cookie?: string) =>
  SELF.fetch(`${BASE}${entry.href}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

/** Pages are signed in by the admin cookie, as a browser is: through the login form. */
const cookies = new Map<string, string>();
beforeAll(async () => {
  for (const subject of SUBJECTS) {
    const admin = await createAdmin(subject.role, subject.permissions);
    const res = await SELF.fetch(`${BASE}/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
      body: new URLSearchParams({ email: admin.email, password: admin.password, redirectTo: "/admin" }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    cookies.set(subject.name, res.headers.get("Set-Cookie")!.split(";")[0]!);
  }
});

describe.each(ADMIN_NAV.map((entry) => [entry.href, entry] as const))("page %s", (_href, entry) => {
  it("sends a visitor without a session to the login", async () => {
    const res = await page(entry);
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("Location")).toContain(`/admin/login?redirectTo=${encodeURIComponent(entry.href)}`);
  });

  describe.each(SUBJECTS.map((subject) => [subject.name, subject] as const))("as %s", (_who, subject) => {
    it(`is ${allowed(subject, entry) ? "let through" : "refused with 403"}`, async () => {
      const res = await page(entry, cookies.get(subject.name));
      if (!allowed(subject, entry)) {
        expect(res.status).toBe(403);
        return;
      }
      // A section whose page is not built yet answers 404 inside the shell; never 401/403, a redirect or a 5xx.
      expect([200, 404]).toContain(res.status);
    });
  });
});
