// The admin user calls (issue #12 item 1; admin spec §3, §4, §7 `/users*` rows) through the Worker:
// filters, pagination, the shapes, 400s and 404s; the status change and what it does to the user's
// sessions, sockets and sign-in; reactivation; the audit log. Who may call each row is walked by
// admin-route-guard.test.ts from ADMIN_API_ROUTES.
import { SELF, env, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, bucharestDayStart } from "../../app/lib/dates";
import { newId } from "../../app/lib/ids";
import { CLOSE_SESSION_ENDED } from "../../app/lib/live/protocol";
import { TEXTS } from "../../app/texts/user";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { requestSignInCode, verifySignInCode } from "../../app/server/auth/otp.server";
import { createUserSession } from "../../app/server/auth/user-auth.server";
import { BASE, captureSms, createAdmin, info, openAdminSession, postJson, signInThroughApi, uniqueIp, uniquePhone } from "./auth-helpers";
import { storeDocument } from "./documents-helpers";
import { adminSocket, userSocket } from "./live-helpers";
import { insertMeterReading } from "./switch-helpers";
import { createAppContext } from "../../app/server/context.server";

const T = ADMIN_TEXTS.users;

let adminToken = "";
let adminId = "";
beforeAll(async () => {
  const admin = await createAdmin("admin", { user_management: true });
  adminId = admin.id;
  adminToken = await openAdminSession(admin.id);
});

// The answers are checked field by field below; their shape is the assertion, not a type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, unknown> & { success: boolean; error?: string; message?: string; data?: any };

