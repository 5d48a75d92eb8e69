// What happens to a document outside a processing run: reprocess (user), re-queue when stuck
// (cron sweep), give up as `failed`. No extraction code here, so routes may import it.
import type { AppContext } from "../context.server";
import { recordMetricsNow } from "../metrics/recorder.server";
import { and, eq, isNull } from "drizzle-orm";
import { TEXTS } from "../../texts/user";
import { type Database } from "../db/client.server";
import { documents } from "../db/schema.server";
import type { Env } from "../env.server";
import { ADMIN_TEXTS } from "../../texts/admin";
import {
  adminNotificationInsert,
  newAdminNotification,
  newUserNotification,
  publishAdminNotification,
  publishUserNotification,
  userNotificationInsert,
} from "../notifications/notifications.server";
import { MAX_DOCUMENT_RUNS, enqueueDocuments, processingLeaseMs, stuckQueuedMs, type DocumentJob } from "./jobs.server";
import { documentEventInsert, findStuckDocuments, markFailedUpdate, resetForReprocess, type DocumentRow, type ReprocessReset } from "./repository.server";

/** Marks a document `failed` (if it is still unfinished) and tells its owner. */
export async function giveUpOnDocument(ctx: AppContext, documentId: string, error: string, now: number): Promise<boolean> {
  const db = ctx.db;
  const [row] = await markFailedUpdate(db, documentId, error, now);
  if (!row) return false;
  const n = TEXTS.documentNotifications.failed;
  const note = newUserNotification({
    userId: row.userId,
    event: "document_failed",
    type: "error",
    category: "documents",
    title: n.title,
    message: n.message(row.fileName),
    data: { documentId: row.id, status: "failed" },
    now,
  });
  // A document the pipeline gave up on is a fault for whoever watches the system.
  const alert = ADMIN_TEXTS.notifications.processingFailed;
  const adminNote = newAdminNotification({
    type: "system_alert",
    title: alert.title,
    message: alert.message(row.fileName, error.slice(0, 200)),
    metadata: { user_id: row.userId, document_id: row.id, document_type: row.documentType },
    now,
  });
  await db.batch([documentEventInsert(db, row.id, "failed", error.slice(0, 500), now), userNotificationInsert(db, note), adminNotificationInsert(db, adminNote)]);
  // A failed run counts in the processing error rate; its duration is not known here.
  await recordMetricsNow(ctx.env, [{ kind: "document", series: row.documentType, at: now, ms: 0, error: true }]);
  await publishUserNotification(ctx.env, note);
  await publishAdminNotification(ctx.env, adminNote);
  return true;
}

/** POST /api/documents/reprocess/{id}: back to `pending` and through the same queue as an upload. */
export async function reprocessDocument(
  env: Env,
  db: Database,
  userId: string,
  documentId: string,
  now: number = Date.now(),
  byAdmin: { adminId: string; notes: string | null; fromStatuses: DocumentRow["status"][] } | null = null,
): Promise<ReprocessReset> {
  const reset = await resetForReprocess(db, userId, documentId, now, processingLeaseMs(env), byAdmin?.notes ?? null, byAdmin);
  if (!reset.ok) return reset;
  try {
    await enqueueDocuments(env, db, [{ documentId, userId, reason: "reprocess" }], now);
  } catch (error) {
    console.error("documents: queue send failed on reprocess; the sweep will retry", error);
  }
  return reset;
}

export interface SweepResult {
  requeued: number;
  failed: number;
}

/** Per cron run: enough to drain a backlog over a few runs without one run doing too much. */
const SWEEP_BATCH = 50;

/**
 * Re-queues documents whose message was lost: stuck in `processing` past the lease (the consumer
 * died mid-run) or `pending` and never processed long after being queued. A document that has
 * already used MAX_DOCUMENT_RUNS runs is given up as `failed` instead of looping forever.
 */
export async function requeueStuckDocuments(ctx: AppContext, now: number = Date.now()): Promise<SweepResult> {
  const db = ctx.db;
  const stuck = await findStuckDocuments(db, now, processingLeaseMs(ctx.env), stuckQueuedMs(ctx.env), SWEEP_BATCH);
  const jobs: DocumentJob[] = [];
  let failed = 0;
  for (const row of stuck) {
    if (row.processingAttempts >= MAX_DOCUMENT_RUNS) {
      if (await giveUpOnDocument(ctx, row.id, `gave up after ${row.processingAttempts} runs`, now)) failed++;
      continue;
    }
    // Only if nothing moved it since it was read (a consumer may have just finished it).
    const [moved] = await db
      .update(documents)
      .set({ status: "pending", updatedAt: now })
      .where(and(eq(documents.id, row.id), eq(documents.status, row.status), row.updatedAt === null ? isNull(documents.updatedAt) : eq(documents.updatedAt, row.updatedAt)))
      .returning({ id: documents.id });
    if (!moved) continue;
    await documentEventInsert(db, row.id, "requeued_by_sweep", row.status, now);
    jobs.push({ documentId: row.id, userId: row.userId, reason: "sweep" });
  }
  await enqueueDocuments(ctx.env, db, jobs, now);
  return { requeued: jobs.length, failed };
}
