// An admin changes their own password on /admin/settings › Profil (issue #12 item 4): the current
// password is required (wrong → field error, guesses limited), the new one follows the admin policy,
// and on success every other session of the admin ends while this one stays; all of it audited.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_PASSWORD_TEXTS } from "../../app/lib/schemas/admin-password";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { BASE, createAdmin, postJson, uniqueIp, type TestAdmin } from "./auth-helpers";

const P = ADMIN_TEXTS.settings.profile;
const NEW_PASSWORD = "Noua-Parola-2027";

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

async function signIn(admin: TestAdmin, password = admin.password): Promise<Response> {
  return SELF.fetch(`${BASE}/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
    body: new URLSearchParams({ email: admin.email, password, redirectTo: "/admin" }),
    redirect: "manual",
  });
}

async function cookieOf(admin: TestAdmin): Promise<string> {
  const res = await signIn(admin);
  expect(res.status).toBe(302);
  return res.headers.get("Set-Cookie")!.split(";")[0]!;
}

function change(cookie: string, fields: { currentPassword: string; newPassword: string; confirmPassword: string }) {
  return SELF.fetch(`${BASE}/admin/settings`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
    body: new URLSearchParams({ intent: "profil", ...fields }),
    redirect: "manual",
  });
}

async function actions(adminId: string): Promise<string[]> {
  const rows = await env.DB.prepare("SELECT action FROM audit_log WHERE admin_id = ? AND action LIKE 'admin_password%' ORDER BY created_at, id")
    .bind(adminId)
    .all<{ action: string }>();
  return rows.results.map((row) => row.action);
}

const me = (headers: Record<string, string>) => SELF.fetch(`${BASE}/api/admin/auth/me`, { headers });

describe("own password change", () => {
  it("refuses a wrong current password with a field error and changes nothing", async () => {
    const admin = await createAdmin("moderator", {});
    const cookie = await cookieOf(admin);
    const res = await change(cookie, { currentPassword: "not-it", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(escapeHtml(P.currentWrong));
    expect(html).not.toContain(NEW_PASSWORD);
    expect((await signIn(admin)).status).toBe(302);
    expect((await signIn(admin, NEW_PASSWORD)).status).not.toBe(302);
    expect(await actions(admin.id)).toEqual(["admin_password_change_failed"]);
  });

  it.each([
    ["too short", "Scurta-1", "Scurta-1", ADMIN_PASSWORD_TEXTS.tooShort],
    ["without digits", "Fara-Cifre-Deloc", "Fara-Cifre-Deloc", ADMIN_PASSWORD_TEXTS.missingClasses],
    ["not confirmed", NEW_PASSWORD, `${NEW_PASSWORD}x`, ADMIN_PASSWORD_TEXTS.mismatch],
  ])("refuses a new password %s with the policy's message", async (_name, newPassword, confirmPassword, message) => {
    const admin = await createAdmin("admin", {});
    const res = await change(await cookieOf(admin), { currentPassword: admin.password, newPassword, confirmPassword });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(escapeHtml(message));
    expect((await signIn(admin)).status).toBe(302);
    expect(await actions(admin.id)).toEqual([]);
  });

  it("refuses a new password containing the e-mail's name, and one equal to the current", async () => {
    const admin = await createAdmin("admin", {});
    const cookie = await cookieOf(admin);
    const local = admin.email.split("@")[0]!;
    const withEmail = `X${local.toUpperCase()}-a1`.padEnd(14, "z");
    const res = await change(cookie, { currentPassword: admin.password, newPassword: withEmail, confirmPassword: withEmail });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(escapeHtml(ADMIN_PASSWORD_TEXTS.containsEmail));
    const same = `${admin.password}`;
    const sameRes = await change(cookie, { currentPassword: admin.password, newPassword: same, confirmPassword: same });
    expect(sameRes.status).toBe(400);
    expect(await sameRes.text()).toContain(escapeHtml(P.sameAsCurrent));
  });

  it("limits guesses of the current password to 5 per 15 minutes, per admin", async () => {
    const admin = await createAdmin("admin", {});
    const cookie = await cookieOf(admin);
    for (let i = 0; i < 5; i++) {
      expect((await change(cookie, { currentPassword: `guess-${i}`, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(400);
    }
    const limited = await change(cookie, { currentPassword: admin.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain(escapeHtml(P.tooManyAttempts(15)));
    expect((await signIn(admin, NEW_PASSWORD)).status).not.toBe(302);
    expect((await actions(admin.id)).at(-1)).toBe("admin_password_change_limited");
  });

  it("changes it, ends the admin's other sessions but not this one, and audits it", async () => {
    const admin = await createAdmin("admin", { user_management: true });
    const cookie = await cookieOf(admin);
    const other = await postJson("/api/admin/auth/login", { email: admin.email, password: admin.password }, { "CF-Connecting-IP": uniqueIp() });
    const otherHeaders = { Authorization: `Bearer ${other.body.token as string}` };
    expect((await me(otherHeaders)).status).toBe(200);
    const bystander = await createAdmin("admin", {});
    const bystanderCookie = await cookieOf(bystander);

    const res = await change(cookie, { currentPassword: admin.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);

    expect((await me(otherHeaders)).status).toBe(401);
    expect((await me({ Cookie: cookie })).status).toBe(200);
    expect((await me({ Cookie: bystanderCookie })).status).toBe(200);
    expect((await signIn(admin)).status).not.toBe(302);
    expect((await signIn(admin, NEW_PASSWORD)).status).toBe(302);
    expect(await actions(admin.id)).toEqual(["admin_password_changed"]);
    const details = await env.DB.prepare("SELECT details_json FROM audit_log WHERE admin_id = ? AND action = 'admin_password_changed'").bind(admin.id).first<{ details_json: string }>();
    expect(JSON.parse(details!.details_json)).toEqual({ ended_sessions: 1 });
  });

  it("needs a session", async () => {
    const res = await change("cmic_admin=nothing", { currentPassword: "x", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/admin\/login/);
  });
});
