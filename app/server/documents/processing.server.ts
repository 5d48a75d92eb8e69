// One run of the document pipeline, for the queue consumer: claim → read the file from R2 →
// extract (text layer or OCR) → verify (own rules + the ID ↔ bill holder check) → store the result
// with the personal data sealed → history event + user and admin notifications, pushed live.
//
// Imports the extraction core: only Worker-bundled code (workers/queues, workerd tests) may import
// this file, never a Remix route (docs/decisions/0005-offline-ocr.md).
import type { AppContext } from "../context.server";
import { recordMetricsNow } from "../metrics/recorder.server";
import type { MetricFact } from "../metrics/rollup.server";
import { eq } from "drizzle-orm";
import { TEXTS } from "../../texts/user";
import { ADMIN_TEXTS } from "../../texts/admin";
import { type Database } from "../db/client.server";
import { meterReadings } from "../db/schema.server";
import { appConfig } from "../config.server";
import type { Env } from "../env.server";
import {
  adminNotificationInsert,
  newAdminNotification,
  newUserNotification,
  publishAdminNotification,
  publishUserNotification,
  pushUserEvent,
  userNotificationInsert,
  type AdminNotificationRow,
} from "../notifications/notifications.server";
import { extractDocument, type ExtractedData, type ExtractionResult } from "./extraction/extract-document.server";
import type { OcrEngine } from "./extraction/ocr.server";
import type { DocumentJob } from "./jobs.server";
import { processingLeaseMs } from "./jobs.server";
import { giveUpOnDocument } from "./lifecycle.server";
import { ISSUE_MESSAGES } from "./messages.server";
import { readDocumentData } from "./corrections.server";
import { sealExtraction } from "./pii.server";
import {
  claimForProcessing,
  documentEventInsert,
  finishProcessingUpdate,
  latestReadCounterpart,
  renewProcessingLease,
  type DocumentRow,
} from "./repository.server";
import { readDocumentFile } from "./storage.server";
import {
  combineValidations,
  crossCheck,
  decideStatus,
  verifyBill,
  verifyIdentity,
  verifyLockedPdf,
  type ValidationDetails,
} from "./verification.server";

export interface ProcessingDeps {
  ocr: () => Promise<OcrEngine>;
  /** The clock (tests pin it to the fixtures' date). */
  now?: () => number;
}

export type JobOutcome =
  | { kind: "skipped"; reason: "not_claimable" }
  | { kind: "finished"; status: "verified" | "rejected" | "pending"; confidence: number; processingMs: number }
  | { kind: "failed"; reason: string };

/** workerd advances its clock only across I/O: yield once so the reading is current. */
async function currentTime(deps: ProcessingDeps): Promise<number> {
  if (deps.now) return deps.now();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return Date.now();
}

function unreadableValidation(data: Extract<ExtractedData, { kind: "unreadable" }>): ValidationDetails {
  if (data.reason === "pdf_password_protected") return verifyLockedPdf();
  const code = data.reason === "no_text_found" ? "document_unreadable" : data.reason;
  return {
    confidence: 0,
    isValid: false,
    issues: [{ code, message: ISSUE_MESSAGES[code], field: null, severity: "error", blocking: false }],
  };
}

async function validate(env: Env, db: Database, row: DocumentRow, result: ExtractionResult, now: number): Promise<ValidationDetails> {
  const data = result.extractedData;
  if (data.kind === "unreadable") return unreadableValidation(data);
  const maxAgeDays = appConfig(env).documents.billMaxAgeDays;
  const own = data.kind === "id_card" ? verifyIdentity(data, { now, ocrQuality: result.ocrQuality }) : verifyBill(data, { now, ocrQuality: result.ocrQuality, maxAgeDays });
  // The holder check needs only names, which are stored in clear: no decryption here.
  const counterpartType = data.kind === "id_card" ? "ultima_factura" : "document_identitate";
  const counterpart = await latestReadCounterpart(db, row.userId, counterpartType, row.id);
  const other = counterpart ? await readDocumentData(env, db, counterpart, { reveal: false }) : null;
  if (data.kind === "id_card" && other?.kind === "bill") return combineValidations(own, crossCheck(data, other));
  if (data.kind === "bill" && other?.kind === "id_card") return combineValidations(own, crossCheck(other, data));
  return own;
}

function decisionStatus(details: ValidationDetails): "verified" | "rejected" | "pending" {
  const decision = decideStatus(details);
  return decision === "needs_review" ? "pending" : decision;
}

function notificationFor(row: DocumentRow, status: "verified" | "rejected" | "pending", details: ValidationDetails, now: number) {
  const n = TEXTS.documentNotifications;
  const data = { documentId: row.id, documentType: row.documentType, status };
  if (status === "verified") {
    return { userId: row.userId, event: "document_verified" as const, type: "success" as const, category: "documents" as const, title: n.verified.title, message: n.verified.message(row.fileName), data, now };
  }
  if (status === "rejected") {
    const reason = details.issues.find((i) => i.blocking) ?? details.issues.find((i) => i.severity === "error") ?? details.issues[0];
    return {
      userId: row.userId,
      event: "document_rejected" as const,
      type: "error" as const,
      category: "documents" as const,
      title: n.rejected.title,
      message: n.rejected.message(row.fileName, reason?.message ?? ""),
      data: { ...data, reasons: details.issues.map((i) => i.code) },
      now,
    };
  }
  return { userId: row.userId, event: "document_processing" as const, type: "warning" as const, category: "documents" as const, title: n.review.title, message: n.review.message(row.fileName), data: { ...data, awaitingReview: true }, now };
}

