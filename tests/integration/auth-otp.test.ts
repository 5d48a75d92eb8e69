// One-time sign-in codes: lifetime, attempts, resend cooldown, per-phone, per-network and budget limits,
// the same answer for known and unknown phones, and suspended accounts. Time is injected, never slept.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAppContext } from "../../app/server/context.server";
import { TEXTS } from "../../app/texts/user";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { recentAuthLogs } from "../../app/server/auth/auth-logs.server";
import { OTP_MAX_ATTEMPTS, OTP_TTL_MS, hashOtp, requestSignInCode, verifySignInCode } from "../../app/server/auth/otp.server";
import { createDb } from "../../app/server/db/client.server";
import { BASE, captureSms, info, outboxCode, postJson, uniqueIp, uniquePhone, wrongCode } from "./auth-helpers";

const appCtx = createAppContext(env);

const MINUTE = 60_000;

describe("code lifetime and attempts", () => {
  it("accepts the code within 5 minutes and creates the user on first success", async () => {
    const phone = uniquePhone();
    const sms = captureSms();
    const t0 = Date.now();
    const sent = await requestSignInCode(appCtx, phone, info(), { now: t0, sms });
    expect(sent).toEqual({ ok: true, expiresInSeconds: 300, resendAfterSeconds: 60 });
    expect(sms.sent[0]!.to).toBe(phone);
    expect(sms.lastCode()).toMatch(/^\d{6}$/);

    const before = await env.DB.prepare("SELECT id FROM users WHERE phone = ?").bind(phone).first();
    expect(before).toBeNull();
    const checked = await verifySignInCode(appCtx, phone, sms.lastCode(), info(), { now: t0 + OTP_TTL_MS - 1 });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.isNewUser).toBe(true);
    expect(checked.user).toMatchObject({ phone, status: "active", lastLoginAt: t0 + OTP_TTL_MS - 1 });
  });

  it("stores only a keyed hash of the code", async () => {
    const phone = uniquePhone();
    const sms = captureSms();
    await requestSignInCode(appCtx, phone, info(), { sms });
    const row = await env.DB.prepare("SELECT code_hash FROM otp_challenges WHERE phone = ?").bind(phone).first<{ code_hash: string }>();
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.code_hash).not.toContain(sms.lastCode());
    expect(row!.code_hash).toBe(await hashOtp(env.OTP_HASH_KEY!, phone, sms.lastCode()));
    expect(row!.code_hash).not.toBe(await hashOtp("another-key-of-at-least-32-characters!!", phone, sms.lastCode()));
  });

  it("refuses the right code once 5 minutes have passed", async () => {
    const phone = uniquePhone();
    const sms = captureSms();
    const t0 = Date.now();
    await requestSignInCode(appCtx, phone, info(), { now: t0, sms });
    const late = await verifySignInCode(appCtx, phone, sms.lastCode(), info(), { now: t0 + OTP_TTL_MS });
    expect(late).toMatchObject({ ok: false, failure: { code: "code_expired", status: 400, message: TEXTS.auth.codeExpired } });
  });

  it("refuses the 6th attempt even with the right code", async () => {
    const phone = uniquePhone();
    const sms = captureSms();
    const ip = uniqueIp();
    await requestSignInCode(appCtx, phone, info(ip), { sms });
    const code = sms.lastCode();
    for (let attempt = 1; attempt <= OTP_MAX_ATTEMPTS; attempt++) {
      const wrong = await verifySignInCode(appCtx, phone, wrongCode(code), info(ip));
      expect(wrong).toMatchObject({
        ok: false,
        failure: {
          code: "invalid_code",
          message: TEXTS.auth.verifyFailed.message,
          title: TEXTS.auth.verifyFailed.title,
          attemptsRemaining: OTP_MAX_ATTEMPTS - attempt,
        },
      });
    }
    const sixth = await verifySignInCode(appCtx, phone, code, info(ip));
    expect(sixth).toMatchObject({ ok: false, failure: { code: "too_many_attempts", message: TEXTS.auth.tooManyAttempts } });
  });

  it("accepts the right code on the 5th attempt", async () => {
    const phone = uniquePhone();
    const sms = captureSms();
    await requestSignInCode(appCtx, phone, info(), { sms });
    for (let i = 0; i < OTP_MAX_ATTEMPTS - 1; i++) await verifySignInCode(appCtx, phone, wrongCode(sms.lastCode()), info());
    expect((await verifySignInCode(appCtx, phone, sms.lastCode(), info())).ok).toBe(true);
  });

  it("spends a code on success: the same code cannot sign in twice", async () => {
    const phone = uniquePhone();
    const sms = captureSms();
    await requestSignInCode(appCtx, phone, info(), { sms });
    expect((await verifySignInCode(appCtx, phone, sms.lastCode(), info())).ok).toBe(true);
    expect(await verifySignInCode(appCtx, phone, sms.lastCode(), info())).toMatchObject({ ok: false, failure: { code: "code_expired" } });
  });

  it("keeps only the newest code valid", async () => {
    const phone = uniquePhone();
    const sms = captureSms();
    const t0 = Date.now();
    await requestSignInCode(appCtx, phone, info(), { now: t0, sms });
    const first = sms.lastCode();
    await requestSignInCode(appCtx, phone, info(), { now: t0 + MINUTE, sms });
    const second = sms.lastCode();
    if (first !== second) {
      expect((await verifySignInCode(appCtx, phone, first, info(), { now: t0 + MINUTE + 1 })).ok).toBe(false);
    }
    expect((await verifySignInCode(appCtx, phone, second, info(), { now: t0 + MINUTE + 2 })).ok).toBe(true);
  });

  it("counts parallel guesses atomically: never more than 5 attempts", async () => {
    const phone = uniquePhone();
    const sms = captureSms();
    await requestSignInCode(appCtx, phone, info(), { sms });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => verifySignInCode(appCtx, phone, wrongCode(sms.lastCode()), info())),
    );
    const counted = results.filter((r) => !r.ok && r.failure.code === "invalid_code");
    expect(counted.length).toBe(OTP_MAX_ATTEMPTS);
    const row = await env.DB.prepare("SELECT attempts FROM otp_challenges WHERE phone = ?").bind(phone).first<{ attempts: number }>();
    expect(row!.attempts).toBe(OTP_MAX_ATTEMPTS);
  });
});

