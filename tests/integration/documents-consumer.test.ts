// The document-processing consumer inside workerd with the real extraction (PDF text layer, OCR):
// success on a bill PDF and an ID image, the ID ↔ bill holder check, low confidence left for an
// admin, retries with backoff, give-up after the last attempt, dead-lettering, idempotency — and
// the whole path upload → queue → verified through the real queue binding.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAppContext } from "../../app/server/context.server";
import { TEXTS } from "../../app/texts/user";
import { WORKER_OCR_ASSETS } from "../../app/server/documents/extraction/ocr-assets.server";
import { getOcrEngine } from "../../app/server/documents/extraction/ocr.server";
import { MAX_PROCESSING_ATTEMPTS, type DocumentJob } from "../../app/server/documents/jobs.server";
import type { ProcessingDeps } from "../../app/server/documents/processing.server";
import type { Env as AppEnv } from "../../app/server/env.server";
import { consumeDocumentBatch } from "../../workers/queues/document-processing";
import { billMaxAgeDaysForFixtures } from "../support/fixture-clock.mjs";
import billPdf from "../fixtures/generated/bill-electrica-popescu.pdf";
import oldBillPdf from "../fixtures/generated/bill-hidroelectrica-popescu-old.pdf";
import otherHolderBill from "../fixtures/generated/bill-eon-stefanescu-other-holder.pdf";
import idScan from "../fixtures/generated/id-popescu-scan.png";
import idLowContrast from "../fixtures/generated/id-tanase-lowContrast.jpg";
import idPhotoInPerspective from "../fixtures/generated/id-barbu-photo-s11-0.jpg";
import manifest from "../fixtures/generated/manifest.json";
import { lockedPdf } from "../fixtures/locked-pdf";
import { signInThroughApi } from "./auth-helpers";
import { api, createUserRow, documentRow, notificationEvents, storeDocument, uniqueCopy, upload, withRecordingQueues } from "./documents-helpers";

const NOW = Date.parse(manifest.now);
const ocr = async () => (await getOcrEngine(WORKER_OCR_ASSETS)).engine;
const deps: ProcessingDeps = { ocr, now: () => NOW };
// These tests run the consumer at the fixtures' own date, so the bill age limit is the one for that date
// (the global binding is computed for today, for the tests that go through the real queue).
const envAtFixtureDate = { ...env, BILL_MAX_AGE_DAYS: billMaxAgeDaysForFixtures(NOW) } as AppEnv;
const billTruth = manifest.bills.find((b) => b.file === "bill-electrica-popescu.pdf")!.truth;
const idTruth = manifest.ids.find((i) => i.file === "id-popescu-scan.png")!.truth;

let messageCounter = 0;
async function deliver(jobs: unknown[], options: { attempts?: number; deps?: ProcessingDeps; env?: AppEnv } = {}) {
  const batch = createMessageBatch<unknown>(
    "document-processing",
    jobs.map((body) => ({ id: `m${++messageCounter}`, timestamp: new Date(NOW), attempts: options.attempts ?? 1, body })),
  );
  // The test harness records that a message was retried, not the delay: record it here.
  const delays: (number | undefined)[] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (retryOptions) => {
      delays.push(retryOptions?.delaySeconds);
      retry(retryOptions);
    };
  }
  const ctx = createExecutionContext();
  await consumeDocumentBatch(batch, createAppContext(options.env ?? envAtFixtureDate), options.deps ?? deps);
  return { ids: batch.messages.map((m) => m.id), result: await getQueueResult(batch, ctx), delays };
}

const job = (doc: { id: string; userId: string }, reason: DocumentJob["reason"] = "upload"): DocumentJob => ({ documentId: doc.id, userId: doc.userId, reason });
const pdfFile = (bytes: ArrayBuffer, name = "factura.pdf") => ({ bytes: uniqueCopy(bytes), mimeType: "application/pdf", name });

