// The notifications API (user spec §7): the owner's list newest first with limit/offset and the unread
// count, mark one / mark all read, another user's notification is 404, bad input is a 4xx that changes
// nothing; and the retention rule of the cron sweep.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LIVE_TEXTS } from "../../app/texts/live";
import { createDb } from "../../app/server/db/client.server";
import {
  newUserNotification,
  userNotificationInsert,
  type UserNotificationRow,
} from "../../app/server/notifications/notifications.server";
import {
  ADMIN_NOTIFICATIONS_KEPT,
  NOTIFICATIONS_KEPT_PER_USER,
  READ_NOTIFICATION_RETENTION_DAYS,
  pruneNotifications,
} from "../../app/server/notifications/retention.server";
import { signInThroughApi } from "./auth-helpers";
import { api, type Auth } from "./documents-helpers";

const DAY = 24 * 3600 * 1000;

/** `count` notifications for a user, one second apart, the last one newest; returns them oldest first. */
async function seed(
  userId: string,
  count: number,
  options: { start?: number; read?: (i: number) => boolean } = {},
): Promise<UserNotificationRow[]> {
  const db = createDb(env.DB);
  const start = options.start ?? Date.now() - count * 1000;
  const rows = Array.from({ length: count }, (_, i) => ({
    ...newUserNotification({
      userId,
      event: "document_verified",
      type: i % 2 ? "success" : "info",
      category: "documents",
      title: `Titlu ${i}`,
      message: `Mesaj ${i}`,
      data: { index: i },
      now: start + i * 1000,
    }),
    read: options.read?.(i) ?? false,
  }));
  for (let i = 0; i < rows.length; i += 50) {
    const chunk = rows.slice(i, i + 50).map((row) => userNotificationInsert(db, row));
    await db.batch(chunk as [(typeof chunk)[0], ...typeof chunk]);
  }
  return rows;
}

type ListBody = {
  success: boolean;
  notifications: {
    id: string;
    title: string;
    read: boolean;
    created_at: string;
    type: string;
    category: string;
    data: unknown;
  }[];
  unreadCount: number;
  total: number;
  limit: number;
  offset: number;
};

async function list(auth: Auth, query = "") {
  const { res, body } = await api(auth, `/api/notifications${query}`);
  return { res, body: body as unknown as ListBody };
}

