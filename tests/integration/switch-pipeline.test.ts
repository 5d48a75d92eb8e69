// The switching pipeline end to end inside workerd: SupplierQueue (one per supplier) runs a created
// request through every step against the supplier portal simulator, parks it for the signature, and
// completes it when the supplier confirms; retries, the retry cap, the concurrency cap, stop/start,
// a restart mid-step and cancellation.
import { SELF, env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAppContext } from "../../app/server/context.server";
import { createDb } from "../../app/server/db/client.server";
import { notifications, smsOutbox, switchRequests } from "../../app/server/db/schema.server";
import { requeueStrandedSwitches, supplierQueuePipeline } from "../../app/server/switching/pipeline.server";
import { SIGNED_EVENT } from "../../app/server/switching/pipeline/steps.server";
import { supplierPortal } from "../../app/server/switching/suppliers/portal-config.server";
import type { SupplierQueue } from "../../workers/durable-objects/supplier-queue";
import type { QueueJob } from "../../workers/durable-objects/supplier-queue-engine";
import { BASE, signInThroughApi } from "./auth-helpers";
import { createdSwitchRequest, eventually, queueOf, requestLogSteps, requestRow } from "./pipeline-helpers";

const appCtx = createAppContext(env);

const SIM = "http://supplier-portal.test";

async function control(body: Record<string, unknown>) {
  await fetch(`${SIM}/__control`, { method: "POST", body: JSON.stringify(body) });
}

async function simStats(supplierId: string) {
  const stats = (await (await fetch(`${SIM}/__stats`)).json()) as Record<string, { effects: Record<string, number>; calls: Record<string, number> }>;
  return stats[supplierId];
}

/** What the signing page does once the code and the signature are checked (issue #10 item 5). */
async function sign(requestId: string, supplierId: string) {
  const key = `contracts/test/${crypto.randomUUID()}`;
  await env.DOCUMENTS.put(key, new TextEncoder().encode(`signed ${requestId}`));
  await createDb(env.DB).update(switchRequests).set({ signedContractR2Key: key, signedAt: Date.now() }).where(eq(switchRequests.id, requestId));
  return queueOf(supplierId).deliver(requestId, SIGNED_EVENT);
}

async function enqueue(requestId: string, supplierId: string, maxConcurrent = 3) {
  return queueOf(supplierId).enqueue(requestId, { id: supplierId, maxConcurrent });
}