describe("resend cooldown and limits", () => {
  it("refuses a new code before 60 s and allows it at 60 s", async () => {
    const phone = uniquePhone();
    const sms = captureSms();
    const t0 = Date.now();
    expect((await requestSignInCode(appCtx, phone, info(), { now: t0, sms })).ok).toBe(true);
    const early = await requestSignInCode(appCtx, phone, info(), { now: t0 + 59_000, sms });
    expect(early).toMatchObject({
      ok: false,
      failure: { code: "resend_too_soon", status: 429, retryAfterSeconds: 1, message: TEXTS.auth.resendTooSoon(1) },
    });
    expect(sms.sent).toHaveLength(1);
    expect((await requestSignInCode(appCtx, phone, info(), { now: t0 + 60_000, sms })).ok).toBe(true);
    expect(sms.sent).toHaveLength(2);
  });

  it("sends at most 5 codes an hour to a phone", async () => {
    const phone = uniquePhone();
    const sms = captureSms();
    const t0 = Date.now();
    for (let i = 0; i < 5; i++) {
      expect((await requestSignInCode(appCtx, phone, info(), { now: t0 + i * MINUTE, sms })).ok, `code ${i + 1}`).toBe(true);
    }
    const sixth = await requestSignInCode(appCtx, phone, info(), { now: t0 + 5 * MINUTE, sms });
    expect(sixth).toMatchObject({ ok: false, failure: { code: "too_many_codes", status: 429, message: TEXTS.auth.tooManyCodes } });
    if (!sixth.ok) expect(sixth.failure.retryAfterSeconds).toBe(55 * 60);
    // An hour after the first code, one slot is free again.
    expect((await requestSignInCode(appCtx, phone, info(), { now: t0 + 60 * MINUTE, sms })).ok).toBe(true);
  });

  it("sends at most 10 codes a day to a phone, even spread over hours", async () => {
    const phone = uniquePhone();
    const sms = captureSms();
    const t0 = Date.now();
    for (let i = 0; i < 10; i++) {
      expect((await requestSignInCode(appCtx, phone, info(), { now: t0 + i * 61 * MINUTE, sms })).ok, `code ${i + 1}`).toBe(true);
    }
    const eleventh = await requestSignInCode(appCtx, phone, info(), { now: t0 + 10 * 61 * MINUTE, sms });
    expect(eleventh).toMatchObject({ ok: false, failure: { code: "too_many_codes", status: 429, message: TEXTS.auth.tooManyCodes } });
    // A day after the first code, one slot is free again.
    expect((await requestSignInCode(appCtx, phone, info(), { now: t0 + 24 * 60 * MINUTE, sms })).ok).toBe(true);
  });

  it("limits code requests per /24 network across phones and addresses (30 in 10 minutes)", async () => {
    const network = uniqueIp().split(".").slice(0, 3).join(".");
    const sms = captureSms();
    const t0 = Date.now();
    // Thirty people behind one carrier NAT range, each on an address of their own: all get codes.
    for (let i = 0; i < 30; i++) {
      expect((await requestSignInCode(createAppContext(env), uniquePhone(), info(`${network}.${i + 1}`), { now: t0 + i, sms })).ok, `phone ${i + 1}`).toBe(true);
    }
    const refused = await requestSignInCode(createAppContext(env), uniquePhone(), info(`${network}.200`), { now: t0 + 30, sms });
    expect(refused).toMatchObject({ ok: false, failure: { code: "rate_limited", status: 429, message: TEXTS.auth.tooManyRequests } });
    expect(sms.sent).toHaveLength(30);
    // Another network is not affected.
    expect((await requestSignInCode(createAppContext(env), uniquePhone(), info(), { now: t0 + 31, sms })).ok).toBe(true);
  });

  it("counts IPv6 addresses per /64", async () => {
    const prefix = `2a02:${Array.from(crypto.getRandomValues(new Uint16Array(3)), (g) => g.toString(16)).join(":")}`;
    const sms = captureSms();
    const t0 = Date.now();
    for (let i = 0; i < 30; i++) expect((await requestSignInCode(createAppContext(env), uniquePhone(), info(`${prefix}::${i + 1}`), { now: t0 + i, sms })).ok).toBe(true);
    expect(await requestSignInCode(createAppContext(env), uniquePhone(), info(`${prefix}:0:1:2:3`), { now: t0 + 30, sms })).toMatchObject({ ok: false, failure: { code: "rate_limited" } });
  });

  it("does not charge the network for a too-early resend", async () => {
    const ip = uniqueIp();
    const phone = uniquePhone();
    const sms = captureSms();
    const t0 = Date.now();
    await requestSignInCode(appCtx, phone, info(ip), { now: t0, sms });
    for (let i = 0; i < 40; i++) await requestSignInCode(appCtx, phone, info(ip), { now: t0 + 1 + i, sms });
    for (let i = 0; i < 29; i++) {
      expect((await requestSignInCode(appCtx, uniquePhone(), info(ip), { now: t0 + 100 + i, sms })).ok).toBe(true);
    }
  });

  it("limits code guesses from one network across phones", async () => {
    const ip = uniqueIp();
    const t0 = Date.now();
    for (let i = 0; i < 100; i++) {
      const r = await verifySignInCode(appCtx, uniquePhone(), "000000", info(ip), { now: t0 + i });
      expect(r.ok || r.failure.code).not.toBe("rate_limited");
    }
    const refused = await verifySignInCode(appCtx, uniquePhone(), "000000", info(ip), { now: t0 + 101 });
    expect(refused).toMatchObject({ ok: false, failure: { code: "rate_limited", status: 429 } });
  });

  it("gives the resend allowance back when the SMS could not be sent", async () => {
    const phone = uniquePhone();
    const t0 = Date.now();
    const failing = { provider: "down", send: async () => ({ ok: false as const, error: "server_error" as const, detail: "503" }) };
    const failed = await requestSignInCode(appCtx, phone, info(), { now: t0, sms: failing });
    expect(failed).toMatchObject({
      ok: false,
      failure: { code: "sms_failed", status: 502, message: TEXTS.auth.smsFailed.message, title: TEXTS.auth.smsFailed.title },
    });
    const sms = captureSms();
    expect((await requestSignInCode(appCtx, phone, info(), { now: t0 + 1000, sms })).ok).toBe(true);
    // The code of the failed send is dead.
    const rows = await env.DB.prepare("SELECT consumed_at FROM otp_challenges WHERE phone = ? ORDER BY sent_at").bind(phone).all();
    expect(rows.results[0]!.consumed_at).not.toBeNull();
  });
});