describe("GET /api/notifications", () => {
  it("needs a session", async () => {
    const { res, body } = await api(null, "/api/notifications");
    expect(res.status).toBe(401);
    expect(body).toMatchObject({ success: false, error: "unauthorized" });
  });

  it("lists only the owner's notifications, newest first, 100 by default, with the unread count", async () => {
    const owner = await signInThroughApi();
    const other = await signInThroughApi();
    const rows = await seed(owner.userId, 105, { read: (i) => i < 30 });
    await seed(other.userId, 3);

    const { res, body } = await list({ accessToken: owner.accessToken });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, total: 105, limit: 100, offset: 0 });
    expect(body.notifications).toHaveLength(100);
    expect(body.notifications[0]).toMatchObject({
      id: rows[104]!.id,
      title: "Titlu 104",
      read: false,
      type: "info",
      category: "documents",
      data: { index: 104 },
    });
    expect(body.notifications[99]!.id).toBe(rows[5]!.id);
    // The unread count is the spec's: unread among the latest 100 (indexes 5..104, of which 30..104 unread).
    expect(body.unreadCount).toBe(75);
    const times = body.notifications.map((n) => Date.parse(n.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("pages with limit and offset (cookie sessions too)", async () => {
    const owner = await signInThroughApi();
    const rows = await seed(owner.userId, 7);
    const { body } = await list({ cookie: owner.cookie }, "?limit=3&offset=2");
    expect(body.notifications.map((n) => n.id)).toEqual([rows[4]!.id, rows[3]!.id, rows[2]!.id]);
    expect(body).toMatchObject({ total: 7, limit: 3, offset: 2, unreadCount: 7 });
    const beyond = await list({ cookie: owner.cookie }, "?offset=50");
    expect(beyond.body.notifications).toEqual([]);
  });

  it.each(["?limit=0", "?limit=101", "?limit=abc", "?offset=-1", "?limit=2.5"])(
    "refuses %s with a 400 JSON error",
    async (query) => {
      const owner = await signInThroughApi();
      const { res, body } = await api({ accessToken: owner.accessToken }, `/api/notifications${query}`);
      expect(res.status).toBe(400);
      expect(body).toMatchObject({ success: false, error: "invalid_input", message: LIVE_TEXTS.api.invalidQuery });
    },
  );

  it("answers 405 to other methods", async () => {
    const owner = await signInThroughApi();
    const { res, body } = await api({ accessToken: owner.accessToken }, "/api/notifications", { method: "POST" });
    expect(res.status).toBe(405);
    expect(body).toMatchObject({ success: false, error: "method_not_allowed" });
  });
});

describe("PUT /api/notifications/{id}/read and /read-all", () => {
  it("marks the owner's notification read; another user's is 404 and stays unread", async () => {
    const owner = await signInThroughApi();
    const intruder = await signInThroughApi();
    const [first, second] = await seed(owner.userId, 2);

    const denied = await api({ accessToken: intruder.accessToken }, `/api/notifications/${first!.id}/read`, {
      method: "PUT",
    });
    expect(denied.res.status).toBe(404);
    expect(denied.body).toMatchObject({ success: false, error: "not_found", message: LIVE_TEXTS.api.notFound });
    expect((await list({ accessToken: owner.accessToken })).body.unreadCount).toBe(2);

    const marked = await api({ accessToken: owner.accessToken }, `/api/notifications/${first!.id}/read`, {
      method: "PUT",
    });
    expect(marked.res.status).toBe(200);
    expect(marked.body).toMatchObject({ success: true, notification: { id: first!.id, read: true }, unreadCount: 1 });
    // Marking twice is fine.
    expect(
      (await api({ accessToken: owner.accessToken }, `/api/notifications/${first!.id}/read`, { method: "PUT" })).res
        .status,
    ).toBe(200);
    const after = (await list({ accessToken: owner.accessToken })).body;
    expect(after.notifications.find((n) => n.id === second!.id)?.read).toBe(false);
    expect(after.unreadCount).toBe(1);
  });

  it("answers 400 to a malformed id, 404 to an unknown one, 401 without a session, 405 to GET", async () => {
    const owner = await signInThroughApi();
    const auth = { accessToken: owner.accessToken };
    const malformed = await api(auth, "/api/notifications/not-an-id/read", { method: "PUT" });
    expect(malformed.res.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false, error: "invalid_input", message: LIVE_TEXTS.api.invalidId });
    expect((await api(auth, `/api/notifications/${crypto.randomUUID()}/read`, { method: "PUT" })).res.status).toBe(404);
    expect((await api(null, `/api/notifications/${crypto.randomUUID()}/read`, { method: "PUT" })).res.status).toBe(401);
    expect((await api(auth, `/api/notifications/${crypto.randomUUID()}/read`)).res.status).toBe(405);
  });

  it("read-all marks only the caller's notifications", async () => {
    const owner = await signInThroughApi();
    const other = await signInThroughApi();
    await seed(owner.userId, 4);
    await seed(other.userId, 2);
    const { res, body } = await api({ cookie: owner.cookie }, "/api/notifications/read-all", { method: "PUT" });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, updated: 4, unreadCount: 0, message: LIVE_TEXTS.api.markedAll });
    expect((await list({ accessToken: owner.accessToken })).body.unreadCount).toBe(0);
    expect((await list({ accessToken: other.accessToken })).body.unreadCount).toBe(2);
    expect((await api(null, "/api/notifications/read-all", { method: "PUT" })).res.status).toBe(401);
  });
});

