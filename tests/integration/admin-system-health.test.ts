// GET /api/admin/system/health (admin spec §3 shape, §4 grouping): the probes really probe. A failing R2
// makes storage unavailable and the whole degraded; a document waiting too long degrades processing;
// a Durable Object namespace that does not answer is reported as a failed service without touching the
// overall status, which follows only database, document processing and storage.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { NOT_ON_EDGE } from "../../app/server/admin/metrics.server";
import { D1_LIMIT_BYTES, overallStatus, systemHealth, type SystemHealth } from "../../app/server/admin/system-health.server";
import type { Env as AppEnv } from "../../app/server/env.server";
import { BASE, createAdmin, openAdminSession } from "./auth-helpers";
import { createUserRow, storeDocument } from "./documents-helpers";
import { createAppContext } from "../../app/server/context.server";

const SPEC_FIELDS = ["status", "timestamp", "memory", "cpu", "storage", "network", "database", "api", "services", "performance_metrics"];
const PAGE_FIELDS = ["database_response_time", "document_processing", "api_response_time", "storage_usage"];

async function healthAs(permissions: Record<string, boolean>) {
  const admin = await createAdmin("admin", permissions);
  const res = await SELF.fetch(`${BASE}/api/admin/system/health`, { headers: { Authorization: `Bearer ${await openAdminSession(admin.id)}` } });
  return { status: res.status, body: (await res.json()) as { success: boolean; data: SystemHealth } };
}

describe("system health", () => {
  it("answers the spec's shape with probed figures and labelled gaps", async () => {
    const { status, body } = await healthAs({ system_monitoring: true });
    expect(status).toBe(200);
    const health = body.data;
    for (const field of [...SPEC_FIELDS, ...PAGE_FIELDS]) expect(health).toHaveProperty(field);
    expect(health.status).toBe("healthy");
    expect(health.database).toMatchObject({ status: "connected", connection_pool: { active: null, idle: null, label: NOT_ON_EDGE } });
    expect(health.database.size_bytes).toBeGreaterThan(0);
    expect(health.storage.status).toBe("available");
    expect(health.storage_usage).toBeCloseTo((health.database.size_bytes! / D1_LIMIT_BYTES) * 100, 3);
    expect(health.memory).toEqual({ usage_percentage: null, used_gb: null, total_gb: null, label: NOT_ON_EDGE });
    expect(health.cpu.cores).toBeNull();
    expect(health.services).toMatchObject({
      user_channel: "running",
      admin_channel: "running",
      offer_collector: "running",
      supplier_queue: "running",
      rate_limiter: "running",
      metrics_rollup: "running",
      document_processing: "running",
    });
    expect(health.adapters.sms).toBeDefined();
  });

  it("is for admins with system monitoring", async () => {
    expect((await healthAs({ user_management: true })).status).toBe(403);
  });

  it("degrades when R2 throws: storage unavailable", async () => {
    const broken = { ...env, DOCUMENTS: { head: () => Promise.reject(new Error("R2 binding down")) } } as unknown as AppEnv;
    const health = await systemHealth(createAppContext(broken));
    expect(health.storage.status).toBe("unavailable");
    expect(health.status).toBe("degraded");
  });

  it("degrades when D1 fails, and says so without inventing the D1 figures", async () => {
    const broken = { ...env, DB: { prepare: () => ({ run: () => Promise.reject(new Error("D1 down")) }) } } as unknown as AppEnv;
    const health = await systemHealth(createAppContext(broken));
    expect(health.database.status).toBe("disconnected");
    expect(health.document_processing).toBe("degraded");
    expect(health.status).toBe("degraded");
  });

  it("reports a Durable Object namespace that does not answer, overall status unchanged", async () => {
    const silent = { get: () => ({ ping: () => Promise.reject(new Error("gone")) }), idFromName: () => "x" };
    const health = await systemHealth(createAppContext({ ...env, OFFER_COLLECTOR: silent } as unknown as AppEnv));
    expect(health.services.offer_collector).toBe("error");
    expect(health.status).toBe("healthy");
  });

  it("degrades document processing when the oldest waiting document is older than the stuck limit", async () => {
    const now = Date.now();
    const userId = await createUserRow();
    const doc = await storeDocument(userId, "ultima_factura", null, { queuedAt: now - 60 * 60_000, uploadedAt: now - 60 * 60_000 });
    try {
      const health = await systemHealth(createAppContext(env as unknown as AppEnv), now);
      expect(health.document_processing_details.backlog).toBeGreaterThanOrEqual(1);
      expect(health.document_processing_details.oldest_waiting_seconds).toBeGreaterThanOrEqual(3600);
      expect(health.document_processing).toBe("degraded");
      expect(health.status).toBe("degraded");
    } finally {
      await env.DB.prepare("DELETE FROM documents WHERE id = ?").bind(doc.id).run();
    }
  });

  it("groups statuses as admin spec §4 says", () => {
    expect(overallStatus({ database: "connected", document_processing: "healthy", storage: "available" })).toBe("healthy");
    expect(overallStatus({ database: "disconnected", document_processing: "healthy", storage: "available" })).toBe("degraded");
    expect(overallStatus({ database: "connected", document_processing: "degraded", storage: "available" })).toBe("degraded");
    expect(overallStatus({ database: "connected", document_processing: "healthy", storage: "unavailable" })).toBe("degraded");
  });
});
