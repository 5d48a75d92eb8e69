// The document-processing queue's message and the settings of its processing, shared by the
// producers (upload, reprocess, sweep) and the consumer (workers/queues/document-processing.ts).
import { z } from "zod";
import { appConfig } from "../config.server";
import type { Env } from "../env.server";
import { markQueued } from "./repository.server";
import type { Database } from "../db/client.server";

export const documentJobSchema = z.object({
  documentId: z.string().min(1).max(64),
  userId: z.string().min(1).max(64),
  reason: z.enum(["upload", "reprocess", "sweep"]),
});
export type DocumentJob = z.infer<typeof documentJobSchema>;

/** Deliveries of one message before the document is given up as `failed` and the message dead-lettered. */
export const MAX_PROCESSING_ATTEMPTS = 5;
/** Runs of one document (across messages: retries, sweeps) before it is given up. */
export const MAX_DOCUMENT_RUNS = 8;

/** Backoff of a retried message: 10 s, 20 s, 40 s … capped at 5 minutes. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(300, 10 * 2 ** Math.max(0, attempt - 1));
}

/**
 * How long a run holds a document in `processing` without renewing its lease (DOCUMENT_LEASE_SECONDS,
 * 2 minutes); after that the sweep, a new message or the owner's reprocess may take it over. Short,
 * so a document whose consumer died is free again soon; a run renews it between its stages.
 */
export function processingLeaseMs(env: Env): number {
  return appConfig(env).documents.processingLeaseMs;
}

/** How long a queued document may wait unprocessed before the sweep sends it again (its message was lost). */
export function stuckQueuedMs(env: Env): number {
  return appConfig(env).documents.stuckQueuedMs;
}

/** Sends one message per document and records when, for the sweep. */
export async function enqueueDocuments(env: Env, db: Database, jobs: DocumentJob[], now: number): Promise<void> {
  if (jobs.length === 0) return;
  await env.DOCUMENT_QUEUE.sendBatch(jobs.map((body) => ({ body, contentType: "json" as const })));
  await markQueued(db, jobs.map((j) => j.documentId), now);
}
