// Documents as reviewers list and decide them (admin spec §2 "Documents", §3 document list / review /
// full details, §4 document actions, §7 `/documents*`): filters and pages of 20, the review detail with
// the reading (corrections laid over it) and every validation issue, verify / reject / reprocess, the
// statistics. Every decision writes the document's history, the audit log (before/after), a user
// notification and an admin notification, both pushed live.
import { and, avg, count, desc, eq, inArray, isNotNull, like, min, or, sql } from "drizzle-orm";
import { canDecide, canReprocess, correctableFieldsOf, type RejectionReason } from "../../lib/document-review";
import { PROGRESS_KEYS } from "../../lib/documents";
import type { AdminDocumentListQuery } from "../../lib/schemas/admin-documents";
import { ADMIN_TEXTS } from "../../texts/admin";
import type { Database } from "../db/client.server";
import { admins, auditLog, documentEvents, documents, users } from "../db/schema.server";
import type { Env } from "../env.server";
import { jsonError } from "../http.server";
import {
  correctionInserts,
  listCorrections,
  machineValueOf,
  planCorrections,
  readDocumentData,
  type CorrectionProblem,
} from "../documents/corrections.server";
import type { ExtractedData } from "../documents/extraction/extract-document.server";
import { reprocessDocument } from "../documents/lifecycle.server";
import { openExtraction } from "../documents/pii.server";
import { fieldReviews } from "../documents/field-review.server";
import { documentEventInsert, findDocument, type DocumentRow } from "../documents/repository.server";
import type { ValidationDetails } from "../documents/verification.server";
import { adminRejectionMessage } from "../documents/views.server";
import {
  adminNotificationInsert,
  newAdminNotification,
  newUserNotification,
  publishAdminNotification,
  publishUserNotification,
  userNotificationInsert,
} from "../notifications/notifications.server";
import { writeAudit, type AdminPrincipal } from "./admin-auth.server";

const T = ADMIN_TEXTS.documentsPage;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const DAY_MS = 24 * 60 * 60 * 1000;

function storedValidation(row: DocumentRow): ValidationDetails | null {
  return row.validationJson ? (JSON.parse(row.validationJson) as ValidationDetails) : null;
}

/** A document left for review passed no check yet or failed one: verifying it needs the reviewer's override. */
export function checksPassed(row: DocumentRow): boolean {
  return storedValidation(row)?.isValid === true;
}

/** Users a search box text names: its id, or phones containing its digits (0… or +40…); at most 100. */
async function usersMatching(db: Database, text: string): Promise<string[]> {
  const digits = text.replace(/\D/g, "");
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.id, text), digits.length >= 3 ? like(users.phone, `%${digits.replace(/^0/, "")}%`) : undefined))
    .limit(100);
  return rows.map((r) => r.id);
}

export async function listDocumentsForAdmin(db: Database, filters: AdminDocumentListQuery) {
  const parts = [];
  if (filters.status) parts.push(eq(documents.status, filters.status));
  if (filters.document_type) parts.push(eq(documents.documentType, filters.document_type));
  // The users first (10k phones scanned once), then their documents through (user_id, created_at):
  // joining every document to its user to test the phone would read the whole table.
  const pagination = (total: number) => {
    const pages = Math.max(1, Math.ceil(total / filters.limit));
    return { page: filters.page, limit: filters.limit, total, totalPages: pages, total_pages: pages };
  };
  if (filters.user_id) {
    const ids = await usersMatching(db, filters.user_id);
    if (ids.length === 0) return { documents: [], pagination: pagination(0) };
    parts.push(inArray(documents.userId, ids));
  }
  const where = parts.length ? and(...parts) : undefined;
  // Every document has its user (foreign key, deleted with it): the count needs no join.
  const [rows, [total]] = await Promise.all([
    db
      .select({ doc: documents, phone: users.phone, firstName: users.firstName, lastName: users.lastName })
      .from(documents)
      .innerJoin(users, eq(users.id, documents.userId))
      .where(where)
      .orderBy(desc(documents.uploadedAt), desc(documents.id))
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit),
    db.select({ n: count() }).from(documents).where(where),
  ]);
  return {
    documents: rows.map(({ doc, phone, firstName, lastName }) => ({
      id: doc.id,
      user_id: doc.userId,
      user_phone: phone,
      user_name: [firstName, lastName].filter(Boolean).join(" ") || null,
      document_type: doc.documentType,
      document_subtype: doc.documentSubtype,
      file_name: doc.fileName,
      mime_type: doc.mimeType,
      status: doc.status,
      awaiting_review: doc.status === "pending" && doc.processedAt !== null,
      uploaded_at: iso(doc.uploadedAt)!,
      file_size: doc.fileSize,
      confidence_score: doc.confidence,
    })),
    pagination: pagination(total?.n ?? 0),
  };
}

