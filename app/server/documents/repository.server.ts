// D1 access for documents and their history. Every user-facing read or change is scoped by the
// owner's id, so another user's document is simply "not found". Status changes made by processing
// are conditional updates (a claim), which is what makes the queue consumer idempotent.
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { newId } from "../../lib/ids";
import type { Database } from "../db/client.server";
import { documentEvents, documents } from "../db/schema.server";

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocumentRow = typeof documents.$inferInsert;

export type DocumentEventAction =
  | "uploaded"
  | "queued"
  | "processing"
  | "verified"
  | "rejected"
  | "needs_review"
  | "retry"
  | "failed"
  | "reprocess_requested"
  | "requeued_by_sweep"
  | "corrected";

export function documentEventInsert(
  db: Database,
  documentId: string,
  action: DocumentEventAction,
  notes: string | null,
  now: number,
  /** the admin who acted (review decisions, reprocess from the back-office) */
  adminId: string | null = null,
) {
  return db.insert(documentEvents).values({ id: newId(now), documentId, action, adminId, notes, createdAt: now });
}

export async function findOwnedDocument(db: Database, userId: string, id: string): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function findDocument(db: Database, id: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return row ?? null;
}

export async function listUserDocuments(db: Database, userId: string): Promise<DocumentRow[]> {
  return db.select().from(documents).where(eq(documents.userId, userId)).orderBy(desc(documents.uploadedAt), desc(documents.id));
}

export async function findUserDocumentBySha(db: Database, userId: string, sha256: string): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.sha256, sha256)))
    .limit(1);
  return row ?? null;
}