describe("switching pipeline", { timeout: 30_000 }, () => {
  it("runs a request through every step, waits for the signature, completes after the supplier confirms", async () => {
    const created = await createdSwitchRequest("hidroelectrica");
    const row = await requestRow(created.requestId);
    await supplierQueuePipeline(appCtx).enqueue(row, "Hidroelectrica");

    const waiting = await eventually(() => requestRow(created.requestId), (r) => r.status === "awaiting_signature");
    expect(waiting).toMatchObject({ currentStep: "signature_required", signatureMaxAttempts: 5, signatureAttemptsRemaining: 5 });
    expect(waiting.supplierApplicationId).toMatch(/^APP-/);
    expect(waiting.contractNumber).toMatch(/^CF-/);
    expect(waiting.signatureExpiresAt! - Date.now()).toBeGreaterThan(71 * 3_600_000);
    const contract = await env.DOCUMENTS.get(waiting.contractR2Key!);
    expect(new TextDecoder().decode((await contract!.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

    const sms = await createDb(env.DB).select().from(smsOutbox).where(eq(smsOutbox.phone, created.phone));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(/contractul cu Hidroelectrica e gata de semnat: http:\/\/\S+\/semnare\/[A-Za-z0-9_-]{40,}/);

    // Signing at once, while the step may still be finishing, must not be lost (the queue keeps the event).
    expect(await sign(created.requestId, "hidroelectrica")).toBe(true);

    const done = await eventually(() => requestRow(created.requestId), (r) => r.status === "completed");
    expect(done).toMatchObject({ currentStep: "completed", progressPercentage: 100, supplierSwitchDate: "2026-12-08" });
    expect((await requestLogSteps(created.requestId)).map((l) => l.step)).toEqual([
      "automation_queued",
      "automation_running",
      "form_submission",
      "document_upload",
      "contract_generation",
      "signature_required",
      "signature_completed",
      "switch_confirmation",
      "switch_confirmation",
      "completed",
    ]);
    const events = await createDb(env.DB)
      .select({ event: notifications.event })
      .from(notifications)
      .where(eq(notifications.userId, created.userId));
    expect(events.map((e) => e.event)).toEqual(["switch_request_processing", "switch_request_updated", "switch_request_completed"]);
  });

  it("retries a step that fails twice and then succeeds, with a warning line per retry", async () => {
    const created = await createdSwitchRequest("electrica-furnizare");
    await control({ failNext: { count: 2 + 2 * 2, status: 503, op: "create", supplier: "electrica-furnizare" } });
    await enqueue(created.requestId, "electrica-furnizare");
    const waiting = await eventually(() => requestRow(created.requestId), (r) => r.status === "awaiting_signature");
    expect(waiting.supplierApplicationId).toMatch(/^APP-/);
    const retries = (await requestLogSteps(created.requestId)).filter((l) => l.type === "warning");
    expect(retries.map((l) => l.step)).toEqual(["form_submission", "form_submission"]);
    expect((await simStats("electrica-furnizare"))!.effects.applicationsCreated).toBeGreaterThanOrEqual(1);
  });

  it("fails with a clear reason once the retries are spent", async () => {
    const created = await createdSwitchRequest("ppc-energie");
    await control({ failNext: { count: 1000, status: 500, op: "create", supplier: "ppc-energie" } });
    try {
      await enqueue(created.requestId, "ppc-energie");
      const failed = await eventually(() => requestRow(created.requestId), (r) => r.status === "failed");
      expect(failed.failureReason).toMatch(/^Furnizorul nu a putut fi contactat după mai multe încercări/);
      const job = await queueOf("ppc-energie").job(created.requestId);
      expect(job).toMatchObject({ status: "failed", step: "form_submission", attempts: 4 });
      const logs = await requestLogSteps(created.requestId);
      expect(logs.at(-1)).toMatchObject({ type: "error" });
    } finally {
      await control({ reset: true });
    }
  });

  it("fails at once when the supplier rejects the application (unknown POD)", async () => {
    const created = await createdSwitchRequest("engie-romania", { pod: "RO999E000000123" });
    await enqueue(created.requestId, "engie-romania");
    const failed = await eventually(() => requestRow(created.requestId), (r) => r.status === "failed");
    expect(failed.failureReason).toBe("Furnizorul a respins cererea: Codul POD nu este cunoscut de operatorul de distribuție.");
  });

  it("never runs more than maxConcurrent requests of one supplier at a time (50 requests)", { timeout: 90_000 }, async () => {
    await control({ latencyMs: 30, jitterMs: 10 });
    try {
      const supplierId = "tinmar-energy";
      const requests = await Promise.all(Array.from({ length: 50 }, () => createdSwitchRequest(supplierId)));
      for (const r of requests) await enqueue(r.requestId, supplierId, 2);
      let peak = 0;
      await eventually(
        async () => {
          const stats = await queueOf(supplierId).stats();
          peak = Math.max(peak, stats.running);
          return stats;
        },
        (s) => s.waiting >= 50,
        60_000,
      );
      expect(peak).toBeGreaterThan(0);
      expect(peak).toBeLessThanOrEqual(2);
      const sim = await simStats(supplierId);
      expect(sim!.effects.applicationsCreated).toBe(50);
      expect(sim!.effects.contractsIssued).toBe(50);
    } finally {
      await control({ latencyMs: 2, jitterMs: 3 });
    }
  });

  it("stops taking jobs when stopped, and goes on when started", async () => {
    const supplierId = "nova-power-gas";
    const stopped = await queueOf(supplierId).stop();
    expect(stopped.isRunning).toBe(false);
    const created = await createdSwitchRequest(supplierId);
    await enqueue(created.requestId, supplierId);
    await runDurableObjectAlarm(queueOf(supplierId));
    expect((await requestRow(created.requestId)).status).toBe("created");
    expect((await queueOf(supplierId).stats()).queued).toBe(1);
    await queueOf(supplierId).start();
    await eventually(() => requestRow(created.requestId), (r) => r.status === "awaiting_signature");
  });

  it("repeats a step whose answer was lost without doubling its effect", async () => {
    const supplierId = "premier-energy";
    const created = await createdSwitchRequest(supplierId);
    // The answer to the application is lost after the supplier created it: the step runs again.
    await control({ lostResponseRate: 1 });
    try {
      await enqueue(created.requestId, supplierId);
      await eventually(() => requestRow(created.requestId), (r) => r.status === "awaiting_signature");
    } finally {
      await control({ lostResponseRate: 0 });
    }
    const sim = await simStats(supplierId);
    expect(sim!.effects).toMatchObject({ applicationsCreated: 1, documentsStored: 2, contractsIssued: 1 });
    expect(sim!.calls.create).toBeGreaterThanOrEqual(2);
    const one = await createDb(env.DB)
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.phone, created.phone)));
    expect(one).toHaveLength(1);
  });

  it("takes back a step that was running when the object went away, and repeats it once", async () => {
    const supplierId = "grenerg";
    const created = await createdSwitchRequest(supplierId);
    const queue = queueOf(supplierId);
    await queue.stop();
    await enqueue(created.requestId, supplierId);
    // The object died in form_submission after the supplier had already opened the application.
    const before = await supplierPortal(env as unknown as Record<string, unknown>, supplierId).submitApplication({
      externalReference: created.requestId,
      customer: { firstName: "Ioana", lastName: "Ștefănescu", phone: created.phone, email: null },
      consumptionPlace: { address: null, pod: (await requestRow(created.requestId)).pod!, countyCode: "CJ" },
      offer: { id: "x", name: "x", pricePerKwh: "1.0000" },
      desiredSwitchDate: "2026-12-08",
      titleHolderQuality: "Proprietar",
      currentSupplierName: null,
    });
    await runInDurableObject(queue, async (object) => {
      const instance = object as unknown as SupplierQueue;
      const job = (await instance.job(created.requestId))!;
      const internals = object as unknown as { save(job: QueueJob): Promise<void> };
      await internals.save({ ...job, step: "form_submission", status: "running", leaseUntil: Date.now() - 1 });
    });
    expect((await queue.stats()).queued).toBe(1);
    await queue.start();
    const row = await eventually(() => requestRow(created.requestId), (r) => r.status === "awaiting_signature");
    expect(row.supplierApplicationId).toBe(before.applicationId);
    expect((await simStats(supplierId))!.effects.applicationsCreated).toBe(1);
  });

  it("drops a request cancelled by its user at the next step boundary", async () => {
    const supplierId = "restart-energy";
    const created = await createdSwitchRequest(supplierId);
    await queueOf(supplierId).stop();
    await enqueue(created.requestId, supplierId);
    await createDb(env.DB).update(switchRequests).set({ status: "cancelled" }).where(eq(switchRequests.id, created.requestId));
    await queueOf(supplierId).start();
    await eventually(() => queueOf(supplierId).job(created.requestId), (j) => j?.status === "cancelled");
    const row = await requestRow(created.requestId);
    expect(row).toMatchObject({ status: "cancelled", supplierApplicationId: null });
  });

  it("enqueueing the same request twice queues it once", async () => {
    const created = await createdSwitchRequest("ciga-energy");
    expect(await enqueue(created.requestId, "ciga-energy", 1)).toEqual({ accepted: true });
    expect(await enqueue(created.requestId, "ciga-energy", 1)).toEqual({ accepted: false });
  });

  it("a user withdraws from a completed switch within 14 days of signing; the supplier is told once; later it is refused", async () => {
    const supplierId = "met-romania-energy";
    const signedIn = await signInThroughApi();
    const created = await createdSwitchRequest(supplierId, { user: { id: signedIn.userId, phone: signedIn.phone } });
    await enqueue(created.requestId, supplierId);
    await eventually(() => requestRow(created.requestId), (r) => r.status === "awaiting_signature");
    await sign(created.requestId, supplierId);
    await eventually(() => requestRow(created.requestId), (r) => r.status === "completed");

    const detail = await SELF.fetch(`${BASE}/api/users/switch-requests/${created.requestId}`, { headers: { Authorization: `Bearer ${signedIn.accessToken}` } });
    const view = ((await detail.json()) as { request: Record<string, unknown> }).request;
    expect(view).toMatchObject({ status: "completed", can_cancel: true, supplier_switch_date: "2026-12-08" });
    expect(view.withdrawal_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const cancel = () =>
      SELF.fetch(`${BASE}/api/users/switch-requests/${created.requestId}/cancel`, {
        method: "POST",
        headers: { Authorization: `Bearer ${signedIn.accessToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ reason: "M-am răzgândit" }),
      });
    expect((await cancel()).status).toBe(200);
    expect(await requestRow(created.requestId)).toMatchObject({ status: "cancelled", cancelReason: "M-am răzgândit" });
    await eventually(async () => (await simStats(supplierId))!.effects.withdrawals, (n) => n === 1);
    await eventually(() => requestLogSteps(created.requestId), (logs) => logs.some((l) => l.message.includes("a fost anunțat că cererea a fost anulată")));
    expect((await cancel()).status).toBe(409);

    // Past the window a completed switch stays as it is.
    const late = await createdSwitchRequest(supplierId, { user: { id: signedIn.userId, phone: signedIn.phone } });
    await createDb(env.DB)
      .update(switchRequests)
      .set({ status: "completed", signedAt: Date.now() - 20 * 86_400_000 })
      .where(eq(switchRequests.id, late.requestId));
    const refused = await SELF.fetch(`${BASE}/api/users/switch-requests/${late.requestId}/cancel`, {
      method: "POST",
      headers: { Authorization: `Bearer ${signedIn.accessToken}` },
    });
    expect(refused.status).toBe(409);
  });

  it("the sweep hands a request whose hand-over was lost to its queue, once", async () => {
    const created = await createdSwitchRequest("mira-energy");
    await createDb(env.DB).update(switchRequests).set({ createdAt: Date.now() - 10 * 60_000 }).where(eq(switchRequests.id, created.requestId));
    expect(await requeueStrandedSwitches(appCtx, Date.now(), 1000)).toBeGreaterThanOrEqual(1);
    await eventually(() => requestRow(created.requestId), (r) => r.status === "awaiting_signature");
    expect(await queueOf("mira-energy").enqueue(created.requestId, { id: "mira-energy", maxConcurrent: 1 })).toEqual({ accepted: false });
  });
});
