// Administrators and invitations through the Worker (issue #12 item 3): POST /api/admin/auth/invite
// (roles, the spec's permission defaults, 409, the e-mail in the local outbox), the link's single use
// and expiry with one answer for used/expired/unknown, acceptance under the password policy, and
// DELETE /api/admin/admins/{id} ending the sessions at once. Every change in the audit log.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_PASSWORD_TEXTS } from "../../app/lib/schemas/admin-password";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { INVITATION_TTL_MS } from "../../app/server/admin/invitations.server";
import { BASE, createAdmin, openAdminSession, postJson, uniqueIp, type TestAdmin } from "./auth-helpers";

const T = ADMIN_TEXTS.adminsPage;
const I = ADMIN_TEXTS.invitation;

/** A page without its per-response CSP nonces, to compare two answers. */
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "");

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

const uniqueEmail = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@firma.ro`;

async function superAdmin(): Promise<TestAdmin & { token: string }> {
  const admin = await createAdmin("super_admin", { all: true });
  return { ...admin, token: await openAdminSession(admin.id) };
}

function invite(token: string, body: unknown) {
  return postJson("/api/admin/auth/invite", body, { Authorization: `Bearer ${token}`, "CF-Connecting-IP": uniqueIp() });
}

async function latestMail(to: string) {
  return env.DB.prepare("SELECT subject, body_text, status FROM mail_outbox WHERE to_address = ? ORDER BY created_at DESC, id DESC LIMIT 1")
    .bind(to)
    .first<{ subject: string; body_text: string; status: string }>();
}

/** The token of the newest invitation link e-mailed to an address. */
async function linkToken(to: string): Promise<string> {
  const mail = await latestMail(to);
  const token = /\/admin\/invitatie\/([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? "")?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${to}`);
  return token;
}

async function adminRow(email: string) {
  return env.DB.prepare("SELECT id, role, status, permissions_json, password_hash FROM admins WHERE email = ?")
    .bind(email)
    .first<{ id: string; role: string; status: string; permissions_json: string; password_hash: string | null }>();
}

function invitationPage(token: string, ip: string = uniqueIp()) {
  return SELF.fetch(`${BASE}/admin/invitatie/${token}`, { headers: { "CF-Connecting-IP": ip }, redirect: "manual" });
}