async function findWithUser(db: Database, id: string) {
  const [row] = await db
    .select({ doc: documents, user: { id: users.id, phone: users.phone, firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.userId))
    .where(eq(documents.id, id))
    .limit(1);
  return row ?? null;
}

async function processingHistory(db: Database, documentId: string) {
  const rows = await db
    .select({ event: documentEvents, adminEmail: admins.email })
    .from(documentEvents)
    .leftJoin(admins, eq(admins.id, documentEvents.adminId))
    .where(eq(documentEvents.documentId, documentId))
    .orderBy(desc(documentEvents.createdAt), desc(documentEvents.id));
  return rows.map(({ event, adminEmail }) => ({
    id: event.id,
    action: event.action,
    admin_email: adminEmail,
    notes: event.notes,
    created_at: iso(event.createdAt)!,
  }));
}

/**
 * The reading as flat fields: each with the value in use, what the machine read, its confidence, and
 * (issue #14) its verdict — status, reason, source — as fieldReviews gives it.
 */
function fieldRows(row: DocumentRow, machine: ExtractedData | null, effective: ExtractedData | null, correctedFields: Set<string>) {
  const fields = correctableFieldsOf(row.documentType);
  if (!fields) return null;
  const confidence = machine && machine.kind !== "unreadable" ? ((machine.fieldConfidence ?? {}) as Record<string, number | undefined>) : {};
  const missing = new Set<string>(machine && machine.kind !== "unreadable" ? (machine.missingFields as string[]) : []);
  const reviews = new Map((fieldReviews(row.documentType, machine, storedValidation(row)) ?? []).map((r) => [r.field, r]));
  return Object.entries(fields).map(([field, kind]) => {
    const review = reviews.get(field);
    return {
      field,
      kind,
      value: machineValueOf(effective, field),
      machine_value: machineValueOf(machine, field),
      corrected: correctedFields.has(field),
      confidence: confidence[field] ?? null,
      missing: missing.has(field),
      status: review?.status ?? null,
      required: review?.required ?? null,
      reason: review?.reason ?? null,
      source: review?.source ?? null,
    };
  });
}

/** GET /api/admin/documents/{id}: what the review dialog shows (admin spec §3 "Document (review detail)"). */
export async function adminDocumentDetail(env: Env, db: Database, id: string) {
  const found = await findWithUser(db, id);
  if (!found) return null;
  const { doc, user } = found;
  const [machine, effective, corrections, history, reviewer] = await Promise.all([
    openExtraction(env, doc, { reveal: true }),
    readDocumentData(env, db, doc, { reveal: true }),
    listCorrections(env, db, [doc.id], { reveal: true }),
    processingHistory(db, doc.id),
    doc.reviewedBy ? db.select({ email: admins.email }).from(admins).where(eq(admins.id, doc.reviewedBy)).limit(1) : Promise.resolve([]),
  ]);
  const validation = storedValidation(doc);
  const correctedFields = new Set(corrections.map((c) => c.field));
  return {
    id: doc.id,
    user: { id: user.id, phone: user.phone, first_name: user.firstName, last_name: user.lastName, email: user.email },
    document_type: doc.documentType,
    document_subtype: doc.documentSubtype,
    status: doc.status,
    awaiting_review: doc.status === "pending" && doc.processedAt !== null,
    file_name: doc.fileName,
    file_size: doc.fileSize,
    mime_type: doc.mimeType,
    file_url: `/api/admin/documents/${doc.id}/file`,
    uploaded_at: iso(doc.uploadedAt)!,
    processed_at: iso(doc.processedAt),
    verified_at: iso(doc.verifiedAt),
    confidence_score: doc.confidence,
    processing_method: doc.processingMethod,
    last_error: doc.lastError,
    extracted_data: effective && effective.kind !== "unreadable" ? effective : null,
    unreadable_reason: machine?.kind === "unreadable" ? machine.reason : null,
    fields: fieldRows(doc, machine, effective, correctedFields),
    checks: machine?.kind === "bill" ? (machine.checks ?? []) : [],
    validation: validation ?? { confidence: doc.confidence ?? 0, isValid: false, issues: [] },
    corrections: corrections.map((c) => ({
      field: c.field,
      machine_value: c.machineValue,
      corrected_value: c.correctedValue,
      admin_id: c.adminId,
      created_at: iso(c.createdAt)!,
    })),
    review: doc.reviewedAt
      ? { reviewed_at: iso(doc.reviewedAt), reviewed_by: reviewer[0]?.email ?? null, rejection_reason: doc.rejectionReason, notes: doc.reviewNotes }
      : null,
    processing_history: history,
    actions: {
      verify: canDecide(doc.status),
      reject: canDecide(doc.status),
      reprocess: canReprocess(doc.status, false),
      override_required: !checksPassed(doc),
    },
  };
}

/** GET /api/admin/documents/{id}/details (admin spec §3 "Document (full details)"). */
export async function adminDocumentFullDetails(env: Env, db: Database, id: string) {
  const found = await findWithUser(db, id);
  if (!found) return null;
  const { doc, user } = found;
  const [machine, effective, history, audits] = await Promise.all([
    openExtraction(env, doc, { reveal: true }),
    readDocumentData(env, db, doc, { reveal: true }),
    processingHistory(db, doc.id),
    db
      .select({ entry: auditLog, adminEmail: admins.email })
      .from(auditLog)
      .leftJoin(admins, eq(admins.id, auditLog.adminId))
      .where(and(eq(auditLog.targetType, "document"), eq(auditLog.targetId, doc.id)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id)),
  ]);
  const fields: Record<string, unknown> = {};
  if (effective && effective.kind !== "unreadable") {
    for (const field of Object.keys(correctableFieldsOf(doc.documentType) ?? {})) fields[field] = machineValueOf(effective, field);
  }
  const confidenceScores: Record<string, number> = { overall: doc.confidence ?? 0 };
  if (effective?.kind === "bill") Object.assign(confidenceScores, effective.fieldConfidence ?? {});
  return {
    document: {
      id: doc.id,
      document_type: doc.documentType,
      document_subtype: doc.documentSubtype,
      file_name: doc.fileName,
      file_size: doc.fileSize,
      verification_status: doc.status,
      upload_date: iso(doc.uploadedAt)!,
      processed_at: iso(doc.processedAt),
      confidence_score: doc.confidence,
    },
    user: { id: user.id, first_name: user.firstName, last_name: user.lastName, email: user.email, phone_number: user.phone },
    extractedData: {
      processing_method: doc.processingMethod,
      extracted_fields: fields,
      confidence_scores: confidenceScores,
      field_reviews: fieldReviews(doc.documentType, machine, storedValidation(doc)) ?? [],
    },
    processingHistory: history,
    auditLog: audits.map(({ entry, adminEmail }) => ({
      action: entry.action,
      timestamp: iso(entry.createdAt)!,
      admin_id: entry.adminId,
      admin_email: adminEmail,
      ip_address: entry.ipAddress,
      details: entry.detailsJson ? (JSON.parse(entry.detailsJson) as Record<string, unknown>) : null,
    })),
  };
}

export type AdminDocumentFailure =
  | { ok: false; reason: "not_found" | "not_pending" | "override_required" | "not_reprocessable" | "processing" }
  | CorrectionProblem;

type Snapshot = Pick<DocumentRow, "status" | "rejectionReason" | "reviewNotes" | "verifiedAt" | "reviewedBy">;
const snapshot = (row: Snapshot) => ({
  status: row.status,
  rejection_reason: row.rejectionReason,
  review_notes: row.reviewNotes,
  verified_at: iso(row.verifiedAt),
  reviewed_by: row.reviewedBy,
});

export interface DecisionContext {
  ip: string;
  now?: number;
}

/** POST /api/admin/documents/{id}/verify: a pending document becomes verified, with the reviewer's corrections. */
export async function verifyDocumentAsAdmin(
  env: Env,
  db: Database,
  admin: AdminPrincipal,
  input: { id: string; notes: string | null; override: boolean; corrections: Record<string, string> },
  ctx: DecisionContext,
): Promise<{ ok: true; row: DocumentRow; corrected: string[] } | AdminDocumentFailure> {
  const now = ctx.now ?? Date.now();
  const row = await findDocument(db, input.id);
  if (!row) return { ok: false, reason: "not_found" };
  if (!canDecide(row.status)) return { ok: false, reason: "not_pending" };
  const plan = await planCorrections(env, db, row, input.corrections);
  if (!plan.ok) return plan;
  if (!checksPassed(row) && !input.override) return { ok: false, reason: "override_required" };

  const [updated] = await db
    .update(documents)
    .set({ status: "verified", verifiedAt: now, reviewedBy: admin.id, reviewedAt: now, rejectionReason: null, reviewNotes: input.notes, updatedAt: now })
    .where(and(eq(documents.id, row.id), eq(documents.status, "pending")))
    .returning();
  if (!updated) return { ok: false, reason: "not_pending" };

  const corrected = plan.planned.map((p) => p.field);
  const note = newUserNotification({
    userId: row.userId,
    event: "document_verified",
    type: "success",
    category: "documents",
    title: T.userVerified.title,
    message: T.userVerified.message(row.fileName),
    data: { documentId: row.id, documentType: row.documentType, status: "verified" },
    now,
  });
  const adminNote = newAdminNotification({
    type: "document_verified",
    title: T.adminNotifications.verified.title,
    message: T.adminNotifications.verified.message(row.fileName, admin.email),
    metadata: { user_id: row.userId, document_id: row.id, document_type: row.documentType },
    now,
  });
  await db.batch([
    documentEventInsert(db, row.id, "verified", T.historyNotes.verified(input.notes), now, admin.id),
    ...(corrected.length ? [documentEventInsert(db, row.id, "corrected", corrected.join(","), now, admin.id)] : []),
    ...(await correctionInserts(env, db, row.id, admin.id, plan.planned, now)),
    userNotificationInsert(db, note),
    adminNotificationInsert(db, adminNote),
  ]);
  await writeAudit(db, {
    adminId: admin.id,
    action: "document.verify",
    // Field names only: corrected values may be personal data, kept sealed in their own table.
    details: { before: snapshot(row), after: snapshot(updated), notes: input.notes, override_validation: input.override, checks_passed: checksPassed(row), corrected_fields: corrected },
    ip: ctx.ip,
    now,
    target: { type: "document", id: row.id },
  });
  await publishUserNotification(env, note);
  await publishAdminNotification(env, adminNote);
  return { ok: true, row: updated, corrected };
}

/** POST /api/admin/documents/{id}/reject: a pending document becomes rejected with a reason the user reads. */
export async function rejectDocumentAsAdmin(
  env: Env,
  db: Database,
  admin: AdminPrincipal,
  input: { id: string; reason: RejectionReason; notes: string | null },
  ctx: DecisionContext,
): Promise<{ ok: true; row: DocumentRow } | AdminDocumentFailure> {
  const now = ctx.now ?? Date.now();
  const row = await findDocument(db, input.id);
  if (!row) return { ok: false, reason: "not_found" };
  if (!canDecide(row.status)) return { ok: false, reason: "not_pending" };

  const [updated] = await db
    .update(documents)
    .set({ status: "rejected", verifiedAt: null, reviewedBy: admin.id, reviewedAt: now, rejectionReason: input.reason, reviewNotes: input.notes, updatedAt: now })
    .where(and(eq(documents.id, row.id), eq(documents.status, "pending")))
    .returning();
  if (!updated) return { ok: false, reason: "not_pending" };

  const message = adminRejectionMessage(input.reason, input.notes);
  const note = newUserNotification({
    userId: row.userId,
    event: "document_rejected",
    type: "error",
    category: "documents",
    title: T.userRejected.title,
    message: T.userRejected.message(row.fileName, message),
    data: { documentId: row.id, documentType: row.documentType, status: "rejected", reason: input.reason },
    now,
  });
  const adminNote = newAdminNotification({
    type: "document_rejected",
    title: T.adminNotifications.rejected.title,
    message: T.adminNotifications.rejected.message(row.fileName, admin.email, message),
    metadata: { user_id: row.userId, document_id: row.id, document_type: row.documentType },
    now,
  });
  await db.batch([
    documentEventInsert(db, row.id, "rejected", T.historyNotes.rejected(input.reason, input.notes), now, admin.id),
    userNotificationInsert(db, note),
    adminNotificationInsert(db, adminNote),
  ]);
  await writeAudit(db, {
    adminId: admin.id,
    action: "document.reject",
    details: { before: snapshot(row), after: snapshot(updated), rejection_reason: input.reason, notes: input.notes },
    ip: ctx.ip,
    now,
    target: { type: "document", id: row.id },
  });
  await publishUserNotification(env, note);
  await publishAdminNotification(env, adminNote);
  return { ok: true, row: updated };
}

/** POST /api/admin/documents/{id}/reprocess: back through the document queue, the way the user's reprocess goes. */
export async function reprocessDocumentAsAdmin(
  env: Env,
  db: Database,
  admin: AdminPrincipal,
  input: { id: string; force: boolean; notes: string | null },
  ctx: DecisionContext,
): Promise<{ ok: true; row: DocumentRow } | AdminDocumentFailure> {
  const now = ctx.now ?? Date.now();
  const row = await findDocument(db, input.id);
  if (!row) return { ok: false, reason: "not_found" };
  if (row.status === "processing") return { ok: false, reason: "processing" };
  if (!canReprocess(row.status, input.force)) return { ok: false, reason: "not_reprocessable" };
  const fromStatuses: DocumentRow["status"][] = input.force ? ["failed", "rejected", "pending", "verified"] : ["failed", "rejected"];
  const reset = await reprocessDocument(env, db, row.userId, row.id, now, { adminId: admin.id, notes: input.notes, fromStatuses });
  if (!reset.ok) return { ok: false, reason: reset.reason === "not_found" ? "not_found" : "processing" };

  const note = newUserNotification({
    userId: row.userId,
    event: "document_processing",
    type: "info",
    category: "documents",
    title: T.userReprocess.title,
    message: T.userReprocess.message(row.fileName),
    data: { documentId: row.id, documentType: row.documentType, status: "pending" },
    now,
  });
  await userNotificationInsert(db, note);
  await writeAudit(db, {
    adminId: admin.id,
    action: "document.reprocess",
    details: { before: snapshot(row), after: snapshot(reset.row), force_reprocess: input.force, notes: input.notes },
    ip: ctx.ip,
    now,
    target: { type: "document", id: row.id },
  });
  await publishUserNotification(env, note);
  return { ok: true, row: reset.row };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const minutes = (ms: number | null | undefined) => (ms === null || ms === undefined ? 0 : round1(Number(ms) / 60_000));

/** GET /api/admin/documents/stats (admin spec §3 "Document stats"). */
export async function adminDocumentStats(db: Database, now: number = Date.now()) {
  const since = now - DAY_MS;
  const [byStatusType, recent, timesByType, [activity], reasons] = await Promise.all([
    db.select({ status: documents.status, type: documents.documentType, n: count() }).from(documents).groupBy(documents.status, documents.documentType),
    db
      .select({ phone: users.phone, type: documents.documentType, uploadedAt: documents.uploadedAt, status: documents.status })
      .from(documents)
      .innerJoin(users, eq(users.id, documents.userId))
      .orderBy(desc(documents.uploadedAt), desc(documents.id))
      .limit(10),
    db
      .select({ type: documents.documentType, average: avg(documents.processingMs), fastest: min(documents.processingMs), n: count() })
      .from(documents)
      .where(isNotNull(documents.processingMs))
      .groupBy(documents.documentType),
    db
      .select({
        processed: sql<number>`coalesce(sum(${documents.processedAt} >= ${since}), 0)`,
        verified: sql<number>`coalesce(sum(${documents.verifiedAt} >= ${since}), 0)`,
        rejected: sql<number>`coalesce(sum(${documents.status} = 'rejected' AND coalesce(${documents.reviewedAt}, ${documents.processedAt}) >= ${since}), 0)`,
        errors: sql<number>`coalesce(sum(${documents.status} = 'failed' AND ${documents.processedAt} >= ${since}), 0)`,
        queued: sql<number>`coalesce(sum(${documents.status} = 'processing' OR (${documents.status} = 'pending' AND ${documents.processedAt} IS NULL)), 0)`,
      })
      .from(documents),
    db
      .select({ reason: documents.rejectionReason, n: count() })
      .from(documents)
      .where(eq(documents.status, "rejected"))
      .groupBy(documents.rejectionReason),
  ]);

  const byStatus: Record<string, number> = {};
  const byType: Record<string, number> = { identity: 0, bills: 0, contracts: 0, meter_photos: 0 };
  let total = 0;
  for (const { status, type, n } of byStatusType) {
    byStatus[status] = (byStatus[status] ?? 0) + n;
    const key = PROGRESS_KEYS[type as keyof typeof PROGRESS_KEYS];
    if (key) byType[key] = (byType[key] ?? 0) + n;
    total += n;
  }
  const decided = (byStatus.verified ?? 0) + (byStatus.rejected ?? 0);
  const timed = timesByType.reduce((sum, t) => sum + t.n, 0);
  const averageMs = timed ? timesByType.reduce((sum, t) => sum + Number(t.average ?? 0) * t.n, 0) / timed : null;
  const fastestMs = timesByType.length ? Math.min(...timesByType.map((t) => Number(t.fastest ?? 0))) : null;
  const rejectedTotal = reasons.reduce((sum, r) => sum + r.n, 0);
  const queueSize = Number(activity?.queued ?? 0);
  return {
    total_uploaded: total,
    verified: byStatus.verified ?? 0,
    pending: byStatus.pending ?? 0,
    rejected: byStatus.rejected ?? 0,
    processing: byStatus.processing ?? 0,
    failed: byStatus.failed ?? 0,
    by_type: byType,
    recent_uploads: recent.map((r) => ({ phone: r.phone, document_type: r.type, uploaded_at: iso(r.uploadedAt)!, status: r.status })),
    processing_times: {
      average_processing_time_minutes: minutes(averageMs),
      fastest_processing_time_minutes: minutes(fastestMs),
      by_document_type: Object.fromEntries(timesByType.map((t) => [t.type, minutes(t.average === null ? null : Number(t.average))])),
    },
    verification_rates: { overall_rate: decided ? round1(((byStatus.verified ?? 0) / decided) * 100) : 0 },
    recent_activity: {
      last_24h_processed: Number(activity?.processed ?? 0),
      last_24h_verified: Number(activity?.verified ?? 0),
      last_24h_rejected: Number(activity?.rejected ?? 0),
      last_24h_processing_errors: Number(activity?.errors ?? 0),
    },
    processing_queue: { queue_size: queueSize, estimated_wait_time_minutes: round1(queueSize * (averageMs ?? 0) / 60_000) },
    // Rejections without an admin's reason were made by the automatic checks.
    rejection_reasons: reasons
      .map((r) => ({ reason: r.reason ?? "automatic", count: r.n, percentage: rejectedTotal ? round1((r.n / rejectedTotal) * 100) : 0 }))
      .sort((a, b) => b.count - a.count),
  };
}

/** The HTTP answer of a refused document action: 404 unknown id, 400 a correction that does not fit, 409 a state that does not allow it. */
export function adminDocumentFailureResponse(failure: AdminDocumentFailure): Response {
  switch (failure.reason) {
    case "not_found":
      return jsonError(404, "not_found", T.notFound);
    case "not_pending":
      return jsonError(409, "not_pending", T.notPending);
    case "override_required":
      return jsonError(409, "override_required", T.overrideRequired);
    case "not_reprocessable":
      return jsonError(409, "not_reprocessable", T.notReprocessable);
    case "processing":
      return jsonError(409, "already_processing", T.beingProcessed);
    case "not_correctable":
      return jsonError(400, "not_correctable", T.notCorrectableApi);
    case "unknown_field":
      return jsonError(400, "invalid_input", T.unknownField(failure.field), { issues: [{ path: `corrections.${failure.field}`, message: T.unknownField(failure.field) }] });
    case "invalid_value": {
      const label = T.fieldLabels[failure.field] ?? failure.field;
      return jsonError(400, "invalid_input", T.invalidCorrection(label), { issues: [{ path: `corrections.${failure.field}`, message: T.invalidCorrection(label) }] });
    }
  }
}