describe("document-processing consumer", { timeout: 120_000 }, () => {
  it("verifies a bill PDF from its text layer and keeps the address sealed at rest", async () => {
    const user = await signInThroughApi();
    const doc = await storeDocument(user.userId, "ultima_factura", pdfFile(billPdf));
    const { ids, result } = await deliver([job(doc)]);
    expect(result.explicitAcks).toEqual(ids);
    expect(result.retryMessages).toEqual([]);

    const row = (await documentRow(doc.id))!;
    expect(row).toMatchObject({ status: "verified", processing_method: "pdf_text", processing_attempts: 1, last_error: null });
    expect(row.confidence as number).toBeGreaterThanOrEqual(0.8);
    expect(row.processed_at).toBe(NOW);
    expect(row.verified_at).toBe(NOW);
    expect(row.extracted_data_json as string).not.toContain("Memorandumului");
    expect(row.pii_encrypted as string).toMatch(/^v1\./);
    expect(await notificationEvents(user.userId)).toEqual(["document_processing", "document_verified"]);

    const status = await api({ accessToken: user.accessToken }, `/api/documents/processing-status/${doc.id}`);
    expect(status.body).toMatchObject({
      success: true,
      status: "verified",
      hasExtractedData: true,
      processingMethod: "pdf_text",
      extractedData: {
        basicInfo: { supplierName: billTruth.supplierName, billFullNumber: billTruth.billNumber, pod: billTruth.pod, pricePerKwh: billTruth.pricePerKwh, billingAddress: billTruth.billingAddress },
        customerInfo: { customerName: billTruth.customerName, customerAddress: { billing: billTruth.billingAddress }, contractNumber: billTruth.contractNumber },
        totalAmounts: { totalWithoutVAT: billTruth.totalWithoutVat, vatAmount: billTruth.vat, totalWithVAT: billTruth.totalWithVat, currency: "RON" },
        consumptionData: { consumption: billTruth.consumptionKwh, tariffType: billTruth.tariffType },
        technicalInfo: { pod: billTruth.pod, putereContractata: billTruth.contractedPowerKw },
      },
      personalData: { customerName: billTruth.customerName, address: billTruth.billingAddress },
      validationDetails: { isValid: true, issues: [] },
    });
  });

  it("verifies an ID image by OCR; the CNP, number and address are never stored in clear", async () => {
    const user = await signInThroughApi();
    const doc = await storeDocument(user.userId, "document_identitate", { bytes: uniqueCopy(idScan), mimeType: "image/png", name: "buletin.png" });
    await deliver([job(doc)]);
    const row = (await documentRow(doc.id))!;
    expect(row).toMatchObject({ status: "verified", processing_method: "ocr_image" });
    const stored = JSON.stringify(row);
    for (const secret of [idTruth.cnp, idTruth.number, "Memorandumului"]) expect(stored).not.toContain(secret);

    const status = await api({ accessToken: user.accessToken }, `/api/documents/processing-status/${doc.id}`);
    expect(status.body).toMatchObject({
      status: "verified",
      hasExtractedData: true,
      extractedData: {
        cnp: idTruth.cnp,
        lastName: idTruth.lastName,
        firstName: idTruth.firstName,
        dateOfBirth: idTruth.birthDate,
        documentNumber: `${idTruth.series} ${idTruth.number}`,
        expiryDate: idTruth.expiryDate,
      },
      personalData: { cnp: idTruth.cnp, lastName: idTruth.lastName },
      validationDetails: { isValid: true },
    });
  });

  it("checks the bill holder against the user's ID: another holder is rejected with the reason", async () => {
    const userId = await createUserRow();
    const id = await storeDocument(userId, "document_identitate", { bytes: uniqueCopy(idScan), mimeType: "image/png", name: "ci.png" });
    await deliver([job(id)]);
    expect((await documentRow(id.id))!.status).toBe("verified");

    const same = await storeDocument(userId, "ultima_factura", pdfFile(billPdf));
    const other = await storeDocument(userId, "ultima_factura", pdfFile(otherHolderBill));
    await deliver([job(same), job(other)]);
    expect((await documentRow(same.id))!.status).toBe("verified");
    const rejected = (await documentRow(other.id))!;
    expect(rejected.status).toBe("rejected");
    const issues = JSON.parse(rejected.validation_json as string).issues as { code: string; message: string }[];
    expect(issues).toContainEqual(expect.objectContaining({ code: "bill_holder_mismatch", message: "Titularul facturii nu este aceeași persoană cu titularul actului de identitate." }));
    const { results } = await env.DB.prepare("SELECT event, message FROM notifications WHERE user_id = ? AND event = 'document_rejected'").bind(userId).all<{ message: string }>();
    expect(results[0]!.message).toBe(TEXTS.documentNotifications.rejected.message("factura.pdf", "Titularul facturii nu este aceeași persoană cu titularul actului de identitate."));
  });

  it("rejects a bill older than BILL_MAX_AGE_DAYS", async () => {
    const userId = await createUserRow();
    const doc = await storeDocument(userId, "ultima_factura", pdfFile(oldBillPdf));
    await deliver([job(doc)]);
    const row = (await documentRow(doc.id))!;
    expect(row.status).toBe("rejected");
    expect(row.validation_json as string).toContain("bill_too_old");
    expect(await notificationEvents(userId)).toEqual(["document_processing", "document_rejected"]);
  });

  it("refuses at once a PDF locked with a password, telling the user to upload it without one", async () => {
    const userId = await createUserRow();
    const locked = lockedPdf("parola-din-email");
    const doc = await storeDocument(userId, "ultima_factura", pdfFile(locked.buffer.slice(locked.byteOffset, locked.byteOffset + locked.byteLength) as ArrayBuffer));
    await deliver([job(doc)]);
    const row = (await documentRow(doc.id))!;
    expect(row).toMatchObject({ status: "rejected", processing_method: "none" });
    const issues = JSON.parse(row.validation_json as string).issues as { code: string; message: string }[];
    expect(issues).toEqual([expect.objectContaining({ code: "pdf_password_protected", message: expect.stringContaining("protejat cu parolă") })]);
    expect(await notificationEvents(userId)).toEqual(["document_processing", "document_rejected"]);
  });

  it("leaves a low-confidence reading pending for an admin, with the confidence and method stored", async () => {
    const userId = await createUserRow();
    // An ID photo uploaded as a bill: OCR reads text, but none of a bill's fields.
    const doc = await storeDocument(userId, "ultima_factura", { bytes: uniqueCopy(idLowContrast), mimeType: "image/jpeg", name: "factura.jpg" });
    await deliver([job(doc)]);
    const row = (await documentRow(doc.id))!;
    expect(row).toMatchObject({ status: "pending", processing_method: "ocr_image" });
    expect(row.confidence as number).toBeLessThan(0.6);
    expect(row.processed_at).toBe(NOW);
    expect(await notificationEvents(userId)).toEqual(["document_processing", "document_processing"]);
    const admin = await env.DB.prepare("SELECT type FROM admin_notifications WHERE metadata_json LIKE ?").bind(`%${doc.id}%`).first<{ type: string }>();
    expect(admin?.type).toBe("document_needs_review");

    const list = await api({ cookie: "" }, "/api/documents/status/all");
    expect(list.res.status).toBe(401);
  });

  it("sends an unreadable or unsupported document to review, never a fake success", async () => {
    const userId = await createUserRow();
    const contract = await storeDocument(userId, "contract_furnizor_actual", pdfFile(billPdf));
    await deliver([job(contract)]);
    const row = (await documentRow(contract.id))!;
    expect(row).toMatchObject({ status: "pending", confidence: 0, processing_method: "none" });
    expect(row.validation_json as string).toContain("unsupported_document_type");
  });

  it("is idempotent: a redelivered message for a finished document changes nothing", async () => {
    const userId = await createUserRow();
    const doc = await storeDocument(userId, "ultima_factura", pdfFile(billPdf));
    await deliver([job(doc)]);
    const before = await documentRow(doc.id);
    const again = await deliver([job(doc), job(doc, "reprocess")], { attempts: 2 });
    expect(again.result.explicitAcks).toEqual(again.ids);
    expect(await documentRow(doc.id)).toEqual(before);
    expect(await notificationEvents(userId)).toEqual(["document_processing", "document_verified"]);
  });

  it("does not touch a document another delivery is processing, nor a deleted one", async () => {
    const userId = await createUserRow();
    const busy = await storeDocument(userId, "ultima_factura", pdfFile(billPdf), { status: "processing", processingStartedAt: NOW - 1000 });
    const { result, ids } = await deliver([job(busy), { documentId: "0190f1f0-0000-7000-8000-000000000000", userId, reason: "upload" }]);
    expect(result.explicitAcks).toEqual(ids);
    expect((await documentRow(busy.id))!.status).toBe("processing");
  });

  it("retries a transient failure with growing backoff, then succeeds without a second 'processing' notification", async () => {
    const userId = await createUserRow();
    const doc = await storeDocument(userId, "document_identitate", { bytes: uniqueCopy(idScan), mimeType: "image/png", name: "ci.png" });
    const broken: ProcessingDeps = { ocr: () => Promise.reject(new Error("OCR engine unavailable")), now: () => NOW };

    const first = await deliver([job(doc)], { deps: broken, attempts: 1 });
    expect(first.result.explicitAcks).toEqual([]);
    expect(first.result.retryMessages).toEqual([{ msgId: first.ids[0] }]);
    expect(first.delays).toEqual([10]);
    expect(await documentRow(doc.id)).toMatchObject({ status: "pending", processed_at: null, last_error: "Error: OCR engine unavailable" });

    const second = await deliver([job(doc)], { deps: broken, attempts: 2 });
    expect(second.delays).toEqual([20]);

    await deliver([job(doc)], { attempts: 3 });
    expect(await documentRow(doc.id)).toMatchObject({ status: "verified", processing_attempts: 3, last_error: null });
    expect(await notificationEvents(userId)).toEqual(["document_processing", "document_verified"]);
    const { results } = await env.DB.prepare("SELECT action FROM document_events WHERE document_id = ? ORDER BY rowid").bind(doc.id).all<{ action: string }>();
    expect(results.map((r) => r.action)).toEqual(["processing", "retry", "retry", "verified"]);
  });

  it("gives up at the last attempt: failed, owner notified, message dead-lettered", async () => {
    const userId = await createUserRow();
    const doc = await storeDocument(userId, "document_identitate", { bytes: uniqueCopy(idScan), mimeType: "image/png", name: "ci.png" });
    const recording = withRecordingQueues();
    const broken: ProcessingDeps = { ocr: () => Promise.reject(new Error("out of memory")), now: () => NOW };
    const { result, ids } = await deliver([job(doc)], { deps: broken, attempts: MAX_PROCESSING_ATTEMPTS, env: recording.env });
    expect(result.explicitAcks).toEqual(ids);
    expect(result.retryMessages).toEqual([]);
    expect(recording.deadLettered).toEqual([job(doc)]);
    expect(await documentRow(doc.id)).toMatchObject({ status: "failed", last_error: "Error: out of memory" });
    expect(await notificationEvents(userId)).toEqual(["document_failed"]);
  });

  it("fails at once when the stored file is gone (no retry can help)", async () => {
    const userId = await createUserRow();
    const doc = await storeDocument(userId, "ultima_factura", null);
    const { result, ids } = await deliver([job(doc)]);
    expect(result.explicitAcks).toEqual(ids);
    expect(await documentRow(doc.id)).toMatchObject({ status: "failed", last_error: "file missing from storage" });
    expect(await notificationEvents(userId)).toEqual(["document_processing", "document_failed"]);
  });

  it("dead-letters a poison (malformed) message without retrying it", async () => {
    const recording = withRecordingQueues();
    const { result, ids } = await deliver([{ documentId: 42 }, "not even an object"], { env: recording.env });
    expect(result.explicitAcks).toEqual(ids);
    expect(result.retryMessages).toEqual([]);
    expect(recording.deadLettered).toEqual([{ documentId: 42 }, "not even an object"]);
  });
});

