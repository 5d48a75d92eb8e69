// /api/admin/automation/* (issue 13 item 4): publishing a configuration version reaches every
// SupplierQueue, an existing snapshot id rolls back to its version, restart restarts every queue, bad
// input is a 400 with the spec's message and changes nothing, and each control action is audited.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import type { AutomationConfigView, AutomationStatusView } from "../../app/server/admin/automation.server";
import { supplierQueue } from "../../app/server/switching/pipeline.server";
import type { Env as AppEnv } from "../../app/server/env.server";
import { BASE, createAdmin, openAdminSession } from "./auth-helpers";

const T = ADMIN_TEXTS.automation;

async function systemAdmin() {
  const admin = await createAdmin("admin", { system_admin: true });
  return { id: admin.id, headers: { Authorization: `Bearer ${await openAdminSession(admin.id)}`, "Content-Type": "application/json" } };
}

async function call<T>(path: string, headers: Record<string, string>, body?: unknown) {
  const res = await SELF.fetch(`${BASE}/api/admin/automation/${path}`, body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { success: boolean; message?: string; error?: string; data: T } };
}

async function activeSupplierIds(): Promise<string[]> {
  const rows = await env.DB.prepare("SELECT id FROM suppliers WHERE active = 1 ORDER BY id").all<{ id: string }>();
  return rows.results.map((r) => r.id);
}

const queueStats = (id: string) => supplierQueue(env as unknown as AppEnv, id).stats();

describe("automation", () => {
  it("starts from the vars and the suppliers table, then publishes a version that reaches every queue", async () => {
    const admin = await systemAdmin();
    const ids = await activeSupplierIds();
    expect(ids.length).toBeGreaterThan(1);
    const initial = await call<AutomationConfigView>("config", admin.headers);
    expect(initial.status).toBe(200);
    expect(initial.body.data).toMatchObject({ currentSnapshotId: null, snapshotComment: null, orchestratorPath: T.initialSource });
    expect(Object.keys(initial.body.data.settings.suppliers).sort()).toEqual(ids);

    const [first, second] = ids as [string, string];
    const published = await call<AutomationConfigView>("update-snapshot", admin.headers, {
      snapshotId: "v-test-1",
      comment: "mai multă concurență",
      restartServices: true,
      settings: { suppliers: { [first]: { maxConcurrent: 4, maxRetries: 7 } } },
    });
    expect(published.status).toBe(200);
    expect(published.body.message).toBe(T.updated("v-test-1", true));
    expect(published.body.data).toMatchObject({ currentSnapshotId: "v-test-1", snapshotComment: "mai multă concurență" });
    expect(published.body.data.orchestratorPath).toMatch(/^D1 automation_config_versions\//);
    expect(await queueStats(first)).toMatchObject({ supplierId: first, maxConcurrent: 4, maxRetries: 7, isRunning: true });
    // A supplier left out keeps the configuration in force.
    expect((await queueStats(second)).maxConcurrent).toBe(initial.body.data.settings.suppliers[second]!.maxConcurrent);

    const status = await call<AutomationStatusView>("status", admin.headers);
    expect(status.body.data).toMatchObject({ status: "running", queues: { running: ids.length, total: ids.length } });
    expect(status.body.data.lastRestart).not.toBeNull();

    // A second version, then back to the first by its id.
    await call("update-snapshot", admin.headers, { snapshotId: "v-test-2", restartServices: false, settings: { suppliers: { [first]: { maxConcurrent: 2, maxRetries: 1 } } } });
    expect(await queueStats(first)).toMatchObject({ maxConcurrent: 2, maxRetries: 1 });
    const back = await call<AutomationConfigView>("update-snapshot", admin.headers, { snapshotId: "v-test-1", restartServices: false });
    expect(back.status).toBe(200);
    expect(back.body.message).toBe(T.updated("v-test-1", false));
    expect(await queueStats(first)).toMatchObject({ maxConcurrent: 4, maxRetries: 7 });
    const versions = await call<{ snapshotId: string; active: boolean }[]>("versions", admin.headers);
    expect(versions.body.data.map((v) => [v.snapshotId, v.active])).toEqual([
      ["v-test-2", false],
      ["v-test-1", true],
    ]);

    const audit = await env.DB.prepare("SELECT action, details_json FROM audit_log WHERE admin_id = ? ORDER BY created_at, id").bind(admin.id).all<{ action: string; details_json: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(["automation.publish", "automation.publish", "automation.rollback"]);
    expect(JSON.parse(audit.results[2]!.details_json)).toMatchObject({ before: { currentSnapshotId: "v-test-2" }, after: { currentSnapshotId: "v-test-1" } });

    // Durable Object state outlives this file's D1: leave the queues as the vars and seed configure them.
    await call("update-snapshot", admin.headers, { snapshotId: "v-test-restore", restartServices: false, settings: initial.body.data.settings });
    expect((await queueStats(first)).maxConcurrent).toBe(initial.body.data.settings.suppliers[first]!.maxConcurrent);
  });

  it("restarts every SupplierQueue", async () => {
    const admin = await systemAdmin();
    const ids = await activeSupplierIds();
    for (const id of ids) await supplierQueue(env as unknown as AppEnv, id).stop();
    expect((await call<AutomationStatusView>("status", admin.headers)).body.data.status).toBe("stopped");
    const res = await call<{ running: number; total: number }>("restart", admin.headers, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ running: ids.length, total: ids.length });
    for (const id of ids) expect((await queueStats(id)).isRunning).toBe(true);
    const audit = await env.DB.prepare("SELECT action FROM audit_log WHERE admin_id = ?").bind(admin.id).all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(["automation.restart"]);
  });

  it("refuses bad input with the spec's message and changes nothing", async () => {
    const admin = await systemAdmin();
    const before = await call<AutomationConfigView>("config", admin.headers);
    for (const body of [{ snapshotId: "   " }, {}, { snapshotId: "x", settings: { suppliers: { nope: { maxConcurrent: 0, maxRetries: 1 } } } }]) {
      const res = await call("update-snapshot", admin.headers, body);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await call("update-snapshot", admin.headers, { snapshotId: " " })).body.message).toBe(T.snapshotIdRequired);
    expect((await call("update-snapshot", admin.headers, { snapshotId: "nu-exista" })).status).toBe(404);
    const unknown = await call("update-snapshot", admin.headers, { snapshotId: "x2", settings: { suppliers: { "furnizor-inexistent": { maxConcurrent: 1, maxRetries: 1 } } } });
    expect(unknown).toMatchObject({ status: 400, body: { error: "unknown_supplier" } });
    expect((await call<AutomationConfigView>("config", admin.headers)).body.data).toEqual(before.body.data);
  });

  it("is for system administrators", async () => {
    const other = await createAdmin("admin", { system_monitoring: true, user_management: true });
    const res = await SELF.fetch(`${BASE}/api/admin/automation/config`, { headers: { Authorization: `Bearer ${await openAdminSession(other.id)}` } });
    expect(res.status).toBe(403);
  });
});