async function adminGet(path: string, token = adminToken): Promise<{ status: number; body: Body }> {
  const res = await SELF.fetch(`${BASE}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Body };
}

async function setStatus(userId: string, body: unknown, ip = uniqueIp()): Promise<{ status: number; body: Body }> {
  const res = await SELF.fetch(`${BASE}/api/admin/users/${userId}/status`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Body };
}

/** A user row registered on a given Bucharest day (so each test owns a date range nobody else uses). */
async function userOn(day: string, fields: { status?: string; first?: string; last?: string; email?: string; phone?: string; offsetMs?: number } = {}) {
  const id = newId();
  const phone = fields.phone ?? uniquePhone();
  await env.DB.prepare("INSERT INTO users (id, phone, first_name, last_name, email, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .bind(id, phone, fields.first ?? null, fields.last ?? null, fields.email ?? null, fields.status ?? "active", bucharestDayStart(day) + (fields.offsetMs ?? 3_600_000))
    .run();
  return { id, phone };
}

/** A fresh code and its check for a phone, `minutesLater` on (past the resend cooldown of the first sign-in). */
async function signInLater(phone: string, minutesLater: number) {
  const now = Date.now() + minutesLater * 60_000;
  const sms = captureSms();
  const ip = uniqueIp();
  expect((await requestSignInCode(createAppContext(env), phone, info(ip), { now, sms })).ok).toBe(true);
  return verifySignInCode(createAppContext(env), phone, sms.lastCode(), info(ip), { now });
}

function profileMe(headers: Record<string, string>) {
  return SELF.fetch(`${BASE}/api/users/profile/me`, { headers });
}

describe("GET /api/admin/users", () => {
  it("filters by status and registration dates (Bucharest days, inclusive) and pages by 50, newest first", async () => {
    const day = "2003-05-10";
    const made = [];
    for (let i = 0; i < 53; i++) made.push(await userOn(day, { offsetMs: 60_000 * (i + 1) }));
    const suspended = await userOn(addDays(day, 1), { status: "suspended" });
    await userOn(addDays(day, 2));

    const first = await adminGet(`/api/admin/users?date_from=${day}&date_to=${day}`);
    expect(first.status).toBe(200);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 50, total: 53, total_pages: 2 });
    expect(first.body.data.users).toHaveLength(50);
    expect(first.body.data.users[0].id).toBe(made.at(-1)!.id);
    const second = await adminGet(`/api/admin/users?date_from=${day}&date_to=${day}&page=2`);
    expect(second.body.data.users.map((u: { id: string }) => u.id)).toEqual(made.slice(0, 3).reverse().map((u) => u.id));

    const asc = await adminGet(`/api/admin/users?date_from=${day}&date_to=${day}&sortOrder=asc&limit=2`);
    expect(asc.body.data.users.map((u: { id: string }) => u.id)).toEqual([made[0]!.id, made[1]!.id]);

    const byStatus = await adminGet(`/api/admin/users?date_from=${day}&date_to=${addDays(day, 2)}&status=suspended`);
    expect(byStatus.body.data.users.map((u: { id: string }) => u.id)).toEqual([suspended.id]);
    const range = await adminGet(`/api/admin/users?date_from=${addDays(day, 1)}&date_to=${addDays(day, 2)}`);
    expect(range.body.data.pagination.total).toBe(2);
  });

  it("searches by phone in any format, by name and by e-mail", async () => {
    const day = "2003-06-10";
    const phone = uniquePhone();
    const target = await userOn(day, { phone, first: "Ioana", last: "Mărgărit", email: "ioana.m@exemplu.ro" });
    await userOn(day, { first: "Alt", last: "Client" });
    const national = `0${phone.slice(3)}`;
    for (const search of [national, `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`, phone, "Mărgărit", "Ioana Mărg", "ioana.m@"]) {
      const found = await adminGet(`/api/admin/users?date_from=${day}&date_to=${day}&search=${encodeURIComponent(search)}`);
      expect(found.body.data.users.map((u: { id: string }) => u.id), search).toEqual([target.id]);
    }
    const none = await adminGet(`/api/admin/users?date_from=${day}&date_to=${day}&search=${encodeURIComponent("%_")}`);
    expect(none.body.data.users).toEqual([]);
  });

  it("shows each user in the spec's shape with document progress counted from the documents", async () => {
    const day = "2003-07-10";
    const withDocs = await userOn(day, { first: "Dan", last: "Pop", email: "dan@exemplu.ro", offsetMs: 7_200_000 });
    const bare = await userOn(day);
    await storeDocument(withDocs.id, "document_identitate", null, { status: "verified" });
    await storeDocument(withDocs.id, "ultima_factura", null, { status: "pending" });
    await storeDocument(withDocs.id, "ultima_factura", null, { status: "rejected" });
    const { body } = await adminGet(`/api/admin/users?date_from=${day}&date_to=${day}`);
    expect(body.data.users).toEqual([
      {
        id: withDocs.id,
        first_name: "Dan",
        last_name: "Pop",
        email: "dan@exemplu.ro",
        phone: withDocs.phone,
        status: "active",
        created_at: new Date(bucharestDayStart(day) + 7_200_000).toISOString(),
        last_login: null,
        document_progress: { completion_percentage: 50, identity: 1, bills: 2, contracts: 0, meter_photos: 0 },
      },
      expect.objectContaining({ id: bare.id, document_progress: { completion_percentage: 0, identity: 0, bills: 0, contracts: 0, meter_photos: 0 } }),
    ]);
  });

  it.each([
    ["page=0"],
    ["limit=101"],
    ["status=deleted"],
    ["date_from=10-05-2003"],
    ["date_from=2003-05-11&date_to=2003-05-10"],
    ["sortBy=password"],
    ["sortOrder=up"],
    [`search=${"x".repeat(101)}`],
  ])("answers 400 for %s", async (query) => {
    const { status, body } = await adminGet(`/api/admin/users?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: "invalid_input" });
    expect(typeof body.message).toBe("string");
  });
});

describe("GET /api/admin/users/search", () => {
  it("lists matches by phone or name; an empty q finds nobody; a long q is a 400", async () => {
    const phone = uniquePhone();
    const target = await userOn("2003-08-10", { phone, first: "Zamfira", last: "Unicat" });
    const byPhone = await adminGet(`/api/admin/users/search?q=${encodeURIComponent(`0${phone.slice(3)}`)}`);
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.data.users).toEqual([expect.objectContaining({ id: target.id, phone, first_name: "Zamfira", status: "active" })]);
    expect((await adminGet(`/api/admin/users/search?q=Zamfira%20Unicat`)).body.data.users.map((u: { id: string }) => u.id)).toEqual([target.id]);
    expect((await adminGet(`/api/admin/users/search`)).body.data.users).toEqual([]);
    expect((await adminGet(`/api/admin/users/search?q=${"9".repeat(101)}`)).status).toBe(400);
    expect((await adminGet(`/api/admin/users/search?q=abc&limit=0`)).status).toBe(400);
  });
});