describe("upload → queue → verified, through the real queue binding", { timeout: 120_000 }, () => {
  it("an ID image and a bill PDF of the same person both reach verified", async () => {
    const user = await signInThroughApi();
    const auth = { accessToken: user.accessToken };
    const id = await upload(auth, "document_identitate", [{ name: "ci.png", type: "image/png", bytes: uniqueCopy(idScan) }]);
    const bill = await upload(auth, "ultima_factura", [{ name: "factura.pdf", type: "application/pdf", bytes: uniqueCopy(billPdf) }]);
    expect(id.res.status).toBe(201);
    expect(bill.res.status).toBe(201);
    let statuses: string[] = [];
    for (let i = 0; i < 120; i++) {
      const list = await api(auth, "/api/documents/status/all");
      statuses = (list.body!.documents as { status: string }[]).map((d) => d.status);
      if (statuses.every((s) => s === "verified")) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(statuses).toEqual(["verified", "verified"]);
    const events = await notificationEvents(user.userId);
    expect(events.filter((e) => e === "document_verified")).toHaveLength(2);
  });

  it("a card photographed at an angle, in perspective and under a shadow is found, straightened and read (issue #14)", async () => {
    const truth = manifest.moreIds.find((i) => i.file === "id-barbu-photo-s11-0.jpg")!.truth;
    const user = await signInThroughApi();
    const auth = { accessToken: user.accessToken };
    const sent = await upload(auth, "document_identitate", [{ name: "buletin.jpg", type: "image/jpeg", bytes: uniqueCopy(idPhotoInPerspective) }]);
    expect(sent.res.status).toBe(201);
    const documentId = (sent.body.documents as { id: string }[])[0]!.id;
    let row = await documentRow(documentId);
    for (let i = 0; i < 160 && row!.processed_at === null; i++) {
      await new Promise((r) => setTimeout(r, 250));
      row = await documentRow(documentId);
    }
    expect(row!.processing_method).toBe("ocr_image");
    const status = await api(auth, `/api/documents/processing-status/${documentId}`);
    expect(status.body).toMatchObject({
      hasExtractedData: true,
      extractedData: {
        cnp: truth.cnp,
        lastName: truth.lastName,
        firstName: truth.firstName,
        dateOfBirth: truth.birthDate,
        documentNumber: `${truth.series} ${truth.number}`,
      },
    });
  });
});
