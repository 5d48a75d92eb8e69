// The cron sweep re-queues documents whose message was lost, gives up on those that keep dying,
// and leaves everything else alone.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAppContext } from "../../app/server/context.server";
import { MAX_DOCUMENT_RUNS } from "../../app/server/documents/jobs.server";
import worker from "../../workers/app";
import { runSweeps } from "../../workers/sweeps";
import { createUserRow, documentRow, notificationEvents, storeDocument, withRecordingQueues } from "./documents-helpers";

const MINUTE = 60_000;

describe("document sweep", () => {
  it("re-queues a document stuck in processing past the lease, and one queued but never processed", async () => {
    const now = Date.now() + 365 * 24 * 60 * MINUTE; // after anything other tests left behind
    const userId = await createUserRow();
    const stuck = await storeDocument(userId, "ultima_factura", null, { status: "processing", processingStartedAt: now - 11 * MINUTE, processingAttempts: 1 });
    const lost = await storeDocument(userId, "ultima_factura", null, { queuedAt: now - 30 * MINUTE });
    // Within its (2-minute) lease: a run is working on it.
    const fresh = await storeDocument(userId, "ultima_factura", null, { status: "processing", processingStartedAt: now - MINUTE });
    const justQueued = await storeDocument(userId, "ultima_factura", null, { queuedAt: now - MINUTE, uploadedAt: now - 40 * MINUTE });
    const review = await storeDocument(userId, "ultima_factura", null, { processedAt: now - 60 * MINUTE, confidence: 0.3 });
    const verified = await storeDocument(userId, "ultima_factura", null, { status: "verified", processedAt: now - 60 * MINUTE });

    const recording = withRecordingQueues();
    const result = await runSweeps(createAppContext(recording.env), now);
    const mine = recording.sent.filter((j) => j.userId === userId);
    expect(mine.map((j) => j.documentId).sort()).toEqual([stuck.id, lost.id].sort());
    expect(mine.every((j) => j.reason === "sweep")).toBe(true);
    expect(result.documents.requeued).toBeGreaterThanOrEqual(2);

    expect(await documentRow(stuck.id)).toMatchObject({ status: "pending", queued_at: now });
    expect(await documentRow(lost.id)).toMatchObject({ status: "pending", queued_at: now });
    expect((await documentRow(fresh.id))!.status).toBe("processing");
    expect((await documentRow(justQueued.id))!.queued_at).toBe(now - MINUTE);
    expect((await documentRow(review.id))!.status).toBe("pending");
    expect((await documentRow(verified.id))!.status).toBe("verified");
    const events = await env.DB.prepare("SELECT action, notes FROM document_events WHERE document_id = ?").bind(stuck.id).all();
    expect(events.results).toEqual([{ action: "requeued_by_sweep", notes: "processing" }]);

    // Just re-queued: the next run leaves them alone.
    const again = withRecordingQueues();
    await runSweeps(createAppContext(again.env), now + MINUTE / 2);
    expect(again.sent.filter((j) => j.userId === userId)).toEqual([]);
  });

  it("gives up on a document that has used all its runs: failed, owner told", async () => {
    const now = Date.now() + 2 * 365 * 24 * 60 * MINUTE;
    const userId = await createUserRow();
    const doomed = await storeDocument(userId, "document_identitate", null, {
      status: "processing",
      processingStartedAt: now - 20 * MINUTE,
      processingAttempts: MAX_DOCUMENT_RUNS,
    });
    const recording = withRecordingQueues();
    const result = await runSweeps(createAppContext(recording.env), now);
    expect(result.documents.failed).toBeGreaterThanOrEqual(1);
    expect(recording.sent.filter((j) => j.documentId === doomed.id)).toEqual([]);
    expect(await documentRow(doomed.id)).toMatchObject({ status: "failed", last_error: `gave up after ${MAX_DOCUMENT_RUNS} runs` });
    expect(await notificationEvents(userId)).toEqual(["document_failed"]);
  });

  it("runs from the Worker's scheduled handler", async () => {
    const userId = await createUserRow();
    const lost = await storeDocument(userId, "ultima_factura", null, { queuedAt: Date.now() - 60 * MINUTE });
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const row = (await documentRow(lost.id))!;
    expect(row.queued_at as number).toBeGreaterThan(Date.now() - MINUTE);
  });
});