describe("the SMS budget", () => {
  it("refuses new codes once the hour's budget is spent, with one admin alert, and sends again next hour", async () => {
    // A clock far from every other test's, so this hour's budget starts empty.
    const hour = 60 * MINUTE;
    const t0 = (Math.floor(Date.now() / hour) + 24 * 400 + Math.floor(Math.random() * 24 * 1000)) * hour;
    const budgetEnv = { ...env, SMS_BUDGET_PER_HOUR: "3", SMS_BUDGET_PER_DAY: "100" };
    const sms = captureSms();
    const alerts = () => env.DB.prepare("SELECT COUNT(*) AS n FROM admin_notifications WHERE type = 'system_alert' AND created_at >= ? AND created_at < ?").bind(t0, t0 + 2 * hour).first<{ n: number }>();
    for (let i = 0; i < 3; i++) expect((await requestSignInCode(createAppContext(budgetEnv), uniquePhone(), info(), { now: t0 + i, sms })).ok).toBe(true);
    for (let i = 0; i < 4; i++) {
      const refused = await requestSignInCode(createAppContext(budgetEnv), uniquePhone(), info(), { now: t0 + 10 + i, sms });
      expect(refused).toMatchObject({ ok: false, failure: { code: "sms_budget_exhausted", status: 429, message: TEXTS.auth.smsBudgetExhausted } });
      if (!refused.ok) expect(refused.failure.retryAfterSeconds).toBe(Math.ceil((hour - 10 - i) / 1000));
    }
    expect(sms.sent).toHaveLength(3);
    // One alert for the whole exhaustion, not one per refused request.
    expect((await alerts())!.n).toBe(1);
    const alert = await env.DB.prepare("SELECT title, message FROM admin_notifications WHERE type = 'system_alert' AND created_at >= ?").bind(t0).first<{ title: string; message: string }>();
    expect(alert).toEqual({ title: ADMIN_TEXTS.notifications.smsBudgetExhausted.title, message: ADMIN_TEXTS.notifications.smsBudgetExhausted.message(3, "oră") });

    // The phone refused for the budget was not charged: it may ask again as soon as there is budget.
    const phone = uniquePhone();
    expect((await requestSignInCode(createAppContext(budgetEnv), phone, info(), { now: t0 + 20, sms })).ok).toBe(false);
    expect((await requestSignInCode(createAppContext(budgetEnv), phone, info(), { now: t0 + hour, sms })).ok).toBe(true);
  });

  it("charges nothing of the budget for requests the phone or network limits refuse", async () => {
    const hour = 60 * MINUTE;
    const t0 = (Math.floor(Date.now() / hour) + 24 * 400 + Math.floor(Math.random() * 24 * 1000)) * hour;
    const budgetCtx = createAppContext({ ...env, SMS_BUDGET_PER_HOUR: "2", SMS_BUDGET_PER_DAY: "100", SMS_IP_CODES_PER_10_MIN: "1" });
    const sms = captureSms();
    const [ip, otherIp] = [uniqueIp(), uniqueIp()];
    const phone = uniquePhone();
    expect((await requestSignInCode(budgetCtx, phone, info(ip), { now: t0, sms })).ok).toBe(true);
    // Too early for the phone, then the network's allowance (1 per 10 minutes) spent: both refused.
    expect(await requestSignInCode(budgetCtx, phone, info(otherIp), { now: t0 + 1, sms })).toMatchObject({ ok: false, failure: { code: "resend_too_soon" } });
    expect(await requestSignInCode(budgetCtx, uniquePhone(), info(ip), { now: t0 + 2, sms })).toMatchObject({ ok: false, failure: { code: "rate_limited" } });
    // The budget still has its second SMS, and the phone refused for being early did not use the other network's.
    expect((await requestSignInCode(budgetCtx, uniquePhone(), info(otherIp), { now: t0 + 3, sms })).ok).toBe(true);
    expect(await requestSignInCode(budgetCtx, uniquePhone(), info(uniqueIp()), { now: t0 + 4, sms })).toMatchObject({ ok: false, failure: { code: "sms_budget_exhausted" } });
    expect(sms.sent).toHaveLength(2);
  });
});

