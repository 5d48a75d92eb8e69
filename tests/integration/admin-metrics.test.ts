// Metrics that are measured (issue 13 item 1): a request and a processed document each leave a fact
// that reaches metrics_rollups through the MetricsRollup object, and the admin metrics endpoints read
// them back in the shape of admin spec §3.
import { createMessageBatch, env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { getOcrEngine } from "../../app/server/documents/extraction/ocr.server";
import { WORKER_OCR_ASSETS } from "../../app/server/documents/extraction/ocr-assets.server";
import { createAppContext } from "../../app/server/context.server";
import { createDb } from "../../app/server/db/client.server";
import { flushMetrics, NOT_ON_EDGE, seriesTotals, type AdminMetrics, type databaseMetrics, type resourceMetrics } from "../../app/server/admin/metrics.server";
import type { Env as AppEnv } from "../../app/server/env.server";
import { consumeDocumentBatch } from "../../workers/queues/document-processing";
import { billMaxAgeDaysForFixtures } from "../support/fixture-clock.mjs";
import billPdf from "../fixtures/generated/bill-electrica-popescu.pdf";
import manifest from "../fixtures/generated/manifest.json";
import { BASE, createAdmin, openAdminSession, signInThroughApi } from "./auth-helpers";
import { storeDocument, uniqueCopy } from "./documents-helpers";

type Resources = Awaited<ReturnType<typeof resourceMetrics>>;

async function monitoringAdmin() {
  const admin = await createAdmin("admin", { system_monitoring: true });
  return { Authorization: `Bearer ${await openAdminSession(admin.id)}` };
}

async function getJson<T>(path: string, headers: Record<string, string>) {
  const res = await SELF.fetch(`${BASE}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as { success: boolean; data: T } };
}

async function pingCount(headers: Record<string, string>): Promise<number> {
  const { body } = await getJson<Resources>("/api/admin/metrics/resources", headers);
  return body.data.requests_by_route_group.find((g) => g.name === "api:ping")?.count ?? 0;
}

describe("admin metrics", () => {
  it("counts requests per route group and answers the spec's metrics shape", async () => {
    const headers = await monitoringAdmin();
    const before = await pingCount(headers);
    for (let i = 0; i < 3; i++) expect((await SELF.fetch(`${BASE}/api/ping`)).status).toBe(200);
    // Requests reach the rollup object from the isolate about a second later (recorder.server.ts).
    await vi.waitFor(async () => expect(await pingCount(headers)).toBe(before + 3), { timeout: 15_000, interval: 300 });

    const { status, body } = await getJson<AdminMetrics>("/api/admin/metrics", headers);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const { apiPerformance, documentProcessing, userActivity } = body.data;
    expect(Object.keys(apiPerformance).sort()).toEqual(["averageResponseTime", "errorRate", "requestsPerMinute", "totalRequests"]);
    expect(apiPerformance.totalRequests).toBeGreaterThanOrEqual(before + 3);
    expect(apiPerformance.requestsPerMinute).toBeGreaterThan(0);
    expect(typeof apiPerformance.averageResponseTime).toBe("number");
    expect(Object.keys(documentProcessing).sort()).toEqual(["averageProcessingTime", "documentsProcessed", "queueLength", "successRate"]);
    expect(Object.keys(userActivity).sort()).toEqual(["activeUsers", "documentUploads", "newRegistrations", "verificationRequests"]);
  });

  it("counts 5xx answers as errors only", async () => {
    const db = createDb(env.DB);
    const since = Date.now() - 60_000;
    const { metricsRollup } = await import("../../app/server/metrics/recorder.server");
    const { rollupOf } = await import("../../app/server/metrics/rollup.server");
    const at = Date.now();
    await metricsRollup(env).merge([
      rollupOf({ kind: "request", series: "test:errors", at, ms: 40, error: true }),
      rollupOf({ kind: "request", series: "test:errors", at, ms: 20, error: false }),
    ]);
    await flushMetrics(env);
    const [row] = (await seriesTotals(db, "request", since)).filter((r) => r.series === "test:errors");
    expect(row).toMatchObject({ count: 2, errors: 1, totalMs: 60, minMs: 20, maxMs: 40 });
    expect(row!.lastOkAt).toBe(at);
  });

  it("records a processed document's time by type", async () => {
    const now = Date.parse(manifest.now);
    const user = await signInThroughApi();
    const doc = await storeDocument(user.userId, "ultima_factura", { bytes: uniqueCopy(billPdf), mimeType: "application/pdf", name: "factura.pdf" });
    const batch = createMessageBatch<unknown>("document-processing", [
      { id: "metrics-1", timestamp: new Date(now), attempts: 1, body: { documentId: doc.id, userId: doc.userId, reason: "upload" } },
    ]);
    const envAtFixtureDate = { ...env, BILL_MAX_AGE_DAYS: billMaxAgeDaysForFixtures(now) } as AppEnv;
    await consumeDocumentBatch(batch, createAppContext(envAtFixtureDate), { ocr: async () => (await getOcrEngine(WORKER_OCR_ASSETS)).engine, now: () => now });
    await flushMetrics(env);
    const rows = await seriesTotals(createDb(env.DB), "document", now - 60_000);
    const bill = rows.find((r) => r.series === "ultima_factura");
    expect(bill).toMatchObject({ count: 1, errors: 0 });
    const processingMs = (await env.DB.prepare("SELECT processing_ms FROM documents WHERE id = ?").bind(doc.id).first<{ processing_ms: number }>())!.processing_ms;
    expect(bill!.totalMs).toBe(processingMs);
  }, 60_000);

  it("says what the edge does not have instead of inventing it", async () => {
    const headers = await monitoringAdmin();
    const resources = await getJson<Resources>("/api/admin/metrics/resources", headers);
    expect(resources.body.data.memory).toEqual({ value: null, label: NOT_ON_EDGE });
    const database = await getJson<Awaited<ReturnType<typeof databaseMetrics>>>("/api/admin/metrics/database", headers);
    expect(database.status).toBe(200);
    expect(database.body.data).toMatchObject({ status: "connected", connection_pool: { value: null, label: NOT_ON_EDGE } });
    expect(database.body.data.round_trip_ms).toBeGreaterThanOrEqual(0);
    expect(database.body.data.size_bytes).toBeGreaterThan(0);
  });

  it("is for admins with system monitoring", async () => {
    const admin = await createAdmin("admin", { user_management: true });
    const res = await SELF.fetch(`${BASE}/api/admin/metrics`, { headers: { Authorization: `Bearer ${await openAdminSession(admin.id)}` } });
    expect(res.status).toBe(403);
  });
});