function acceptForm(token: string, newPassword: string, confirmPassword: string = newPassword, ip: string = uniqueIp()) {
  return SELF.fetch(`${BASE}/admin/invitatie/${token}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ip },
    body: new URLSearchParams({ newPassword, confirmPassword }),
    redirect: "manual",
  });
}

const GOOD_PASSWORD = "Contor-Verde-2026";

describe("POST /api/admin/auth/invite", () => {
  it("invites an admin with the spec's default permissions and e-mails a single-use link (token stored hashed)", async () => {
    const boss = await superAdmin();
    const email = uniqueEmail("ana");
    const { res, body } = await invite(boss.token, { email: ` ${email.toUpperCase()} `, role: "admin" });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, message: T.inviteSentTo(email) });

    const row = await adminRow(email);
    expect(row).toMatchObject({ role: "admin", status: "invited", password_hash: null });
    expect(JSON.parse(row!.permissions_json)).toEqual({
      user_management: true,
      document_verification: true,
      system_monitoring: false,
      admin_management: false,
    });

    const mail = await latestMail(email);
    expect(mail).toMatchObject({ subject: ADMIN_TEXTS.inviteMail.subject, status: "sent" });
    const token = await linkToken(email);
    expect(mail!.body_text).toContain(`${env.PUBLIC_BASE_URL}/admin/invitatie/${token}`);
    const stored = await env.DB.prepare("SELECT token_hash, expires_at, created_at FROM admin_invitations WHERE admin_id = ?")
      .bind(row!.id)
      .all<{ token_hash: string; expires_at: number; created_at: number }>();
    expect(stored.results).toHaveLength(1);
    expect(stored.results[0]!.token_hash).not.toContain(token);
    expect(stored.results[0]!.expires_at - stored.results[0]!.created_at).toBe(INVITATION_TTL_MS);

    const audit = await env.DB.prepare("SELECT admin_id, target_id, details_json FROM audit_log WHERE action = 'admin_invited' AND target_id = ?")
      .bind(row!.id)
      .first<{ admin_id: string; target_id: string; details_json: string }>();
    expect(audit!.admin_id).toBe(boss.id);
    expect(JSON.parse(audit!.details_json)).toMatchObject({ before: null, after: { email, role: "admin", status: "invited" }, mail: { sent: true } });

    // The list shows the pending invitation.
    const list = await SELF.fetch(`${BASE}/api/admin/admins`, { headers: { Authorization: `Bearer ${boss.token}` } });
    const admins = ((await list.json()) as { data: { admins: { email: string; status: string; invitation_expires_at: string | null }[] } }).data.admins;
    expect(admins.find((a) => a.email === email)).toMatchObject({ status: "invited", invitation_expires_at: expect.any(String) });
  });

  it("takes a moderator with the permissions sent, the defaults for the rest", async () => {
    const boss = await superAdmin();
    const email = uniqueEmail("mod");
    const { res } = await invite(boss.token, {
      email,
      role: "moderator",
      permissions: { user_management: false, document_verification: true, system_monitoring: true },
    });
    expect(res.status).toBe(200);
    expect(JSON.parse((await adminRow(email))!.permissions_json)).toEqual({
      user_management: false,
      document_verification: true,
      system_monitoring: true,
      admin_management: false,
    });
  });

  it("refuses a super_admin role, an unknown role and a bad e-mail with 400, changing nothing", async () => {
    const boss = await superAdmin();
    const email = uniqueEmail("nope");
    const cases: [unknown, string][] = [
      [{ email, role: "super_admin" }, T.superAdminNotInvitable],
      [{ email, role: "owner" }, T.invalidRole],
      [{ email: "not-an-email", role: "admin" }, T.invalidEmail],
      [{ email, role: "admin", permissions: { user_management: "maybe" } }, ""],
      [{ role: "admin" }, T.invalidEmail],
    ];
    for (const [payload, message] of cases) {
      const { res, body } = await invite(boss.token, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(body.error).toBe("invalid_input");
      if (message) expect(body.message).toBe(message);
    }
    expect(await adminRow(email)).toBeNull();
    expect(await latestMail(email)).toBeNull();
  });

  it("is for super_admins only", async () => {
    const admin = await createAdmin("admin", { all: true, admin_management: true });
    const { res, body } = await invite(await openAdminSession(admin.id), { email: uniqueEmail("x"), role: "admin" });
    expect(res.status).toBe(403);
    expect(body.message).toBe(ADMIN_TEXTS.superAdminOnly);
  });

  it("answers 409 for an active admin's e-mail", async () => {
    const boss = await superAdmin();
    const existing = await createAdmin("moderator", {});
    const { res, body } = await invite(boss.token, { email: existing.email, role: "admin" });
    expect(res.status).toBe(409);
    expect(body).toMatchObject({ success: false, error: "admin_exists", message: T.alreadyActive });
    expect((await adminRow(existing.email))!.role).toBe("moderator");
  });

  it("re-inviting a pending e-mail replaces the link: the old one stops working", async () => {
    const boss = await superAdmin();
    const email = uniqueEmail("again");
    await invite(boss.token, { email, role: "moderator" });
    const first = await linkToken(email);
    const { res } = await invite(boss.token, { email, role: "admin" });
    expect(res.status).toBe(200);
    const second = await linkToken(email);
    expect(second).not.toBe(first);
    expect((await invitationPage(first)).status).toBe(404);
    expect((await invitationPage(second)).status).toBe(200);
    expect((await adminRow(email))!.role).toBe("admin");
    const count = await env.DB.prepare("SELECT count(*) AS n FROM admins WHERE email = ?").bind(email).first<{ n: number }>();
    expect(count!.n).toBe(1);
  });
});

describe("the invitation link", () => {
  async function invited(role: "admin" | "moderator" = "admin") {
    const boss = await superAdmin();
    const email = uniqueEmail("inv");
    await invite(boss.token, { email, role });
    return { boss, email, token: await linkToken(email) };
  }

  it("shows the e-mail, the role and the stated policy", async () => {
    const { email, token } = await invited("moderator");
    const res = await invitationPage(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain(escapeHtml(I.title));
    expect(html).toContain(email);
    expect(html).toContain(escapeHtml(ADMIN_TEXTS.roles.moderator));
    expect(html).toContain(escapeHtml(ADMIN_PASSWORD_TEXTS.policy));
  });

  it("enforces the password policy on the server, keeping the invitation open", async () => {
    const { email, token } = await invited();
    const local = email.split("@")[0]!;
    const cases: [string, string, string][] = [
      ["Scurta-1", "Scurta-1", ADMIN_PASSWORD_TEXTS.tooShort],
      ["doar-litere-mici-1", "doar-litere-mici-1", ADMIN_PASSWORD_TEXTS.missingClasses],
      [`X9-${local}-Parola`, `X9-${local}-Parola`, ADMIN_PASSWORD_TEXTS.containsEmail],
      [GOOD_PASSWORD, `${GOOD_PASSWORD}x`, ADMIN_PASSWORD_TEXTS.mismatch],
    ];
    for (const [password, confirm, message] of cases) {
      const res = await acceptForm(token, password, confirm);
      expect(res.status, message).toBe(400);
      expect(await res.text()).toContain(escapeHtml(message));
    }
    expect((await adminRow(email))!.status).toBe("invited");
    expect((await invitationPage(token)).status).toBe(200);
  });

  it("accepts once: the admin becomes active and is signed in; the same link then fails like an unknown one", async () => {
    const { email, token } = await invited();
    const res = await acceptForm(token, GOOD_PASSWORD);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin");
    const cookie = res.headers.get("Set-Cookie")!.split(";")[0]!;
    const me = await SELF.fetch(`${BASE}/api/admin/auth/me`, { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(email);
    expect((await adminRow(email))!.status).toBe("active");

    // Signs in with the new password from now on.
    const login = await postJson("/api/admin/auth/login", { email, password: GOOD_PASSWORD }, { "CF-Connecting-IP": uniqueIp() });
    expect(login.res.status).toBe(200);

    const again = await acceptForm(token, "Alta-Parola-Buna-9");
    expect(again.status).toBe(404);
    const used = await invitationPage(token);
    const unknown = await invitationPage("a".repeat(43));
    expect(used.status).toBe(404);
    expect(unknown.status).toBe(404);
    const [usedHtml, unknownHtml] = [await used.text(), await unknown.text()];
    expect(usedHtml).toContain(escapeHtml(I.invalid));
    expect(usedHtml).not.toContain(email);
    expect(withoutNonces(usedHtml)).toBe(withoutNonces(unknownHtml));

    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'admin_invitation_accepted' AND admin_id = ?")
      .bind((await adminRow(email))!.id)
      .first<{ n: number }>();
    expect(audit!.n).toBe(1);
  });

  it("expires: past its time the link gets the same page as an unknown one and cannot be used", async () => {
    const { email, token } = await invited();
    await env.DB.prepare("UPDATE admin_invitations SET expires_at = ? WHERE admin_id = (SELECT id FROM admins WHERE email = ?)")
      .bind(Date.now() - 1, email)
      .run();
    const page = await invitationPage(token);
    expect(page.status).toBe(404);
    expect(withoutNonces(await page.text())).toBe(withoutNonces(await (await invitationPage("b".repeat(43))).text()));
    expect((await acceptForm(token, GOOD_PASSWORD)).status).toBe(404);
    expect((await adminRow(email))!.status).toBe("invited");
  });

  it("limits how often one IP may open or answer invitation links", async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await invitationPage(`guess-${i}-${"c".repeat(30)}`, ip)).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    const { token } = await invited();
    // a real link from the limited IP is refused too; from another IP it opens
    expect((await invitationPage(token, ip)).status).toBe(429);
    expect((await invitationPage(token)).status).toBe(200);
  });
});

describe("DELETE /api/admin/admins/{id}", () => {
  function revoke(token: string, id: string) {
    return SELF.fetch(`${BASE}/api/admin/admins/${id}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": uniqueIp() } });
  }

  it("revokes: the admin's sessions end at once, sign-in is refused, the audit log has before/after", async () => {
    const boss = await superAdmin();
    const target = await createAdmin("admin", { user_management: true });
    const sessions = [await openAdminSession(target.id), await openAdminSession(target.id)];
    const res = await revoke(boss.token, target.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: T.revoked });
    for (const token of sessions) {
      expect((await SELF.fetch(`${BASE}/api/admin/auth/me`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    }
    const login = await postJson("/api/admin/auth/login", { email: target.email, password: target.password }, { "CF-Connecting-IP": uniqueIp() });
    expect(login.res.status).toBe(401);
    expect(login.body.message).toBe(ADMIN_TEXTS.loginFailed);
    const audit = await env.DB.prepare("SELECT admin_id, details_json FROM audit_log WHERE action = 'admin_revoked' AND target_id = ?")
      .bind(target.id)
      .first<{ admin_id: string; details_json: string }>();
    expect(audit!.admin_id).toBe(boss.id);
    expect(JSON.parse(audit!.details_json)).toMatchObject({ before: { status: "active" }, after: { status: "revoked" }, sessions_ended: 2 });

    expect((await revoke(boss.token, target.id)).status).toBe(409);
  });

  it("revoking an invited admin kills the link", async () => {
    const boss = await superAdmin();
    const email = uniqueEmail("cancel");
    await invite(boss.token, { email, role: "moderator" });
    const token = await linkToken(email);
    expect((await revoke(boss.token, (await adminRow(email))!.id)).status).toBe(200);
    expect((await invitationPage(token)).status).toBe(404);
  });

  it("never revokes a super_admin or oneself; unknown ids are 404; others than super_admins get 403", async () => {
    const boss = await superAdmin();
    const other = await createAdmin("super_admin", { all: true });
    const otherRes = await revoke(boss.token, other.id);
    expect(otherRes.status).toBe(403);
    expect(await otherRes.json()).toMatchObject({ error: "super_admin_not_revocable", message: T.cannotRevokeSuperAdmin });
    const self = await revoke(boss.token, boss.id);
    expect(self.status).toBe(409);
    expect(await self.json()).toMatchObject({ error: "cannot_revoke_self", message: T.cannotRevokeSelf });
    expect((await revoke(boss.token, crypto.randomUUID())).status).toBe(404);
    expect((await adminRow(other.email))!.status).toBe("active");

    const admin = await createAdmin("admin", { all: true });
    const victim = await createAdmin("moderator", {});
    expect((await revoke(await openAdminSession(admin.id), victim.id)).status).toBe(403);
    expect((await adminRow(victim.email))!.status).toBe("active");
  });
});

describe("/admin/admins page", () => {
  async function pageCookie(admin: TestAdmin): Promise<string> {
    const { res } = await postJson("/api/admin/auth/login", { email: admin.email, password: admin.password }, { "CF-Connecting-IP": uniqueIp() });
    return res.headers.get("Set-Cookie")!.split(";")[0]!;
  }
  function form(cookie: string, fields: Record<string, string>) {
    return SELF.fetch(`${BASE}/admin/admins`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  }

  it("is refused to an admin with every permission, with the spec's text", async () => {
    const admin = await createAdmin("admin", { all: true });
    const cookie = await pageCookie(admin);
    const res = await SELF.fetch(`${BASE}/admin/admins`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(escapeHtml(ADMIN_TEXTS.superAdminOnly));
    const post = await form(cookie, { intent: "revoke", adminId: admin.id });
    expect(post.status).toBe(403);
  });

  it("lists administrators with the spec's columns, 'Niciodată', role badges, no revoke on super_admin rows", async () => {
    const boss = await createAdmin("super_admin", { all: true });
    const other = await createAdmin("super_admin", { all: true });
    const moderator = await createAdmin("moderator", {});
    const cookie = await pageCookie(boss);
    const res = await SELF.fetch(`${BASE}/admin/admins`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const header of [T.email, T.role, T.createdAt, T.lastLogin, T.actions]) expect(html).toContain(`<th scope="col">${escapeHtml(header)}</th>`);
    const row = (email: string) => new RegExp(`<tr[^>]*data-admin-email="${email}"[^>]*>([\\s\\S]*?)</tr>`).exec(html)?.[1] ?? "";
    expect(row(moderator.email)).toContain(escapeHtml(T.never));
    expect(row(moderator.email)).toContain('class="admin-badge role-moderator"');
    expect(row(moderator.email)).toContain(escapeHtml(T.revoke));
    expect(row(other.email)).toContain('class="admin-badge role-super_admin"');
    expect(row(other.email)).not.toContain(escapeHtml(T.revoke));
    expect(row(boss.email)).not.toContain(escapeHtml(T.revoke));
  });

  it("invites through the dialog's form (unticked boxes are false) and revokes", async () => {
    const boss = await createAdmin("super_admin", { all: true });
    const cookie = await pageCookie(boss);
    const email = uniqueEmail("dialog");
    const invited = await form(cookie, { intent: "invite", email, role: "moderator", "permissions.document_verification": "on" });
    expect(invited.status).toBe(200);
    expect(JSON.parse((await adminRow(email))!.permissions_json)).toEqual({
      user_management: false,
      document_verification: true,
      system_monitoring: false,
      admin_management: false,
    });
    const html = await (await SELF.fetch(`${BASE}/admin/admins`, { headers: { Cookie: cookie } })).text();
    expect(html).toMatch(new RegExp(`data-admin-email="${email}" data-status="invited"`));

    const first = await linkToken(email);
    expect((await form(cookie, { intent: "resend", adminId: (await adminRow(email))!.id })).status).toBe(200);
    expect((await invitationPage(first)).status).toBe(404);

    const refused = await form(cookie, { intent: "invite", email, role: "super_admin" });
    expect(refused.status).toBe(400);
    expect((await adminRow(email))!.role).toBe("moderator");

    const revoked = await form(cookie, { intent: "revoke", adminId: (await adminRow(email))!.id });
    expect(revoked.status).toBe(200);
    expect((await adminRow(email))!.status).toBe("revoked");
  });
});