describe("POST /api/auth/register-phone", () => {
  it("answers the same for a known and an unknown phone", async () => {
    const known = uniquePhone();
    await env.DB.prepare("INSERT INTO users (id, phone, first_name, status) VALUES (?, ?, 'Ana', 'active')")
      .bind(crypto.randomUUID(), known)
      .run();
    const unknown = uniquePhone();
    const a = await postJson("/api/auth/register-phone", { phoneNumber: known }, { "CF-Connecting-IP": uniqueIp() });
    const b = await postJson("/api/auth/register-phone", { phoneNumber: unknown }, { "CF-Connecting-IP": uniqueIp() });
    expect(a.res.status).toBe(200);
    expect(b.res.status).toBe(200);
    expect(a.body).toEqual(b.body);
    expect(a.body).toEqual({ success: true, message: TEXTS.auth.codeSent, expiresIn: 300, resendAfter: 60 });
    expect([...a.res.headers.keys()].sort()).toEqual([...b.res.headers.keys()].sort());
    // Still no account for the unknown phone until a code is verified.
    expect(await env.DB.prepare("SELECT id FROM users WHERE phone = ?").bind(unknown).first()).toBeNull();
    // The suspended case is answered the same way too.
    const suspended = uniquePhone();
    await env.DB.prepare("INSERT INTO users (id, phone, status) VALUES (?, ?, 'suspended')").bind(crypto.randomUUID(), suspended).run();
    const c = await postJson("/api/auth/register-phone", { phoneNumber: suspended }, { "CF-Connecting-IP": uniqueIp() });
    expect(c.body).toEqual(a.body);
  });

  it("normalises 0… to +40… (the code goes to the canonical number)", async () => {
    const phone = uniquePhone();
    const local = `0${phone.slice(3)}`;
    const { res } = await postJson("/api/auth/register-phone", { phoneNumber: local }, { "CF-Connecting-IP": uniqueIp() });
    expect(res.status).toBe(200);
    expect(await outboxCode(phone)).toMatch(/^\d{6}$/);
  });

  it.each([["12345"], ["+44712345678"], [""], [42]])("refuses %j with the dialog message", async (phoneNumber) => {
    const { res, body } = await postJson("/api/auth/register-phone", { phoneNumber }, { "CF-Connecting-IP": uniqueIp() });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({
      success: false,
      error: "invalid_phone",
      message: TEXTS.auth.invalidPhoneDialog.message,
      title: TEXTS.auth.invalidPhoneDialog.title,
    });
  });

  it("accepts a form post too", async () => {
    const phone = uniquePhone();
    const res = await SELF.fetch(`${BASE}/api/auth/register-phone`, {
      method: "POST",
      headers: { "CF-Connecting-IP": uniqueIp() },
      body: new URLSearchParams({ phoneNumber: phone }),
    });
    expect(res.status).toBe(200);
  });

  it("says when to retry after a too-early resend (429 + Retry-After)", async () => {
    const phone = uniquePhone();
    const headers = { "CF-Connecting-IP": uniqueIp() };
    await postJson("/api/auth/register-phone", { phoneNumber: phone }, headers);
    const { res, body } = await postJson("/api/auth/register-phone", { phoneNumber: phone }, headers);
    expect(res.status).toBe(429);
    expect(body.error).toBe("resend_too_soon");
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(50);
    expect(body.retryAfter).toBe(Number(res.headers.get("Retry-After")));
  });

  it("refuses GET", async () => {
    const res = await SELF.fetch(`${BASE}/api/auth/register-phone`);
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
  });
});