/** Deletes the owner's row (its events go with it) and returns it, or null when there is none. */
export async function deleteOwnedDocument(db: Database, userId: string, id: string): Promise<DocumentRow | null> {
  const [row] = await db
    .delete(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .returning();
  return row ?? null;
}

export async function markQueued(db: Database, ids: string[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db.update(documents).set({ queuedAt: now }).where(inArray(documents.id, ids));
}

export type ReprocessReset = { ok: true; row: DocumentRow } | { ok: false; reason: "not_found" | "processing" };

/**
 * Back to `pending` with the previous result cleared, so the next message processes it again.
 * A document being processed right now (within its lease) is left alone.
 */
export async function resetForReprocess(
  db: Database,
  userId: string,
  id: string,
  now: number,
  leaseMs: number,
  note: string | null = null,
  /** an admin's reprocess: who, and the statuses it may start from (the check and the change are one statement) */
  byAdmin: { adminId: string; fromStatuses: DocumentRow["status"][] } | null = null,
): Promise<ReprocessReset> {
  const current = await findOwnedDocument(db, userId, id);
  if (!current) return { ok: false, reason: "not_found" };
  const [row] = await db
    .update(documents)
    .set({
      status: "pending",
      confidence: null,
      processingMethod: null,
      extractedDataJson: null,
      piiEncrypted: null,
      validationJson: null,
      lastError: null,
      processingMs: null,
      processingAttempts: 0,
      processingStartedAt: null,
      processedAt: null,
      verifiedAt: null,
      reviewedBy: null,
      reviewedAt: null,
      rejectionReason: null,
      reviewNotes: null,
      queuedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(documents.id, id),
        eq(documents.userId, userId),
        or(ne(documents.status, "processing"), lt(documents.processingStartedAt, now - leaseMs)),
        byAdmin ? inArray(documents.status, byAdmin.fromStatuses) : undefined,
      ),
    )
    .returning();
  if (!row) return { ok: false, reason: "processing" };
  await documentEventInsert(db, id, "reprocess_requested", note, now, byAdmin?.adminId ?? null);
  return { ok: true, row };
}

/**
 * Takes a document for processing: only one that is waiting (`pending`, never processed) or whose
 * previous run's lease has run out. Anything else (finished, deleted, being processed) → null.
 */
export async function claimForProcessing(db: Database, id: string, userId: string, now: number, leaseMs: number): Promise<DocumentRow | null> {
  const [row] = await db
    .update(documents)
    .set({
      status: "processing",
      processingStartedAt: now,
      processingAttempts: sql`${documents.processingAttempts} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(documents.id, id),
        eq(documents.userId, userId),
        isNull(documents.processedAt),
        or(
          eq(documents.status, "pending"),
          and(eq(documents.status, "processing"), lt(documents.processingStartedAt, now - leaseMs)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

export interface ProcessingOutcome {
  status: "verified" | "rejected" | "pending" | "failed";
  confidence: number | null;
  processingMethod: string | null;
  extractedDataJson: string | null;
  piiEncrypted: string | null;
  validationJson: string | null;
  processingMs: number | null;
  lastError: string | null;
}

/**
 * Extends the lease of the run that holds it (identified by the start of its current lease); false
 * when the lease ran out and another run took the document over, or it was deleted or reset.
 */
export async function renewProcessingLease(db: Database, id: string, leaseStartedAt: number, now: number): Promise<boolean> {
  const [renewed] = await db
    .update(documents)
    .set({ processingStartedAt: now })
    .where(and(eq(documents.id, id), eq(documents.status, "processing"), eq(documents.processingStartedAt, leaseStartedAt)))
    .returning({ id: documents.id });
  return renewed !== undefined;
}

/** The result of a run, written only if the run still holds the document (its lease, not a later claim). */
export function finishProcessingUpdate(db: Database, id: string, outcome: ProcessingOutcome, now: number, leaseStartedAt: number) {
  return db
    .update(documents)
    .set({
      ...outcome,
      processedAt: now,
      verifiedAt: outcome.status === "verified" ? now : null,
      updatedAt: now,
    })
    .where(and(eq(documents.id, id), eq(documents.status, "processing"), eq(documents.processingStartedAt, leaseStartedAt)))
    .returning({ id: documents.id });
}

/** A failed attempt that will be retried: back to `pending` so the retried message can claim it. */
export async function releaseForRetry(db: Database, id: string, error: string, now: number): Promise<void> {
  await db.batch([
    db
      .update(documents)
      .set({ status: "pending", lastError: error.slice(0, 500), updatedAt: now })
      .where(and(eq(documents.id, id), eq(documents.status, "processing"))),
    documentEventInsert(db, id, "retry", error.slice(0, 500), now),
  ]);
}

/**
 * The newest document of `type` the user has that was read successfully and not rejected: the
 * other half of the ID ↔ bill holder check.
 */
export async function latestReadCounterpart(db: Database, userId: string, type: string, excludeId: string): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.userId, userId),
        eq(documents.documentType, type),
        ne(documents.id, excludeId),
        isNotNull(documents.extractedDataJson),
        inArray(documents.status, ["verified", "pending"]),
      ),
    )
    .orderBy(sql`${documents.status} = 'verified' DESC`, desc(documents.processedAt))
    .limit(1);
  return row ?? null;
}

/**
 * Documents a message was lost for: `processing` past its lease (the consumer died), or `pending`,
 * never processed, and not queued for a while (the send failed or the message went to the DLQ).
 */
export async function findStuckDocuments(db: Database, now: number, leaseMs: number, stuckMs: number, limit: number): Promise<DocumentRow[]> {
  const before = now - stuckMs;
  return db
    .select()
    .from(documents)
    .where(
      or(
        and(eq(documents.status, "processing"), lt(documents.processingStartedAt, now - leaseMs)),
        and(
          eq(documents.status, "pending"),
          isNull(documents.processedAt),
          lt(sql`COALESCE(${documents.queuedAt}, ${documents.uploadedAt})`, before),
        ),
      ),
    )
    .orderBy(documents.uploadedAt)
    .limit(limit);
}

export type ProcessingFailure = { id: string; userId: string; fileName: string };

/** Gives up on a document: `failed`, with the reason; null if it had meanwhile finished or gone. */
export function markFailedUpdate(db: Database, id: string, error: string, now: number) {
  return db
    .update(documents)
    .set({ status: "failed", lastError: error.slice(0, 500), processedAt: now, updatedAt: now })
    .where(and(eq(documents.id, id), inArray(documents.status, ["pending", "processing"]), isNull(documents.processedAt)))
    .returning({ id: documents.id, userId: documents.userId, fileName: documents.fileName, documentType: documents.documentType });
}

/** Count of documents per type for the progress call. */
export async function countByType(db: Database, userId: string): Promise<{ documentType: string; status: string; count: number }[]> {
  return db
    .select({ documentType: documents.documentType, status: documents.status, count: sql<number>`count(*)` })
    .from(documents)
    .where(eq(documents.userId, userId))
    .groupBy(documents.documentType, documents.status);
}
