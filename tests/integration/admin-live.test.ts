// The admin live channel (admin spec §7) and the bell API (admin spec §2) inside workerd: admin
// tokens only, streams and notification types by permission, the first snapshots on subscribe, the
// coalesced dashboard_stats after changes, a real upload reaching the document admins, logout and a
// narrowed permission taking effect on open sockets; the bell's filter, total, limit and clear-all.
import { SELF, env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { createAppContext } from "../../app/server/context.server";
import type { AdminNotificationView } from "../../app/lib/live/protocol";
import { CLOSE_AUTH_FAILED, CLOSE_SESSION_ENDED } from "../../app/lib/live/protocol";
import { LIVE_TEXTS } from "../../app/texts/live";
import { notifyAdmins } from "../../app/server/notifications/notifications.server";
import type { AdminChannel } from "../../workers/durable-objects/admin-channel";
import { SESSION_RECHECK_MS, type SocketState } from "../../workers/durable-objects/live-socket";
import idScan from "../fixtures/generated/id-popescu-scan.png";
import { BASE, createAdmin, openAdminSession, postJson, signInThroughApi } from "./auth-helpers";
import { api, uniqueCopy, upload } from "./documents-helpers";
import { adminSocket, openSocket, type TestSocket } from "./live-helpers";

const appCtx = createAppContext(env);

const channel = () => env.ADMIN_CHANNEL.get(env.ADMIN_CHANNEL.idFromName("global"));
const open: TestSocket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) if (s.socket.readyState === WebSocket.OPEN) s.socket.close(1000);
});

async function adminWith(role: "admin" | "moderator", permissions: Record<string, boolean>) {
  const admin = await createAdmin(role, permissions);
  return { ...admin, token: await openAdminSession(admin.id) };
}

async function connect(token: string, streams: string[]) {
  const s = await adminSocket(token, streams);
  open.push(s);
  return s;
}

const docAlert = (documentId: string) =>
  ({
    type: "document_uploaded",
    title: "Document nou încărcat",
    message: "m",
    metadata: { document_id: documentId, user_id: "u" },
  }) as const;