describe("POST /api/auth/verify-sms", () => {
  it.each([
    ["12345", TEXTS.auth.invalidCode.message],
    ["12a456", TEXTS.auth.invalidCode.message],
    ["1234567", TEXTS.auth.invalidCode.message],
  ])("refuses the code %s with 'Cod invalid'", async (verificationCode, message) => {
    const { res, body } = await postJson("/api/auth/verify-sms", { phoneNumber: uniquePhone(), verificationCode }, { "CF-Connecting-IP": uniqueIp() });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ error: "invalid_code", message, title: TEXTS.auth.invalidCode.title });
  });

  it("answers a wrong code with 'Eroare verificare' and the attempts left", async () => {
    const phone = uniquePhone();
    const headers = { "CF-Connecting-IP": uniqueIp() };
    await postJson("/api/auth/register-phone", { phoneNumber: phone }, headers);
    const { res, body } = await postJson("/api/auth/verify-sms", { phoneNumber: phone, verificationCode: wrongCode(await outboxCode(phone)) }, headers);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ error: "invalid_code", message: TEXTS.auth.verifyFailed.message, attemptsRemaining: 4 });
  });

  it("refuses a suspended user with a clear message and opens no session", async () => {
    const phone = uniquePhone();
    const userId = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO users (id, phone, status) VALUES (?, ?, 'suspended')").bind(userId, phone).run();
    const headers = { "CF-Connecting-IP": uniqueIp() };
    await postJson("/api/auth/register-phone", { phoneNumber: phone }, headers);
    const { res, body } = await postJson("/api/auth/verify-sms", { phoneNumber: phone, verificationCode: await outboxCode(phone) }, headers);
    expect(res.status).toBe(403);
    expect(body).toMatchObject({ success: false, error: "account_suspended", message: TEXTS.auth.accountSuspended });
    expect(body.accessToken).toBeUndefined();
    expect(res.headers.get("Set-Cookie")).toBeNull();
    const sessions = await env.DB.prepare("SELECT COUNT(*) AS n FROM user_sessions WHERE user_id = ?").bind(userId).first<{ n: number }>();
    expect(sessions!.n).toBe(0);
    const logs = await recentAuthLogs(createDb(env.DB), { id: userId, phone });
    expect(logs[0]).toMatchObject({ action: "login_blocked_suspended", success: false });
  });
});