describe("GET /api/admin/users/stats", () => {
  it("counts users by status and registration, and moves when a user is added or suspended", async () => {
    const before = (await adminGet("/api/admin/users/stats")).body.data;
    expect(Object.keys(before).sort()).toEqual(
      [
        "total_users", "active_users", "new_registrations_today", "new_registrations_week", "new_registrations_month", "suspended_users",
        "verification_rate", "verified_users", "growth_rate_weekly", "growth_rate_monthly", "average_documents_per_user",
        "user_retention_rate", "users_with_completed_profiles", "users_with_energy_switches", "most_active_user_type", "recent_activity_count",
      ].sort(),
    );
    const user = await signInThroughApi();
    await storeDocument(user.userId, "document_identitate", null, { status: "verified" });
    const added = (await adminGet("/api/admin/users/stats")).body.data;
    expect(added.total_users).toBe(before.total_users + 1);
    expect(added.active_users).toBe(before.active_users + 1);
    expect(added.new_registrations_today).toBe(before.new_registrations_today + 1);
    expect(added.verified_users).toBe(before.verified_users + 1);
    expect(added.recent_activity_count).toBeGreaterThanOrEqual(1);
    expect(added.verification_rate).toBe(Math.round((added.verified_users / added.total_users) * 1000) / 10);

    expect((await setStatus(user.userId, { status: "suspended" })).status).toBe(200);
    const after = (await adminGet("/api/admin/users/stats")).body.data;
    expect(after.suspended_users).toBe(added.suspended_users + 1);
    expect(after.active_users).toBe(added.active_users - 1);
  });
});

