// Two-factor for admins (issue #12 item 4, TOTP part): enrolment on /admin/two-factor (secret sealed on
// the server, QR code and text, confirmation with a code, 10 recovery codes shown once), then the login
// in two steps — {success:false, error:"two_factor_required", challenge} without a session, then
// {challenge, code} — with the code's replay, a recovery code's second use and the attempt limit refused.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { base32Decode, hotp, totpStep } from "../../app/lib/totp";
import { LOGIN_CHALLENGE_MAX_ATTEMPTS } from "../../app/server/admin/two-factor.server";
import { BASE, createAdmin, postJson, uniqueIp, type TestAdmin } from "./auth-helpers";

const T = ADMIN_TEXTS.twoFactor;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

const login = (body: Record<string, unknown>, ip: string = uniqueIp()) => postJson("/api/admin/auth/login", body, { "CF-Connecting-IP": ip });

async function cookieOf(admin: TestAdmin): Promise<string> {
  const { res } = await login({ email: admin.email, password: admin.password });
  expect(res.status).toBe(200);
  return res.headers.get("Set-Cookie")!.split(";")[0]!;
}

function page(cookie: string) {
  return SELF.fetch(`${BASE}/admin/two-factor`, { headers: { Cookie: cookie }, redirect: "manual" });
}