describe("auth logs", () => {
  it("records code requests and sign-ins with IP and user agent, newest first, at most 10", async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    const sms = captureSms();
    const t0 = Date.now();
    for (let i = 0; i < 6; i++) {
      await requestSignInCode(appCtx, phone, info(ip), { now: t0 + i * MINUTE, sms });
      await verifySignInCode(appCtx, phone, wrongCode(sms.lastCode()), info(ip), { now: t0 + i * MINUTE + 1 });
    }
    await requestSignInCode(appCtx, phone, info(ip), { now: t0 + 61 * MINUTE, sms });
    const ok = await verifySignInCode(appCtx, phone, sms.lastCode(), info(ip), { now: t0 + 61 * MINUTE + 1 });
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    const logs = await recentAuthLogs(createDb(env.DB), ok.user);
    expect(logs).toHaveLength(10);
    expect(logs[0]).toMatchObject({ action: "login", success: true, ip_address: ip, user_agent: "vitest" });
    expect(logs[1]).toMatchObject({ action: "sms_code_requested", success: true });
    expect(logs[2]).toMatchObject({ action: "sms_code_failed", success: false });
    expect(Object.keys(logs[0]!).sort()).toEqual(["action", "created_at", "id", "ip_address", "success", "user_agent"]);
  });
});
