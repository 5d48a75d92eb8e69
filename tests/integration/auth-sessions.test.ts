// Sessions: tokens from verify-sms, Bearer access on /api/*, refresh rotation with reuse detection,
// logout, the page cookie tied to the same session, and the guards the UI calls.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAppContext } from "../../app/server/context.server";
import { TEXTS } from "../../app/texts/user";
import { getOptionalUser, requireUser } from "../../app/server/auth/user-auth.server";
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_REUSE_GRACE_MS, REFRESH_TOKEN_TTL_MS, revokeAllUserSessions } from "../../app/server/auth/user-sessions.server";
import { BASE, captureSms, postJson, signInThroughApi, uniqueIp } from "./auth-helpers";

const appCtx = createAppContext(env);

async function profileWith(headers: Record<string, string>) {
  const res = await SELF.fetch(`${BASE}/api/users/profile/me`, { headers });
  return { res, body: (await res.json()) as { success: boolean; data?: { phone: string }; error?: string; message?: string } };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe("POST /api/auth/verify-sms tokens", () => {
  it("returns token/accessToken, refreshToken, expiresIn and the user, plus an httpOnly Lax cookie", async () => {
    const signedIn = await signInThroughApi();
    const body = signedIn.body;
    expect(body).toMatchObject({ success: true, message: TEXTS.auth.signedIn, tokenType: "Bearer", expiresIn: ACCESS_TOKEN_TTL_SECONDS, isNewUser: true });
    expect(body.token).toBe(body.accessToken);
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(Date.parse(body.expiresAt as string) - Date.parse(body.issuedAt as string)).toBe(ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(body.user).toMatchObject({ phone: signedIn.phone, status: "active", first_name: null });

    const row = await env.DB.prepare("SELECT refresh_token_hash, ip_address, user_agent FROM user_sessions WHERE user_id = ?")
      .bind(signedIn.userId)
      .first<{ refresh_token_hash: string; ip_address: string }>();
    expect(row!.refresh_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.refresh_token_hash).not.toBe(signedIn.refreshToken);
    expect(row!.ip_address).toBe(signedIn.ip);
  });

  it("sets the page cookie httpOnly, SameSite=Lax, path /, Secure on https", async () => {
    const signedIn = await signInThroughApi();
    expect(signedIn.cookie).toMatch(/^cmic_session=/);
    expect(signedIn.setCookie).toMatch(/; HttpOnly/);
    expect(signedIn.setCookie).toMatch(/; SameSite=Lax/);
    expect(signedIn.setCookie).toMatch(/; Path=\//);
    // Plain-http local dev only; anything on https (and production) gets Secure.
    expect(signedIn.setCookie).not.toMatch(/; Secure/);
    const { createUserSession } = await import("../../app/server/auth/user-auth.server");
    const overHttps = await createUserSession(new Request("https://celmaiieftincurent.ro/"), appCtx, signedIn.userId);
    expect(overHttps.setCookie).toMatch(/; Secure/);
    const res = await SELF.fetch(`${BASE}/api/users/profile/me`, { headers: { Cookie: signedIn.cookie } });
    expect(res.status).toBe(200);
  });

  it("finds the same user on the next sign-in (isNewUser false)", async () => {
    const first = await signInThroughApi();
    const { requestSignInCode, verifySignInCode } = await import("../../app/server/auth/otp.server");
    const later = Date.now() + 61_000;
    const sms = captureSms();
    await requestSignInCode(appCtx, first.phone, { ip: uniqueIp(), userAgent: null }, { now: later, sms });
    const again = await verifySignInCode(appCtx, first.phone, sms.lastCode(), { ip: uniqueIp(), userAgent: null }, { now: later });
    expect(again).toMatchObject({ ok: true, isNewUser: false, user: { id: first.userId } });
  });
});

describe("Bearer access", () => {
  it("opens /api/users/profile/me with the access token and refuses without or with a forged one", async () => {
    const signedIn = await signInThroughApi();
    expect((await profileWith(bearer(signedIn.accessToken))).body.data!.phone).toBe(signedIn.phone);

    const none = await profileWith({});
    expect(none.res.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, error: "unauthorized", message: TEXTS.auth.sessionExpired });

    const [h, p, s] = signedIn.accessToken.split(".");
    const forged = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith("AA") ? "BB" : "AA"}`;
    expect((await profileWith(bearer(forged))).res.status).toBe(401);
    expect((await profileWith(bearer(signedIn.refreshToken))).res.status).toBe(401);
  });

  it("expires the access token after its lifetime (injected clock)", async () => {
    const signedIn = await signInThroughApi();
    const request = new Request(`${BASE}/api/users/profile/me`, { headers: bearer(signedIn.accessToken) });
    const issuedAt = Date.parse(signedIn.body.issuedAt as string);
    expect(await getOptionalUser(request, appCtx, { now: issuedAt + ACCESS_TOKEN_TTL_SECONDS * 1000 - 1 })).not.toBeNull();
    expect(await getOptionalUser(request, appCtx, { now: issuedAt + ACCESS_TOKEN_TTL_SECONDS * 1000 })).toBeNull();
  });

  it("does not accept a Bearer token on pages (cookie only there)", async () => {
    const signedIn = await signInThroughApi();
    const page = new Request(`${BASE}/profil`, { headers: bearer(signedIn.accessToken) });
    expect(await getOptionalUser(page, appCtx)).toBeNull();
    const withCookie = new Request(`${BASE}/profil`, { headers: { Cookie: signedIn.cookie } });
    expect((await getOptionalUser(withCookie, appCtx))?.via).toBe("cookie");
  });
});

describe("POST /api/auth/refresh-token", () => {
  it("rotates: a new pair each time, the old refresh token is spent, the old access token still names a live session", async () => {
    const signedIn = await signInThroughApi();
    const first = await postJson("/api/auth/refresh-token", { refreshToken: signedIn.refreshToken });
    expect(first.res.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, expiresIn: ACCESS_TOKEN_TTL_SECONDS, tokenType: "Bearer" });
    expect(first.body.refreshToken).not.toBe(signedIn.refreshToken);
    expect(first.body.token).toBe(first.body.accessToken);
    expect((await profileWith(bearer(first.body.accessToken as string))).res.status).toBe(200);
    // The access token of before names the same session, which is still live.
    expect((await profileWith(bearer(signedIn.accessToken))).res.status).toBe(200);

    const second = await postJson("/api/auth/refresh-token", { refreshToken: first.body.refreshToken });
    expect(second.res.status).toBe(200);
    const family = await env.DB.prepare(
      "SELECT COUNT(*) AS n, COUNT(DISTINCT family_id) AS families, SUM(replaced_by IS NULL) AS heads FROM user_sessions WHERE user_id = ?",
    )
      .bind(signedIn.userId)
      .first<{ n: number; families: number; heads: number }>();
    expect(family).toEqual({ n: 3, families: 1, heads: 1 });
  });

  it("revokes the whole family when a spent refresh token comes back after the grace window", async () => {
    const { refreshTokens } = await import("../../app/server/auth/user-auth.server");
    const signedIn = await signInThroughApi();
    const rotated = await postJson("/api/auth/refresh-token", { refreshToken: signedIn.refreshToken });
    const newAccess = rotated.body.accessToken as string;
    const newRefresh = rotated.body.refreshToken as string;

    const request = new Request(`${BASE}/api/auth/refresh-token`, { method: "POST" });
    const replay = await refreshTokens(request, createAppContext(env), signedIn.refreshToken, { now: Date.now() + REFRESH_REUSE_GRACE_MS + 1000 });
    expect(replay).toMatchObject({ ok: false, failure: { code: "refresh_token_reused", message: TEXTS.auth.sessionExpired } });

    // The legitimate holder's newest tokens are dead too, and so is the page cookie.
    expect((await postJson("/api/auth/refresh-token", { refreshToken: newRefresh })).res.status).toBe(401);
    expect((await profileWith(bearer(newAccess))).res.status).toBe(401);
    expect((await profileWith({ Cookie: signedIn.cookie })).res.status).toBe(401);
    const logs = await env.DB.prepare("SELECT action FROM auth_logs WHERE user_id = ? AND action = 'refresh_token_reuse'")
      .bind(signedIn.userId)
      .all();
    expect(logs.results).toHaveLength(1);
  });

  it("gives two parallel refreshes with one token the same new pair and keeps the session", async () => {
    const signedIn = await signInThroughApi();
    const [a, b] = await Promise.all([
      postJson("/api/auth/refresh-token", { refreshToken: signedIn.refreshToken }),
      postJson("/api/auth/refresh-token", { refreshToken: signedIn.refreshToken }),
    ]);
    expect([a.res.status, b.res.status]).toEqual([200, 200]);
    expect(a.body.refreshToken).toBe(b.body.refreshToken);
    expect(a.body.accessToken).toBe(b.body.accessToken);
    expect((await profileWith(bearer(a.body.accessToken as string))).res.status).toBe(200);
    // One rotation happened, not two; the family lives on through the shared pair.
    const family = await env.DB.prepare("SELECT COUNT(*) AS n, SUM(revoked_at IS NOT NULL) AS revoked FROM user_sessions WHERE user_id = ?")
      .bind(signedIn.userId)
      .first<{ n: number; revoked: number }>();
    expect(family).toEqual({ n: 2, revoked: 0 });
    expect((await postJson("/api/auth/refresh-token", { refreshToken: a.body.refreshToken })).res.status).toBe(200);
  });

  it("answers a second refresh within the grace window with the same pair, then treats it as reuse", async () => {
    const { refreshTokens } = await import("../../app/server/auth/user-auth.server");
    const signedIn = await signInThroughApi();
    const request = () => new Request(`${BASE}/api/auth/refresh-token`, { method: "POST" });
    const t0 = Date.now();
    const first = await refreshTokens(request(), createAppContext(env), signedIn.refreshToken, { now: t0 });
    const again = await refreshTokens(request(), createAppContext(env), signedIn.refreshToken, { now: t0 + REFRESH_REUSE_GRACE_MS });
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(again.tokens).toEqual(first.tokens);
    const late = await refreshTokens(request(), createAppContext(env), signedIn.refreshToken, { now: t0 + REFRESH_REUSE_GRACE_MS + 1 });
    expect(late).toMatchObject({ ok: false, failure: { code: "refresh_token_reused" } });
    expect((await profileWith(bearer(first.tokens.accessToken))).res.status).toBe(401);
  });

  it("does not repeat a pair that was itself rotated since (that is reuse)", async () => {
    const { refreshTokens } = await import("../../app/server/auth/user-auth.server");
    const signedIn = await signInThroughApi();
    const request = () => new Request(`${BASE}/api/auth/refresh-token`, { method: "POST" });
    const t0 = Date.now();
    const first = await refreshTokens(request(), createAppContext(env), signedIn.refreshToken, { now: t0 });
    if (!first.ok) throw new Error("first refresh failed");
    expect((await refreshTokens(request(), createAppContext(env), first.tokens.refreshToken, { now: t0 + 1000 })).ok).toBe(true);
    expect(await refreshTokens(request(), createAppContext(env), signedIn.refreshToken, { now: t0 + 2000 })).toMatchObject({ ok: false, failure: { code: "refresh_token_reused" } });
  });

  it("refuses an unknown token, and a missing one with 'No refresh token available'", async () => {
    const unknown = await postJson("/api/auth/refresh-token", { refreshToken: "x".repeat(43) });
    expect(unknown.res.status).toBe(401);
    expect(unknown.body.message).toBe(TEXTS.auth.sessionExpired);
    const missing = await postJson("/api/auth/refresh-token", {});
    expect(missing.res.status).toBe(400);
    expect(missing.body.message).toBe(TEXTS.auth.noRefreshToken);
  });

  it("refuses an expired refresh token (injected clock)", async () => {
    const { refreshTokens } = await import("../../app/server/auth/user-auth.server");
    const signedIn = await signInThroughApi();
    const request = new Request(`${BASE}/api/auth/refresh-token`, { method: "POST" });
    const result = await refreshTokens(request, appCtx, signedIn.refreshToken, { now: Date.now() + REFRESH_TOKEN_TTL_MS + 1 });
    expect(result).toMatchObject({ ok: false, failure: { code: "invalid_refresh_token", status: 401 } });
  });

  it("refuses to refresh a suspended user's session", async () => {
    const signedIn = await signInThroughApi();
    await env.DB.prepare("UPDATE users SET status = 'suspended' WHERE id = ?").bind(signedIn.userId).run();
    const refused = await postJson("/api/auth/refresh-token", { refreshToken: signedIn.refreshToken });
    expect(refused.res.status).toBe(403);
    expect(refused.body).toMatchObject({ error: "account_suspended", message: TEXTS.auth.accountSuspended });
    expect((await profileWith(bearer(signedIn.accessToken))).res.status).toBe(401);
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes the session of a Bearer token at once and clears the cookie", async () => {
    const signedIn = await signInThroughApi();
    const out = await postJson("/api/auth/logout", {}, bearer(signedIn.accessToken));
    expect(out.res.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: TEXTS.auth.loggedOut });
    expect(out.res.headers.get("Set-Cookie")).toMatch(/^cmic_session=;.*Max-Age=0|Expires=Thu, 01 Jan 1970/);
    // The access token has not expired, but its session has.
    expect((await profileWith(bearer(signedIn.accessToken))).res.status).toBe(401);
    expect((await postJson("/api/auth/refresh-token", { refreshToken: signedIn.refreshToken })).res.status).toBe(401);
    expect((await profileWith({ Cookie: signedIn.cookie })).res.status).toBe(401);
  });

  it("logs out with the page cookie, or with just the refresh token", async () => {
    const byCookie = await signInThroughApi();
    await SELF.fetch(`${BASE}/api/auth/logout`, { method: "POST", headers: { Cookie: byCookie.cookie } });
    expect((await profileWith(bearer(byCookie.accessToken))).res.status).toBe(401);

    const byRefresh = await signInThroughApi();
    await postJson("/api/auth/logout", { refreshToken: byRefresh.refreshToken });
    expect((await profileWith(bearer(byRefresh.accessToken))).res.status).toBe(401);
  });

  it("only ends its own session: another device stays signed in", async () => {
    const device = await signInThroughApi();
    const { requestSignInCode, verifySignInCode } = await import("../../app/server/auth/otp.server");
    const { createUserSession } = await import("../../app/server/auth/user-auth.server");
    // A second sign-in of the same user, an hour later, from another device.
    const later = Date.now() + 61 * 60_000;
    const sms = captureSms();
    await requestSignInCode(appCtx, device.phone, { ip: uniqueIp(), userAgent: "other" }, { now: later, sms });
    const code = sms.lastCode();
    const checked = await verifySignInCode(appCtx, device.phone, code, { ip: uniqueIp(), userAgent: "other" }, { now: later });
    expect(checked.ok).toBe(true);
    const other = await createUserSession(new Request(`${BASE}/`), appCtx, device.userId);

    await postJson("/api/auth/logout", {}, bearer(device.accessToken));
    expect((await profileWith(bearer(device.accessToken))).res.status).toBe(401);
    expect((await profileWith(bearer(other.tokens.accessToken))).res.status).toBe(200);
    // An admin suspending the account can end every session at once.
    expect(await revokeAllUserSessions(appCtx, device.userId)).toBeGreaterThan(0);
    expect((await profileWith(bearer(other.tokens.accessToken))).res.status).toBe(401);
  });

  it("answers 200 with nothing to end", async () => {
    const { res } = await postJson("/api/auth/logout", {});
    expect(res.status).toBe(200);
  });
});

describe("requireUser", () => {
  it("throws a 401 JSON for /api/* and a redirect to /login for pages", async () => {
    const api = await requireUser(new Request(`${BASE}/api/users/profile/me`), appCtx).catch((r: Response) => r);
    expect(api).toBeInstanceOf(Response);
    expect((api as Response).status).toBe(401);
    expect(await (api as Response).json()).toMatchObject({ error: "unauthorized", message: TEXTS.auth.sessionExpired });

    const page = await requireUser(new Request(`${BASE}/profil?tab=1`), appCtx).catch((r: Response) => r);
    expect((page as Response).status).toBe(302);
    expect((page as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fprofil%3Ftab%3D1");

    const forced = await requireUser(new Request(`${BASE}/profil`), appCtx, { mode: "api" }).catch((r: Response) => r);
    expect((forced as Response).status).toBe(401);
  });

  it("clears a cookie that names a dead session while redirecting", async () => {
    const signedIn = await signInThroughApi();
    await postJson("/api/auth/logout", {}, bearer(signedIn.accessToken));
    const page = await requireUser(new Request(`${BASE}/profil`, { headers: { Cookie: signedIn.cookie } }), appCtx).catch((r: Response) => r);
    expect((page as Response).status).toBe(302);
    expect((page as Response).headers.get("Set-Cookie")).toMatch(/^cmic_session=;/);
  });

  it("returns the user for a live cookie", async () => {
    const signedIn = await signInThroughApi();
    const user = await requireUser(new Request(`${BASE}/documente`, { headers: { Cookie: signedIn.cookie } }), appCtx);
    expect(user).toMatchObject({ id: signedIn.userId, phone: signedIn.phone, via: "cookie" });
  });

  it("refuses a tampered cookie", async () => {
    const signedIn = await signInThroughApi();
    const [name, value] = signedIn.cookie.split("=");
    const tampered = `${name}=${value!.slice(0, -3)}abc`;
    expect(await getOptionalUser(new Request(`${BASE}/profil`, { headers: { Cookie: tampered } }), appCtx)).toBeNull();
  });
});
