// The admin settings (issue #12 item 4) through the Worker: GET/PUT /api/admin/settings (defaults of
// admin spec §9, validation 400s that change nothing, per-role 403s, audit rows with before/after of
// the changed keys only) and the /admin/settings page (four tabs, saves through the form, field
// errors in Romanian, the platform-wide tabs refused without system_admin).
import { SELF, env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "../../app/lib/schemas/admin-settings";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { BASE, createAdmin, openAdminSession, uniqueIp, type TestAdmin } from "./auth-helpers";

const T = ADMIN_TEXTS.settings;
const API = `${BASE}/api/admin/settings`;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

async function bearer(role: "super_admin" | "admin" | "moderator", permissions: Record<string, boolean>) {
  const admin = await createAdmin(role, permissions);
  return { admin, headers: { Authorization: `Bearer ${await openAdminSession(admin.id)}` } };
}

async function put(headers: Record<string, string>, body: unknown) {
  const res = await SELF.fetch(API, { method: "PUT", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { res, body: (await res.json()) as { success: boolean; error?: string; message?: string; data?: { settings: Record<string, unknown>; changed: string[] }; issues?: { path: string; message: string }[] } };
}

async function get(headers: Record<string, string>) {
  const res = await SELF.fetch(API, { headers });
  return { res, body: (await res.json()) as { success: boolean; data: { settings: Record<string, unknown>; can_edit: boolean } } };
}

async function auditRows(adminId: string) {
  const rows = await env.DB.prepare("SELECT action, target_type, details_json FROM audit_log WHERE admin_id = ? AND action = 'settings_updated' ORDER BY created_at, id")
    .bind(adminId)
    .all<{ action: string; target_type: string; details_json: string }>();
  return rows.results.map((row) => ({ ...row, details: JSON.parse(row.details_json) as unknown }));
}

async function signIn(admin: TestAdmin): Promise<string> {
  const res = await SELF.fetch(`${BASE}/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
    body: new URLSearchParams({ email: admin.email, password: admin.password, redirectTo: "/admin" }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  return res.headers.get("Set-Cookie")!.split(";")[0]!;
}

function postForm(cookie: string, fields: Record<string, string>) {
  return SELF.fetch(`${BASE}/admin/settings`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

// Every test leaves the settings as the spec's defaults (one D1 per file, shared by its tests).
afterEach(async () => {
  const { headers } = await bearer("super_admin", {});
  const { maintenance_mode: _m, two_factor_enabled: _t, ...writable } = SETTINGS_DEFAULTS;
  expect((await put(headers, { ...writable, maintenance_mode: false })).res.status).toBe(200);
});

describe("GET /api/admin/settings", () => {
  it("gives every admin the spec's defaults, and says who may change them", async () => {
    const moderator = await bearer("moderator", {});
    const read = await get(moderator.headers);
    expect(read.res.status).toBe(200);
    expect(read.body.data.settings).toEqual(SETTINGS_DEFAULTS);
    expect(SETTINGS_DEFAULTS).toMatchObject({ api_timeout: 30, session_timeout: 60, maintenance_mode: false, new_registrations: true, auto_comparison: true, two_factor_enabled: false, activity_logging: true, email_notifications: true, system_alerts: true, daily_reports: false });
    expect(read.body.data.can_edit).toBe(false);
    expect((await get((await bearer("admin", { system_admin: true })).headers)).body.data.can_edit).toBe(true);
    expect((await get((await bearer("super_admin", {})).headers)).body.data.can_edit).toBe(true);
  });
});

describe("PUT /api/admin/settings", () => {
  it("saves only the changed keys and audits them with before and after", async () => {
    const { admin, headers } = await bearer("admin", { system_admin: true });
    const saved = await put(headers, { daily_reports: true, api_timeout: 45, system_alerts: true, backend_url: "https://api.example.ro" });
    expect(saved.res.status).toBe(200);
    expect(saved.body.message).toBe(T.systemSaved);
    expect(saved.body.data!.changed.sort()).toEqual(["api_timeout", "backend_url", "daily_reports"]);
    expect(saved.body.data!.settings).toMatchObject({ daily_reports: true, api_timeout: 45, system_alerts: true, backend_url: "https://api.example.ro" });
    expect((await get(headers)).body.data.settings).toMatchObject({ daily_reports: true, api_timeout: 45, backend_url: "https://api.example.ro" });

    const rows = await env.DB.prepare("SELECT key, value_json, updated_by FROM settings WHERE key IN ('daily_reports','api_timeout','system_alerts','backend_url') ORDER BY key").all();
    expect(rows.results).toEqual([
      { key: "api_timeout", value_json: "45", updated_by: admin.id },
      { key: "backend_url", value_json: '"https://api.example.ro"', updated_by: admin.id },
      { key: "daily_reports", value_json: "true", updated_by: admin.id },
    ]);
    const audits = await auditRows(admin.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ target_type: "settings" });
    expect(audits[0]!.details).toEqual({
      before: { daily_reports: false, api_timeout: 30, backend_url: "" },
      after: { daily_reports: true, api_timeout: 45, backend_url: "https://api.example.ro" },
    });

    // The same values again change nothing and write no audit row.
    const again = await put(headers, { daily_reports: true, api_timeout: 45 });
    expect(again.body.data!.changed).toEqual([]);
    expect(await auditRows(admin.id)).toHaveLength(1);
  });

  it.each([
    ["an unknown key", { colour: "blue" }, T.errors.unknownSetting("colour")],
    ["two_factor_enabled (each admin's own enrolment)", { two_factor_enabled: true }, T.errors.unknownSetting("two_factor_enabled")],
    ["a toggle as a string", { maintenance_mode: "true" }, T.errors.toggle],
    ["a timeout below the range", { api_timeout: 0 }, T.errors.apiTimeout(1, 300)],
    ["a fractional timeout", { session_timeout: 30.5 }, T.errors.sessionTimeout(5, 480)],
    ["a session timeout beyond the session lifetime", { session_timeout: 481 }, T.errors.sessionTimeout(5, 480)],
    ["a timeout as text", { api_timeout: "30" }, T.errors.apiTimeout(1, 300)],
    ["a malformed URL", { backend_url: "not a url" }, T.errors.urlInvalid],
    ["a javascript: URL", { admin_api_url: "javascript:alert(1)" }, T.errors.urlHttps],
  ])("refuses %s with a 400 that changes nothing", async (_name, body, message) => {
    const { admin, headers } = await bearer("super_admin", {});
    const { res, body: answer } = await put(headers, { daily_reports: true, ...body });
    expect(res.status).toBe(400);
    expect(answer).toMatchObject({ success: false, error: "invalid_input", message });
    expect((await get(headers)).body.data.settings).toEqual(SETTINGS_DEFAULTS);
    expect(await auditRows(admin.id)).toHaveLength(0);
  });

  it("refuses a body that is not a JSON object", async () => {
    const { headers } = await bearer("super_admin", {});
    const res = await SELF.fetch(API, { method: "PUT", headers: { ...headers, "Content-Type": "application/json" }, body: "[1,2]" });
    expect(res.status).toBe(400);
    expect((await get(headers)).body.data.settings).toEqual(SETTINGS_DEFAULTS);
  });

  it.each([
    ["a moderator", "moderator", { document_verification: true }],
    ["an admin with the invite defaults", "admin", { user_management: true, document_verification: true }],
    ["an admin with system_monitoring only", "admin", { system_monitoring: true }],
  ] as const)("is refused to %s (403, nothing saved, nothing audited)", async (_name, role, permissions) => {
    const { admin, headers } = await bearer(role, permissions);
    const { res, body } = await put(headers, { maintenance_mode: true });
    expect(res.status).toBe(403);
    expect(body).toMatchObject({ success: false, error: "forbidden", message: ADMIN_TEXTS.forbidden });
    expect((await get(headers)).body.data.settings).toEqual(SETTINGS_DEFAULTS);
    expect(await auditRows(admin.id)).toHaveLength(0);
  });

  it("needs a session", async () => {
    expect((await put({}, { daily_reports: true })).res.status).toBe(401);
  });
});

describe("/admin/settings page", () => {
  it("shows the four tabs, the read-only e-mail and role, and the settings for a super admin", async () => {
    const admin = await createAdmin("super_admin", {});
    const res = await SELF.fetch(`${BASE}/admin/settings`, { headers: { Cookie: await signIn(admin) } });
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const label of Object.values(T.tabs)) expect(html).toMatch(new RegExp(`role="tab"[^>]*>${escapeHtml(label)}<`));
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*data-nav-key="settings"/);
    expect(html).toContain(escapeHtml(T.emailReadOnly));
    expect(html).toMatch(new RegExp(`value="${escapeHtml(admin.email)}"[^>]*readOnly|readOnly[^>]*value="${escapeHtml(admin.email)}"`, "i"));
    expect(html).toContain(`value="${escapeHtml(ADMIN_TEXTS.roles.super_admin)}"`);
    expect(html).toContain('href="/admin/two-factor"');
    for (const effect of Object.values(T.effects)) expect(html).toContain(escapeHtml(effect));
    expect(html).not.toContain(escapeHtml(T.readOnlyNotice));
  });

  it("shows the admin's own two-factor state on the Securitate tab", async () => {
    const admin = await createAdmin("admin", {});
    const cookie = await signIn(admin);
    const page = async () => (await SELF.fetch(`${BASE}/admin/settings?tab=securitate`, { headers: { Cookie: cookie } })).text();
    expect(await page()).toContain(`>${escapeHtml(T.twoFactorOff)}<`);
    // Enrolled after this session began (a new sign-in would ask for the code).
    await env.DB.prepare("INSERT INTO admin_two_factor (admin_id, secret_sealed, enabled_at) VALUES (?, 'sealed', ?)").bind(admin.id, Date.now()).run();
    expect(await page()).toContain(`>${escapeHtml(T.twoFactorOn)}<`);
  });

  it("tells an admin without system_admin that the platform settings are read-only", async () => {
    const admin = await createAdmin("moderator", { document_verification: true });
    const html = await (await SELF.fetch(`${BASE}/admin/settings?tab=sistem`, { headers: { Cookie: await signIn(admin) } })).text();
    expect(html).toContain(escapeHtml(T.readOnlyNotice));
    expect(html).toMatch(/<fieldset disabled/);
  });

  it("saves the Sistem tab from its form (unchecked boxes are off) and audits it", async () => {
    const admin = await createAdmin("admin", { system_admin: true });
    const cookie = await signIn(admin);
    const res = await postForm(cookie, {
      intent: "sistem",
      new_registrations: "on",
      backend_url: "https://backend.example.ro",
      admin_api_url: "",
      api_timeout: "20",
    });
    expect(res.status).toBe(200);
    const { body } = await get({ Authorization: `Bearer ${await openAdminSession(admin.id)}` });
    expect(body.data.settings).toMatchObject({ maintenance_mode: false, new_registrations: true, auto_comparison: false, backend_url: "https://backend.example.ro", api_timeout: 20 });
    expect((await auditRows(admin.id))[0]!.details).toEqual({
      before: { auto_comparison: true, backend_url: "", api_timeout: 30 },
      after: { auto_comparison: false, backend_url: "https://backend.example.ro", api_timeout: 20 },
    });
  });

  it("answers field errors in Romanian and saves nothing", async () => {
    const admin = await createAdmin("super_admin", {});
    const cookie = await signIn(admin);
    const res = await postForm(cookie, { intent: "securitate", session_timeout: "abc", activity_logging: "on" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(escapeHtml(T.errors.sessionTimeout(5, 480)));
    const url = await postForm(cookie, { intent: "sistem", backend_url: "ftp://x.ro", api_timeout: "30", new_registrations: "on", auto_comparison: "on" });
    expect(url.status).toBe(400);
    expect(await url.text()).toContain(escapeHtml(T.errors.urlHttps));
    expect(await auditRows(admin.id)).toHaveLength(0);
  });

  it("refuses the platform tabs to an admin without system_admin, but not their own password form", async () => {
    const admin = await createAdmin("admin", { user_management: true });
    const cookie = await signIn(admin);
    for (const intent of ["sistem", "securitate", "notificari"]) {
      const res = await postForm(cookie, { intent, maintenance_mode: "on", session_timeout: "60", api_timeout: "30" });
      expect(res.status, intent).toBe(403);
    }
    const password = await postForm(cookie, { intent: "profil", currentPassword: "wrong-one", newPassword: "Abcdefgh1234", confirmPassword: "Abcdefgh1234" });
    expect(password.status).toBe(400);
    const { body } = await get({ Authorization: `Bearer ${await openAdminSession(admin.id)}` });
    expect(body.data.settings).toEqual(SETTINGS_DEFAULTS);
  });
});
