// Admin sign-in: the env bootstrap super_admin, wrong passwords, lockout, sessions (Bearer and cookie),
// logout, and the guard's page behaviour. Time is injected for the lockout and session expiry.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAppContext } from "../../app/server/context.server";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import {
  ADMIN_LOCKOUT_MS,
  ADMIN_SESSION_TTL_MS,
  adminLogin,
  getOptionalAdmin,
  requireAdmin,
} from "../../app/server/admin/admin-auth.server";
import { hashPassword } from "../../app/server/auth/password.server";
import { bootstrapSuperAdminStatement } from "../../app/server/db/seed.server";
import { BASE, createAdmin, openAdminSession, postJson, signInThroughApi, uniqueIp } from "./auth-helpers";

const appCtx = createAppContext(env);

const ip = () => ({ "CF-Connecting-IP": uniqueIp() });

async function me(headers: Record<string, string>) {
  const res = await SELF.fetch(`${BASE}/api/admin/auth/me`, { headers });
  return { res, body: (await res.json()) as { success: boolean; data?: Record<string, unknown>; error?: string; message?: string } };
}

describe("bootstrap super_admin from the environment", () => {
  it("signs in with ADMIN_EMAIL / ADMIN_PASSWORD (e-mail case-insensitive) and sees everything", async () => {
    await env.DB.prepare(bootstrapSuperAdminStatement(crypto.randomUUID(), env.ADMIN_EMAIL!, await hashPassword(env.ADMIN_PASSWORD!))).run();
    const { res, body } = await postJson("/api/admin/auth/login", { email: ` ${env.ADMIN_EMAIL!.toUpperCase()} `, password: env.ADMIN_PASSWORD }, ip());
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(body).toMatchObject({
      success: true,
      tokenType: "Bearer",
      expiresIn: ADMIN_SESSION_TTL_MS / 1000,
      admin: { email: env.ADMIN_EMAIL, role: "super_admin", permissions: { all: true }, first_name: "Super" },
    });
    expect(body.token).toBe(body.accessToken);
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^cmic_admin=.*; HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const viaBearer = await me({ Authorization: `Bearer ${body.token}` });
    expect(viaBearer.res.status).toBe(200);
    expect(viaBearer.body.data).toMatchObject({ email: env.ADMIN_EMAIL, role: "super_admin" });
    expect((viaBearer.body.data!.nav as { key: string }[]).map((e) => e.key)).toEqual([
      "dashboard",
      "users",
      "documents",
      "switch-requests",
      "admins",
      "system",
      "automation",
      "settings",
    ]);
    const viaCookie = await me({ Cookie: cookie.split(";")[0]! });
    expect(viaCookie.res.status).toBe(200);

    const row = await env.DB.prepare("SELECT last_login_at FROM admins WHERE email = ?").bind(env.ADMIN_EMAIL).first<{ last_login_at: number }>();
    expect(row!.last_login_at).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("POST /api/admin/auth/login failures", () => {
  it("answers a wrong password and an unknown e-mail identically", async () => {
    const admin = await createAdmin("admin", { user_management: true });
    const wrong = await postJson("/api/admin/auth/login", { email: admin.email, password: "nope" }, ip());
    const unknown = await postJson("/api/admin/auth/login", { email: "nobody@test.ro", password: "nope" }, ip());
    expect(wrong.res.status).toBe(401);
    expect(unknown.res.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, error: "invalid_credentials", message: ADMIN_TEXTS.loginFailed });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.res.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses invited and revoked admins like a wrong password", async () => {
    for (const status of ["invited", "revoked"] as const) {
      const admin = await createAdmin("admin", {}, { status });
      const { res, body } = await postJson("/api/admin/auth/login", { email: admin.email, password: admin.password }, ip());
      expect(res.status, status).toBe(401);
      expect(body.message).toBe(ADMIN_TEXTS.loginFailed);
    }
  });

  it("needs both fields", async () => {
    const noEmail = await postJson("/api/admin/auth/login", { email: " ", password: "x" }, ip());
    expect(noEmail.res.status).toBe(400);
    expect(noEmail.body.message).toBe(ADMIN_TEXTS.emailRequired);
    const noPassword = await postJson("/api/admin/auth/login", { email: "a@test.ro", password: "" }, ip());
    expect(noPassword.body.message).toBe(ADMIN_TEXTS.passwordRequired);
  });

  it("accepts the login form (urlencoded) too", async () => {
    const admin = await createAdmin("moderator", {});
    const res = await SELF.fetch(`${BASE}/api/admin/auth/login`, {
      method: "POST",
      headers: ip(),
      body: new URLSearchParams({ email: admin.email, password: admin.password }),
    });
    expect(res.status).toBe(200);
  });
});

describe("lockout", () => {
  it("locks after 5 wrong passwords for 15 minutes, refusing even the right one, then lets in again", async () => {
    const admin = await createAdmin("admin", { user_management: true });
    const t0 = Date.now();
    const attempt = (password: string, at: number) => adminLogin(appCtx, { email: admin.email, password }, { ip: uniqueIp(), userAgent: null }, { now: at });

    for (let i = 1; i <= 4; i++) {
      expect(await attempt("wrong", t0 + i), `failure ${i}`).toMatchObject({ ok: false, failure: { code: "invalid_credentials", status: 401 } });
    }
    const fifth = await attempt("wrong", t0 + 5);
    expect(fifth).toMatchObject({ ok: false, failure: { code: "account_locked", status: 429, message: ADMIN_TEXTS.accountLocked(15) } });

    const rightButLocked = await attempt(admin.password, t0 + 6);
    expect(rightButLocked).toMatchObject({ ok: false, failure: { code: "account_locked" } });
    if (!rightButLocked.ok) expect(rightButLocked.failure.retryAfterSeconds).toBe(Math.ceil((ADMIN_LOCKOUT_MS - 1) / 1000));

    const afterLock = await attempt(admin.password, t0 + 5 + ADMIN_LOCKOUT_MS);
    expect(afterLock.ok).toBe(true);
    const row = await env.DB.prepare("SELECT failed_login_count, locked_until FROM admins WHERE id = ?").bind(admin.id).first();
    expect(row).toEqual({ failed_login_count: 0, locked_until: null });
  });

  it("resets the failure count after a successful login", async () => {
    const admin = await createAdmin("moderator", {});
    const attempt = (password: string) => adminLogin(appCtx, { email: admin.email, password }, { ip: uniqueIp(), userAgent: null });
    for (let i = 0; i < 4; i++) await attempt("wrong");
    expect((await attempt(admin.password)).ok).toBe(true);
    for (let i = 0; i < 4; i++) expect(await attempt("wrong")).toMatchObject({ ok: false, failure: { code: "invalid_credentials" } });
  });

  it("shows the lockout over HTTP with Retry-After", async () => {
    const admin = await createAdmin("admin", {});
    for (let i = 0; i < 5; i++) await postJson("/api/admin/auth/login", { email: admin.email, password: "wrong" }, ip());
    const { res, body } = await postJson("/api/admin/auth/login", { email: admin.email, password: admin.password }, ip());
    expect(res.status).toBe(429);
    expect(body).toMatchObject({ error: "account_locked", message: ADMIN_TEXTS.accountLocked(15) });
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
  });

  it("writes the audit log", async () => {
    const admin = await createAdmin("admin", {});
    for (let i = 0; i < 5; i++) await postJson("/api/admin/auth/login", { email: admin.email, password: "wrong" }, ip());
    const rows = await env.DB.prepare("SELECT action FROM audit_log WHERE admin_id = ? ORDER BY created_at, id").bind(admin.id).all<{ action: string }>();
    expect(rows.results.map((r) => r.action)).toEqual([...Array(4).fill("admin_login_failed"), "admin_locked_out"]);
    // Tries against the lock (even the right password) write nothing more.
    for (let i = 0; i < 3; i++) await postJson("/api/admin/auth/login", { email: admin.email, password: i ? "wrong" : admin.password }, ip());
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE admin_id = ?").bind(admin.id).first<{ n: number }>();
    expect(after!.n).toBe(5);
  });

  it("limits login attempts per IP across accounts", async () => {
    const address = uniqueIp();
    const t0 = Date.now();
    for (let i = 0; i < 20; i++) {
      await adminLogin(appCtx, { email: `nobody${i}@test.ro`, password: "x" }, { ip: address, userAgent: null }, { now: t0 + i });
    }
    const refused = await adminLogin(appCtx, { email: "nobody@test.ro", password: "x" }, { ip: address, userAgent: null }, { now: t0 + 21 });
    expect(refused).toMatchObject({ ok: false, failure: { code: "rate_limited", status: 429 } });
  });

  it("writes nothing for tries the IP limit refuses, and one audit row for the lockout", async () => {
    const address = uniqueIp();
    const t0 = Date.now();
    const rowsFor = async () =>
      (await env.DB.prepare("SELECT action FROM audit_log WHERE ip_address = ? ORDER BY created_at, id").bind(address).all<{ action: string }>()).results.map((r) => r.action);
    for (let i = 0; i < 20; i++) await adminLogin(createAppContext(env), { email: `nobody${i}@test.ro`, password: "x" }, { ip: address, userAgent: null }, { now: t0 + i });
    expect(await rowsFor()).toEqual(Array(20).fill("admin_login_failed"));
    for (let i = 0; i < 15; i++) {
      const refused = await adminLogin(createAppContext(env), { email: `nobody${i}@test.ro`, password: "x" }, { ip: address, userAgent: null }, { now: t0 + 100 + i });
      expect(refused).toMatchObject({ ok: false, failure: { code: "rate_limited" } });
    }
    expect(await rowsFor()).toEqual([...Array(20).fill("admin_login_failed"), "admin_login_ip_locked_out"]);
  });
});

describe("the admin cookie's scope", () => {
  const cookiePath = (setCookie: string) => /;\s*Path=([^;]+)/i.exec(setCookie)?.[1];
  const isCleared = (setCookie: string) => /^cmic_admin=;/.test(setCookie) && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(setCookie);

  it("is written for /admin and /api/admin only, so the browser never sends it to the public site", async () => {
    const admin = await createAdmin("admin", {});
    const login = await postJson("/api/admin/auth/login", { email: admin.email, password: admin.password }, ip());
    expect(login.res.status).toBe(200);
    const setCookies = login.res.headers.getSetCookie();
    const carrying = setCookies.filter((c) => /^cmic_admin=[^;]+;/.test(c));
    expect(carrying.map(cookiePath).sort()).toEqual(["/admin", "/admin.data", "/api/admin"]);
    expect(carrying.every((c) => /HttpOnly/.test(c) && /SameSite=Lax/.test(c))).toBe(true);
    // Both carry the same session: each opens the area it is sent to.
    const [pageCookie, ...others] = carrying.map((c) => c.split(";")[0]!);
    expect(others).toEqual([pageCookie, pageCookie]);
    const apiCookie = pageCookie;
    expect((await me({ Cookie: apiCookie! })).res.status).toBe(200);
    // A Path=/ admin cookie of an earlier build is cleared, not left for the public site.
    expect(setCookies.filter((c) => cookiePath(c) === "/").every(isCleared)).toBe(true);
  });

  it("logout clears it on both paths (and the legacy Path=/)", async () => {
    const admin = await createAdmin("admin", {});
    const login = await postJson("/api/admin/auth/login", { email: admin.email, password: admin.password }, ip());
    const out = await postJson("/api/admin/auth/logout", {}, { Authorization: `Bearer ${login.body.token as string}` });
    expect(out.res.status).toBe(200);
    const cleared = out.res.headers.getSetCookie();
    expect(cleared.every(isCleared)).toBe(true);
    expect(cleared.map(cookiePath).sort()).toEqual(["/", "/admin", "/admin.data", "/api/admin"]);
  });
});

describe("admin sessions", () => {
  it("logout revokes the session and clears the cookie", async () => {
    const admin = await createAdmin("admin", {});
    const login = await postJson("/api/admin/auth/login", { email: admin.email, password: admin.password }, ip());
    const token = login.body.token as string;
    const out = await postJson("/api/admin/auth/logout", {}, { Authorization: `Bearer ${token}` });
    expect(out.res.status).toBe(200);
    expect(out.res.headers.get("Set-Cookie")).toMatch(/^cmic_admin=;/);
    expect((await me({ Authorization: `Bearer ${token}` })).res.status).toBe(401);
    expect((await postJson("/api/admin/auth/logout", {}, { Authorization: `Bearer ${token}` })).res.status).toBe(401);
  });

  it("expires after the session lifetime and ends when the admin is revoked", async () => {
    const admin = await createAdmin("admin", {});
    const token = await openAdminSession(admin.id, Date.now() + ADMIN_SESSION_TTL_MS);
    const request = new Request(`${BASE}/api/admin/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await getOptionalAdmin(request, appCtx)).not.toBeNull();
    expect(await getOptionalAdmin(request, appCtx, { now: Date.now() + ADMIN_SESSION_TTL_MS + 1 })).toBeNull();
    await env.DB.prepare("UPDATE admins SET status = 'revoked' WHERE id = ?").bind(admin.id).run();
    expect(await getOptionalAdmin(request, appCtx)).toBeNull();
  });

  it("keeps user and admin credentials apart", async () => {
    const user = await signInThroughApi();
    expect((await me({ Authorization: `Bearer ${user.accessToken}` })).res.status).toBe(401);
    expect((await me({ Cookie: user.cookie })).res.status).toBe(401);
    const admin = await createAdmin("super_admin", { all: true });
    const adminToken = await openAdminSession(admin.id);
    const res = await SELF.fetch(`${BASE}/api/users/profile/me`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(res.status).toBe(401);
  });
});

describe("requireAdmin on pages", () => {
  it("redirects to /admin/login without a session", async () => {
    const thrown = await requireAdmin(new Request(`${BASE}/admin/users?page=2`), appCtx).catch((r: Response) => r);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fusers%3Fpage%3D2");
  });

  it("throws 403 when the permission or role is missing, with the super-admin-only text for /admin/admins", async () => {
    const admin = await createAdmin("admin", { user_management: true });
    const token = await openAdminSession(admin.id);
    const cookieHeader = await (async () => {
      const { adminSessionStorage } = await import("../../app/server/auth/cookies.server");
      const storage = adminSessionStorage(env, new Request(BASE), 3600);
      const session = await storage.getSession();
      session.set("token", token);
      return (await storage.commitSession(session)).split(";")[0]!;
    })();
    const page = (path: string) => new Request(`${BASE}${path}`, { headers: { Cookie: cookieHeader } });

    expect((await requireAdmin(page("/admin/users"), appCtx, { permission: "user_management" })).id).toBe(admin.id);
    const denied = await requireAdmin(page("/admin/system"), appCtx, { permission: "system_admin" }).catch((r: Response) => r);
    expect((denied as Response).status).toBe(403);
    expect(await (denied as Response).text()).toBe(ADMIN_TEXTS.forbidden);
    const superOnly = await requireAdmin(page("/admin/admins"), appCtx, { roles: ["super_admin"] }).catch((r: Response) => r);
    expect(await (superOnly as Response).text()).toBe(ADMIN_TEXTS.superAdminOnly);
  });
});

describe("endAdminSessions", () => {
  it("ends every open session of one admin except the one kept, and no other admin's", async () => {
    const { endAdminSessions } = await import("../../app/server/admin/admin-auth.server");
    const target = await createAdmin("admin", { user_management: true });
    const bystander = await createAdmin("admin", { user_management: true });
    const [kept, ended1, ended2] = [await openAdminSession(target.id), await openAdminSession(target.id), await openAdminSession(target.id)];
    const other = await openAdminSession(bystander.id);
    const keptId = await env.DB.prepare("SELECT id FROM admin_sessions WHERE admin_id = ? ORDER BY rowid LIMIT 1").bind(target.id).first<{ id: string }>();

    expect(await endAdminSessions(appCtx, target.id, { exceptSessionId: keptId!.id })).toBe(2);
    const status = async (token: string) => (await me({ Authorization: `Bearer ${token}` })).res.status;
    expect(await status(kept)).toBe(200);
    expect(await status(ended1)).toBe(401);
    expect(await status(ended2)).toBe(401);
    expect(await status(other)).toBe(200);

    expect(await endAdminSessions(appCtx, target.id)).toBe(1);
    expect(await status(kept)).toBe(401);
  });
});