function act(cookie: string, fields: Record<string, string>) {
  return SELF.fetch(`${BASE}/admin/two-factor`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/** The code of the current step plus `offset` steps. */
async function codeAt(secret: string, offset = 0): Promise<string> {
  return hotp(base32Decode(secret)!, totpStep(Date.now()) + offset);
}

/** Enrols an admin through the page and returns the secret shown and the recovery codes. */
async function enrol(admin: TestAdmin) {
  const cookie = await cookieOf(admin);
  expect((await act(cookie, { intent: "start" })).status).toBe(200);
  const html = await (await page(cookie)).text();
  const secret = /data-secret="([A-Z2-7]+)"/.exec(html)?.[1];
  expect(secret, "the secret is shown as text").toBeTruthy();
  const confirmed = await act(cookie, { intent: "confirm", code: await codeAt(secret!) });
  expect(confirmed.status).toBe(200);
  const confirmedHtml = await confirmed.text();
  const recoveryCodes = [...confirmedHtml.matchAll(/<code>([a-z2-9]{5}-[a-z2-9]{5})<\/code>/g)].map((m) => m[1]!);
  return { cookie, secret: secret!, recoveryCodes };
}

describe("/admin/two-factor enrolment", () => {
  it("needs a session", async () => {
    const res = await SELF.fetch(`${BASE}/admin/two-factor`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
  });

  it("shows a QR code of the otpauth URI and the secret, stores the secret sealed, and enables on a right code", async () => {
    const admin = await createAdmin("moderator", { document_verification: true });
    const cookie = await cookieOf(admin);
    const before = await (await page(cookie)).text();
    expect(before).toContain(escapeHtml(T.disabled));

    await act(cookie, { intent: "start" });
    const html = await (await page(cookie)).text();
    const secret = /data-secret="([A-Z2-7]+)"/.exec(html)![1]!;
    expect(secret).toHaveLength(32);
    expect(html).toMatch(/<svg[^>]*viewBox="0 0 \d+ \d+"/);
    const row = await env.DB.prepare("SELECT secret_sealed, enabled_at FROM admin_two_factor WHERE admin_id = ?")
      .bind(admin.id)
      .first<{ secret_sealed: string; enabled_at: number | null }>();
    expect(row!.enabled_at).toBeNull();
    expect(row!.secret_sealed).toMatch(/^v1\./);
    expect(row!.secret_sealed).not.toContain(secret);

    // A wrong code changes nothing.
    const wrong = await act(cookie, { intent: "confirm", code: String((Number(await codeAt(secret)) + 1) % 1_000_000).padStart(6, "0") });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(escapeHtml(T.invalidCode));
    const malformed = await act(cookie, { intent: "confirm", code: "12ab" });
    expect(malformed.status).toBe(400);

    const ok = await act(cookie, { intent: "confirm", code: await codeAt(secret) });
    expect(ok.status).toBe(200);
    const okHtml = await ok.text();
    expect(okHtml).toContain(escapeHtml(T.recoveryTitle));
    const codes = [...okHtml.matchAll(/<code>([a-z2-9]{5}-[a-z2-9]{5})<\/code>/g)].map((m) => m[1]);
    expect(new Set(codes).size).toBe(10);
    const stored = await env.DB.prepare("SELECT code_hash FROM admin_recovery_codes WHERE admin_id = ?").bind(admin.id).all<{ code_hash: string }>();
    expect(stored.results).toHaveLength(10);
    for (const code of codes) expect(stored.results.some((r) => r.code_hash.includes(code!))).toBe(false);

    // Shown once: the page now says enabled and lists no code.
    const after = await (await page(cookie)).text();
    expect(after).toContain(escapeHtml(T.enabled));
    expect(after).not.toContain(codes[0]!);
    const audit = await env.DB.prepare("SELECT details_json FROM audit_log WHERE admin_id = ? AND action = 'admin_two_factor_enabled'")
      .bind(admin.id)
      .first<{ details_json: string }>();
    expect(JSON.parse(audit!.details_json)).toMatchObject({ before: { two_factor_enabled: false }, after: { two_factor_enabled: true } });
  });
});

describe("admin login with two-factor on", () => {
  it("without a code: two_factor_required and a challenge, no session, no cookie", async () => {
    const admin = await createAdmin("admin", { user_management: true });
    await enrol(admin);
    const { res, body } = await login({ email: admin.email, password: admin.password });
    expect(res.status).toBe(401);
    expect(body).toMatchObject({ success: false, error: "two_factor_required", message: T.required });
    expect(typeof body.challenge).toBe("string");
    expect(body.token).toBeUndefined();
    expect(res.headers.get("Set-Cookie")).toBeNull();
    // a wrong password still gets no challenge
    const wrong = await login({ email: admin.email, password: `${admin.password}x` });
    expect(wrong.res.status).toBe(401);
    expect(wrong.body.challenge).toBeUndefined();
  });

  it("with the code: a session; the same code again is refused (replay)", async () => {
    const admin = await createAdmin("admin", { user_management: true });
    const { secret } = await enrol(admin);
    // the enrolment used the current step: the next step's code is the next valid one
    const code = await codeAt(secret, 1);
    const first = await login({ email: admin.email, password: admin.password });
    const done = await login({ challenge: first.body.challenge, code });
    expect(done.res.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, tokenType: "Bearer" });
    const me = await SELF.fetch(`${BASE}/api/admin/auth/me`, { headers: { Authorization: `Bearer ${done.body.token}` } });
    expect(me.status).toBe(200);

    const second = await login({ email: admin.email, password: admin.password });
    const replay = await login({ challenge: second.body.challenge, code });
    expect(replay.res.status).toBe(401);
    expect(replay.body).toMatchObject({ error: "invalid_code", message: T.invalidCode });
    // and the enrolment's own (older) code too
    const older = await login({ challenge: second.body.challenge, code: await codeAt(secret) });
    expect(older.res.status).toBe(401);
    // a challenge is single use
    expect((await login({ challenge: first.body.challenge, code: await codeAt(secret, 1) })).res.status).toBe(401);
  });

  it("accepts a recovery code once", async () => {
    const admin = await createAdmin("moderator", {});
    const { recoveryCodes } = await enrol(admin);
    const [code] = recoveryCodes;
    const first = await login({ email: admin.email, password: admin.password });
    const ok = await login({ challenge: first.body.challenge, code: code!.toUpperCase().replace("-", " ") });
    expect(ok.res.status).toBe(200);
    const again = await login({ email: admin.email, password: admin.password });
    const reused = await login({ challenge: again.body.challenge, code });
    expect(reused.res.status).toBe(401);
    expect(reused.body.error).toBe("invalid_code");
    const audit = await env.DB.prepare("SELECT details_json FROM audit_log WHERE admin_id = ? AND action = 'admin_login' ORDER BY created_at DESC LIMIT 1")
      .bind(admin.id)
      .first<{ details_json: string }>();
    expect(JSON.parse(audit!.details_json)).toEqual({ method: "recovery_code" });
  });

  it(`gives a challenge ${LOGIN_CHALLENGE_MAX_ATTEMPTS} attempts: after the last wrong code even the right one is refused`, async () => {
    const admin = await createAdmin("admin", {});
    const { secret } = await enrol(admin);
    const { body } = await login({ email: admin.email, password: admin.password });
    const ip = uniqueIp();
    const remaining: unknown[] = [];
    for (let i = 0; i < LOGIN_CHALLENGE_MAX_ATTEMPTS - 1; i++) {
      const wrong = await login({ challenge: body.challenge, code: "000000" === (await codeAt(secret, 1)) ? "111111" : "000000" }, ip);
      expect(wrong.res.status).toBe(401);
      remaining.push(wrong.body.attemptsRemaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1]);
    const last = await login({ challenge: body.challenge, code: "abcde-fghjk" }, ip);
    expect(last.body.error).toBe("challenge_expired");
    const right = await login({ challenge: body.challenge, code: await codeAt(secret, 1) }, ip);
    expect(right.res.status).toBe(401);
    expect(right.body).toMatchObject({ error: "challenge_expired", message: T.challengeExpired });
  });

  it("refuses an expired challenge and a revoked admin's challenge", async () => {
    const admin = await createAdmin("admin", {});
    const { secret } = await enrol(admin);
    const { body } = await login({ email: admin.email, password: admin.password });
    await env.DB.prepare("UPDATE admin_login_challenges SET expires_at = ? WHERE admin_id = ?").bind(Date.now() - 1, admin.id).run();
    expect((await login({ challenge: body.challenge, code: await codeAt(secret, 1) })).body.error).toBe("challenge_expired");

    const fresh = await login({ email: admin.email, password: admin.password });
    await env.DB.prepare("UPDATE admins SET status = 'revoked' WHERE id = ?").bind(admin.id).run();
    expect((await login({ challenge: fresh.body.challenge, code: await codeAt(secret, 1) })).body.error).toBe("challenge_expired");
  });

  it("the login page asks for the code as a second step and signs in with it", async () => {
    const admin = await createAdmin("admin", { user_management: true });
    const { secret } = await enrol(admin);
    const form = (fields: Record<string, string>) =>
      SELF.fetch(`${BASE}/admin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
        body: new URLSearchParams({ redirectTo: "/admin", ...fields }),
        redirect: "manual",
      });
    const first = await form({ email: admin.email, password: admin.password });
    expect(first.status).toBe(200);
    expect(first.headers.get("Set-Cookie")).toBeNull();
    const html = await first.text();
    expect(html).toContain(escapeHtml(T.loginIntro));
    const challenge = /name="challenge" value="([^"]+)"/.exec(html)![1]!;
    const wrong = await form({ challenge, code: "12345" });
    expect(wrong.status).toBe(400);
    const done = await form({ challenge, code: await codeAt(secret, 1) });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin");
    expect(done.headers.get("Set-Cookie")).toMatch(/^cmic_admin=/);
  });

  it("is turned off only with a current code; then the password alone signs in again", async () => {
    const admin = await createAdmin("admin", {});
    const { cookie, secret } = await enrol(admin);
    expect((await act(cookie, { intent: "disable", code: "999999" === (await codeAt(secret, 1)) ? "888888" : "999999" })).status).toBe(400);
    const off = await act(cookie, { intent: "disable", code: await codeAt(secret, 1) });
    expect(off.status).toBe(200);
    expect(await off.text()).toContain(escapeHtml(T.disabledToast));
    const { res } = await login({ email: admin.email, password: admin.password });
    expect(res.status).toBe(200);
    const count = await env.DB.prepare("SELECT (SELECT count(*) FROM admin_two_factor WHERE admin_id = ?1) + (SELECT count(*) FROM admin_recovery_codes WHERE admin_id = ?1) AS n")
      .bind(admin.id)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });
});