// First: the upload test below leaves queue work running in the background, which adds admin rows.
describe("GET/DELETE /api/admin/notifications (the bell)", () => {
  it("lists the newest of the permitted types with the total, honours limit, and clears per admin", async () => {
    const docs = await adminWith("moderator", { document_verification: true });
    const other = await adminWith("admin", { document_verification: true, user_management: true });
    // The bell shows what happened after the admin last cleared it: start both from empty.
    for (const a of [docs, other])
      await SELF.fetch(`${BASE}/api/admin/notifications`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${a.token}` },
      });
    // Rows strictly after the clears and strictly before the clear below: the bell compares instants.
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await sleep(5);
    const base = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const row = await notifyAdmins(appCtx, { ...docAlert(crypto.randomUUID()), now: base + i });
      ids.push(row.id);
    }
    await notifyAdmins(appCtx, {
      type: "user_registered",
      title: "t",
      message: "m",
      metadata: { user_id: "u" },
      now: base + 30,
    });
    await sleep(40);

    const bell = await api(null, "/api/admin/notifications", { headers: { Authorization: `Bearer ${docs.token}` } });
    expect(bell.res.status).toBe(200);
    const data = bell.body!.data as { notifications: AdminNotificationView[]; total: number };
    expect(data.total).toBe(23);
    expect(data.notifications.map((n) => n.id)).toEqual(ids.slice(-20).reverse());
    expect(data.notifications.every((n) => n.type === "document_uploaded")).toBe(true);

    const all = await api(null, "/api/admin/notifications?limit=100", {
      headers: { Authorization: `Bearer ${other.token}` },
    });
    expect((all.body!.data as { total: number; notifications: unknown[] }).total).toBe(24);
    expect((all.body!.data as { notifications: unknown[] }).notifications).toHaveLength(24);

    const bad = await api(null, "/api/admin/notifications?limit=0", {
      headers: { Authorization: `Bearer ${docs.token}` },
    });
    expect(bad.res.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: "invalid_input" });

    const cleared = await api(null, "/api/admin/notifications", {
      method: "DELETE",
      headers: { Authorization: `Bearer ${docs.token}` },
    });
    expect(cleared.res.status).toBe(200);
    const afterClear = await api(null, "/api/admin/notifications", {
      headers: { Authorization: `Bearer ${docs.token}` },
    });
    expect(afterClear.body!.data).toEqual({ notifications: [], total: 0 });
    const untouched = await api(null, "/api/admin/notifications", {
      headers: { Authorization: `Bearer ${other.token}` },
    });
    expect((untouched.body!.data as { total: number }).total).toBe(24);

    const wrongMethod = await api(null, "/api/admin/notifications", {
      method: "PUT",
      headers: { Authorization: `Bearer ${docs.token}` },
    });
    expect(wrongMethod.res.status).toBe(405);
  });
});

describe("admin live channel", () => {
  it("refuses a user's token, a garbage token and an expired admin session", async () => {
    const user = await signInThroughApi();
    const admin = await createAdmin("admin", { all: true });
    for (const token of [user.accessToken, "not-a-token", await openAdminSession(admin.id, Date.now() - 1)]) {
      const s = await openSocket("/api/admin/ws");
      await s.next("connected");
      s.send({ type: "authenticate", token });
      expect(await s.next("auth_error")).toEqual({ type: "auth_error", message: LIVE_TEXTS.channel.authFailed });
      expect((await s.closed).code).toBe(CLOSE_AUTH_FAILED);
    }
  });

  it("lets an admin subscribe only to the streams its permissions allow", async () => {
    const nobody = await adminWith("moderator", {});
    const s = await openSocket("/api/admin/ws");
    open.push(s);
    await s.next("connected");
    s.send({ type: "authenticate", token: nobody.token });
    await s.next("authenticated");
    s.send({
      type: "subscribe",
      streams: ["dashboard_stats", "system_health", "notifications", "notifications_everyone"],
    });
    const errors = [await s.next("error"), await s.next("error"), await s.next("error")].map((e) => e.message);
    expect(errors).toEqual(
      ["dashboard_stats", "system_health", "notifications_everyone"].map(LIVE_TEXTS.channel.streamRefused),
    );
    expect(await s.next("subscribed")).toEqual({ type: "subscribed", streams: ["notifications"] });
  });

  it("sends a dashboard snapshot with only the permitted blocks, and system health, on subscribe", async () => {
    const documentsOnly = await adminWith("moderator", { document_verification: true });
    const s = await connect(documentsOnly.token, ["dashboard_stats"]);
    const stats = (await s.nextOn("dashboard_stats")).data.details as Record<string, unknown>;
    expect(stats.documents).toMatchObject({ total: expect.any(Number), byStatus: expect.any(Array) });
    expect(stats.users).toBeNull();
    expect(stats.switchRequests).toBeNull();

    const monitor = await adminWith("admin", { system_monitoring: true });
    const h = await connect(monitor.token, ["system_health"]);
    const health = (await h.nextOn("system_health")).data.details;
    expect(health).toMatchObject({
      status: "healthy",
      database: { status: "connected", response_time: expect.any(Number) },
      api: { status: "operational" },
      storage: { status: "available", response_time: expect.any(Number) },
      timestamp: expect.any(String),
    });
  });

  it("delivers admin notifications by permission: documents to document_verification, users to user_management", async () => {
    const docs = await adminWith("moderator", { document_verification: true });
    const users = await adminWith("admin", { user_management: true });
    const d = await connect(docs.token, ["notifications"]);
    const u = await connect(users.token, ["notifications"]);
    const docId = crypto.randomUUID();
    await notifyAdmins(appCtx, docAlert(docId));
    await notifyAdmins(appCtx, {
      type: "user_registered",
      title: "Utilizator nou",
      message: "m",
      metadata: { user_id: "u-1", user_phone: "+40700000001" },
    });
    await d.barrier();
    await u.barrier();
    expect(
      d.notifications().map((n) => [n.stream, n.data.event, (n.data.notification as AdminNotificationView).metadata]),
    ).toEqual([["notifications", "document_uploaded", { document_id: docId, user_id: "u" }]]);
    expect(u.notifications().map((n) => n.data.event)).toEqual(["user_registered"]);
  });

  it("recounts the dashboard once for a burst of changes", async () => {
    const docs = await adminWith("admin", { document_verification: true });
    // A recount still pending from an earlier test would land in the middle: start from none.
    await runInDurableObject(channel(), async (_instance: AdminChannel, state) => {
      await state.storage.delete("statsDueAt");
    });
    const s = await connect(docs.token, ["dashboard_stats"]);
    await s.nextOn("dashboard_stats");
    for (let i = 0; i < 3; i++) await notifyAdmins(appCtx, docAlert(crypto.randomUUID()));
    // The recount runs from the object's alarm, a second after the first change of the burst.
    await s.nextOn("dashboard_stats");
    await s.barrier();
    expect(s.notifications().filter((n) => n.stream === "dashboard_stats")).toHaveLength(2);
  });

  it("the admin live token opens the channel; admin logout closes the socket", async () => {
    const admin = await adminWith("admin", { user_management: true });
    const issued = await postJson("/api/admin/live-token", {}, { Authorization: `Bearer ${admin.token}` });
    expect(issued.res.status).toBe(200);
    expect(issued.body).toMatchObject({ success: true, expiresIn: 60 });
    const s = await connect(issued.body.token as string, ["notifications"]);
    await postJson("/api/admin/auth/logout", {}, { Authorization: `Bearer ${admin.token}` });
    expect(await s.next("auth_error")).toEqual({ type: "auth_error", message: LIVE_TEXTS.channel.sessionEnded });
    expect((await s.closed).code).toBe(CLOSE_SESSION_ENDED);
  });

  it("a permission taken away stops the stream at the next session check", async () => {
    const admin = await adminWith("admin", { document_verification: true });
    const s = await connect(admin.token, ["notifications"]);
    await env.DB.prepare("UPDATE admins SET permissions_json = '{}' WHERE id = ?").bind(admin.id).run();
    await runInDurableObject(channel(), async (_instance: AdminChannel, state) => {
      for (const socket of state.getWebSockets()) {
        const st = socket.deserializeAttachment() as SocketState<{ sessionId: string }> | null;
        if (st?.state === "authenticated")
          socket.serializeAttachment({ ...st, checkedAt: Date.now() - SESSION_RECHECK_MS - 1 });
      }
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    await runDurableObjectAlarm(channel());
    await notifyAdmins(appCtx, docAlert(crypto.randomUUID()));
    await s.barrier();
    expect(s.notifications()).toEqual([]);
  });

  it("a user's upload reaches the document admins, and the dashboard counts follow", async () => {
    const docs = await adminWith("admin", { document_verification: true });
    const s = await connect(docs.token, ["notifications", "dashboard_stats"]);
    const before = (await s.nextOn("dashboard_stats")).data.details as { documents: { total: number } };
    const user = await signInThroughApi();
    const uploaded = await upload({ accessToken: user.accessToken }, "document_identitate", [
      { name: "ci.png", type: "image/png", bytes: uniqueCopy(idScan) },
    ]);
    expect(uploaded.res.status).toBe(201);
    const docId = (uploaded.body.documents as { id: string }[])[0]!.id;
    const pushed = await s.nextOn("notifications");
    expect(pushed.data).toMatchObject({
      event: "document_uploaded",
      notification: { type: "document_uploaded", metadata: { document_id: docId, user_id: user.userId } },
    });
    const after = (await s.nextOn("dashboard_stats")).data.details as { documents: { total: number } };
    expect(after.documents.total).toBe(before.documents.total + 1);
  });
});
