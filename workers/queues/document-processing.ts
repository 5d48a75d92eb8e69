// Consumer of the document-processing queue (design.md "Documents"). One message = one document.
//   - malformed body → dead-letter queue at once (it can never succeed), acked;
//   - processed, or nothing to do (finished, deleted, claimed by another delivery) → acked;
//   - a transient failure → the document goes back to `pending` and the message is retried with
//     exponential backoff; at the last attempt the document is marked `failed`, its owner told,
//     and the message dead-lettered.
// Messages are handled one after another: OCR is CPU-bound, parallel runs would only compete.
import type { AppContext } from "../../app/server/context.server";
import { WORKER_OCR_ASSETS } from "../../app/server/documents/extraction/ocr-assets.server";
import { getOcrEngine } from "../../app/server/documents/extraction/ocr.server";
import { MAX_PROCESSING_ATTEMPTS, documentJobSchema, retryDelaySeconds, type DocumentJob } from "../../app/server/documents/jobs.server";
import { giveUpOnDocument } from "../../app/server/documents/lifecycle.server";
import { processDocumentJob, type ProcessingDeps } from "../../app/server/documents/processing.server";
import { releaseForRetry } from "../../app/server/documents/repository.server";

export { documentJobSchema, type DocumentJob };

const workerDeps: ProcessingDeps = {
  ocr: async () => (await getOcrEngine(WORKER_OCR_ASSETS)).engine,
};

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? "") : "";
}

export async function consumeDocumentBatch(batch: MessageBatch<unknown>, ctx: AppContext, deps: ProcessingDeps = workerDeps): Promise<void> {
  const { env, db } = ctx;
  for (const message of batch.messages) {
    const parsed = documentJobSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error("document-processing: malformed job", message.id, JSON.stringify(parsed.error.issues));
      await env.DOCUMENT_DLQ.send(message.body as DocumentJob);
      message.ack();
      continue;
    }
    const job = parsed.data;
    try {
      const outcome = await processDocumentJob(ctx, job, deps, { firstDelivery: message.attempts <= 1 });
      console.log("document-processing", job.documentId, JSON.stringify(outcome));
      message.ack();
    } catch (error) {
      const reason = describe(error);
      const now = deps.now?.() ?? Date.now();
      if (message.attempts >= MAX_PROCESSING_ATTEMPTS) {
        console.error("document-processing: giving up", job.documentId, `attempt ${message.attempts}`, reason, stackOf(error));
        await giveUpOnDocument(ctx, job.documentId, reason, now);
        await env.DOCUMENT_DLQ.send(job);
        message.ack();
        continue;
      }
      const delaySeconds = retryDelaySeconds(message.attempts);
      console.warn("document-processing: retrying", job.documentId, `attempt ${message.attempts}, in ${delaySeconds} s`, reason, stackOf(error));
      try {
        await releaseForRetry(db, job.documentId, reason, now);
      } catch (releaseError) {
        // The retried message can still claim it once the lease runs out.
        console.error("document-processing: could not release for retry", job.documentId, describe(releaseError));
      }
      message.retry({ delaySeconds });
    }
  }
}
