// The /admin pages through the Worker: the login form (spec §2, §5, §8), the guard's redirects, the
// shell's navigation for each kind of admin (worked out here from the spec §2 table, not from
// ADMIN_NAV), the interim overview's permission blocks and counts, the admin not-found, and logout.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAppContext } from "../../app/server/context.server";
import { TEXTS } from "../../app/texts/user";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { bucharestDayStart, bucharestDay } from "../../app/lib/dates";
import { adminOverview } from "../../app/server/admin/overview.server";
import { BASE, createAdmin, openAdminSession, uniqueIp, uniquePhone, type TestAdmin } from "./auth-helpers";

const appCtx = createAppContext(env);

type Role = "super_admin" | "admin" | "moderator";

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

function page(path: string, cookie?: string) {
  return SELF.fetch(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
}

function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp(), ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

async function signInThroughForm(admin: TestAdmin, redirectTo = "/admin"): Promise<string> {
  const res = await postForm("/admin/login", { email: admin.email, password: admin.password, redirectTo });
  expect(res.status).toBe(302);
  return res.headers.get("Set-Cookie")!.split(";")[0]!;
}

const navKeys = (html: string) => [...html.matchAll(/data-nav-key="([^"]+)"/g)].map((m) => m[1]);
const sections = (html: string) => [...html.matchAll(/data-section="([^"]+)"/g)].map((m) => m[1]);

describe("/admin without a session", () => {
  it.each(["/admin", "/admin/users?status=active", "/admin/nu-exista"])("%s redirects to /admin/login", async (path) => {
    const res = await page(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it("shows the login page without the public header and footer", async () => {
    const res = await page("/admin/login");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(ADMIN_TEXTS.login.title);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*name="email"|<input[^>]*name="email"[^>]*type="email"/);
    expect(html).toMatch(/name="password"/);
    expect(html).not.toContain("site-header");
    expect(html).not.toContain("site-footer");
    expect(html).not.toContain('data-nav-key="');
  });
});

describe("POST /admin/login", () => {
  it("requires both fields (spec §5)", async () => {
    const res = await postForm("/admin/login", { email: " ", password: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(escapeHtml(ADMIN_TEXTS.emailRequired));
    expect(html).toContain(escapeHtml(ADMIN_TEXTS.passwordRequired));
  });

  it("answers a wrong password and an unknown e-mail with the spec message", async () => {
    const admin = await createAdmin("admin", { user_management: true });
    for (const fields of [
      { email: admin.email, password: "gresit" },
      { email: "nimeni@test.ro", password: "gresit" },
    ]) {
      const res = await postForm("/admin/login", fields);
      expect(res.status).toBe(401);
      expect(res.headers.get("Set-Cookie")).toBeNull();
      expect(await res.text()).toContain(escapeHtml(ADMIN_TEXTS.loginFailed));
    }
  });

  it("locks the account after five wrong passwords, even for the right one", async () => {
    const admin = await createAdmin("moderator", {});
    for (let i = 0; i < 4; i++) expect((await postForm("/admin/login", { email: admin.email, password: `gresit-${i}` })).status).toBe(401);
    const fifth = await postForm("/admin/login", { email: admin.email, password: "gresit-5" });
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get("Retry-After")).toBe("900");
    expect(await fifth.text()).toContain(escapeHtml(ADMIN_TEXTS.accountLocked(15)));
    const right = await postForm("/admin/login", { email: admin.email, password: admin.password });
    expect(right.status).toBe(429);
  });

  it("signs in, sets the admin cookie and goes to a safe redirectTo inside /admin", async () => {
    const admin = await createAdmin("super_admin", { all: true });
    const res = await postForm("/admin/login", { email: admin.email.toUpperCase(), password: admin.password, redirectTo: "/admin/documents?status=pending" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/documents?status=pending");
    expect(res.headers.get("Set-Cookie")).toMatch(/^cmic_admin=[^;]+;.*HttpOnly/);

    for (const unsafe of ["https://evil.example/admin", "//evil.example", "/profil", "/admin/login"]) {
      const other = await postForm("/admin/login", { email: admin.email, password: admin.password, redirectTo: unsafe });
      expect(other.headers.get("Location"), unsafe).toBe("/admin");
    }
  });

  it("sends an admin who is already signed in straight on", async () => {
    const admin = await createAdmin("admin", {});
    const cookie = await signInThroughForm(admin);
    const res = await page("/admin/login?redirectTo=%2Fadmin%2Fsettings", cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/settings");
  });
});

interface Subject {
  name: string;
  role: Role;
  permissions: Record<string, boolean>;
}

const SUBJECTS: Subject[] = [
  { name: "super_admin", role: "super_admin", permissions: { all: true } },
  { name: "super_admin without flags", role: "super_admin", permissions: {} },
  { name: "admin with all", role: "admin", permissions: { all: true } },
  {
    name: "admin with invite defaults",
    role: "admin",
    permissions: { user_management: true, document_verification: true, system_monitoring: false, admin_management: false },
  },
  { name: "admin with system_admin", role: "admin", permissions: { system_admin: true, system_monitoring: true } },
  { name: "moderator with document_verification", role: "moderator", permissions: { document_verification: true } },
  { name: "moderator without permissions", role: "moderator", permissions: {} },
];

/** The navigation table of admin spec §2, read independently of ADMIN_NAV. */
const SPEC_NAV: { key: string; href: string; label: string; needs: { permission?: string; role?: Role } }[] = [
  { key: "dashboard", href: "/admin", label: "Dashboard", needs: {} },
  { key: "users", href: "/admin/users", label: "Utilizatori", needs: { permission: "user_management" } },
  { key: "documents", href: "/admin/documents", label: "Documente", needs: { permission: "document_verification" } },
  { key: "switch-requests", href: "/admin/switch-requests", label: "Schimbări furnizor", needs: { permission: "user_management" } },
  { key: "admins", href: "/admin/admins", label: "Administratori", needs: { role: "super_admin" } },
  { key: "system", href: "/admin/system", label: "Sistem", needs: { permission: "system_admin" } },
  { key: "automation", href: "/admin/automation", label: "Automatizare", needs: { permission: "system_admin" } },
  { key: "settings", href: "/admin/settings", label: "Setări", needs: {} },
];

function has(subject: Subject, permission: string): boolean {
  return subject.role === "super_admin" || subject.permissions.all === true || subject.permissions[permission] === true;
}

function expectedNav(subject: Subject) {
  return SPEC_NAV.filter(({ needs }) => (!needs.role || needs.role === subject.role) && (!needs.permission || has(subject, needs.permission)));
}

// The dashboard's blocks (admin spec §2 sections 1–8): users for user_management, system state and
// performance for system_monitoring, documents for document_verification, the queues for any admin.
function expectedSections(subject: Subject): string[] {
  return [
    "dashboard-header",
    ...(has(subject, "user_management") ? ["dashboard-users", "dashboard-user-advanced"] : []),
    ...(has(subject, "system_monitoring") ? ["dashboard-system"] : []),
    ...(has(subject, "document_verification") ? ["dashboard-documents", "dashboard-document-advanced"] : []),
    "dashboard-queues",
    ...(has(subject, "system_monitoring") ? ["dashboard-performance"] : []),
  ];
}

describe.each(SUBJECTS.map((subject) => [subject.name, subject] as const))("/admin as %s", (_name, subject) => {
  it("lists exactly the permitted navigation entries, Dashboard active, and the permitted dashboard blocks", async () => {
    const admin = await createAdmin(subject.role, subject.permissions);
    const cookie = await signInThroughForm(admin);
    const res = await page("/admin", cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    const want = expectedNav(subject);
    expect(navKeys(html)).toEqual(want.map((e) => e.key));
    for (const entry of want) expect(html).toContain(`href="${entry.href}"`);
    for (const entry of SPEC_NAV.filter((e) => !want.includes(e))) expect(html).not.toContain(`href="${entry.href}"`);
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*data-nav-key="dashboard"/);
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(sections(html).filter((id) => id.startsWith("dashboard-"))).toEqual(expectedSections(subject));
    // Profile menu button: initials of Test Admin; the public header is not there.
    expect(html).toMatch(/<span class="admin-avatar"[^>]*>TA<\/span>/);
    expect(html).not.toContain("site-header");
  });
});

describe("sections of the navigation", () => {
  it("are inside the shell, active on a path prefix, and say honestly that the page is not built yet", async () => {
    const admin = await createAdmin("admin", { user_management: true });
    const cookie = await signInThroughForm(admin);
    const res = await page("/admin/users/123", cookie);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(escapeHtml(ADMIN_TEXTS.shell.notAvailable(ADMIN_TEXTS.nav.users)));
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*data-nav-key="users"/);
  });

  it("refuse an admin who lacks the requirement, with the spec message for the administrators page", async () => {
    const admin = await createAdmin("admin", { all: true });
    const cookie = await signInThroughForm(admin);
    const admins = await page("/admin/admins", cookie);
    expect(admins.status).toBe(403);
    const html = await admins.text();
    expect(html).toContain(escapeHtml(ADMIN_TEXTS.superAdminOnly));
    expect(html).toContain('data-nav-key="dashboard"');

    const moderator = await createAdmin("moderator", {});
    const other = await page("/admin/documents", await signInThroughForm(moderator));
    expect(other.status).toBe(403);
    expect(await other.text()).toContain(escapeHtml(ADMIN_TEXTS.forbidden));
  });

  it("anything else under /admin is a not-found page inside the shell", async () => {
    const admin = await createAdmin("super_admin", { all: true });
    const res = await page("/admin/nu-exista", await signInThroughForm(admin));
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(escapeHtml(TEXTS.notFound.title));
    expect(html).toContain('data-nav-key="dashboard"');
  });
});

describe("the shell", () => {
  it("renders collapsed when the navigation cookie says so", async () => {
    const admin = await createAdmin("admin", {});
    const cookie = await signInThroughForm(admin);
    expect(await (await page("/admin", cookie)).text()).toMatch(/class="admin-shell"/);
    expect(await (await page("/admin", `${cookie}; cmic_admin_nav=collapsed`)).text()).toMatch(/class="admin-shell is-collapsed"/);
  });

  it("falls back to the e-mail initial and Admin User without a name", async () => {
    const admin = await createAdmin("admin", {});
    await env.DB.prepare("UPDATE admins SET first_name = NULL, last_name = NULL WHERE id = ?").bind(admin.id).run();
    const html = await (await page("/admin", `cmic_admin=${await cookieFor(admin.id)}`)).text();
    expect(html).toMatch(/<span class="admin-avatar"[^>]*>A<\/span>/);
  });
});

/** A signed cookie for a session opened straight in D1 (the value the login would have set). */
async function cookieFor(adminId: string): Promise<string> {
  const token = await openAdminSession(adminId);
  const { adminSessionStorage } = await import("../../app/server/auth/cookies.server");
  const storage = adminSessionStorage(env, new Request(BASE), 3600);
  const session = await storage.getSession();
  session.set("token", token);
  return (await storage.commitSession(session)).split(";")[0]!.replace(/^cmic_admin=/, "");
}

describe("logout", () => {
  it("ends the session, clears the cookie and goes to /admin/login", async () => {
    const admin = await createAdmin("admin", { user_management: true });
    const cookie = await signInThroughForm(admin);
    expect((await page("/admin", cookie)).status).toBe(200);
    const res = await postForm("/admin/logout", {}, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/login");
    expect(res.headers.get("Set-Cookie")).toMatch(/^cmic_admin=;/);
    // The old cookie no longer opens the admin area: its session was revoked.
    const after = await page("/admin", cookie);
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin");
  });

  it("GET /admin/logout does nothing but send to /admin", async () => {
    const res = await page("/admin/logout");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin");
  });
});

describe("adminOverview", () => {
  it("counts real rows per status and per Bucharest day, and skips blocks the admin may not see", async () => {
    const everything = { role: "super_admin" as const, permissions: {} };
    const now = Date.now();
    const before = await adminOverview(appCtx, everything, { now });

    const insertUser = async (status: string, createdAt: number) => {
      const id = crypto.randomUUID();
      await env.DB.prepare("INSERT INTO users (id, phone, status, created_at) VALUES (?, ?, ?, ?)").bind(id, uniquePhone(), status, createdAt).run();
      return id;
    };
    const todayStart = bucharestDayStart(bucharestDay(now));
    const userId = await insertUser("active", now);
    await insertUser("suspended", todayStart - 40 * 24 * 3600 * 1000);
    for (const status of ["pending", "verified", "verified", "weird_status"]) {
      await env.DB.prepare(
        "INSERT INTO documents (id, user_id, document_type, r2_key, file_name, file_size, mime_type, sha256, status) VALUES (?, ?, 'ultima_factura', 'k', 'f.pdf', 1, 'application/pdf', ?, ?)",
      )
        .bind(crypto.randomUUID(), userId, crypto.randomUUID(), status)
        .run();
    }
    await env.DB.prepare("INSERT INTO offer_collections (id, collection_key, status, started_at) VALUES (?, 'k', 'completed', ?), (?, 'k', 'failed', ?)")
      .bind(crypto.randomUUID(), now, crypto.randomUUID(), todayStart - 1)
      .run();

    const after = await adminOverview(appCtx, everything, { now });
    expect(after.users!.total - before.users!.total).toBe(2);
    expect(after.users!.active - before.users!.active).toBe(1);
    expect(after.users!.suspended - before.users!.suspended).toBe(1);
    expect(after.users!.newToday - before.users!.newToday).toBe(1);
    expect(after.users!.newThisMonth - before.users!.newThisMonth).toBe(1);
    const docCount = (o: typeof after, status: string) => o.documents!.byStatus.find((r) => r.status === status)?.count ?? 0;
    expect(docCount(after, "verified") - docCount(before, "verified")).toBe(2);
    expect(docCount(after, "pending") - docCount(before, "pending")).toBe(1);
    expect(docCount(after, "weird_status")).toBe(1);
    expect(after.documents!.byStatus.slice(0, 6).map((r) => r.status)).toEqual(["pending", "processing", "verified", "rejected", "failed", "uploaded"]);
    expect(after.documents!.total - before.documents!.total).toBe(4);
    const collections = (o: typeof after, status: string) => o.offerCollectionsToday!.byStatus.find((r) => r.status === status)!.count;
    // The failed one started a moment before Bucharest midnight: yesterday.
    expect(collections(after, "completed") - collections(before, "completed")).toBe(1);
    expect(collections(after, "failed") - collections(before, "failed")).toBe(0);

    const none = await adminOverview(appCtx, { role: "moderator", permissions: {} }, { now });
    expect(none).toMatchObject({ users: null, documents: null, switchRequests: null, offerCollectionsToday: null });
    const docsOnly = await adminOverview(appCtx, { role: "moderator", permissions: { document_verification: true } }, { now });
    expect(docsOnly.documents).not.toBeNull();
    expect(docsOnly.users).toBeNull();
  });
});