describe("GET /api/admin/users/{id}, /activity, /documents", () => {
  it("answers 404 JSON for an unknown or malformed id", async () => {
    for (const suffix of ["", "/activity", "/documents"]) {
      for (const id of [newId(), "no%20such"]) {
        const { status, body } = await adminGet(`/api/admin/users/${id}${suffix}`);
        expect(status, `${id}${suffix}`).toBe(404);
        expect(body).toEqual({ success: false, error: "not_found", message: T.notFound });
      }
    }
  });

  it("shows the detail, the timeline from real rows and the last 10 auth logs", async () => {
    const user = await signInThroughApi();
    // Twelve older auth log rows: the detail keeps the 10 newest.
    for (let i = 1; i <= 12; i++) {
      await env.DB.prepare("INSERT INTO auth_logs (id, user_id, phone, action, ip_address, success, created_at) VALUES (?, ?, ?, 'sms_code_failed', '10.0.0.1', 0, ?)")
        .bind(newId(), user.userId, user.phone, Date.now() - i * 60_000)
        .run();
    }
    const refreshed = await postJson("/api/auth/refresh-token", { refreshToken: user.refreshToken }, { "CF-Connecting-IP": user.ip });
    expect(refreshed.res.status).toBe(200);
    const idDoc = await storeDocument(user.userId, "document_identitate", null, { status: "verified", verifiedAt: Date.now(), processedAt: Date.now(), fileName: "ci.png", fileSize: 2_097_152 });
    await insertMeterReading(user.userId, "4321");

    const detail = await adminGet(`/api/admin/users/${user.userId}`);
    expect(detail.status).toBe(200);
    const d = detail.body.data;
    expect(d).toMatchObject({ id: user.userId, phone: user.phone, status: "active", document_progress: { identity: 1, completion_percentage: 50 }, energy_switches: [] });
    expect(d.last_login).not.toBeNull();
    expect(d.documents).toEqual([
      { id: idDoc.id, type: "document_identitate", subtype: "ci", filename: "ci.png", status: "verified", uploaded_at: expect.any(String), file_size: 2_097_152, confidence_score: null },
    ]);
    expect(d.auth_logs).toHaveLength(10);
    expect(d.auth_logs[0]).toMatchObject({ action: "token_refreshed", success: true, ip_address: user.ip });
    expect(Object.keys(d.auth_logs[0]).sort()).toEqual(["action", "created_at", "id", "ip_address", "success", "user_agent"]);

    const docs = await adminGet(`/api/admin/users/${user.userId}/documents`);
    expect(docs.body.data.documents).toEqual(d.documents);
    expect(docs.body.data.auth_logs).toEqual(d.auth_logs);

    await setStatus(user.userId, { status: "suspended", reason: "Verificare" }, "10.9.9.9");
    const activity = await adminGet(`/api/admin/users/${user.userId}/activity`);
    expect(activity.status).toBe(200);
    const timeline = activity.body.data.timeline as { id: string; action: string; timestamp: string; details: Record<string, unknown>; ip_address: string | null }[];
    const actions = timeline.map((item) => item.action);
    for (const action of ["admin.user.status", "auth.login", "auth.sms_code_requested", "auth.token_refreshed", "document.uploaded", "document.verified", "meter_reading.submitted"]) {
      expect(actions, action).toContain(action);
    }
    expect(timeline.find((i) => i.action === "admin.user.status")).toMatchObject({ details: { from: "active", to: "suspended", reason: "Verificare" }, ip_address: "10.9.9.9" });
    expect(timeline.find((i) => i.action === "meter_reading.submitted")?.details).toMatchObject({ value: "4321" });
    const times = timeline.map((i) => Date.parse(i.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const key of Object.keys(T.timelineActions)) expect(typeof T.timelineActions[key]).toBe("string");
    for (const action of actions) expect(T.timelineActions[action], action).toBeDefined();
  });
});

describe("PUT /api/admin/users/{id}/status", () => {
  it("suspends: every session, refresh token and socket of the user ends at once, and sign-in is refused", async () => {
    const user = await signInThroughApi();
    const socket = await userSocket(user.userId, user.accessToken);
    expect((await profileMe({ Authorization: `Bearer ${user.accessToken}` })).status).toBe(200);

    const changed = await setStatus(user.userId, { status: "suspended", reason: "Fraudă suspectată" }, "10.1.2.3");
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ success: true, message: T.statusUpdated, data: { status: "suspended", previous: "active" } });
    expect(changed.body.data.sessions_revoked).toBeGreaterThanOrEqual(1);

    expect((await socket.closed).code).toBe(CLOSE_SESSION_ENDED);
    expect((await profileMe({ Authorization: `Bearer ${user.accessToken}` })).status).toBe(401);
    expect((await profileMe({ Cookie: user.cookie })).status).toBe(401);
    const refresh = await postJson("/api/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(refresh.res.status).toBe(401);

    expect(await signInLater(user.phone, 61)).toMatchObject({ ok: false, failure: { code: "account_suspended", status: 403, message: TEXTS.auth.accountSuspended } });

    const audit = await env.DB.prepare("SELECT admin_id, action, target_type, details_json, ip_address FROM audit_log WHERE target_id = ?").bind(user.userId).all();
    expect(audit.results).toEqual([
      { admin_id: adminId, action: "user.status", target_type: "user", ip_address: "10.1.2.3", details_json: expect.any(String) },
    ]);
    expect(JSON.parse(audit.results[0]!.details_json as string)).toMatchObject({ before: { status: "active" }, after: { status: "suspended" }, reason: "Fraudă suspectată" });
  });

  it("deactivates: the old sessions end and the user cannot sign in (clear Romanian message); reactivation lets them in", async () => {
    const user = await signInThroughApi();
    expect((await setStatus(user.userId, { status: "inactive" })).status).toBe(200);
    expect((await profileMe({ Authorization: `Bearer ${user.accessToken}` })).status).toBe(401);
    expect((await postJson("/api/auth/refresh-token", { refreshToken: user.refreshToken })).res.status).toBe(401);

    expect(await signInLater(user.phone, 61)).toMatchObject({ ok: false, failure: { code: "account_inactive", status: 403, message: TEXTS.auth.accountInactive } });
    const blocked = await env.DB.prepare("SELECT count(*) AS n FROM auth_logs WHERE user_id = ? AND action = 'login_blocked_inactive'").bind(user.userId).first<{ n: number }>();
    expect(blocked?.n).toBe(1);

    const back = await setStatus(user.userId, { status: "active" });
    expect(back.body).toMatchObject({ success: true, data: { status: "active", previous: "inactive", sessions_revoked: 0 } });
    const again = await signInLater(user.phone, 122);
    expect(again.ok).toBe(true);
    const session = await createUserSession(new Request(`${BASE}/`), createAppContext(env), user.userId);
    expect((await profileMe({ Authorization: `Bearer ${session.tokens.accessToken}` })).status).toBe(200);
  });

  it("a session that slipped in before the status change cannot refresh afterwards", async () => {
    const user = await signInThroughApi();
    // A status set behind the API's back (e.g. another admin's change in flight): the refresh still refuses it.
    await env.DB.prepare("UPDATE users SET status = 'inactive' WHERE id = ?").bind(user.userId).run();
    const refused = await postJson("/api/auth/refresh-token", { refreshToken: user.refreshToken });
    expect(refused.res.status).toBe(403);
    expect(refused.body).toMatchObject({ error: "account_inactive", message: TEXTS.auth.accountInactive });
    expect((await profileMe({ Cookie: user.cookie })).status).toBe(401);
  });

  it("recounts the live dashboard: the suspended users' card follows", async () => {
    const channel = env.ADMIN_CHANNEL.get(env.ADMIN_CHANNEL.idFromName("global"));
    await runInDurableObject(channel, async (_instance, state) => {
      await state.storage.delete("statsDueAt");
    });
    const s = await adminSocket(adminToken, ["dashboard_stats"]);
    const before = (await s.nextOn("dashboard_stats")).data.details as { users: { suspended: number } };
    const user = await userOn("2003-09-09");
    expect((await setStatus(user.id, { status: "suspended" })).status).toBe(200);
    // The recount runs from the channel's alarm, a second after the change.
    const after = (await s.nextOn("dashboard_stats")).data.details as { users: { suspended: number } };
    expect(after.users.suspended).toBe(before.users.suspended + 1);
    s.socket.close(1000);
  });

  it("refuses changes the menu does not offer with 409, changing nothing", async () => {
    const user = await userOn("2003-09-10", { status: "inactive" });
    const suspend = await setStatus(user.id, { status: "suspended" });
    expect(suspend.status).toBe(409);
    expect(suspend.body).toMatchObject({ success: false, error: "status_change_not_allowed", current: "inactive", message: T.statusChangeNotAllowed(T.statusLabels.inactive!) });
    expect((await setStatus(user.id, { status: "inactive" })).status).toBe(409);
    const row = await env.DB.prepare("SELECT status FROM users WHERE id = ?").bind(user.id).first<{ status: string }>();
    expect(row?.status).toBe("inactive");
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE target_id = ?").bind(user.id).first<{ n: number }>();
    expect(audit?.n).toBe(0);
  });

  it("answers 400 for a bad body, 404 for an unknown user, 405 for another method", async () => {
    const user = await userOn("2003-09-11");
    for (const body of [{}, { status: "deleted" }, { status: "suspended", reason: "x".repeat(501) }, "not json", { status: 1 }]) {
      const res = await setStatus(user.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      // A body that is not JSON is refused by the API boundary before the route (invalid_json).
      expect(res.body).toMatchObject({ success: false, error: typeof body === "string" ? "invalid_json" : "invalid_input" });
    }
    expect((await setStatus(newId(), { status: "suspended" })).status).toBe(404);
    const row = await env.DB.prepare("SELECT status FROM users WHERE id = ?").bind(user.id).first<{ status: string }>();
    expect(row?.status).toBe("active");
    const get = await SELF.fetch(`${BASE}/api/admin/users/${user.id}/status`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(get.status).toBe(405);
  });
});
