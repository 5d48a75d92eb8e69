// The admin settings enforced (issue #12 item 4): maintenance mode in the Worker entry (public pages
// and API closed, back-office, health and static files open), new registrations closed at the code
// check, the sliding admin session timeout with injected time, activity logging of admin reads, and
// the short settings cache.
import { SELF, env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "../../app/lib/schemas/admin-settings";
import { TEXTS } from "../../app/texts/user";
import { ADMIN_SESSION_TTL_MS, adminLogin, getOptionalAdmin } from "../../app/server/admin/admin-auth.server";
import { auditRead } from "../../app/server/admin/audit-read.server";
import { createAppContext } from "../../app/server/context.server";
import { liveAdminSessions } from "../../app/server/live/live-auth.server";
import { MAINTENANCE_RETRY_AFTER_SECONDS } from "../../app/server/settings/maintenance.server";
import { SETTINGS_CACHE_MS, clearSettingsCache, readSettings } from "../../app/server/settings/settings.server";
import { BASE, createAdmin, openAdminSession, outboxCode, postJson, signInThroughApi, uniqueIp, uniquePhone } from "./auth-helpers";

const MINUTE = 60_000;

async function superAdminHeaders() {
  const admin = await createAdmin("super_admin", {});
  return { Authorization: `Bearer ${await openAdminSession(admin.id)}` };
}

async function setSettings(patch: Record<string, unknown>) {
  const res = await SELF.fetch(`${BASE}/api/admin/settings`, {
    method: "PUT",
    headers: { ...(await superAdminHeaders()), "Content-Type": "application/json" },
    body: JSON.stringify(patch),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  // The Worker's write drops the cache of its isolate; this drops the test's, should they differ.
  clearSettingsCache();
}

afterEach(async () => {
  const { two_factor_enabled: _t, ...writable } = SETTINGS_DEFAULTS;
  await setSettings(writable);
});

describe("maintenance mode", () => {
  it("puts every public page behind the Romanian maintenance page and the public API behind a JSON 503", async () => {
    await setSettings({ maintenance_mode: true });
    for (const path of ["/", "/profil", "/schimba-furnizor", "/no-such-page"]) {
      const res = await SELF.fetch(`${BASE}${path}`);
      expect(res.status, path).toBe(503);
      expect(res.headers.get("Retry-After")).toBe(String(MAINTENANCE_RETRY_AFTER_SECONDS));
      expect(res.headers.get("Content-Type")).toContain("text/html");
      const html = await res.text();
      expect(html).toContain(`<h1>${TEXTS.adminSettings.maintenanceTitle}</h1>`);
      expect(html).toContain(TEXTS.adminSettings.maintenanceMessage);
      expect(html).toContain('<html lang="ro">');
    }
    for (const [method, path] of [
      ["GET", "/api/suppliers"],
      ["POST", "/api/auth/register-phone"],
      ["GET", "/%61pi/suppliers"],
    ] as const) {
      const res = await SELF.fetch(`${BASE}${path}`, {
        method,
        headers: { "Content-Type": "application/json" },
        body: method === "POST" ? JSON.stringify({ phoneNumber: uniquePhone() }) : undefined,
      });
      expect(res.status, path).toBe(503);
      expect(res.headers.get("Retry-After")).toBe(String(MAINTENANCE_RETRY_AFTER_SECONDS));
      expect(await res.json()).toEqual({ success: false, error: "maintenance", message: TEXTS.adminSettings.maintenanceMessage });
    }
    // Nothing behind it ran: no code was sent.
    const sms = await env.DB.prepare("SELECT COUNT(*) AS n FROM otp_challenges").first<{ n: number }>();
    expect(sms?.n).toBe(0);
  });

  it("keeps the back-office, its API, the health check and static files reachable", async () => {
    await setSettings({ maintenance_mode: true });
    const headers = await superAdminHeaders();
    expect((await SELF.fetch(`${BASE}/admin/login`)).status).toBe(200);
    expect((await SELF.fetch(`${BASE}/admin`, { redirect: "manual" })).status).toBe(302);
    expect((await SELF.fetch(`${BASE}/api/ping`)).status).toBe(200);
    expect((await SELF.fetch(`${BASE}/favicon.svg`)).status).not.toBe(503);
    const settings = await SELF.fetch(`${BASE}/api/admin/settings`, { headers });
    expect(settings.status).toBe(200);
    expect(((await settings.json()) as { data: { settings: { maintenance_mode: boolean } } }).data.settings.maintenance_mode).toBe(true);
    const admin = await createAdmin("admin", { user_management: true });
    const login = await postJson("/api/admin/auth/login", { email: admin.email, password: admin.password }, { "CF-Connecting-IP": uniqueIp() });
    expect(login.res.status).toBe(200);
    // An escaped path is judged as written, so it cannot pass for the back-office.
    expect((await SELF.fetch(`${BASE}/%61dmin/login`)).status).toBe(503);
  });

  it("opens the site again when turned off", async () => {
    await setSettings({ maintenance_mode: true });
    expect((await SELF.fetch(`${BASE}/`)).status).toBe(503);
    await setSettings({ maintenance_mode: false });
    expect((await SELF.fetch(`${BASE}/`)).status).toBe(200);
    expect((await SELF.fetch(`${BASE}/api/suppliers`)).status).toBe(200);
  });
});

describe("the settings cache", () => {
  it("serves an isolate's copy for at most SETTINGS_CACHE_MS, then reads D1 again", async () => {
    const t0 = Date.now() + 10 * MINUTE;
    expect((await readSettings(createAppContext(env), { now: t0 })).daily_reports).toBe(false);
    // Written by another isolate: this one's copy is not dropped.
    await env.DB.prepare("INSERT INTO settings (key, value_json) VALUES ('daily_reports', 'true') ON CONFLICT(key) DO UPDATE SET value_json = 'true'").run();
    expect((await readSettings(createAppContext(env), { now: t0 + SETTINGS_CACHE_MS - 1 })).daily_reports).toBe(false);
    expect((await readSettings(createAppContext(env), { now: t0 + SETTINGS_CACHE_MS })).daily_reports).toBe(true);
  });

  it("falls back to the default for a stored value the model does not accept", async () => {
    await env.DB.prepare("INSERT INTO settings (key, value_json) VALUES ('session_timeout', '\"soon\"'), ('api_timeout', '{broken') ON CONFLICT(key) DO UPDATE SET value_json = excluded.value_json").run();
    const settings = await readSettings(createAppContext(env), { fresh: true });
    expect(settings.session_timeout).toBe(SETTINGS_DEFAULTS.session_timeout);
    expect(settings.api_timeout).toBe(SETTINGS_DEFAULTS.api_timeout);
    await env.DB.prepare("DELETE FROM settings WHERE key IN ('session_timeout', 'api_timeout')").run();
    clearSettingsCache();
  });
});

describe("new registrations off", () => {
  it("answers the code request alike, then refuses an unknown phone at the code check; known phones sign in", async () => {
    const known = { phone: uniquePhone(), userId: crypto.randomUUID() };
    await env.DB.prepare("INSERT INTO users (id, phone, status) VALUES (?, ?, 'active')").bind(known.userId, known.phone).run();
    await setSettings({ new_registrations: false });

    const unknownPhone = uniquePhone();
    const headers = { "CF-Connecting-IP": uniqueIp() };
    const sentUnknown = await postJson("/api/auth/register-phone", { phoneNumber: unknownPhone }, headers);
    const sentKnown = await postJson("/api/auth/register-phone", { phoneNumber: known.phone }, { "CF-Connecting-IP": uniqueIp() });
    expect(sentUnknown.res.status).toBe(200);
    expect(sentUnknown.body).toEqual(sentKnown.body);

    const refused = await postJson("/api/auth/verify-sms", { phoneNumber: unknownPhone, verificationCode: await outboxCode(unknownPhone) }, headers);
    expect(refused.res.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: "registrations_closed", message: TEXTS.adminSettings.registrationsClosed });
    expect(refused.res.headers.get("Set-Cookie")).toBeNull();
    const created = await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE phone = ?").bind(unknownPhone).first<{ n: number }>();
    expect(created?.n).toBe(0);

    const again = await postJson("/api/auth/verify-sms", { phoneNumber: known.phone, verificationCode: await outboxCode(known.phone) }, { "CF-Connecting-IP": uniqueIp() });
    expect(again.res.status).toBe(200);
    expect((again.body.user as { id: string }).id).toBe(known.userId);
    expect(again.body.isNewUser).toBe(false);

    await setSettings({ new_registrations: true });
    const opened = await signInThroughApi(uniquePhone());
    expect(opened.body.isNewUser).toBe(true);
  });
});

describe("admin session timeout", () => {
  async function session(now: number) {
    const admin = await createAdmin("admin", { user_management: true });
    const login = await adminLogin(createAppContext(env), { email: admin.email, password: admin.password }, { ip: uniqueIp(), userAgent: null }, { now });
    if (!login.ok) throw new Error("login failed");
    const request = new Request(`${BASE}/api/admin/auth/me`, { headers: { Authorization: `Bearer ${login.token}` } });
    return { admin, token: login.token, at: (t: number) => getOptionalAdmin(request, createAppContext(env), { now: t }) };
  }

  it("ends a session after the timeout of inactivity, counted from its last request (sliding)", async () => {
    await setSettings({ session_timeout: 5 });
    const t0 = Date.now();
    const s = await session(t0);
    expect(await s.at(t0 + 4 * MINUTE)).not.toBeNull();
    expect(await s.at(t0 + 8 * MINUTE)).not.toBeNull();
    expect(await s.at(t0 + 13 * MINUTE - 1)).not.toBeNull();
    expect(await s.at(t0 + 18 * MINUTE)).toBeNull();
    // Dead for good: an idle session is not revived by a later request.
    expect(await s.at(t0 + 18 * MINUTE + 1)).toBeNull();
  });

  it("applies a shorter timeout to sessions already open, at their next request", async () => {
    const t0 = Date.now();
    const s = await session(t0);
    expect(await s.at(t0 + 10 * MINUTE)).not.toBeNull();
    await setSettings({ session_timeout: 5 });
    expect(await s.at(t0 + 16 * MINUTE)).toBeNull();
  });

  it("never outlives the session lifetime, however active", async () => {
    await setSettings({ session_timeout: 480 });
    const t0 = Date.now();
    const s = await session(t0);
    for (let hour = 1; hour < 8; hour++) expect(await s.at(t0 + hour * 60 * MINUTE), `hour ${hour}`).not.toBeNull();
    expect(await s.at(t0 + ADMIN_SESSION_TTL_MS)).toBeNull();
  });

  it("drops an idle session from the live channel, whose re-checks are not activity", async () => {
    const t0 = Date.now();
    const s = await session(t0);
    const [row] = (await env.DB.prepare("SELECT id FROM admin_sessions WHERE admin_id = ?").bind(s.admin.id).all<{ id: string }>()).results;
    expect((await liveAdminSessions(createAppContext(env), [row!.id], t0 + 30 * MINUTE)).has(row!.id)).toBe(true);
    expect((await liveAdminSessions(createAppContext(env), [row!.id], t0 + 59 * MINUTE)).has(row!.id)).toBe(true);
    expect((await liveAdminSessions(createAppContext(env), [row!.id], t0 + 61 * MINUTE)).has(row!.id)).toBe(false);
  });

  it("is enforced through the Worker too", async () => {
    const admin = await createAdmin("admin", {});
    const token = await openAdminSession(admin.id);
    await env.DB.prepare("UPDATE admin_sessions SET last_seen_at = ? WHERE admin_id = ?").bind(Date.now() - 61 * MINUTE, admin.id).run();
    expect((await SELF.fetch(`${BASE}/api/admin/auth/me`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    const fresh = await openAdminSession(admin.id);
    // Opened two minutes ago: past the minute the last-seen write waits (ADMIN_SEEN_WRITE_INTERVAL_MS), so this request writes it.
    await env.DB.prepare("UPDATE admin_sessions SET created_at = ? WHERE admin_id = ? AND last_seen_at IS NULL").bind(Date.now() - 2 * MINUTE, admin.id).run();
    expect((await SELF.fetch(`${BASE}/api/admin/auth/me`, { headers: { Authorization: `Bearer ${fresh}` } })).status).toBe(200);
    const seen = await env.DB.prepare("SELECT last_seen_at FROM admin_sessions WHERE admin_id = ? AND last_seen_at IS NOT NULL ORDER BY last_seen_at DESC").bind(admin.id).first<{ last_seen_at: number }>();
    expect(seen!.last_seen_at).toBeGreaterThan(Date.now() - MINUTE);
  });
});

describe("activity logging", () => {
  async function reads(adminId: string) {
    const rows = await env.DB.prepare("SELECT target_type, details_json FROM audit_log WHERE admin_id = ? AND action = 'personal_data_read'").bind(adminId).all<{ target_type: string; details_json: string }>();
    return rows.results.map((row) => ({ target_type: row.target_type, details: JSON.parse(row.details_json) as Record<string, unknown> }));
  }

  it("writes the admins' reads of switch requests (names, phones) to the audit log while on, not while off", async () => {
    const admin = await createAdmin("admin", { user_management: true });
    const headers = { Authorization: `Bearer ${await openAdminSession(admin.id)}` };
    expect((await SELF.fetch(`${BASE}/api/admin/switch-requests?status=processing`, { headers })).status).toBe(200);
    expect(await reads(admin.id)).toEqual([
      { target_type: "switch_request", details: { resource: "switch_request_list", filters: expect.objectContaining({ status: "processing" }), switch_request_ids: [] } },
    ]);

    await setSettings({ activity_logging: false });
    expect((await SELF.fetch(`${BASE}/api/admin/switch-requests`, { headers })).status).toBe(200);
    expect(await reads(admin.id)).toHaveLength(1);
  });

  it("auditRead writes one row for others to call (user detail, document view) and nothing when off", async () => {
    const admin = await createAdmin("admin", { user_management: true });
    const entry = { adminId: admin.id, resource: "user_detail" as const, target: { type: "user", id: "u-1" }, ip: "10.0.0.1" };
    expect(await auditRead(createAppContext(env), entry)).toBe(true);
    const row = await env.DB.prepare("SELECT target_type, target_id, ip_address FROM audit_log WHERE admin_id = ? AND action = 'personal_data_read'").bind(admin.id).first();
    expect(row).toEqual({ target_type: "user", target_id: "u-1", ip_address: "10.0.0.1" });
    await setSettings({ activity_logging: false });
    expect(await auditRead(createAppContext(env), entry)).toBe(false);
    expect(await reads(admin.id)).toHaveLength(1);
  });
});