/**
 * Processes the document of a job. Returns what happened; throws on a transient failure (the
 * caller retries the message with backoff). A redelivered message for a finished document is a no-op.
 */
export async function processDocumentJob(
  ctx: AppContext,
  job: DocumentJob,
  deps: ProcessingDeps,
  options: { firstDelivery: boolean },
): Promise<JobOutcome> {
  const db = ctx.db;
  const started = await currentTime(deps);
  const row = await claimForProcessing(db, job.documentId, job.userId, started, processingLeaseMs(ctx.env));
  if (!row) return { kind: "skipped", reason: "not_claimable" };

  if (options.firstDelivery) {
    const n = TEXTS.documentNotifications.processing;
    const note = newUserNotification({
      userId: row.userId,
      event: "document_processing",
      type: "info",
      category: "documents",
      title: n.title,
      message: n.message(row.fileName),
      data: { documentId: row.id, documentType: row.documentType, status: "processing" },
      now: started,
    });
    await db.batch([documentEventInsert(db, row.id, "processing", job.reason, started), userNotificationInsert(db, note)]);
    await publishUserNotification(ctx.env, note);
  }

  // The lease is short (a dead consumer frees the document soon): renewed before the long part. A
  // run that lost it (it ran out and another run took over) stops here, and can never finish it.
  const lease = await currentTime(deps);
  if (!(await renewProcessingLease(db, row.id, started, lease))) return { kind: "skipped", reason: "not_claimable" };

  const bytes = await readDocumentFile(ctx.env, row.r2Key);
  if (!bytes) {
    // The stored file is gone: no retry can bring it back.
    await giveUpOnDocument(ctx, row.id, "file missing from storage", started);
    return { kind: "failed", reason: "file missing from storage" };
  }

  const result = await extractDocument({
    bytes,
    mimeType: row.mimeType,
    documentType: row.documentType,
    subtype: row.documentSubtype,
    now: started,
    ocr: deps.ocr,
  });
  const details = await validate(ctx.env, db, row, result, started);
  const status = decisionStatus(details);
  const sealed = await sealExtraction(ctx.env, row.id, result.extractedData);
  const finished = await currentTime(deps);
  const processingMs = Math.max(0, finished - started);

  const [updated] = await finishProcessingUpdate(
    db,
    row.id,
    {
      status,
      confidence: details.confidence,
      processingMethod: result.processingMethod,
      extractedDataJson: sealed.extractedDataJson,
      piiEncrypted: sealed.piiEncrypted,
      validationJson: JSON.stringify(details),
      processingMs,
      lastError: null,
    },
    finished,
    lease,
  );
  // Deleted, reset, or taken over after the lease ran out while we worked: the other run tells.
  if (!updated) return { kind: "skipped", reason: "not_claimable" };

  const action = status === "pending" ? "needs_review" : status;
  const notes = details.issues.map((i) => i.code).join(",") || null;
  const note = newUserNotification(notificationFor(row, status, details, finished));
  const adminNote = adminNotificationFor(row, status, details, finished);
  await db.batch([documentEventInsert(db, row.id, action, notes, finished), userNotificationInsert(db, note), adminNotificationInsert(db, adminNote)]);
  await publishUserNotification(ctx.env, note);
  await publishAdminNotification(ctx.env, adminNote);
  if (row.documentType === "poza_contor") await announceMeterPhotoProcessed(ctx.env, db, row, status, finished);
  const facts: MetricFact[] = [{ kind: "document", series: row.documentType, at: finished, ms: processingMs, error: false }];
  if (result.timings.ocrMs !== null) facts.push({ kind: "ocr", series: row.documentType, at: finished, ms: result.timings.ocrMs, error: false });
  await recordMetricsNow(ctx.env, facts);
  return { kind: "finished", status, confidence: details.confidence, processingMs };
}

function adminNotificationFor(row: DocumentRow, status: "verified" | "rejected" | "pending", details: ValidationDetails, now: number): AdminNotificationRow {
  const metadata = { user_id: row.userId, document_id: row.id, document_type: row.documentType };
  if (status === "verified") {
    const n = ADMIN_TEXTS.notifications.documentVerified;
    return newAdminNotification({ type: "document_verified", title: n.title, message: n.message(row.fileName), metadata, now });
  }
  if (status === "rejected") {
    const n = ADMIN_TEXTS.notifications.documentRejected;
    const reason = details.issues.find((i) => i.blocking) ?? details.issues.find((i) => i.severity === "error") ?? details.issues[0];
    return newAdminNotification({ type: "document_rejected", title: n.title, message: n.message(row.fileName, reason?.message ?? ""), metadata, now });
  }
  const n = TEXTS.documentNotifications.adminReview;
  return newAdminNotification({ type: "document_needs_review", title: n.title, message: n.message(row.fileName), metadata, now });
}

/** A meter photo went through the pipeline: the reading it belongs to has news (user spec §7 meter_reading_processed). */
async function announceMeterPhotoProcessed(env: Env, db: Database, row: DocumentRow, status: string, now: number): Promise<void> {
  const [reading] = await db.select({ id: meterReadings.id }).from(meterReadings).where(eq(meterReadings.photoDocumentId, row.id)).limit(1);
  if (!reading) return;
  await pushUserEvent(env, row.userId, "meter_reading_processed", { meterReadingId: reading.id, documentId: row.id, status }, now);
}
