// Fault tests (issue 15): a document whose consumer died mid-processing (claimed, then nothing) is
// finished exactly once, whether the owner reprocesses it once the short lease has lapsed or the sweep
// re-queues it; a message delivered three times has one effect; the dead run can never finish it.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TEXTS } from "../../app/texts/user";
import { createDb } from "../../app/server/db/client.server";
import { WORKER_OCR_ASSETS } from "../../app/server/documents/extraction/ocr-assets.server";
import { getOcrEngine } from "../../app/server/documents/extraction/ocr.server";
import { processingLeaseMs, type DocumentJob } from "../../app/server/documents/jobs.server";
import { reprocessDocument } from "../../app/server/documents/lifecycle.server";
import type { ProcessingDeps } from "../../app/server/documents/processing.server";
import { claimForProcessing, finishProcessingUpdate, renewProcessingLease } from "../../app/server/documents/repository.server";
import type { Env as AppEnv } from "../../app/server/env.server";
import { consumeDocumentBatch } from "../../workers/queues/document-processing";
import { runSweeps } from "../../workers/sweeps";
import billPdf from "../fixtures/generated/bill-electrica-popescu.pdf";
import manifest from "../fixtures/generated/manifest.json";
import { billMaxAgeDaysForFixtures } from "../support/fixture-clock.mjs";
import { signInThroughApi } from "./auth-helpers";
import { api, createUserRow, documentRow, notificationEvents, storeDocument, uniqueCopy, withRecordingQueues } from "./documents-helpers";
import { createAppContext } from "../../app/server/context.server";

const NOW = Date.parse(manifest.now);
const LEASE = processingLeaseMs(env);
const envAtFixtureDate = { ...env, BILL_MAX_AGE_DAYS: billMaxAgeDaysForFixtures(NOW) } as AppEnv;
const ocr = async () => (await getOcrEngine(WORKER_OCR_ASSETS)).engine;
const at = (now: number): ProcessingDeps => ({ ocr, now: () => now });
const bill = () => ({ bytes: uniqueCopy(billPdf), mimeType: "application/pdf", name: "factura.pdf" });

let counter = 0;
async function deliver(jobs: DocumentJob[], deps: ProcessingDeps, attempts = 1) {
  const batch = createMessageBatch<unknown>(
    "document-processing",
    jobs.map((body) => ({ id: `crash-${++counter}`, timestamp: new Date(NOW), attempts, body })),
  );
  const ctx = createExecutionContext();
  await consumeDocumentBatch(batch, createAppContext(envAtFixtureDate), deps);
  return getQueueResult(batch, ctx);
}

async function verifiedEvents(documentId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM document_events WHERE document_id = ? AND action = 'verified'").bind(documentId).first<{ n: number }>();
  return row!.n;
}

/** A consumer claimed the document at `t0` and died: no renewal, no result, no release. */
async function diedMidProcessing(userId: string, t0: number) {
  const doc = await storeDocument(userId, "ultima_factura", bill());
  expect(await claimForProcessing(createDb(env.DB), doc.id, userId, t0, LEASE)).not.toBeNull();
  return doc;
}

describe("a document whose consumer died mid-processing", { timeout: 120_000 }, () => {
  it("has a short lease (2 minutes)", () => {
    expect(LEASE).toBe(2 * 60_000);
  });

  it("is refused for reprocessing while the lease holds, then reprocessed by its owner and finished exactly once", async () => {
    const userId = await createUserRow();
    const t0 = NOW - LEASE - 10_000;
    const doc = await diedMidProcessing(userId, t0);
    const recording = withRecordingQueues(envAtFixtureDate);
    const db = createDb(env.DB);

    expect(await reprocessDocument(recording.env, db, userId, doc.id, t0 + 30_000)).toEqual({ ok: false, reason: "processing" });
    const reset = await reprocessDocument(recording.env, db, userId, doc.id, t0 + LEASE + 1);
    expect(reset.ok).toBe(true);
    expect(recording.sent).toEqual([{ documentId: doc.id, userId, reason: "reprocess" }]);

    // The re-sent message, and two redeliveries of it.
    const results = [await deliver(recording.sent, at(NOW)), await deliver(recording.sent, at(NOW), 2), await deliver(recording.sent, at(NOW), 3)];
    expect(results.every((r) => r.retryMessages.length === 0)).toBe(true);
    expect(await documentRow(doc.id)).toMatchObject({ status: "verified", processed_at: NOW });
    expect(await verifiedEvents(doc.id)).toBe(1);
    expect((await notificationEvents(userId)).filter((e) => e === "document_verified")).toHaveLength(1);

    // The dead run wakes up: its lease is gone, so it can neither renew nor write its result.
    expect(await renewProcessingLease(db, doc.id, t0, NOW + 1)).toBe(false);
    const late = await finishProcessingUpdate(
      db,
      doc.id,
      { status: "rejected", confidence: 0, processingMethod: null, extractedDataJson: null, piiEncrypted: null, validationJson: null, processingMs: 1, lastError: null },
      NOW + 2,
      t0,
    );
    expect(late).toEqual([]);
    expect(await documentRow(doc.id)).toMatchObject({ status: "verified", processed_at: NOW });
  });

  it("is re-queued by the sweep once the lease lapsed, and a message delivered three times has one effect", async () => {
    const userId = await createUserRow();
    const t0 = NOW - LEASE - 10_000;
    const doc = await diedMidProcessing(userId, t0);

    const early = withRecordingQueues(envAtFixtureDate);
    await runSweeps(createAppContext(early.env), t0 + LEASE - 1);
    expect(early.sent.filter((j) => j.documentId === doc.id)).toEqual([]);

    const recording = withRecordingQueues(envAtFixtureDate);
    await runSweeps(createAppContext(recording.env), t0 + LEASE + 1);
    const mine = recording.sent.filter((j) => j.documentId === doc.id);
    expect(mine).toEqual([{ documentId: doc.id, userId, reason: "sweep" }]);

    // Three deliveries in one batch (the original and two redeliveries).
    const result = await deliver([mine[0]!, mine[0]!, mine[0]!], at(NOW), 2);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toHaveLength(3);
    expect(await documentRow(doc.id)).toMatchObject({ status: "verified" });
    expect(await verifiedEvents(doc.id)).toBe(1);
    expect((await notificationEvents(userId)).filter((e) => e === "document_verified")).toHaveLength(1);
  });

  it("is reprocessed over HTTP by its owner once the lease has lapsed (409 before)", async () => {
    const user = await signInThroughApi();
    const auth = { accessToken: user.accessToken };
    const held = await storeDocument(user.userId, "ultima_factura", null, { status: "processing", processingStartedAt: Date.now() - 30_000 });
    const refused = await api(auth, `/api/documents/reprocess/${held.id}`, { method: "POST" });
    expect(refused.res.status).toBe(409);
    expect(refused.body!.message).toBe(TEXTS.documents.alreadyProcessing);

    const lapsed = await storeDocument(user.userId, "ultima_factura", null, { status: "processing", processingStartedAt: Date.now() - LEASE - 5_000 });
    const { res, body } = await api(auth, `/api/documents/reprocess/${lapsed.id}`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, document: { id: lapsed.id, status: "pending" } });
  });
});