describe("notification retention (cron sweep)", () => {
  it("drops read notifications past 90 days and anything beyond the newest 200 of a user, keeps the rest", async () => {
    const now = Date.now();
    const old = now - (READ_NOTIFICATION_RETENTION_DAYS + 1) * DAY;
    const keeper = await signInThroughApi();
    await seed(keeper.userId, 2, { start: old, read: () => true });
    const oldUnread = await seed(keeper.userId, 2, { start: old + 10_000 });
    const recentRead = await seed(keeper.userId, 2, { start: now - DAY, read: () => true });

    const flooded = await signInThroughApi();
    const flood = await seed(flooded.userId, NOTIFICATIONS_KEPT_PER_USER + 5, { start: now - 2 * DAY });

    const result = await pruneNotifications(env.DB, now);
    expect(result.readExpired).toBeGreaterThanOrEqual(2);
    expect(result.beyondPerUserLimit).toBeGreaterThanOrEqual(5);

    const ids = async (userId: string) =>
      (
        await env.DB.prepare("SELECT id FROM notifications WHERE user_id = ?").bind(userId).all<{ id: string }>()
      ).results
        .map((r) => r.id)
        .sort();
    expect(await ids(keeper.userId)).toEqual([...oldUnread, ...recentRead].map((r) => r.id).sort());
    const kept = await ids(flooded.userId);
    expect(kept).toHaveLength(NOTIFICATIONS_KEPT_PER_USER);
    expect(kept).toEqual(
      flood
        .slice(5)
        .map((r) => r.id)
        .sort(),
    );
  });

  it("keeps at most the newest admin notifications and none past 90 days", async () => {
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO admin_notifications (id, type, title, message, created_at) VALUES (?, 'system_alert', 't', 'm', ?)",
    )
      .bind(crypto.randomUUID(), now - 91 * DAY)
      .run();
    const statements = Array.from({ length: ADMIN_NOTIFICATIONS_KEPT + 3 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO admin_notifications (id, type, title, message, created_at) VALUES (?, 'user_registered', 't', 'm', ?)",
      ).bind(crypto.randomUUID(), now - 1000 + i),
    );
    for (let i = 0; i < statements.length; i += 100) await env.DB.batch(statements.slice(i, i + 100));
    const all = await env.DB.prepare(
      "SELECT id, created_at FROM admin_notifications ORDER BY created_at DESC, id DESC",
    ).all<{ id: string; created_at: number }>();
    const expected = all.results
      .slice(0, ADMIN_NOTIFICATIONS_KEPT)
      .filter((r) => r.created_at >= now - 90 * DAY)
      .map((r) => r.id)
      .sort();

    await pruneNotifications(env.DB, now);
    const left = await env.DB.prepare("SELECT id FROM admin_notifications").all<{ id: string }>();
    expect(left.results.map((r) => r.id).sort()).toEqual(expected);
    expect(expected).toHaveLength(ADMIN_NOTIFICATIONS_KEPT);
  });
});

describe("the /notificari page and the header badge", () => {
  it("sends visitors to /login, and renders a signed-in user's list and unread badge on the server", async () => {
    const { SELF } = await import("cloudflare:test");
    const anonymous = await SELF.fetch(`http://local.test/notificari`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/login?redirectTo=%2Fnotificari");

    const owner = await signInThroughApi();
    const rows = await seed(owner.userId, 3, { read: (i) => i === 0 });
    const res = await SELF.fetch(`http://local.test/notificari`, { headers: { Cookie: owner.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(LIVE_TEXTS.notifications.markAll);
    for (const row of rows) expect(html).toContain(`data-id="${row.id}"`);
    expect(html).toContain(LIVE_TEXTS.notifications.unreadSummary(2));
    // The header's badge and dot come from the server too (no flash of "0" before the live channel).
    expect(html).toMatch(/class="nav-badge"[^>]*data-unread="2"/);
    expect(html).toContain(`title="${LIVE_TEXTS.connecting}"`);
    const english = await SELF.fetch(`http://local.test/notifications`, { headers: { Cookie: owner.cookie } });
    expect(await english.text()).toContain(`data-id="${rows[0]!.id}"`);
  });
});
