// The operators' side of the pipeline (issue #10, item 7): queue stats from every SupplierQueue, queue
// control, the request list with filters and pages, a status change and a cancel with their effects.
import { SELF, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { createDb } from "../../app/server/db/client.server";
import { auditLog, notifications } from "../../app/server/db/schema.server";
import { BASE, createAdmin, openAdminSession } from "./auth-helpers";
import { createdSwitchRequest, eventually, queueOf, requestLogSteps, requestRow } from "./pipeline-helpers";

let token = "";
beforeAll(async () => {
  const admin = await createAdmin("super_admin", { all: true });
  token = await openAdminSession(admin.id);
});

async function adminApi(path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await SELF.fetch(`${BASE}${path}`, {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  // The answers are checked field by field below; their shape is the assertion, not a type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe("admin: switch queues and requests", { timeout: 30_000 }, () => {
  it("shows every active supplier's queue with its cap and counts, and the overview sums them", async () => {
    const created = await createdSwitchRequest("hidroelectrica");
    await queueOf("hidroelectrica").enqueue(created.requestId, { id: "hidroelectrica", maxConcurrent: 3 });
    await eventually(() => requestRow(created.requestId), (r) => r.status === "awaiting_signature");
    const { status, body } = await adminApi("/api/admin/queue/stats");
    expect(status).toBe(200);
    const queues = body.data.queues as Record<string, { maxConcurrent: number; waiting: number; total: number }>;
    expect(Object.keys(queues)).toContain("Hidroelectrica");
    expect(Object.keys(queues).length).toBeGreaterThanOrEqual(13);
    expect(queues["Hidroelectrica"]).toMatchObject({ maxConcurrent: 3, waiting: 1, total: 1 });
    expect(queues["CIGA Energy"] ?? Object.values(queues).find((q) => q.total === 0)).toBeTruthy();
    expect(body.data.overview).toMatchObject({ total_waiting: 1, total_running: 0 });
  });

  it("stops and starts every queue; a stopped queue keeps its requests waiting", async () => {
    const stopped = await adminApi("/api/admin/system/queue-manager/stop", { method: "POST", body: {} });
    expect(stopped).toMatchObject({ status: 200, body: { success: true, message: ADMIN_TEXTS.switchQueues.stopped } });
    const created = await createdSwitchRequest("eon-energie-romania");
    await queueOf("eon-energie-romania").enqueue(created.requestId, { id: "eon-energie-romania", maxConcurrent: 3 });
    const stats = await adminApi("/api/admin/queue/stats");
    expect(Object.values(stats.body.data.queues).every((q) => !(q as { isRunning: boolean }).isRunning)).toBe(true);
    expect((await requestRow(created.requestId)).status).toBe("created");

    const started = await adminApi("/api/admin/system/queue-manager/start", { method: "POST", body: { interval: 5000 } });
    expect(started.body.message).toMatch(/^Cozile au fost pornite \(\d+ din \d+ rulează\)\.$/);
    await eventually(() => requestRow(created.requestId), (r) => r.status === "awaiting_signature");
    expect((await adminApi("/api/admin/system/queue-manager/restart", { method: "POST", body: {} })).status).toBe(200);
    expect((await adminApi("/api/admin/system/queue-manager/start", { method: "POST", body: { interval: "soon" } })).status).toBe(400);
    const audit = await createDb(env.DB).select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetType, "supplier_queues"));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["queue_manager.stop", "queue_manager.start", "queue_manager.restart"]));
  });

  it("lists requests newest first, 20 a page, filtered by status, supplier, user, dates and name or phone", async () => {
    const mine = await createdSwitchRequest("engie-romania");
    const other = await createdSwitchRequest("premier-energy");
    const all = await adminApi("/api/admin/switch-requests");
    expect(all.status).toBe(200);
    expect(all.body.data.pagination).toMatchObject({ page: 1, limit: 20 });
    expect(all.body.data.requests[0].id).toBe(other.requestId);
    const card = all.body.data.requests.find((r: { id: string }) => r.id === mine.requestId);
    expect(card).toMatchObject({
      short_id: mine.requestId.slice(-8),
      status: "created",
      current_step: "automation_queued",
      switch_type: "automatic",
      offer_name: "Casnic Fix 12",
      offer_price_per_kwh: "1.0612",
      suppliers: { name: "Engie România" },
      user_profiles: { first_name: "Ioana", last_name: "Ștefănescu", phone_number: mine.phone },
    });
    const bySupplier = await adminApi("/api/admin/switch-requests?supplier_id=engie-romania");
    expect(bySupplier.body.data.requests.map((r: { id: string }) => r.id)).toContain(mine.requestId);
    expect(bySupplier.body.data.requests.map((r: { id: string }) => r.id)).not.toContain(other.requestId);
    const byPhone = await adminApi(`/api/admin/switch-requests?search=${encodeURIComponent(mine.phone.slice(-6))}`);
    expect(byPhone.body.data.requests.map((r: { id: string }) => r.id)).toEqual([mine.requestId]);
    const byUser = await adminApi(`/api/admin/switch-requests?user_id=${other.userId}`);
    expect(byUser.body.data.pagination.total).toBe(1);
    const future = await adminApi("/api/admin/switch-requests?from_date=2099-01-01");
    expect(future.body.data).toMatchObject({ requests: [], pagination: { total: 0, pages: 1 } });
    const page2 = await adminApi("/api/admin/switch-requests?limit=1&page=2");
    expect(page2.body.data.requests).toHaveLength(1);
    expect((await adminApi("/api/admin/switch-requests?status=bogus")).status).toBe(400);
    expect((await adminApi("/api/admin/switch-requests?page=0")).status).toBe(400);
  });

  it("changes a status with notes (log, user notification, audit) and refuses it on a closed request", async () => {
    const created = await createdSwitchRequest("tinmar-energy");
    const changed = await adminApi(`/api/admin/switch-requests/${created.requestId}/status`, {
      method: "PATCH",
      body: { status: "on_hold", admin_notes: "verificăm POD-ul cu operatorul" },
    });
    expect(changed).toMatchObject({ status: 200, body: { success: true, data: { status: "on_hold" } } });
    const logs = await requestLogSteps(created.requestId);
    expect(logs.at(-1)!.message).toBe(ADMIN_TEXTS.switchQueues.statusLog("created", "on_hold", "verificăm POD-ul cu operatorul"));
    const notes = await createDb(env.DB).select().from(notifications).where(eq(notifications.userId, created.userId));
    expect(notes.map((n) => n.event)).toEqual(["switch_request_updated"]);
    expect((await adminApi(`/api/admin/switch-requests/${created.requestId}/status`, { method: "PATCH", body: { status: "nope" } })).status).toBe(400);
    expect((await adminApi(`/api/admin/switch-requests/00000000-0000-7000-8000-000000000000/status`, { method: "PATCH", body: { status: "pending" } })).status).toBe(404);
  });

  it("cancels an open request once ('Anulată de admin'), then answers 409; the queue drops it", async () => {
    const created = await createdSwitchRequest("nova-power-gas");
    await queueOf("nova-power-gas").enqueue(created.requestId, { id: "nova-power-gas", maxConcurrent: 2 });
    await eventually(() => requestRow(created.requestId), (r) => r.status === "awaiting_signature");
    const first = await adminApi(`/api/admin/switch-requests/${created.requestId}/cancel`, { method: "POST", body: {} });
    expect(first).toMatchObject({ status: 200, body: { success: true } });
    expect(await requestRow(created.requestId)).toMatchObject({ status: "cancelled", cancelReason: "Anulată de admin" });
    expect(await queueOf("nova-power-gas").job(created.requestId)).toMatchObject({ status: "cancelled" });
    const second = await adminApi(`/api/admin/switch-requests/${created.requestId}/cancel`, { method: "POST", body: { reason: "din nou" } });
    expect(second).toMatchObject({ status: 409, body: { success: false, error: "request_closed" } });
  });

  it("puts an on-hold request back on its way when an operator resumes it", async () => {
    const created = await createdSwitchRequest("restart-energy");
    const queue = queueOf("restart-energy");
    await queue.stop();
    await queue.enqueue(created.requestId, { id: "restart-energy", maxConcurrent: 2 });
    await adminApi(`/api/admin/switch-requests/${created.requestId}/status`, { method: "PATCH", body: { status: "on_hold" } });
    await queue.start();
    await eventually(() => queue.job(created.requestId), (j) => j?.status === "cancelled");
    await adminApi(`/api/admin/switch-requests/${created.requestId}/status`, { method: "PATCH", body: { status: "processing" } });
    await eventually(() => requestRow(created.requestId), (r) => r.status === "awaiting_signature");
  });
});
